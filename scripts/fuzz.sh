#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang, AddressSanitizer and UBSan
# (build/fuzz, or PARMOD_FUZZ_BUILD below) and runs each for SECONDS (default
# 60), one per core at a time, from its committed seed corpus
# (fuzz/corpus/<target>), new inputs going to <build>/corpus/<target>.
# A crash, a sanitizer report or a mismatch against GMP stops the target and
# fails the script; the input is kept as <build>/artifacts/<target>-crash-*
# (replay: <build>/fuzz/<target> FILE).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_numbers fuzz_batch_line fuzz_capi fuzz_field)
# PARMOD_FUZZ_BUILD: a build folder configured already with clang, PARMOD_BUILD_FUZZERS=ON and
# the sanitizers (scripts/test.sh's ASan+UBSan build); else build/fuzz, configured here.
build="${PARMOD_FUZZ_BUILD:-build/fuzz}"
if [ -z "${PARMOD_FUZZ_BUILD:-}" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DPARMOD_SANITIZE=address,undefined -DPARMOD_BUILD_FUZZERS=ON -DPARMOD_BUILD_TESTS=OFF -DPARMOD_BUILD_TOOLS=OFF \
    -DPARMOD_WITH_OPENSSL=OFF "${launcher[@]}" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
mkdir -p "$build/artifacts"
# One target per core at a time (each libFuzzer process is single-threaded); each reports when done.
run_target() {  # run_target TARGET: 0 when it ran its time without a finding
  local t="$1" start rc=0
  mkdir -p "$build/corpus/$t"
  start=$(date +%s)
  # Two processes' worth of memory at most per input (rss_limit), no input
  # over 4 KiB (the targets bound their own sizes too).
  "$build/fuzz/$t" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$t-" "$build/corpus/$t" "fuzz/corpus/$t" 2>"$build/$t.log" || rc=1
  {
    echo "=== $t: ${seconds} s"
    if [ "$rc" != 0 ]; then
      echo "FAIL: $t (log: $build/$t.log)"
      grep -E "MISMATCH|ERROR|SUMMARY|Test unit written" "$build/$t.log" | head -5
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$build/$t.log" | tr '\n' ' '
    echo "($(( $(date +%s) - start )) s)"
  } > "$build/$t.summary"
  return "$rc"
}
status=0
pids=()
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  run_target "$t" &
  pids+=($!)
done
for i in "${!targets[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$build/${targets[$i]}.summary"
done
exit "$status"

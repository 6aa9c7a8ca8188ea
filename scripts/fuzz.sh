#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang, AddressSanitizer and UBSan
# (build/fuzz) and runs each for SECONDS (default 60) from its committed seed
# corpus (fuzz/corpus/<target>), new inputs going to build/fuzz/corpus/<target>.
# A crash, a sanitizer report or a mismatch against GMP stops the target and
# fails the script; the input is kept as build/fuzz/artifacts/<target>-crash-*
# (replay: build/fuzz/fuzz/<target> FILE).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_numbers fuzz_batch_line fuzz_capi fuzz_field)
build=build/fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" \
  -DPARMOD_SANITIZE=address,undefined -DPARMOD_BUILD_FUZZERS=ON -DPARMOD_BUILD_TESTS=OFF -DPARMOD_BUILD_TOOLS=OFF \
  -DPARMOD_WITH_OPENSSL=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
mkdir -p "$build/artifacts"
status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t"
  echo "=== $t: ${seconds} s"
  start=$(date +%s)
  # Two processes' worth of memory at most per input (rss_limit), no input
  # over 4 KiB (the targets bound their own sizes too).
  if ! "$build/fuzz/$t" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$build/artifacts/$t-" "$build/corpus/$t" "fuzz/corpus/$t" 2>"$build/$t.log"; then
    echo "FAIL: $t (log: $build/$t.log)"
    grep -E "MISMATCH|ERROR|SUMMARY|Test unit written" "$build/$t.log" | head -5
    status=1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$build/$t.log" | tr '\n' ' '
  echo "($(( $(date +%s) - start )) s)"
done
exit "$status"

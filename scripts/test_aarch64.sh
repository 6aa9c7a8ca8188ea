#!/usr/bin/env bash
# Cross-builds the library, the CLI and the C++ test executables that scripts/test_qemu.sh runs, for Linux
# aarch64 (cmake/toolchains/aarch64-linux-gnu.cmake: Debian's g++-aarch64-linux-gnu,
# libgmp-dev:arm64, libgtest-dev:arm64; scripts/install_deps.sh installs them) into build/aarch64
# and runs them under qemu-aarch64 (scripts/test_qemu.sh aarch64).  No x86 code is compiled
# there: the x86 kernels sit behind `#if defined(__x86_64__)` and the portable kernels over GMP's
# mpn run.  Not test_field: its portable path is the one test_qemu.sh's Nehalem run takes, and
# it is the costliest to compile (a third of the cross build).  Then the Python module,
# cross-built and tested in the arm64 python3.11 under qemu-aarch64
# (scripts/test_aarch64_python.sh, build/aarch64-py).
#   scripts/test_aarch64.sh [--build-all] [--build-only|--test-only]
#     --build-all: every test executable, not only those;
#     --build-only: the two cross builds, no test (scripts/test.sh runs this in the background
#       while the other suites run, then --test-only).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/aarch64
targets=(test_check test_limbs test_limbs_threads test_reduce test_modmul test_modmul_threads
         test_powm test_multiexp test_multiexp_threads test_consttime test_capi test_api
         test_runtime parmod)
# The CLI without the benchmarks (`parmod bench`, `schedule`, `tune` say they are not built);
# scripts/test_qemu.sh runs the CLI tests with it.
extra=(-DPARMOD_BUILD_BENCHMARKS=OFF)
stage=all
for a in "$@"; do
  case "$a" in
    --build-all) targets=(all) ;;
    --build-only) stage=build ;;
    --test-only) stage=test ;;
    *) echo "usage: scripts/test_aarch64.sh [--build-all] [--build-only|--test-only]"; exit 2 ;;
  esac
done
if [ "$stage" != test ]; then
  # The downloads first (the arm64 Python and the module's build and test requirements): in
  # scripts/test.sh's background they then overlap the other suites' compiling.
  bash scripts/test_aarch64_python.sh --fetch-only
  # The test code at -O1, as in scripts/test.sh's Release build (the library keeps -O3).
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/aarch64-linux-gnu.cmake" \
    -DPARMOD_WITH_OPENSSL=OFF -DPARMOD_TEST_OPTIMIZE=-O1 "${extra[@]}" >/dev/null
  cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}"
  bash scripts/test_aarch64_python.sh --build-only
fi
[ "$stage" != build ] || exit 0
# The module's tests under QEMU beside the C++ ones (each emulated pytest or CLI test is one
# process, which leaves the second core to the other); its output after theirs.
py_log=$(mktemp)
bash scripts/test_aarch64_python.sh --test-only > "$py_log" 2>&1 &
py_pid=$!
status=0
bash scripts/test_qemu.sh aarch64 "$dir" || status=1
wait "$py_pid" || status=1
cat "$py_log"
rm -f "$py_log"
exit "$status"

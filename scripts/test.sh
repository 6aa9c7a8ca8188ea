#!/usr/bin/env bash
# The second command: build and run every test.
#  1. Release build, all C++ tests (ctest).
#  2. AddressSanitizer + UndefinedBehaviorSanitizer build with the contract
#     checks on (PARMOD_VERIFY: PARMOD_ASSERT at the entry of the limb,
#     reduction and modmul functions), all C++ tests; built with clang, which
#     also builds the fuzz targets of step 5 there (one sanitized library).
#  3. ThreadSanitizer build, the threaded tests (ctest label "threads").
#  4. The Python package, when present (scripts/test_python.sh).
#  The Release build also builds the MPI layer (PARMOD_WITH_MPI=ON); its tests
#  (ctest label "mpi": mpirun -n 1..4) run in a step of their own.
#  5. Fuzzing: the libFuzzer targets of fuzz/ (from step 2's build), each
#     FUZZ_SECONDS (default 60, as issue 21 asks) from its seed corpus, one per core at a time
#     (scripts/fuzz.sh).
#  Then the wheels and the other CPUs under QEMU; the aarch64 cross builds for the last of them
#  run in the background from the start, on the cores the steps above leave idle (see below).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
jobs=$(nproc)
status=0
# One compiler cache for every build of this tree (build/ccache): the Python
# package compiles the same library sources with the same flags as the Release
# build and takes them from the cache; a rerun recompiles only what changed.
# The same compiler name everywhere (the cache keys on it).
export CC=gcc CXX=g++
if command -v ccache >/dev/null; then
  # Paths relative to each build folder (CCACHE_BASEDIR): the folders build/<name> share entries.
  export CCACHE_DIR="$PWD/build/ccache" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi

# The aarch64 cross builds (scripts/test_aarch64.sh --build-only) start now, in the background and
# under SCHED_IDLE (chrt --idle: they run only on a core the suites below leave idle: a test
# run's tail, a sequential test, a download; each wakeup of the suites preempts them at once);
# their tests run at the end.  Their own compiler and pip caches: a starved background process
# holds no lock the suites wait on.
idle=(chrt --idle 0)
"${idle[@]}" true 2>/dev/null || idle=(nice -n 19)
mkdir -p build
aarch64_start=$(date +%s)
(CCACHE_DIR="$PWD/build/ccache-aarch64" PIP_CACHE_DIR="$PWD/build/pip-cache-aarch64" \
  "${idle[@]}" bash scripts/test_aarch64.sh --build-only && r=0 || r=$?
 echo "aarch64 cross builds: $(( $(date +%s) - aarch64_start )) s after their start, exit $r"; exit $r) \
  > build/aarch64-build.log 2>&1 &
aarch64_build=$!
trap 'kill "$aarch64_build" 2>/dev/null || true' EXIT

build_and_test() {  # build_and_test DIR CMAKE_ARGS... -- CTEST_ARGS...
  local dir="$1"; shift
  local cmake_args=() ctest_args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do cmake_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  ctest_args=("$@")
  echo "=== $dir: ${cmake_args[*]}"
  cmake -S . -B "$dir" -G Ninja "${cmake_args[@]}" >/dev/null
  # BUILD_TARGETS (optional): build only these targets (the TSan pass needs
  # just the executables of the threaded tests).
  cmake --build "$dir" -j "$jobs" ${BUILD_TARGETS:+--target $BUILD_TARGETS}
  (cd "$dir" && ctest --output-on-failure -j "$jobs" "${ctest_args[@]}") || status=1
}

# The test code itself at -O1 (PARMOD_TEST_OPTIMIZE, tests/CMakeLists.txt): the library and the
# header-only field code its tests compile keep -O3 (docs/testing.md has the times).  So does
# parmod-bench (PARMOD_BENCH_OPTIMIZE): here it only runs its checks (test_bench_checks).
build_and_test build/test-release -DCMAKE_BUILD_TYPE=Release -DPARMOD_WITH_OPENSSL=ON -DPARMOD_WITH_MPI=ON \
  -DPARMOD_TEST_OPTIMIZE=-O1 -DPARMOD_BENCH_OPTIMIZE=-O1 -- -LE mpi
# The tuning picks the product kernels, thresholds and algorithms by CPU family
# (docs/tuning.md): the tests that depend on them once more under every row
# (PARMOD_TUNING_FAMILY), and the product tests with the mulx kernels forced
# on and off (PARMOD_MULX_KERNELS), whatever this CPU is.
rows="generic $(sed -n 's/^ *{"\([a-z0-9_]*\)",$/\1/p' src/config/tuning_rows.cpp | tr '\n' ' ')"
# Left out per row: PowmSecCrt.AgainstGmp (the constant-time path, which no row reaches) and the
# fork-and-thread-changes stress test (the team, not the row): 11 of test_api's 21 s.
# test_runtime alone after the others: its wake-up health test fails when another test keeps
# the second core busy.
# These passes test what each row chooses, not the arithmetic at every size once more: with
# PARMOD_TEST_REDUCED=1 (test::reduced_sizes(), tests/support/random_operands.hpp).
# Not the row of this CPU's family: the first pass ran with it, at full size (`parmod explain`
# names it).
host_row=$(PARMOD_TUNING_FILE=build/test-release/tuning-builtin.txt build/test-release/tools/parmod/parmod explain 3 |
           sed -n 's/^tuning: the \([a-z0-9_]*\) row of this CPU.s family.*/\1/p')
for row in $rows; do
  if [ "$row" = "$host_row" ]; then echo "=== tuning row $row: this CPU's, run by the first pass"; continue; fi
  echo "=== tuning row $row"
  (cd build/test-release && export PARMOD_TUNING_FAMILY=$row PARMOD_TEST_REDUCED=1 \
     GTEST_FILTER='-PowmSecCrt.AgainstGmp:Concurrency.EightThreadsShareEveryAlgorithmWithThreadChangesAndFork' &&
   ctest --output-on-failure -j "$jobs" \
     -R '^(test_limbs|test_limbs_threads|test_modmul|test_modmul_threads|test_api|test_config)$' &&
   ctest --output-on-failure -j 1 -R '^test_runtime$') || status=1
done
for k in 0 1; do
  (cd build/test-release && PARMOD_MULX_KERNELS=$k PARMOD_TEST_REDUCED=1 ctest --output-on-failure -j "$jobs" -R '^(test_limbs|test_limbs_threads|test_reduce|test_modmul|test_modmul_threads)$') || status=1
done
# The whole C++ suite once more as on a CPU without AVX-512 IFMA (the mulx/adx
# and portable kernels, the generic or family row without IFMA paths).  On a
# CPU without IFMA the variable changes nothing (it only turns off what CPUID
# reports, src/config/cpu.cpp): the first pass already ran these paths.
if grep -qw avx512ifma /proc/cpuinfo 2>/dev/null; then
  echo "=== PARMOD_NO_IFMA=1"
  (cd build/test-release && PARMOD_NO_IFMA=1 ctest --output-on-failure -j "$jobs") || status=1
else
  echo "=== PARMOD_NO_IFMA=1: not repeated, this CPU has no AVX-512 IFMA (the first pass ran without it)"
fi
# Sanitizer builds: -O1 (as the sanitizers' own docs advise) with line tables only (-g1):
# reports keep file:line; -O2 took three times as long to compile the field tests.
san_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
           "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
# The sanitizer builds leave out the developer benchmarks (parmod-bench) and the tune
# steps (PARMOD_BUILD_BENCHMARKS=OFF); `parmod bench --quick` stays in the tool, and
# test_cli runs it under ASan/UBSan too.
# clang (scripts/install_deps.sh installs it): its UBSan checks more than gcc's (pointer
# arithmetic on null, enum values), and the fuzz targets (step 5) link the same objects, with
# libFuzzer's coverage in them (-fsanitize=fuzzer-no-link, which the tests run with too).
asan_compiler=()
if command -v clang++ >/dev/null; then
  asan_compiler=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DPARMOD_BUILD_FUZZERS=ON)
fi
# The sanitizer builds share no compiler cache with another build: they precompile the library's
# common headers (PARMOD_LIBRARY_PCH).  Not the Release and aarch64 builds: the Python modules
# take their objects from the cache, which a precompiled header defeats; they also check that
# each source includes what it uses.
san_flags+=(-DPARMOD_LIBRARY_PCH=ON)
build_and_test build/test-asan "${san_flags[@]}" "${asan_compiler[@]}" -DPARMOD_SANITIZE=address,undefined \
  -DPARMOD_VERIFY=ON -DPARMOD_WITH_OPENSSL=OFF -DPARMOD_BUILD_BENCHMARKS=OFF -- -LE install
tsan_targets="$(cd build/test-release && ctest -N -L threads 2>/dev/null | sed -n 's/^ *Test *#[0-9]*: *//p' | tr '\n' ' ')"
if [ -n "$tsan_targets" ]; then
  BUILD_TARGETS="$tsan_targets" build_and_test build/test-tsan "${san_flags[@]}" -DPARMOD_SANITIZE=thread \
    -DPARMOD_WITH_OPENSSL=OFF -DPARMOD_BUILD_TOOLS=OFF -- -L threads
fi
if [ -f scripts/test_python.sh ]; then
  echo "=== python package"
  bash scripts/test_python.sh || status=1
fi
# --- MPI (issue 22): parmod_mpi, `batch --mpi` (ctest label mpi, from the Release build) and
# parmod.mpi (mpi4py, in the Python step's venv) under mpirun -n 1..4 --oversubscribe; the tests
# set OMPI_ALLOW_RUN_AS_ROOT for CI's root.  One at a time: 4 ranks on 2 cores.
echo "=== mpi (mpirun -n 1..4)"
(cd build/test-release && ctest --output-on-failure -j 1 -L mpi) || status=1
if [ -x build/venv/bin/python ]; then
  bash scripts/test_python_mpi.sh || status=1
fi
# --- end MPI
# --- step 5: fuzzing (scripts/fuzz.sh; a crash or a mismatch against GMP fails) ---
if command -v clang++ >/dev/null; then
  echo "=== fuzzing: ${FUZZ_SECONDS:-60} s per target"
  PARMOD_FUZZ_BUILD=build/test-asan bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}" || status=1
else
  echo "=== fuzzing skipped: no clang++ (scripts/install_deps.sh installs it)"
  status=1
fi
# --- end of step 5 ---
# --- wheels (issue 23) ---------------------------------------------------------------------
# The sdist and a manylinux wheel with GMP inside for CPython 3.9 and 3.13, each installed into a
# fresh venv (no compiler on the PATH) and run through the Python tests (scripts/wheel.sh;
# the script alone builds all five Pythons).
echo "=== wheels (3.9, 3.13)"
wheel_start=$SECONDS
bash scripts/wheel.sh --test 3.9 3.13 || status=1
echo "wheels: $((SECONDS - wheel_start)) s"
# --- end wheels ------------------------------------------------------------------------------
# --- other CPUs (issue 23) -------------------------------------------------------------------
# The Release build's C++ tests of the CPU-dispatched layers and the CLI tests under
# qemu-x86_64 as Nehalem (no BMI2/ADX/AVX) and Haswell (BMI2, no ADX): an instruction beyond
# baseline x86-64 without a CPUID check fails there.  Then the aarch64 cross build and its
# tests, threaded ones included, under qemu-aarch64, and the Python module cross-built and tested
# in Debian's arm64 python3.11 there.  Reduced ranges: scripts/test_qemu.sh,
# scripts/test_aarch64_python.sh.
echo "=== qemu: x86-64 Nehalem, Haswell"
qemu_start=$SECONDS
bash scripts/test_qemu.sh x86_64 build/test-release Nehalem Haswell || status=1
echo "qemu x86-64: $((SECONDS - qemu_start)) s"
echo "=== aarch64: cross build (in the background since the start), qemu-aarch64"
qemu_start=$SECONDS
if wait "$aarch64_build"; then
  tail -n 2 build/aarch64-build.log
  echo "waited for them: $((SECONDS - qemu_start)) s"
  bash scripts/test_aarch64.sh --test-only || status=1
else
  cat build/aarch64-build.log
  echo "aarch64 cross builds FAILED"
  status=1
fi
echo "aarch64: $((SECONDS - qemu_start)) s"
# --- end other CPUs --------------------------------------------------------------------------
[ "$status" = 0 ] && echo "all test suites passed" || echo "SOME TESTS FAILED"
exit "$status"

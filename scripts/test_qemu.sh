#!/usr/bin/env bash
# Runs the C++ test executables (and the CLI tests, when the folder has the CLI) of a build folder under
# QEMU's user-mode emulator, as another CPU:
#
#   scripts/test_qemu.sh x86_64  BUILD_DIR [CPU...]   (default CPUs: Nehalem Haswell)
#   scripts/test_qemu.sh aarch64 BUILD_DIR            (a cross-built tree, docs/install.md)
#
# x86-64: Nehalem has no BMI2, ADX, AVX or AVX-512; Haswell has BMI2 and AVX2 but no ADX or
# AVX-512. QEMU reports those features in CPUID and raises an illegal instruction for an
# instruction the CPU lacks, so an instruction beyond baseline x86-64 reached without a CPUID
# check, or a wrong dispatch, fails here.
#
# Reduced range: the executables of the layers with CPU-dispatched code (EXES below: limbs,
# reduce, modmul, powm, multiexp, consttime, field, the C API), without the heaviest differential
# tests, which repeat the same kernels over more sizes and thread counts (SLOW below).
# aarch64 runs the same layers but field (scripts/test_aarch64.sh says why) plus the thread team's
# own tests (runtime) and the threaded ones of multiexp and the C++ API (api: without
# PowmSecCrt.AgainstGmp, 45 s under QEMU).  Its loader prefix follows
# cmake/toolchains/aarch64-linux-gnu.cmake (one glibc build: with a mixed loader and libc every
# thread start hung).  Also left out, with their reason:
#   Team.ForkedChildCanRunSchedules, Team.PrewakeBuildsTheTeamInAForkedChild,
#   Team.WorkersConfinedToTheCallersCpuStillFinish,
#   Concurrency.EightThreadsShareEveryAlgorithmWithThreadChangesAndFork: each forks while the
#   team's workers live and starts threads in the child; QEMU 7.2's user mode aborts there
#   ("qemu_plugin_vcpu_init_hook: assertion failed", also with a short program without parmod).
#   Team.RunsThatWakeSleepingWorkersDoNotLowerHealth: its rule is about the host's futex wake-up
#   latency (under 2 ms), which an emulated worker beside another emulated test exceeds (as under
#   ThreadSanitizer, where the test skips itself).
# The CLI tests (when the folder has the CLI) run under the first CPU only.
# Prints each executable's time; exits non-zero when one fails.
set -uo pipefail
arch="${1:?usage: test_qemu.sh x86_64|aarch64 BUILD_DIR [CPU...]}"
build="$(cd "${2:?BUILD_DIR}" && pwd)"
shift 2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SLOW="SmallModulusPow.OddEdgeModuliOneToThirteenLimbs:Modulus.MultipartiteEnginesTakeAnyThreadCount"
SLOW+=":EvenModulusApi.PowMatchesPython:ParallelProducts.MontgomeryOnEdgeModuli"
SLOW+=":ParallelProducts.BarrettOnEdgeModuliOddAndEven:BucketAndHybrid.ParallelDifferentialThreads1To4"
SLOW+=":ParallelMultiexp.DifferentialAllVariantsAndThreads:Inverse.AgreesWithGmpAndFermatAllSizesBothPaths"
SLOW+=":PowmSecCrt.AgainstGmp:ConstantTimePowm28.AgainstMpzPowm"
QEMU_LIMITS="Team.ForkedChildCanRunSchedules"
QEMU_LIMITS+=":Team.PrewakeBuildsTheTeamInAForkedChild:Team.WorkersConfinedToTheCallersCpuStillFinish"
QEMU_LIMITS+=":Concurrency.EightThreadsShareEveryAlgorithmWithThreadChangesAndFork"
QEMU_LIMITS+=":Team.RunsThatWakeSleepingWorkersDoNotLowerHealth"
export GTEST_FILTER="-$SLOW:$QEMU_LIMITS"
# And the loops that test::reduced_sizes() trims (tests/support/random_operands.hpp): fewer
# full-length exponents and top sizes, every size class kept.
export PARMOD_TEST_REDUCED=1
# The tests' fixed tuning (tests/CMakeLists.txt): an empty file, the built-in defaults.
export PARMOD_TUNING_FILE="$build/tuning-builtin.txt"
[ -f "$PARMOD_TUNING_FILE" ] || : > "$PARMOD_TUNING_FILE"

case "$arch" in
  x86_64) cpus=("$@"); [ ${#cpus[@]} -gt 0 ] || cpus=(Nehalem Haswell); qemu=qemu-x86_64 ;;
  aarch64)
    cpus=(max); qemu=qemu-aarch64; export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
    [ -e /lib/ld-linux-aarch64.so.1 ] && QEMU_LD_PREFIX=/ ;;
  *) echo "unknown architecture $arch"; exit 2 ;;
esac
command -v "$qemu" >/dev/null || { echo "$qemu missing (Debian package qemu-user)"; exit 1; }
# Longest first (their times under QEMU on a 2-core host, docs/testing.md): the short ones then
# fill the other core instead of waiting behind the longest at the end.
if [ "$arch" = x86_64 ]; then
  EXES="modmul/test_modmul powm/test_powm field/test_field consttime/test_consttime
        modmul/test_modmul_threads multiexp/test_multiexp limbs/test_limbs_threads reduce/test_reduce
        capi/test_capi limbs/test_limbs"
else
  EXES="api/test_api powm/test_powm modmul/test_modmul consttime/test_consttime
        modmul/test_modmul_threads multiexp/test_multiexp reduce/test_reduce limbs/test_limbs_threads
        multiexp/test_multiexp_threads capi/test_capi runtime/test_runtime limbs/test_limbs
        check/test_check"
fi
exes=()
for e in $EXES; do
  [ -x "$build/tests/$e" ] || { echo "missing $build/tests/$e"; exit 1; }
  exes+=("$build/tests/$e")
done
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
for cpu_name in "${cpus[@]}"; do
  start=$SECONDS
  cpu="$cpu_name"
  # Without the features QEMU's emulation lacks (it would warn about each on stderr, which the
  # CLI tests count): none of them is an instruction parmod could use.
  [ "$arch" = x86_64 ] && cpu+=",-x2apic,-tsc-deadline,-hle,-rtm,-invpcid,-pcid"
  echo "=== $arch, qemu -cpu $cpu: ${#exes[@]} test executables"
  # Two at a time (the tests are sequential or use few threads).
  printf '%s\n' "${exes[@]}" | xargs -P "$(nproc)" -I{} sh -c '
      t0=$(date +%s); n=$(basename "$1")
      if timeout -s KILL 600 "$2" -cpu "$3" "$1" > "$4/$n.log" 2>&1; then r=ok; else r=FAILED; fi
      echo "$r $n $(( $(date +%s) - t0 )) s"' _ {} "$qemu" "$cpu" "$logs" | sort -k2 > "$logs/summary"
  cat "$logs/summary"
  for n in $(awk '$1 == "FAILED" {print $2}' "$logs/summary"); do
    status=1
    grep -E "FAILED|Failure|Illegal|signal" "$logs/$n.log" | head -20
  done
  # The CLI tests under the first CPU only: the CLI has no CPU-dispatched code of its own.
  if [ -x "$build/tools/parmod/parmod" ] && [ "$cpu_name" = "${cpus[0]}" ]; then
    wrapper="$logs/parmod"
    printf '#!/bin/sh\nexec %s -cpu %s %s "$@"\n' "$qemu" "$cpu" "$build/tools/parmod/parmod" > "$wrapper"
    chmod +x "$wrapper"
    # No MPI under user-mode emulation: test_cli leaves `batch --mpi` out (skip).
    PARMOD_BUILT_WITH_MPI=skip PARMOD_BIN="$wrapper" bash "$root/tests/cli/test_cli.sh" | tail -3 || status=1
  fi
  echo "qemu -cpu $cpu_name: $((SECONDS - start)) s"
done
exit "$status"

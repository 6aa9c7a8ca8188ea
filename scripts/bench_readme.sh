#!/usr/bin/env bash
# Reruns every benchmark the README quotes, in one go, and leaves each table
# (markdown) and plot (PNG) in docs/bench/.  Run it on a quiet machine: the
# tables are medians of interleaved rounds, but other load on the two cores
# still moves the two-thread numbers.  About 3 minutes on a 2-core Zen 4 EPYC, about 5-6.5 minutes on a Zen 1 EPYC.
#   usage: bash scripts/bench_readme.sh [BUILD_DIR]   (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
tool="$build/tools/parmod/parmod"      # the installed command: bench --quick
bench="$build/bench/parmod-bench"      # the developer program: every other bench (docs/benchmarks.md)
out=docs/bench
mkdir -p "$out"
# The plots need matplotlib (Debian's python3-matplotlib; the tests do not).
if ! python3 -c 'import matplotlib' >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-matplotlib >/dev/null
  # a python3 that is not Debian's (pyenv, a venv) needs its own copy
  python3 -c 'import matplotlib' >/dev/null 2>&1 || python3 -m pip install -q matplotlib
fi
run() {  # run NAME PROGRAM ARGS...: the table to NAME.md, progress to the terminal
  local name="$1"; shift
  echo "=== $name: $(basename "$1") ${*:2}"
  "$@" > "$out/$name.md"
}
{ date -u; uptime; "$tool" --version 2>/dev/null || true
  # the CPU decides which kernels run (AVX-512 IFMA or mulx/adx only)
  lscpu | grep -E "^(Model name|CPU family|Model|CPU\(s\)|Hypervisor vendor):" || true
  echo "kernel flags: $(grep -m1 -o -w -E 'avx512ifma|adx|bmi2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
} > "$out/machine.txt"
run quick "$tool" bench --quick
run runtime "$bench" runtime --threads 2,3
run mul "$bench" mul --threads 1,2 --rounds 11 --plot "$out/mul.png"
run comba "$bench" mul --comba
run modmul "$bench" modmul --plot "$out/modmul.png"
run powm "$bench" powm --max-bits 16384 --rounds 3 --plot "$out/powm.png"
run multiexp "$bench" multiexp --plot "$out/multiexp.png"
run field "$bench" field
if [ -x build/venv/bin/python ]; then
  echo "=== python: python -m parmod.bench"
  build/venv/bin/python -m parmod.bench --bits 256 512 1024 2048 4096 8192 16384 --rounds 3 --pow-max-bits 4096 > "$out/python.md"
fi
echo "tables and plots in $out/"

#!/usr/bin/env bash
# Reruns every benchmark the docs quote, in one go, and leaves each table
# (markdown), plot (PNG) and the host's description (machine.txt) in
# docs/bench/<family>/, one folder per CPU family (zen1, zen4, ...).  A run
# on another day moves the folder's previous run into docs/bench/<family>/<its date>/;
# docs/bench/<family>/README.md (the index and the discussion) is written by hand.
# Run it on a quiet machine: the tables are medians of interleaved rounds, but
# other load on the cores still moves the two-thread numbers.  About 3 minutes
# on a 2-core Zen 4 EPYC, about 5-6.5 minutes on a Zen 1 EPYC, plus 12-17
# minutes for `parmod-bench automatic` (measured on a 2-core Zen 5).
#   usage: bash scripts/bench_readme.sh [--family NAME] [BUILD_DIR]   (default build/release)
#   --family NAME: the folder's name; default from /proc/cpuinfo (cpu_family below)
set -euo pipefail
cd "$(dirname "$0")/.."
invocation="bash scripts/bench_readme.sh${*:+ $*}"
family=""
if [ "${1:-}" = "--family" ]; then family="${2:?--family needs a name}"; shift 2; fi
build="${1:-build/release}"
tool="$build/tools/parmod/parmod"      # the installed command: bench --quick
bench="$build/bench/parmod-bench"      # the developer program: every other bench (docs/benchmarks.md)

# cpu_family: the CPU family of this host as a folder name.  AMD families 23,
# 25 and 26 by model range (Zen/Zen+ and Zen 2; Zen 3 and Zen 4; Zen 5); Intel
# family 6 as config/cpu.cpp names it (sapphire_rapids, rocket_lake); any
# other CPU as vendor-family-model, e.g. GenuineIntel-6-106 (name it with --family).
cpu_family() {
  local vendor fam model
  vendor=$(sed -n 's/^vendor_id[[:space:]]*: //p' /proc/cpuinfo | head -n1)
  fam=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -n1)
  model=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -n1)
  if [ "$vendor" = AuthenticAMD ]; then
    case "$fam" in
      23) if [ "$model" -lt 48 ]; then echo zen1; else echo zen2; fi; return ;;
      25) if (( (model >= 16 && model < 32) || (model >= 96 && model < 128) || (model >= 160 && model < 176) )); then
            echo zen4
          else
            echo zen3
          fi
          return ;;
      26) echo zen5; return ;;
    esac
  fi
  if [ "$vendor" = GenuineIntel ] && [ "$fam" = 6 ]; then
    # As config/cpu.cpp: AMX names Sapphire Rapids whatever model a hypervisor reports.
    if grep -m1 '^flags' /proc/cpuinfo | grep -qw amx_tile; then echo sapphire_rapids; return; fi
    case "$model" in
      143|207) echo sapphire_rapids; return ;;
      167) echo rocket_lake; return ;;
    esac
  fi
  echo "${vendor:-unknown}-${fam:-0}-${model:-0}"
}
[ -n "$family" ] || family=$(cpu_family)
out="docs/bench/$family"
mkdir -p "$out"

# A run of another day stays: it moves into a folder named by its date.
previous=$(sed -n 's/^date: \([0-9-]*\) .*/\1/p' "$out/machine.txt" 2>/dev/null | head -n1 || true)
if [ -n "$previous" ] && [ "$previous" != "$(date -u +%F)" ] && [ ! -e "$out/$previous" ]; then
  mkdir "$out/$previous"
  for f in "$out"/*.md "$out"/*.png "$out/machine.txt"; do
    [ -e "$f" ] && [ "$(basename "$f")" != README.md ] && mv "$f" "$out/$previous/"
  done
  echo "the run of $previous moved to $out/$previous/"
fi

# The plots need matplotlib (Debian's python3-matplotlib; the tests do not).
if ! python3 -c 'import matplotlib' >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-matplotlib >/dev/null
  # a python3 that is not Debian's (pyenv, a venv) needs its own copy
  python3 -c 'import matplotlib' >/dev/null 2>&1 || python3 -m pip install -q matplotlib
fi
{ echo "family: $family"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "command: $invocation"
  uptime; "$tool" --version 2>/dev/null || true
  # the CPU decides which kernels run (AVX-512 IFMA or mulx/adx only)
  lscpu | grep -E "^(Model name|CPU family|Model|CPU\(s\)|Hypervisor vendor):" || true
  echo "kernel flags: $(grep -m1 -o -w -E 'avx512ifma|adx|bmi2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
  echo "tables (the command of each):"
} > "$out/machine.txt"
run() {  # run NAME PROGRAM ARGS...: the table to NAME.md, progress to the terminal, the command to machine.txt
  local name="$1"; shift
  echo "=== $name: $(basename "$1") ${*:2}"
  echo "  $name.md: $*" >> "$out/machine.txt"
  "$@" > "$out/$name.md"
}
run quick "$tool" bench --quick
run runtime "$bench" runtime --threads 2,3
run mul "$bench" mul --threads 1,2 --rounds 11 --plot "$out/mul.png"
run comba "$bench" mul --comba
run modmul "$bench" modmul --plot "$out/modmul.png"
run powm "$bench" powm --max-bits 16384 --rounds 3 --plot "$out/powm.png"
run multiexp "$bench" multiexp --plot "$out/multiexp.png"
run field "$bench" field
run automatic "$bench" automatic
if [ -x build/venv/bin/python ]; then
  echo "=== python: python -m parmod.bench"
  args=(--bits 256 512 1024 2048 4096 8192 16384 --rounds 3 --pow-max-bits 4096)
  echo "  python.md: build/venv/bin/python -m parmod.bench ${args[*]}" >> "$out/machine.txt"
  build/venv/bin/python -m parmod.bench "${args[@]}" > "$out/python.md"
fi
echo "tables and plots in $out/; update $out/README.md (dates, commands, discussion)"

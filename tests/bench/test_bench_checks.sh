#!/usr/bin/env bash
# End-to-end tests of parmod-bench: every bench passes its checks against GMP
# on a small run, and fails when a result is wrong: PARMOD_BENCH_CORRUPT_CHECK=K
# flips the low bit of the K-th checked result, so the run must stop with one
# line on stderr naming the bench and exit 1: K = 1, the first check, and
# K = N, the last one of the passing run (K = 1 only for the three benches
# whose runs take seconds).  Bad command lines exit 2 with one line.
set -u
B="${PARMOD_BENCH_BIN:?set PARMOD_BENCH_BIN to the parmod-bench executable}"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
err=/tmp/parmod_bench_checks_err.$$

run_checked() {  # run_checked [--first-only] NAME ARGS...: passes, then fails at the first and at the last check
  local last=1 name n rc k
  [ "$1" = --first-only ] && { last=0; shift; }
  name="$1"
  "$B" "$@" >/dev/null 2>"$err"; rc=$?
  n=$(sed -n "s/^parmod-bench $name: \([0-9]*\) results checked before timing$/\1/p" "$err")
  if [ "$rc" = 0 ] && [ -n "$n" ] && [ "$n" -gt 0 ]; then ok; else bad "$* -> rc=$rc, $(tail -1 "$err")"; return; fi
  for k in 1 $([ "$last" = 1 ] && echo "$n"); do
    PARMOD_BENCH_CORRUPT_CHECK=$k "$B" "$@" >/dev/null 2>"$err"; rc=$?
    if [ "$rc" = 1 ] && grep -q "^parmod-bench $name: check failed: .*wrong result (check $k, corrupted on purpose" "$err" \
       && [ "$(grep -c "check failed" "$err")" = 1 ]; then ok
    else bad "PARMOD_BENCH_CORRUPT_CHECK=$k $* -> rc=$rc, $(grep -v '^  ' "$err" | tail -2)"; fi
  done
}
expect_usage_error() {  # expect_usage_error ARGS...: exit 2, one line on stderr, nothing on stdout
  local out rc
  out=$("$B" "$@" 2>"$err"); rc=$?
  if [ "$rc" = 2 ] && [ -z "$out" ] && [ "$(wc -l <"$err")" = 1 ]; then ok; else bad "$* -> rc=$rc err=$(cat "$err")"; fi
}

run_checked mul --sizes 1024,3000 --threads 1,2 --rounds 3
run_checked mul --comba --sizes 8,24 --rounds 3
run_checked modmul --sizes 1024,1600 --short --rounds 1
run_checked field --short --rounds 1
run_checked --first-only powm --max-bits 1024 --rounds 1
run_checked --first-only multiexp --short --sizes 1024 --rounds 1
run_checked --first-only runtime --short --threads 2
run_checked --first-only threads --short --rounds 1 --idle-ms 10
run_checked automatic --sizes 1024 --rounds 1
run_checked automatic --op mul --sizes 1000 --threads 2 --rounds 1
run_checked timeline --sizes 256,1000 --rounds 1

expect_usage_error
expect_usage_error nosuchbench
expect_usage_error mul --bogus
expect_usage_error mul --sizes 12x
expect_usage_error mul --sizes
expect_usage_error modmul --threads 2
expect_usage_error modmul --stat mean
expect_usage_error powm --max-bits 10
expect_usage_error field stray
expect_usage_error automatic --op bogus
expect_usage_error automatic --sizes 10
expect_usage_error soak --minutes 0
expect_usage_error timeline --sizes 255
expect_usage_error timeline --threads 2
expect_usage_error soak --users 65
"$B" --help | grep -q "^  runtime " && ok || bad "--help lists the benches"
"$B" modmul --help | grep -q -- "--stat median|min" && ok || bad "modmul --help lists its flags"
"$B" automatic --sizes 1024 --op montmul --rounds 1 2>/dev/null | grep -q "^- montmul: automatic / fastest: worst " \
  && ok || bad "automatic ends with its summary line"
rm -f "$err"
echo "bench checks: $pass passed, $fail failed"
[ "$fail" = 0 ]

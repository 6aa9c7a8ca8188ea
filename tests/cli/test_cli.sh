#!/usr/bin/env bash
# End-to-end tests of the `parmod` command: every command (mulmod, powm,
# multi_powm, batch, bench --quick, tune, schedule), results against
# python3's pow, and bad input -> one line on stderr, exit status 2.
set -u
P="${PARMOD_BIN:?set PARMOD_BIN to the parmod executable}"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

expect_out() {  # expect_out WANT ARGS...
  local want="$1"; shift
  local got
  got=$("$P" "$@" 2>/dev/null)
  [ "$got" = "$want" ] && ok || bad "parmod $* -> '$got', want '$want'"
}
expect_error() {  # expect_error ARGS... : exit 2, exactly one stderr line, no stdout
  local out err rc
  out=$("$P" "$@" 2>/tmp/parmod_cli_err.$$); rc=$?
  err=$(cat /tmp/parmod_cli_err.$$)
  if [ "$rc" = 2 ] && [ -z "$out" ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [ -n "$err" ]; then ok
  else bad "parmod $* -> rc=$rc out='$out' err='$err'"; fi
}
py() { python3 -c "print($1)"; }

expect_out "$(py 'pow(3, 10**6, 2**4423 - 1)')" powm 3 1000000 "$(py '2**4423 - 1')"
expect_out "$(py 'pow(2, 10, -1000)')" powm 2 10 -1000
expect_out "$(py 'pow(3, -1, 7)')" powm 3 -1 7
expect_out "$(py '(-7 * 3) % 10')" mulmod -7 3 10
expect_out "$(py '(0x10 * -3) % 0xffffffffffffffffffffffffffff')" mulmod 0x10 -3 0xffffffffffffffffffffffffffff
expect_out "$(py 'pow(0xabc, 0xdef, 2**128)')" --algo barrett powm 0xabc 0xDEF 0x100000000000000000000000000000000
expect_out "$(py 'pow(5, 77, 2**127 - 1)')" --threads 2 --algo=montgomery powm 5 77 170141183460469231731687303715884105727
expect_out "0" powm 5 -3 1
expect_out "1" powm 0 0 7
for i in 1 2 3 4 5; do
  m=$(py "__import__('random').Random($i).getrandbits(64 * $i * 7) | 1")
  b=$(py "-__import__('random').Random($i + 9).getrandbits(900)")
  e=$(py "__import__('random').Random($i + 99).getrandbits(300)")
  expect_out "$(py "pow($b, $e, $m)")" powm "$b" "$e" "$m"
  expect_out "$(py "($b * $e) % -$m")" mulmod "$b" "$e" "-$m"
done

expect_error powm 2 3 0
expect_error mulmod 2 3 0
expect_error powm 2 -1 4
expect_error powm 2 3
expect_error powm 2 3 x7
expect_error powm 2 3 ''
expect_error powm 2 3 '1 2'
expect_error powm 0x 3 7
expect_error --algo montgomery powm 2 3 10
expect_error --algo fft powm 2 3 11
expect_error --threads 0 powm 2 3 11
expect_error --threads
expect_error frobnicate
expect_error frobnicate --bogus
expect_error -- frobnicate
expect_error
expect_error bench nosuchbench
expect_error bench mul          # moved to the developer program parmod-bench
expect_error bench --bogus
expect_error bench --quick --bogus
expect_error tune extra
expect_error multi_powm
expect_error multi_powm 7 3
expect_error multi_powm 0 2 1
expect_error multi_powm 14 7 -1
expect_error multi_powm 7 x 1
expect_error multi_powm 7 3 --bogus
expect_error --algo barrett schedule --bits 1024
expect_error --algo bipartite schedule --bits 1024 --k 4
expect_error schedule --bits 1024 --k 17
expect_error schedule --bits 1024 --bogus
expect_error schedule
expect_error --algo
expect_error --threads 5000 powm 3 5 7
expect_error tune --bogus
# A malformed tuning file: the right result and one warning line on stderr.
printf 'mul.par_min banana\n\x01\x02garbage\npowm.gmp_below_limbs 99999999999999999999999\n' > /tmp/parmod_cli_tuning.$$
got=$(PARMOD_TUNING_FILE=/tmp/parmod_cli_tuning.$$ "$P" powm 3 5 7 2>/tmp/parmod_cli_err.$$); rc=$?
if [ "$rc" = 0 ] && [ "$got" = 5 ] && [ "$(wc -l < /tmp/parmod_cli_err.$$)" = 1 ]; then ok
else bad "malformed tuning file -> rc=$rc out='$got' err='$(cat /tmp/parmod_cli_err.$$)'"; fi
rm -f /tmp/parmod_cli_tuning.$$
# Found by an outside audit: options are named, --bench and schedule errors are one line.
expect_error --bogus powm 3 5 7
expect_error -x
expect_error powm 3 --bogus 7
expect_error bench
expect_error --threads +5 powm 3 5 7
expect_error schedule --bits abc
expect_error schedule --bits
expect_error schedule --bits -1
expect_error schedule --bits 4096 --k 2x
expect_error schedule --bits 4096 --k 0
"$P" --bogus powm 3 5 7 2>&1 | grep -q "unknown option '--bogus'" && ok || bad "unknown option not named"
[ "$("$P" -- powm 3 5 7)" = 5 ] && ok || bad "-- before the command"
"$P" bench mul 2>&1 | grep -q "parmod-bench mul" && ok || bad "bench NAME does not name parmod-bench"
[ "$("$P" powm -3 5 7)" = "$(py 'pow(-3,5,7)')" ] && ok || bad "negative base is no option"
err=$(printf 'powm\000 3 5 7\n%s 1 2 3\n' "$(head -c 100000 /dev/zero | tr '\0' x)" | "$P" batch 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | wc -l)" = 2 ] && [ "${#err}" -lt 400 ] && ok || bad "batch notes not short: ${#err} bytes"

# batch: one result per line, an error line names the input line, exit 2 if any failed.
out=$(printf 'mulmod 3 5 7\npowm 2 10 1000\n\npowm 2 -1 4\nmulmod 1 2\npowm 3 -1 7\nfoo 1 2 3\n' | "$P" batch 2>/tmp/parmod_cli_err.$$); rc=$?
want=$(printf '1\n24\nerror\nerror\nerror\n5\nerror')
[ "$out" = "$want" ] && ok || bad "batch stdout '$out'"
[ "$rc" = 2 ] && ok || bad "batch rc $rc"
grep -q "line 3: empty line" /tmp/parmod_cli_err.$$ && grep -q "line 4:" /tmp/parmod_cli_err.$$ \
  && grep -q "line 7:" /tmp/parmod_cli_err.$$ && ok || bad "batch stderr: $(cat /tmp/parmod_cli_err.$$)"
out=$(printf 'multi_powm 1000003 2 10 3 5\nmulti_powm 7\nmulti_powm 7 3 -1 5 2\n' | "$P" batch); rc=$?
[ "$out" = "$(py 'pow(2,10,1000003)*pow(3,5,1000003)%1000003')
1
$(py 'pow(3,-1,7)*pow(5,2,7)%7')" ] && [ "$rc" = 0 ] && ok || bad "batch multi_powm: '$out'"
out=$(printf 'multi_powm 7 3\nmulti_powm 0 2 1\nmulti_powm 14 7 -1\n' | "$P" batch 2>/dev/null); rc=$?
[ "$out" = "$(printf 'error\nerror\nerror')" ] && [ "$rc" = 2 ] && ok || bad "batch multi_powm errors: '$out'"
# multi_powm as a command: the same semantics as batch's multi_powm line.
expect_out "$(py 'pow(2,10,1000003)*pow(3,5,1000003)%1000003')" multi_powm 1000003 2 10 3 5
expect_out "1" multi_powm 7
expect_out "$(py 'pow(3,-1,7)*pow(5,2,7)%7')" multi_powm 7 3 -1 5 2
expect_out "$(py 'pow(-2,3,-11)*pow(5,7,-11)%-11')" --algo barrett multi_powm -11 -2 3 5 7
m=$(py "__import__('random').Random(7).getrandbits(2048) | 1")
expect_out "$(py "pow(3,$m,$m)*pow(5,$m-2,$m)%$m")" --threads 2 multi_powm "$m" 3 "$m" 5 "$(py "$m-2")"
out=$(printf 'powm 2 100 1000000007\npowm 3 100 1000000007\n' | "$P" batch); rc=$?
[ "$out" = "$(py 'pow(2,100,1000000007)')
$(py 'pow(3,100,1000000007)')" ] && [ "$rc" = 0 ] && ok || bad "batch good lines"

# batch --mpi: without MPI a one-line usage error (exit 2); with MPI, outside
# mpirun (one process), the same output as batch (tests/cli/test_batch_mpi.sh runs it under mpirun);
# "skip": left out (the qemu runs of scripts/test_qemu.sh, where MPI cannot start).
if [ "${PARMOD_BUILT_WITH_MPI:-0}" = skip ]; then
  :
elif [ "${PARMOD_BUILT_WITH_MPI:-0}" = 1 ]; then
  out=$(printf 'powm 2 10 1000\nfoo\n' | OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$P" batch --mpi 2>/dev/null); rc=$?
  [ "$out" = "$(printf '24\nerror')" ] && [ "$rc" = 2 ] && ok || bad "batch --mpi, one process: rc=$rc '$out'"
else
  expect_error batch --mpi
fi
expect_error batch --mpx
# schedule --mpi RANKS: the model's table, one row per rank count 1, 2, 4, ..., RANKS (works without MPI).
out=$("$P" schedule --mpi 12 --bits 256 --split-bits 512 2>&1); rc=$?
rows=$(printf '%s\n' "$out" | sed -n 's/^| \([0-9][0-9]*\) |.*/\1/p' | tr '\n' ' ')
[ "$rc" = 0 ] && [ "$rows" = "1 2 4 8 12 " ] && printf '%s\n' "$out" | grep -q "PREDICTION for 12 ranks" && ok \
  || bad "schedule --mpi 12: rc=$rc rows '$rows'"
expect_error schedule --mpi 0
expect_error schedule --mpi 4 --rtt-us
"$P" --help | grep -q "usage: parmod" && ok || bad "--help"
# --help lists every command, and every algorithm the library names; --algo takes each.
for c in mulmod powm multi_powm batch "bench --quick" explain tune schedule; do
  "$P" --help | grep -q "^  $c" && ok || bad "--help lacks $c"
done
algos=$("$P" --help | sed -n 's/^      \([a-z0-9_]*\)  .*/\1/p' | tr '\n' ' ')
[ "$(echo $algos | wc -w)" -ge 6 ] && ok || bad "--help lists the algorithms: '$algos'"
for a in $algos; do
  got=$("$P" --algo "$a" mulmod 3 5 7 2>&1); rc=$?
  { [ "$got" = 1 ] || { { [ "$a" = montgomery52 ] || [ "$a" = montgomery28 ]; } && [ "$rc" = 2 ]; }; } && ok || bad "--algo $a: '$got'"
done
"$P" powm --help | grep -q "usage: parmod .*powm B E M" && ok || bad "powm --help"
"$P" bench --help | grep -q "parmod-bench" && ok || bad "bench --help"
# schedule: the list schedule of one product.
out=$("$P" --threads 2 schedule --bits 4096 --k 4)
echo "$out" | grep -q "multipartite, 4096 bits (n = 64 limbs, R = beta^32), k = 4, T = 2" \
  && echo "$out" | grep -q "^predicted makespan" && ok || bad "schedule: $out"
"$P" --algo bipartite schedule --bits 2048 --model | grep -q "^# parmod schedule: bipartite, 2048 bits" && ok || bad "bipartite schedule"
"$P" schedule --bits 1024 --square --json | python3 -c 'import json,sys; t=json.load(sys.stdin); assert t["rows"] and t["columns"][0]=="task"' \
  && ok || bad "schedule --json"
# bench --quick: one table row per size and thread count (automatic, the fastest parmod path, the
# best peer), every result checked against GMP before timing, the CPU and kernels described above it.
"$P" bench --quick --json | python3 -c '
import json, sys
t = json.load(sys.stdin)
sizes = [1024, 2048, 4096, 8192, 16384, 32768, 65536]
assert [(r[0], r[1]) for r in t["rows"]] == [(b, T) for b in sizes for T in (1, 2)], t["rows"]
c = t["columns"]
assert c[:3] == ["bits", "T", "automatic runs"] and "fastest parmod path" in c and "best peer (1 thread)" in c, c
rows = {"montgomery", "barrett", "bipartite", "multipartite", "montgomery52", "montgomery28"}
for r in t["rows"]:
    path = r[c.index("fastest parmod path")]
    assert path.split(" T=")[0] in rows and (r[1] == 2 or " T=" not in path), r  # T=2: a one-thread path may win
    assert r[c.index("automatic runs")] in rows, r
    assert r[c.index("best peer (1 thread)")] in ("GMP mpz_mul+tdiv_r", "GMP mpn_mul_n+redc_1", "OpenSSL BN_mod_mul_montgomery"), r
    assert all(isinstance(r[c.index(k)], float) and r[c.index(k)] > 0 for k in ("automatic / fastest parmod", "automatic / best peer")), r
for line in ("cpu: ", "AVX-512 IFMA: ", "mulx/adcx/adox: ", "GMP: ", "tuning: the "):
    assert ("\n" + t["cpu"]).count("\n" + line) == 1, (line, t["cpu"])
' && ok || bad "bench --quick --json"
# A wrong result makes bench --quick fail: one line (--json: no progress lines), status 2.
PARMOD_BENCH_CORRUPT_CHECK=3 expect_error bench --quick --json
# The default thread count: the CPUs this process may use (affinity mask, then
# the cgroup CPU quota, rounded up), after PARMOD_NUM_THREADS and OMP_NUM_THREADS.
threads_line() { env -u PARMOD_NUM_THREADS -u OMP_NUM_THREADS "$@" explain 1000000007 2>/dev/null | head -1; }
if command -v taskset >/dev/null; then
  threads_line taskset -c 0 "$P" | grep -q "; 1 thread$" && ok || bad "taskset -c 0: $(threads_line taskset -c 0 "$P")"
  PARMOD_NUM_THREADS=3 taskset -c 0 "$P" explain 1000000007 | head -1 | grep -q "; 3 threads$" && ok || bad "PARMOD_NUM_THREADS beats affinity"
fi
cg=$(mktemp -d)
fake_quota() {  # fake_quota QUOTA PERIOD: one CPU limit for v2 and v1 at the fake root
  echo "$1 $2" >"$cg/cpu.max"
  for d in "$cg/cpu" "$cg/cpu,cpuacct"; do mkdir -p "$d"; echo "$1" >"$d/cpu.cfs_quota_us"; echo "$2" >"$d/cpu.cfs_period_us"; done
}
fake_quota 100000 100000
threads_line env PARMOD_CGROUP_ROOT="$cg" "$P" | grep -q "; 1 thread$" && ok || bad "cgroup quota 1 CPU: $(threads_line env PARMOD_CGROUP_ROOT="$cg" "$P")"
if [ "$(nproc)" -ge 2 ]; then
  fake_quota 150000 100000  # 1.5 CPUs: 2 threads (rounded up, as Go and CPython)
  threads_line env PARMOD_CGROUP_ROOT="$cg" "$P" | grep -q "; 2 threads$" && ok || bad "cgroup quota 1.5 CPUs"
fi
OMP_NUM_THREADS=4 PARMOD_CGROUP_ROOT="$cg" "$P" explain 1000000007 | head -1 | grep -q "; 4 threads$" && ok || bad "OMP_NUM_THREADS beats the quota"
rm -rf "$cg"
"$P" --version | grep -q "^parmod [0-9]" && ok || bad "--version"
rm -f /tmp/parmod_cli_err.$$
echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]

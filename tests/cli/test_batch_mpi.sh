#!/usr/bin/env bash
# `mpirun -n N parmod batch --mpi` prints byte for byte what `parmod batch`
# prints (stdout and stderr) and exits with the same status, for N = 1..4
# (--oversubscribe: more ranks than cores), on lines of every kind: mulmod,
# powm and multi_powm of mixed sizes and signs, even and odd moduli, bad lines,
# blank and CRLF lines, more lines than one block (4096).  mpirun -q: without
# it mpirun adds a note of its own on stderr when the status is not 0.
set -u
P="${PARMOD_BIN:?set PARMOD_BIN to the parmod executable}"
MPIRUN="${MPIEXEC:-mpirun}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

python3 - "$dir/ops.txt" "$dir/bad.txt" <<'PY'
import random, sys
rnd = random.Random(0x22)
def num(bits):
    x = rnd.getrandbits(bits) | (1 << (bits - 1))
    if rnd.random() < 0.5:  # runs of ones and zeros, as GMP's rrandomb
        x = int("".join(rnd.choice(["1" * rnd.randint(1, 60), "0" * rnd.randint(1, 60)]) for _ in range(bits // 30 + 1))[:bits] or "1", 2) | (1 << (bits - 1))
    return -x if rnd.random() < 0.2 else x
lines = []
for i in range(5000):
    bits = rnd.choice([8, 64, 65, 128, 256, 521, 1024, 2048 if i % 50 == 0 else 512])
    m = num(bits)
    if rnd.random() < 0.5:
        m |= 1
    kind = rnd.random()
    if kind < 0.45:
        lines.append(f"powm {num(bits + 7)} {num(rnd.randint(1, bits))} {m}")
    elif kind < 0.8:
        lines.append(f"mulmod {num(bits)} {num(bits)} {m}")
    elif kind < 0.95:
        pairs = " ".join(f"{num(bits)} {num(rnd.randint(1, 64))}" for _ in range(rnd.randint(0, 5)))
        lines.append(f"multi_powm {m} {pairs}")
    else:
        lines.append(rnd.choice(["", "powm 2 10", "foo 1 2 3", "powm 2 -1 4", "mulmod 1 2 0", "powm x 1 5",
                                 "multi_powm 7 3", "mulmod 3 5 7\r", "powm 3 -1 -7\r"]))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
open(sys.argv[2], "w").write("powm 2 10 1000\n\nmulmod 1 2 0\npowm 3 -1 7")  # no final newline
PY

# run_mpi N INPUT: mpirun -q -n N parmod batch --mpi < INPUT > got.out 2> got.err; rc.
# Open MPI 4's mpirun itself sometimes dies of SIGSEGV while forwarding stdin
# (orte_iof_hnp_read_local_handler, open-mpi/ompi#7483; a few runs in a
# hundred here): such a run, and only such a run, is repeated (up to 3 times).
run_mpi() {
  local try
  for try in 1 2 3; do
    "$MPIRUN" -q -n "$1" --oversubscribe "$P" batch --mpi < "$2" > "$dir/got.out" 2> "$dir/got.err"; rc=$?
    [ "$rc" = 139 ] && grep -q "orte_iof_hnp_read_local_handler" "$dir/got.err" || return 0
    echo "note: mpirun crashed forwarding stdin (open-mpi/ompi#7483), run $try of 3"
  done
}

for input in ops.txt bad.txt; do
  "$P" batch < "$dir/$input" > "$dir/want.out" 2> "$dir/want.err"; want_rc=$?
  [ "$(wc -l < "$dir/want.err")" -ge 2 ] && [ "$want_rc" = 2 ] && ok || bad "$input: too few error lines: $(wc -l < "$dir/want.err")"
  for n in 1 2 3 4; do
    run_mpi "$n" "$dir/$input"
    cmp -s "$dir/want.out" "$dir/got.out" && ok || bad "$input, $n ranks: stdout differs ($(cmp "$dir/want.out" "$dir/got.out" 2>&1))"
    cmp -s "$dir/want.err" "$dir/got.err" && ok || bad "$input, $n ranks: stderr differs: $(diff "$dir/want.err" "$dir/got.err" | head -5)"
    [ "$rc" = "$want_rc" ] && ok || bad "$input, $n ranks: exit status $rc, want $want_rc"
  done
done
# An empty input: no output, status 0.
out=$("$MPIRUN" -q -n 3 --oversubscribe "$P" batch --mpi < /dev/null 2>&1); rc=$?
[ -z "$out" ] && [ "$rc" = 0 ] && ok || bad "empty input: rc=$rc out='$out'"

echo "test_batch_mpi: $pass passed, $fail failed"
[ "$fail" = 0 ]

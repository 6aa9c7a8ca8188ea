"""Benchmark: parmod.powmod against gmpy2.powmod and the built-in pow; one modular product.

    python -m parmod.bench                      # 1024 ... 32768 bits, threads 1 and 2
    python -m parmod.bench --bits 2048 4096 --rounds 9
    python -m parmod.bench --quick              # 1024 ... 8192 bits, 3 rounds

For each size, b, e and m are random with that many bits (m odd, top bit
set).  Every round times one call of each contender, in a rotated order, so
all of them see the same machine state; the table gives each one's median
over the rounds in milliseconds.  The built-in pow is very slow at large sizes
(about 65 s per call at 32768 bits), so it is only timed up to --pow-max-bits
(default 8192).  gmpy2 is optional.

The conversion columns are the cost of moving one call's numbers between
Python and the library (three inputs of that size in, one result out), with no
arithmetic: for int, and for gmpy2.mpz (which crosses through int).

A second table times one modular product (a * b) % m, a and b in [0, m):
the built-in int, gmpy2 on mpz operands, gmpy2 from int operands to an int
result (int(mpz(a) * b % M) with M = mpz(m) made once: what a user holding
ints writes), parmod.mulmod and parmod.Modulus(m, threads=1).mul on int
operands, each a median over rounds (rotated order) of the mean of a loop of
calls.  --mul-only prints only this table:

    python -m parmod.bench --mul-only --bits 1024 2048 4096 --rounds 21

Prints markdown tables on standard output.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

import parmod
from parmod import _core

try:
    import gmpy2
except ImportError:  # pragma: no cover
    gmpy2 = None


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _per_call(fn, min_time=0.05):
    """Seconds per call of a fast fn(), the best of 3 timed loops."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt >= min_time:
            break
        n *= 4
    best = dt / n
    for _ in range(2):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def conversion_cost(bits: int, rnd: random.Random):
    """(int, mpz) seconds to move one powmod call's numbers: 3 in, 1 out."""
    xs = [rnd.getrandbits(bits) for _ in range(3)]
    convert_in, roundtrip = _core._convert_in, _core._roundtrip

    def one_call():
        convert_in(xs[0])
        convert_in(xs[1])
        roundtrip(xs[2])  # the third input and the output

    t_int = _per_call(one_call)
    t_mpz = None
    if gmpy2 is not None:
        ms = [gmpy2.mpz(x) for x in xs]

        def one_call_mpz():
            convert_in(ms[0])
            convert_in(ms[1])
            roundtrip(ms[2])  # returns an mpz: int -> mpz conversion included

        t_mpz = _per_call(one_call_mpz)
    return t_int, t_mpz


def bench_size(bits: int, rounds: int, threads_list, pow_max_bits: int, seed: int):
    rnd = random.Random(seed + bits)
    m = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
    b = rnd.getrandbits(bits) % m
    e = rnd.getrandbits(bits) | (1 << (bits - 1))

    contenders = {}
    if bits <= pow_max_bits:
        contenders["pow"] = lambda: pow(b, e, m)
    if gmpy2 is not None:
        gb, ge, gm = gmpy2.mpz(b), gmpy2.mpz(e), gmpy2.mpz(m)
        contenders["gmpy2"] = lambda: gmpy2.powmod(gb, ge, gm)
    for t in threads_list:
        contenders[f"parmod t={t}"] = lambda t=t: parmod.powmod(b, e, m, threads=t)

    # Every contender must agree before it is timed.
    want = None
    for name, fn in contenders.items():
        r = int(fn())
        if want is None:
            want = r
        elif r != want:
            raise SystemExit(f"{bits} bits: {name} disagrees")

    times = {name: [] for name in contenders}
    names = list(contenders)
    for r in range(rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for name in order:
            fn = contenders[name]
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(ts) for name, ts in times.items()}


def bench_mul_size(bits: int, rounds: int, seed: int):
    """Median seconds per (a * b) % m call of each contender (loops of calls, rotated rounds)."""
    rnd = random.Random(seed + 7 * bits)
    m = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
    a, b = rnd.randrange(m), rnd.randrange(m)
    mod = parmod.Modulus(m, threads=1)
    contenders = {"int": lambda: a * b % m}
    if gmpy2 is not None:
        ga, gb, gm = gmpy2.mpz(a), gmpy2.mpz(b), gmpy2.mpz(m)
        contenders["gmpy2"] = lambda: ga * gb % gm
        mpz = gmpy2.mpz
        contenders["gmpy2 int"] = lambda: int(mpz(a) * b % gm)
    contenders["mulmod"] = lambda: parmod.mulmod(a, b, m)
    contenders["Modulus.mul"] = lambda: mod.mul(a, b)
    want = a * b % m
    for name, fn in contenders.items():
        if int(fn()) != want:
            raise SystemExit(f"{bits} bits: {name} disagrees")
    calls = max(4, int(3e4 / (bits / 1024) ** 1.6))  # about 10-20 ms per loop
    times = {name: [] for name in contenders}
    names = list(contenders)
    for r in range(rounds):
        for name in names[r % len(names):] + names[: r % len(names)]:
            fn = contenders[name]
            t0 = time.perf_counter()
            for _ in range(calls):
                fn()
            times[name].append((time.perf_counter() - t0) / calls)
    return {name: statistics.median(ts) for name, ts in times.items()}


def fmt_ms(t):
    if t is None:
        return "-"
    ms = t * 1e3
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}" if ms < 100 else f"{ms:.0f}"


def fmt_us(t):
    return "-" if t is None else f"{t * 1e6:.2f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m parmod.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--bits", type=int, nargs="+", default=[1024, 2048, 4096, 8192, 16384, 32768])
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=None, help="rounds per size (default 7, 3 above 8192 bits)")
    ap.add_argument("--pow-max-bits", type=int, default=8192, help="largest size the built-in pow is timed at")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="1024 ... 8192 bits, 3 rounds")
    ap.add_argument("--mul-only", action="store_true", help="only the table of one modular product")
    args = ap.parse_args(argv)
    if args.quick:
        args.bits = [b for b in args.bits if b <= 8192]
        args.rounds = args.rounds or 3

    gmp = f"gmpy2 {gmpy2.version()} ({gmpy2.mp_version()})" if gmpy2 else "gmpy2 not installed"
    print(
        f"parmod {parmod.__version__}, Python {platform.python_version()}, {gmp}; "
        f"{_cpu_name()}, {os.cpu_count()} logical cores; "
        f"pow(b, e, m) with b, e, m of the given size, median ms"
    )
    print()
    if args.mul_only:
        return mul_table(args)
    tcols = [f"parmod t={t}" for t in args.threads]
    head = ["bits", "pow", "gmpy2"] + tcols
    if gmpy2:
        head += [f"gmpy2 / {c}" for c in tcols]
    head += ["conversion int (µs)", "conversion mpz (µs)"]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---:" for _ in head) + "|")
    rnd = random.Random(args.seed)
    for bits in args.bits:
        rounds = args.rounds or (7 if bits <= 8192 else 3)
        med = bench_size(bits, rounds, args.threads, args.pow_max_bits, args.seed)
        conv_int, conv_mpz = conversion_cost(bits, rnd)
        row = [str(bits), fmt_ms(med.get("pow")), fmt_ms(med.get("gmpy2"))]
        row += [fmt_ms(med[c]) for c in tcols]
        if gmpy2:
            row += [f"{med['gmpy2'] / med[c]:.2f}x" for c in tcols]
        row += [fmt_us(conv_int), fmt_us(conv_mpz)]
        print("| " + " | ".join(row) + " |", flush=True)
    print()
    return mul_table(args)


def mul_table(args) -> int:
    print("One modular product (a * b) % m, a and b in [0, m), median µs per call")
    print()
    head = ["bits", "int", "gmpy2 (mpz operands)", "gmpy2 (int in, int out)", "parmod.mulmod",
            "Modulus(m, threads=1).mul"]
    if gmpy2:
        head += ["gmpy2 / mulmod", "gmpy2 / Modulus.mul", "gmpy2 (int in, int out) / Modulus.mul"]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---:" for _ in head) + "|")
    for bits in args.bits:
        med = bench_mul_size(bits, 9 if args.rounds is None else max(3, args.rounds), args.seed)
        row = [str(bits)] + [fmt_us(med.get(k)) for k in ("int", "gmpy2", "gmpy2 int", "mulmod", "Modulus.mul")]
        if gmpy2:
            row += [f"{med['gmpy2'] / med[k]:.2f}x" for k in ("mulmod", "Modulus.mul")]
            row += [f"{med['gmpy2 int'] / med['Modulus.mul']:.2f}x"]
        print("| " + " | ".join(row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

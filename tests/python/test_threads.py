"""The GIL is released, and concurrent calls from 8 Python threads are correct."""

import threading
import time

import pytest

import parmod
from conftest import seeded_random

N_THREADS = 8


def test_eight_threads_hammering():
    shared = [parmod.Modulus(2**1279 - 1), parmod.Modulus(2**2048 + 12, threads=2), parmod.Modulus(-(3**700))]
    tables = [(M.fixed_base(g, 300), g, M.value) for M, g in zip(shared, (3, -(2**1000) - 1, 7**300))]
    crt_factors = [2**127 - 1, 2**89 - 1, 2**61 - 1]
    crt_n = (2**127 - 1) * (2**89 - 1) * (2**61 - 1)
    errors = []
    barrier = threading.Barrier(N_THREADS)

    def worker(seed):
        rnd = seeded_random(seed)
        try:
            barrier.wait()
            for i in range(60):
                bits = rnd.choice([64, 200, 1024, 2048, 3000])
                m = rnd.getrandbits(bits) | 1
                if rnd.random() < 0.3:
                    m = -m
                a, b = rnd.getrandbits(bits + 5) - 2**bits, rnd.getrandbits(bits)
                e = rnd.getrandbits(rnd.choice([8, 64, 300]))
                t = rnd.choice([None, 1, 2])
                op = i % 8
                if op == 0:
                    got, want = parmod.powmod(a, e, m, threads=t), pow(a, e, m)
                elif op == 1:
                    got, want = parmod.mulmod(a, b, m, threads=t), (a * b) % m
                elif op == 2:
                    M = rnd.choice(shared)
                    got, want = M.pow(a, e), pow(a, e, M.value)
                elif op == 3:
                    M = rnd.choice(shared)
                    got, want = M.mul(a, b), (a * b) % M.value
                elif op == 4:
                    bases = [rnd.getrandbits(bits) for _ in range(4)]
                    got, want = parmod.powmod_base_list(bases, e, m), [pow(x, e, m) for x in bases]
                elif op == 5:
                    got, want = parmod.powmod_sec(a, e, m | 1), pow(a, e, m | 1)
                elif op == 6:
                    G, g, mv = rnd.choice(tables)
                    got, want = G.pow(e), pow(g, e, mv)
                else:
                    got, want = parmod.powmod_crt(a, e, crt_factors), pow(a, e, crt_n)
                if got != want:
                    errors.append((seed, i, op))
        except Exception as ex:  # pragma: no cover - reported below
            errors.append((seed, repr(ex)))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(N_THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []


_RND = seeded_random(7)
_M4096 = _RND.getrandbits(4096) | 1
_EXPS = [_RND.getrandbits(4096) for _ in range(3)]
_MERSENNE = [2**k - 1 for k in (4253, 4423, 9689)]  # Mersenne primes
_LONG_EXP = _EXPS[0] << 12288 | _EXPS[1] << 8192 | _EXPS[2] << 4096 | _EXPS[0]

# The list call and one of each newer function, each long enough (many
# milliseconds even with AVX-512 IFMA) that the main thread gets a core
# while it runs, also when other jobs load the host.
LONG_CALLS = {
    "powmod_exp_list": lambda: parmod.powmod_exp_list(3, _EXPS * 8, _M4096, threads=1),
    "powmod_sec": lambda: parmod.powmod_sec(3, _LONG_EXP, _M4096),
    "fixed_base": lambda: parmod.Modulus(_M4096 >> 1536 | 1).fixed_base(5),
    "powmod_crt": lambda: parmod.powmod_crt(3, _LONG_EXP, _MERSENNE),
}


@pytest.mark.parametrize("name", LONG_CALLS)
def test_gil_released_during_computation(name):
    # A long computation in a worker thread; the main thread must keep
    # running Python code while the worker is inside the call.
    window = {}

    def worker():
        window["start"] = time.perf_counter()
        LONG_CALLS[name]()
        window["end"] = time.perf_counter()

    th = threading.Thread(target=worker)
    ticks = []
    th.start()
    while th.is_alive():
        ticks.append(time.perf_counter())
        for _ in range(200):
            pass
    th.join()
    start, end = window["start"], window["end"]
    span = end - start
    inside = [t for t in ticks if start + 0.1 * span < t < end - 0.1 * span]
    assert len(inside) > 10, (span, len(ticks), len(inside))


def test_num_threads_setting():
    old = parmod.get_num_threads()
    assert old >= 1
    try:
        parmod.set_num_threads(3)
        assert parmod.get_num_threads() == 3
        assert parmod.Modulus(2**127 - 1).threads == 3
        assert parmod.Modulus(2**127 - 1, threads=1).threads == 1
    finally:
        parmod.set_num_threads(None)
    assert parmod.get_num_threads() == old

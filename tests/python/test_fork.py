"""fork() safety through Python: after the parent used every algorithm on two
threads, a child made by os.fork and workers of a multiprocessing pool with
the fork start method compute with every algorithm (contexts made before the
fork and new ones) and agree with Python's pow.  A lock held across the fork
would hang the child (a timeout fails the test)."""

import multiprocessing
import os
import random
import signal
import sys
import threading

import pytest

import parmod

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

# Field sizes, a mid size, bipartite/multipartite sizes.
BITS = (256, 2048, 12288)


def _moduli():
    rng = random.Random(21)
    return [rng.getrandbits(b) | (1 << (b - 1)) | 1 for b in BITS]


def _algorithms():
    return [a["name"] for a in parmod.algorithms()]


def _contexts(moduli):
    out = []
    for m in moduli:
        for name in _algorithms():
            try:
                out.append((name, m, parmod.Modulus(m, algorithm=name, threads=2)))
            except ValueError:
                pass  # the algorithm does not take this modulus
    return out


def _check_all(contexts, seed):
    """Every context and a new one of each algorithm: pow and mul against Python."""
    rng = random.Random(seed)
    bad = []
    for name, m, ctx in contexts:
        b, e = rng.randrange(m), rng.getrandbits(150)
        fresh = parmod.Modulus(m, algorithm=name, threads=2)
        for which, c in (("inherited", ctx), ("new", fresh)):
            if c.pow(b, e) != pow(b, e, m) or c.mul(b, e) != b * e % m:
                bad.append(f"{which} {name} {m.bit_length()} bits")
    a, c = rng.getrandbits(64 * 3000), rng.getrandbits(64 * 2500)
    if parmod.mul(a, c, threads=2) != a * c:
        bad.append("mul")
    p, q = 170141183460469231731687303715884105727, 162259276829213363391578010288127
    x = rng.randrange(p * q)
    if parmod.powmod_crt(x, 65537, [p, q]) != pow(x, 65537, p * q):
        bad.append("powmod_crt")
    return bad


def _child_exit(contexts, seed):
    signal.alarm(120)
    try:
        bad = _check_all(contexts, seed)
    except BaseException as exc:  # noqa: BLE001 - report anything to the parent
        bad = [repr(exc)]
    if bad:
        sys.stderr.write("child: " + "; ".join(bad) + "\n")
    os._exit(1 if bad else 0)


def test_os_fork_child_computes_with_every_algorithm():
    parmod.set_num_threads(2)
    try:
        contexts = _contexts(_moduli())
        assert not _check_all(contexts, 1)
        # Once quietly, then while another thread keeps the team busy.
        stop = threading.Event()

        def busy():
            while not stop.is_set():
                for _, m, ctx in contexts[-4:]:
                    ctx.pow(3, 1000003)

        for with_busy_thread in (False, True):
            t = threading.Thread(target=busy) if with_busy_thread else None
            if t:
                t.start()
            try:
                for i in range(3 if with_busy_thread else 1):
                    pid = os.fork()
                    if pid == 0:
                        _child_exit(contexts, 100 + i)
                    _, status = os.waitpid(pid, 0)
                    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
            finally:
                stop.set()
                if t:
                    t.join()
        assert not _check_all(contexts, 2)  # the parent is unharmed
    finally:
        parmod.set_num_threads(None)


def _pool_task(args):
    name, m, seed = args
    rng = random.Random(seed)
    b, e = rng.randrange(m), rng.getrandbits(150)
    ctx = _POOL_CONTEXTS[(name, m)]
    fresh = parmod.Modulus(m, algorithm=name, threads=2)
    return ctx.pow(b, e) == pow(b, e, m) and fresh.pow(b, e) == pow(b, e, m) and \
        parmod.powmod(b, e, m) == pow(b, e, m)


_POOL_CONTEXTS = {}


def test_multiprocessing_fork_pool_computes_with_every_algorithm():
    parmod.set_num_threads(2)
    try:
        contexts = _contexts(_moduli())
        assert not _check_all(contexts, 3)  # the team exists and has run
        _POOL_CONTEXTS.clear()
        _POOL_CONTEXTS.update({(name, m): ctx for name, m, ctx in contexts})
        jobs = [(name, m, i) for i, (name, m, _) in enumerate(contexts)]
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(2) as pool:
            results = pool.map_async(_pool_task, jobs).get(timeout=120)
        assert all(results), [j[:2] for j, ok in zip(jobs, results) if not ok]
    finally:
        _POOL_CONTEXTS.clear()
        parmod.set_num_threads(None)

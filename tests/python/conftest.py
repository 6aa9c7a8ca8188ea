"""Shared strategies and oracles for parmod's Python tests.

Every result is checked against Python's own pow / * / %, and against gmpy2
when it is installed.  Python's pow is slow for large exponents (20000-bit
modulus and exponent: ~18 s), so the strategies bound the exponent by the
modulus size (cost ~ e_bits * m_bits**1.6) and the few full-size cases use
gmpy2 as the oracle (skipped without it).

PARMOD_TEST_SEED (docs/testing.md) seeds hypothesis and seeded_random(): a
fixed seed by default, `random` for a fresh one; every failed test prints
the seed that replays it.
"""

import atexit
import os
import random
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# A fixed tuning: an empty tuning file, the built-in defaults of this CPU's
# row, never a user's file (docs/tuning.md).  Set before the library loads
# its tuning.
_tuning_fd, _tuning_path = tempfile.mkstemp(prefix="parmod-tuning-", suffix=".txt")
os.close(_tuning_fd)
atexit.register(os.remove, _tuning_path)
os.environ["PARMOD_TUNING_FILE"] = _tuning_path

import parmod  # noqa: E402

try:
    import gmpy2
except ImportError:  # pragma: no cover
    gmpy2 = None

settings.register_profile(
    "parmod",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
    database=None,  # no .hypothesis folder in the repository
)
settings.register_profile("thorough", parent=settings.get_profile("parmod"), max_examples=2000)
settings.load_profile(os.environ.get("PARMOD_HYPOTHESIS_PROFILE", "parmod"))

DEFAULT_SEED = 0x9A3D0F11  # the C++ tests' default too (tests/support/random_operands.hpp)


def _read_seed():
    value = os.environ.get("PARMOD_TEST_SEED", "")
    if value == "":
        return DEFAULT_SEED
    if value == "random":
        return random.SystemRandom().getrandbits(64)
    try:
        seed = int(value, 0)
    except ValueError:
        seed = -1
    if not 0 <= seed < 2**64:
        raise pytest.UsageError(f"PARMOD_TEST_SEED={value}: not a seed (decimal, 0x-hex or random)")
    return seed


TEST_SEED = _read_seed()


def seeded_random(stream):
    """A random.Random seeded by (PARMOD_TEST_SEED, stream)."""
    return random.Random(f"{TEST_SEED}:{stream}")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    # Before hypothesis's own pytest_configure, which reads --hypothesis-seed.
    if config.getoption("hypothesis_seed", None) is None:
        config.option.hypothesis_seed = TEST_SEED


def pytest_report_header(config):
    return f"PARMOD_TEST_SEED=0x{TEST_SEED:x}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    if report.failed:
        report.sections.append(("parmod", f"PARMOD_TEST_SEED=0x{TEST_SEED:x} replays this"))

MAX_BITS = 20000

# Failure reports print 20000-bit integers.
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)


def int_id(v):
    """A short test id for a (possibly huge) integer."""
    return str(v) if abs(v) < 2**64 else ("-" if v < 0 else "") + f"{abs(v).bit_length()}bit_{abs(v) & 0xffff:x}"

needs_gmpy2 = pytest.mark.skipif(gmpy2 is None, reason="gmpy2 not installed")


def edge_values():
    """Integers where limb and digit boundaries and special cases sit."""
    vals = {0, 1, 2, 3, 4, 5, 7, 2**30 - 1, 2**30, 2**31 - 1, 2**32 - 1, 2**32}
    for k in (1, 2, 3, 4, 8, 16, 64, 200, 312):
        p = 2 ** (64 * k)
        vals |= {p - 1, p, p + 1, p // 2 - 1, p // 2, p // 2 + 1}
    vals |= {2**127 - 1, 2**521 - 1, 2**4423 - 1, 2**9689 - 1, 2**19937 - 1, 2**20000 - 1, 2**20000 + 1}
    vals |= {10**100, 3**12000}
    return sorted(vals)


EDGE_VALUES = edge_values()
EDGE_MODULI = [v for v in EDGE_VALUES if v != 0]


@st.composite
def ints(draw, max_bits=MAX_BITS, negative=True, nonzero=False):
    """An integer of 0..max_bits bits: random, all-ones, power of two +-1, or an edge value."""
    kind = draw(st.sampled_from(["random", "random", "random", "ones", "pow2", "edge", "small"]))
    if kind == "edge":
        v = draw(st.sampled_from([x for x in EDGE_VALUES if x.bit_length() <= max_bits]))
    elif kind == "small":
        v = draw(st.integers(0, 2**64 + 1))
    else:
        bits = draw(st.integers(1, max_bits))
        if kind == "random":
            rnd = draw(st.randoms(use_true_random=False))
            v = rnd.getrandbits(bits) | (1 << (bits - 1))
        elif kind == "ones":
            v = (1 << bits) - 1
        else:
            v = (1 << (bits - 1)) + draw(st.sampled_from([-1, 0, 1]))
    if nonzero and v == 0:
        v = 1
    if negative and draw(st.booleans()):
        v = -v
    return v


def moduli(max_bits=MAX_BITS, negative=True):
    return ints(max_bits=max_bits, negative=negative, nonzero=True)


def exp_budget(m):
    """Exponent bits for which pow(b, e, m) in pure Python stays around 10 ms."""
    mb = max(abs(m).bit_length(), 64)
    return int(max(64, min(MAX_BITS, 25000 * (1000 / mb) ** 1.6)))


def ref_pow(b, e, m):
    """pow(b, e, m), through gmpy2 when it is installed and the case is big."""
    if gmpy2 is None or abs(e).bit_length() <= 64:
        return pow(b, e, m)
    am = abs(m)
    if am == 1:
        return 0
    if e < 0:
        b = int(gmpy2.invert(b, am))  # ZeroDivisionError when not invertible
    r = int(gmpy2.powmod(b, abs(e), am))
    return r + m if (m < 0 and r) else r


_SMALL_PRIMES = [q for q in range(2, 2000) if all(q % d for d in range(2, int(q**0.5) + 1))]


def is_probable_prime(n, rounds=32):
    """Miller-Rabin with bases from a generator seeded by n (independent of GMP)."""
    if n < 2:
        return False
    for q in _SMALL_PRIMES:
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rnd = random.Random(n)
    for _ in range(rounds):
        x = pow(rnd.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True

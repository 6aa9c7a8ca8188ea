"""powmod / mulmod against pow(b, e, m) and (a * b) % m."""


import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parmod
from conftest import EDGE_MODULI, EDGE_VALUES, int_id, exp_budget, gmpy2, ints, moduli, needs_gmpy2, ref_pow, seeded_random

ALGOS = ["auto", "barrett", "montgomery"]


def algo_ok(algorithm, m):
    return algorithm != "montgomery" or m % 2 == 1


@st.composite
def pow_case(draw, max_bits=20000):
    m = draw(moduli(max_bits))
    b = draw(ints(max_bits=max(1, 2 * abs(m).bit_length() + 64)))
    e = draw(ints(max_bits=exp_budget(m)))
    return b, e, m


@settings(max_examples=250)
@given(pow_case(), st.sampled_from(ALGOS), st.sampled_from([None, 1, 2]))
@example((3, 10**6, 2**4423 - 1), "auto", None)
@example((-5, 7, -(2**64 + 1)), "auto", 2)
@example((0, 0, 1), "barrett", None)
@example((0, 0, -1), "montgomery", 1)
def test_powmod_matches_pow(case, algorithm, threads):
    b, e, m = case
    if not algo_ok(algorithm, m):
        algorithm = "barrett"
    try:
        expected = pow(b, e, m)
    except ValueError:
        with pytest.raises(parmod.NotInvertibleError, match="base is not invertible for the given modulus"):
            parmod.powmod(b, e, m, threads=threads, algorithm=algorithm)
        return
    got = parmod.powmod(b, e, m, threads=threads, algorithm=algorithm)
    assert type(got) is int
    assert got == expected


@settings(max_examples=250)
@given(ints(), ints(), moduli(), st.sampled_from(ALGOS), st.sampled_from([None, 1, 2]))
@example(2**20000 - 1, -(2**20000 - 1), 2**19937 - 1, "auto", None)
@example(-1, 1, -1, "auto", None)
def test_mulmod_matches_percent(a, b, m, algorithm, threads):
    if not algo_ok(algorithm, m):
        algorithm = "barrett"
    got = parmod.mulmod(a, b, m, threads=threads, algorithm=algorithm)
    assert type(got) is int
    assert got == (a * b) % m


@pytest.mark.parametrize("m", EDGE_MODULI + [-x for x in EDGE_MODULI[:40]], ids=int_id)
def test_edge_moduli(m):
    vals = [0, 1, 2, -1, -2, abs(m) - 1, abs(m), abs(m) + 1, -abs(m), 3**200, -(7**300)]
    es = [0, 1, 2, 3, 65537, -1, -3, 2**64 + 13]
    for b in vals:
        for e in es:
            try:
                expected = pow(b, e, m)
            except ValueError:
                with pytest.raises(ValueError, match="not invertible"):
                    parmod.powmod(b, e, m)
                continue
            assert parmod.powmod(b, e, m) == expected, (b, e, m)
        for a in vals[:6]:
            assert parmod.mulmod(a, b, m) == (a * b) % m, (a, b, m)


@pytest.mark.parametrize("algorithm", ALGOS)
@pytest.mark.parametrize("bits", [64, 65, 128, 1000, 1024, 2048, 4096, 8192])
def test_full_size_exponent(algorithm, bits):
    import random

    rnd = seeded_random(bits)
    m = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
    b, e = rnd.getrandbits(bits + 10), rnd.getrandbits(bits)
    assert parmod.powmod(b, e, m, algorithm=algorithm) == ref_pow(b, e, m)
    assert parmod.powmod(b, e, -m, algorithm=algorithm) == ref_pow(b, e, -m)


@needs_gmpy2
@pytest.mark.parametrize("bits", [16384, 20000])
def test_20000_bit_everything_against_gmpy2(bits):
    import random

    rnd = seeded_random(bits)
    m = rnd.getrandbits(bits) | (1 << (bits - 1))
    b, e = -rnd.getrandbits(bits), rnd.getrandbits(bits)
    if bits == 20000:
        m |= 1  # odd: montgomery; 16384 stays even: barrett
    assert parmod.powmod(b, e, m, threads=2) == ref_pow(b, e, m)


def test_the_readme_example():
    assert parmod.powmod(3, 10**6, 2**4423 - 1) == pow(3, 10**6, 2**4423 - 1)


class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def test_index_and_bool_and_int_subclass():
    class MyInt(int):
        pass

    assert parmod.powmod(Idx(3), Idx(5), Idx(7)) == pow(3, 5, 7)
    assert parmod.powmod(True, 5, 7) == pow(True, 5, 7) == 1
    assert parmod.powmod(3, False, 7) == 1
    assert parmod.mulmod(MyInt(-5), True, MyInt(7)) == 2
    assert type(parmod.powmod(MyInt(3), 2, 7)) is int
    assert parmod.mulmod(Idx(-(2**200)), Idx(3**150), Idx(2**127 - 1)) == (-(2**200) * 3**150) % (2**127 - 1)


@needs_gmpy2
@settings(max_examples=60)
@given(pow_case(max_bits=4096), st.sampled_from([0, 1, 2, 3]))
def test_mpz_in_mpz_out(case, which):
    b, e, m = case
    args = [b, e, m]
    if which < 3:
        args[which] = gmpy2.mpz(args[which])
    try:
        expected = pow(b, e, m)
    except ValueError:
        with pytest.raises(ValueError):
            parmod.powmod(*args)
        return
    got = parmod.powmod(*args)
    assert got == expected
    assert type(got) is (gmpy2.mpz if which < 3 else int)
    if e >= 0:
        assert gmpy2.powmod(b, e, m) == got  # gmpy2 follows Python's sign rule too
    got = parmod.mulmod(*[gmpy2.mpz(x) for x in (b, e, m)])
    assert type(got) is gmpy2.mpz and got == (b * e) % m


@settings(max_examples=150)
@given(ints())
@example(0)
@example(-1)
@example(2**63)
@example(-(2**63))
@example(-(2**63) - 1)
@example(2**64 - 1)
@example(-(2**64))
@example(2**6400)
def test_conversion_roundtrip(x):
    r = parmod._core._roundtrip(x)
    assert type(r) is int and r == x
    assert parmod.mulmod(x, 1, 2**40000) == x % 2**40000


def test_conversion_digit_and_limb_boundaries():
    # Python's 30-bit digits against GMP's 64-bit limbs: every length from 1 to
    # 20 limbs, at the powers of two, all-ones values and runs of ones, both
    # signs; the result must be a normalized int (bit_length, hash and str of
    # the original), also for an int subclass.
    class Sub(int):
        pass

    rng = seeded_random(31)
    for b in range(1, 64 * 20 + 2):
        vals = [1 << b, (1 << b) - 1, (1 << b) + 1, rng.getrandbits(b) | (1 << (b - 1))]
        for v in vals:
            for x in (v, -v):
                r = parmod._core._roundtrip(x)
                assert type(r) is int and r == x
                assert r.bit_length() == x.bit_length() and hash(r) == hash(x)
        assert parmod._core._roundtrip(Sub(vals[0])) == vals[0]
    big = (1 << 4000) - (1 << 1000)
    assert str(parmod._core._roundtrip(-big)) == str(-big)


@pytest.mark.parametrize("x", EDGE_VALUES, ids=int_id)
def test_conversion_edges(x):
    for v in (x, -x, x - 1, -x + 1):
        assert parmod._core._roundtrip(v) == v

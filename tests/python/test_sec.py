"""powmod_sec / Modulus.pow_sec (GMP's mpz_powm_sec) against pow(b, e, m)."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parmod
from conftest import EDGE_MODULI, exp_budget, gmpy2, int_id, ints, moduli, needs_gmpy2, ref_pow, seeded_random


def odd(m):
    """m with its magnitude made odd, sign kept."""
    am = abs(m) | 1
    return am if m > 0 else -am


@st.composite
def sec_case(draw, max_bits=20000):
    m = odd(draw(moduli(max_bits)))
    b = draw(ints(max_bits=max(1, 2 * abs(m).bit_length() + 64)))
    # The constant-time code is up to ~3x slower than pow: a quarter of pow's budget.
    e = draw(ints(max_bits=max(64, exp_budget(m) // 4), negative=False))
    return b, e, m


@settings(max_examples=150)
@given(sec_case())
@example((5, 2**500 + 7, 2**521 - 1))
@example((0, 0, 1))
@example((2, 0, -1))
@example((-3, 0, 3))  # 1 % 3
@example((-5, 123, -(2**127 - 1)))
@example((2**64, 2**64 - 1, 2**64 + 1))
def test_powmod_sec_matches_pow(case):
    b, e, m = case
    got = parmod.powmod_sec(b, e, m)
    assert type(got) is int
    assert got == pow(b, e, m)


@settings(max_examples=80)
@given(sec_case(max_bits=8192), st.sampled_from(["auto", "montgomery", "barrett"]), st.sampled_from([None, 1, 2]))
def test_modulus_pow_sec_matches_pow(case, algorithm, threads):
    b, e, m = case
    M = parmod.Modulus(m, algorithm=algorithm, threads=threads)
    assert M.pow_sec(b, e) == pow(b, e, m)
    # In range(0, abs(m)), the documented constant-time input range.
    br = b % abs(m)
    assert M.pow_sec(br, e) == pow(br, e, m) == M.pow(br, e)


@pytest.mark.parametrize("m", [x for x in EDGE_MODULI if x % 2 == 1], ids=int_id)
def test_pow_sec_edge_moduli(m):
    # Above 5000 bits a call takes ~30-50 ms (the random cases cover those sizes): one case.
    big = m.bit_length() > 5000
    for mm in (m, -m):
        M = parmod.Modulus(mm)
        for b in (abs(mm) - 1,) if big else (0, 1, 2, abs(mm) - 1, abs(mm), -1, 3**200):
            for e in (2**64 + 13,) if big else (0, 1, 2, 3, 65537, 2**64 + 13):
                want = pow(b, e, mm)
                assert parmod.powmod_sec(b, e, mm) == want, (b, e, mm)
                assert M.pow_sec(b, e) == want, (b, e, mm)


@needs_gmpy2
def test_pow_sec_full_size_against_gmpy2():
    import random

    rnd = seeded_random(5)
    for bits in (1024, 2048, 4096):
        m = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
        b, e = rnd.getrandbits(bits) % m, rnd.getrandbits(bits)
        want = ref_pow(b, e, m)
        assert parmod.powmod_sec(b, e, m) == want
        assert int(gmpy2.powmod_sec(b, e, m)) == want
        assert parmod.Modulus(m).pow_sec(b, e) == want


@pytest.mark.parametrize("m", [2, 4, 10, -6, 2**64, 2**127 - 2])
def test_even_modulus_value_error(m):
    with pytest.raises(ValueError, match="powmod_sec\\(\\) needs an odd modulus 'm'"):
        parmod.powmod_sec(3, 5, m)
    with pytest.raises(ValueError, match="Modulus.pow_sec\\(\\) needs an odd modulus"):
        parmod.Modulus(m).pow_sec(3, 5)


@pytest.mark.parametrize("e", [-1, -2, -(2**100)])
def test_negative_exponent_value_error(e):
    with pytest.raises(ValueError, match="argument 'e' must be >= 0"):
        parmod.powmod_sec(3, e, 7)
    with pytest.raises(ValueError, match="argument 'e' must be >= 0"):
        parmod.Modulus(2**127 - 1).pow_sec(3, e)
    # Not a NotInvertibleError: the base 3 is invertible; e < 0 is refused outright.
    with pytest.raises(ValueError) as info:
        parmod.powmod_sec(3, e, 7)
    assert not isinstance(info.value, parmod.NotInvertibleError)


def test_zero_modulus():
    with pytest.raises(parmod.ZeroModulusError, match=r"argument 'm' \(the modulus\) cannot be 0"):
        parmod.powmod_sec(3, 5, 0)
    with pytest.raises(ValueError):  # as pow(3, 5, 0)
        parmod.powmod_sec(3, 5, 0)


@pytest.mark.parametrize("bad", [1.0, "3", None, [3]], ids=repr)
@pytest.mark.parametrize("pos", [0, 1, 2])
def test_type_errors(bad, pos):
    args = [3, 5, 7]
    args[pos] = bad
    with pytest.raises(TypeError, match=f"powmod_sec\\(\\) argument '{'bem'[pos]}' must be an integer"):
        parmod.powmod_sec(*args)
    if pos < 2:
        with pytest.raises(TypeError, match=f"argument '{'be'[pos]}' must be an integer"):
            parmod.Modulus(7).pow_sec(*args[:2])


@needs_gmpy2
def test_mpz_in_mpz_out():
    assert type(parmod.powmod_sec(gmpy2.mpz(3), 5, 7)) is gmpy2.mpz
    assert type(parmod.powmod_sec(3, 5, 7)) is int
    assert type(parmod.Modulus(gmpy2.mpz(7)).pow_sec(3, 5)) is gmpy2.mpz
    assert parmod.powmod_sec(gmpy2.mpz(3), gmpy2.mpz(5), gmpy2.mpz(7)) == 5


def test_keywords():
    assert parmod.powmod_sec(b=3, e=5, m=7) == 5
    assert parmod.Modulus(7).pow_sec(b=3, e=5) == 5

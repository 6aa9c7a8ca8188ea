"""parmod.Modulus against pow / * / %."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parmod
from conftest import EDGE_MODULI, exp_budget, gmpy2, int_id, ints, moduli, needs_gmpy2


def MONTGOMERY52(m):
    """Whether algorithm='montgomery52' takes m here (an AVX-512 IFMA CPU, odd m of at most 52778 bits)."""
    try:
        parmod.Modulus(m, algorithm="montgomery52")
        return True
    except ValueError as e:
        assert "AVX-512 IFMA" in str(e)
        return False


def MONTGOMERY28(m):
    """Whether algorithm='montgomery28' takes m here (an AVX2 CPU, odd m of up to 16574 bits)."""
    try:
        parmod.Modulus(m, algorithm="montgomery28")
        return True
    except ValueError as e:
        assert "AVX2" in str(e) or "16574 bits" in str(e)
        return False


@settings(max_examples=120)
@given(moduli(), st.sampled_from(["auto", "barrett", "montgomery", "bipartite", "multipartite", "montgomery52",
                                  "montgomery28"]),
       st.data())
def test_modulus_ops(m, algorithm, data):
    if algorithm in ("montgomery", "bipartite", "multipartite", "montgomery52", "montgomery28") and m % 2 == 0:
        algorithm = "barrett"
    if algorithm == "montgomery52" and not MONTGOMERY52(m):
        algorithm = "montgomery"
    if algorithm == "montgomery28" and not MONTGOMERY28(m):
        algorithm = "montgomery"
    M = parmod.Modulus(m, algorithm=algorithm)
    am = abs(m)
    assert M.value == m and type(M.value) is int
    assert M.bits == am.bit_length()
    assert M.limbs == (am.bit_length() + 63) // 64
    assert M.algorithm in ("montgomery", "barrett", "bipartite", "multipartite", "montgomery52", "montgomery28")
    if algorithm != "auto":
        assert M.algorithm == algorithm
    assert M.threads >= 1
    a = data.draw(ints(max_bits=2 * am.bit_length() + 10), label="a")
    b = data.draw(ints(max_bits=2 * am.bit_length() + 10), label="b")
    e = data.draw(ints(max_bits=exp_budget(m)), label="e")
    assert M.mul(a, b) == (a * b) % m
    assert M.sqr(a) == (a * a) % m
    try:
        expected = pow(a, e, m)
    except ValueError:
        with pytest.raises(parmod.NotInvertibleError):
            M.pow(a, e)
    else:
        assert M.pow(a, e) == expected
    # The internal representation: to_mont / mont_mul / from_mont.
    R = {"montgomery": 2 ** (64 * M.limbs), "barrett": 1,
         "montgomery52": 2 ** (52 * -(-(am.bit_length() + 2) // 52)),
         "montgomery28": 2 ** (28 * max(8, 4 * -(-(am.bit_length() + 2) // 112)))}.get(M.algorithm,
                                                                                   2 ** (64 * (M.limbs // 2)))
    x, y = M.to_mont(a), M.to_mont(b)
    assert x == (a * R) % am and 0 <= x < am
    z = M.mont_mul(x, y)
    assert z == (a * b * R) % am
    assert M.from_mont(z) == (a * b) % am
    assert M.from_mont(x) == a % am


@pytest.mark.parametrize("m", EDGE_MODULI, ids=int_id)
def test_modulus_edges(m):
    for mm in (m, -m):
        M = parmod.Modulus(mm)
        for a in (0, 1, -1, mm, mm - 1, 3**500):
            assert M.mul(a, a + 1) == (a * (a + 1)) % mm
            assert M.pow(a, 65537) == pow(a, 65537, mm)


def test_modulus_threads_and_repr():
    M = parmod.Modulus(2**255 - 19, threads=2)
    assert M.threads == 2
    r = repr(M)
    assert r.startswith("parmod.Modulus(") and "threads=2" in r and "algorithm=" in r
    assert "255-bit" in repr(parmod.Modulus(2**255 - 19)) or str(2**255 - 19) in repr(parmod.Modulus(2**255 - 19))
    assert repr(parmod.Modulus(-7)).startswith("parmod.Modulus(-7,")
    assert "-<4423-bit modulus>" in repr(parmod.Modulus(-(2**4423 - 1)))


@needs_gmpy2
def test_modulus_mpz():
    M = parmod.Modulus(gmpy2.mpz(2**127 - 1))
    assert type(M.value) is gmpy2.mpz
    assert type(M.pow(3, 5)) is gmpy2.mpz and M.pow(3, 5) == 243
    M = parmod.Modulus(2**127 - 1)
    assert type(M.pow(3, 5)) is int
    assert type(M.pow(gmpy2.mpz(3), 5)) is gmpy2.mpz

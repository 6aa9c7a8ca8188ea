"""Modulus.fixed_base / parmod.FixedBase against pow(g, e, m)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parmod
from conftest import EDGE_MODULI, exp_budget, gmpy2, int_id, ints, moduli, needs_gmpy2


def table_bits_budget(m):
    """max_exponent_bits for which building the table (~32 multiplications per exponent bit) stays cheap."""
    return max(8, exp_budget(m) // 32)


SPECIAL_MODULI = [2**255 - 19, -(2**127 - 1), 1, -1, 2, 2**64, 2**64 + 1, 2**1279 - 1]


@settings(max_examples=100)
@given(
    st.one_of(st.sampled_from(SPECIAL_MODULI), moduli(max_bits=20000)),
    st.sampled_from(["auto", "montgomery", "barrett"]),
    st.data(),
)
def test_fixed_base_matches_pow(m, algorithm, data):
    if algorithm == "montgomery" and m % 2 == 0:
        algorithm = "barrett"
    g = data.draw(ints(max_bits=2 * abs(m).bit_length() + 64), label="g")
    budget = table_bits_budget(m)
    choices = [st.integers(1, budget)]
    if abs(m).bit_length() <= budget:
        choices.append(st.none())
    mbits = data.draw(st.one_of(*choices), label="max_exponent_bits")

    def draw_e(bits):
        return data.draw(st.integers(0, 2**bits - 1), label="e")

    M = parmod.Modulus(m, algorithm=algorithm)
    G = M.fixed_base(g, mbits)
    want_bits = mbits if mbits is not None else abs(m).bit_length()
    assert G.max_exponent_bits >= want_bits
    assert 1 <= G.window <= 8
    top = G.max_exponent_bits
    exps = {0, 1, 2, 2**top - 1, 2**top, 2**top + 1, draw_e(top), draw_e(max(1, top // 2))}
    # Longer than the table (the fallback to Modulus.pow), within pow's budget.
    exps.add(draw_e(min(top + 64, max(top + 1, exp_budget(m)))))
    for e in sorted(exps):
        got = G.pow(e)
        assert type(got) is int
        assert got == pow(g, e, m), (e, top)
    # Negative exponents fall back to Modulus.pow, NotInvertibleError included.
    for e in (-1, -3):
        try:
            want = pow(g, e, m)
        except ValueError:
            with pytest.raises(parmod.NotInvertibleError, match="base is not invertible for the given modulus"):
                G.pow(e)
        else:
            assert G.pow(e) == want


@pytest.mark.parametrize("m", EDGE_MODULI[:40], ids=int_id)
def test_fixed_base_edge_moduli(m):
    for mm in (m, -m):
        M = parmod.Modulus(mm)
        for g in (0, 1, 2, -1, abs(mm) - 1, abs(mm) + 1, 3**200):
            G = M.fixed_base(g, 130)
            for e in (0, 1, 2, 3, 65537, 2**64 - 1, 2**64, 2**129 + 7, 2**140 + 1):
                assert G.pow(e) == pow(g, e, mm), (g, e, mm)


def test_default_max_exponent_bits_is_modulus_size():
    for m in (3, 2**61 - 1, 2**255 - 19, 2**1024 + 643):
        G = parmod.Modulus(m).fixed_base(5)
        assert G.max_exponent_bits >= m.bit_length()
        e = m - 2
        assert G.pow(e) == pow(5, e, m)


def test_repr_and_properties():
    G = parmod.Modulus(2**255 - 19).fixed_base(9, max_exponent_bits=256)
    assert G.max_exponent_bits >= 256 and isinstance(G.max_exponent_bits, int)
    assert isinstance(G.window, int)
    r = repr(G)
    assert r.startswith("<parmod.FixedBase") and "255-bit" in r and "window=" in r
    assert "negative" in repr(parmod.Modulus(-7).fixed_base(3))
    assert isinstance(G, parmod.FixedBase)
    with pytest.raises(AttributeError):
        G.window = 3


def test_not_constructible_directly():
    with pytest.raises(TypeError):
        parmod.FixedBase()


def test_table_outlives_modulus():
    G = parmod.Modulus(2**127 - 1).fixed_base(3)
    import gc

    gc.collect()
    assert G.pow(2**100 + 1) == pow(3, 2**100 + 1, 2**127 - 1)


@pytest.mark.parametrize("bits", [0, -1, -(2**70), 2**64, 2**40])
def test_max_exponent_bits_value_error(bits):
    with pytest.raises(ValueError, match="argument 'max_exponent_bits' must be a positive int"):
        parmod.Modulus(2**127 - 1).fixed_base(3, bits)


@pytest.mark.parametrize("bad", [1.5, "8", [8]], ids=repr)
def test_type_errors(bad):
    M = parmod.Modulus(101)
    with pytest.raises(TypeError, match="argument 'max_exponent_bits' must be an integer"):
        M.fixed_base(3, bad)
    with pytest.raises(TypeError, match="argument 'g' must be an integer"):
        M.fixed_base(bad)
    with pytest.raises(TypeError, match="argument 'e' must be an integer"):
        M.fixed_base(3).pow(bad)


def test_keywords():
    G = parmod.Modulus(101).fixed_base(g=3, max_exponent_bits=7)
    assert G.pow(e=100) == pow(3, 100, 101)


@needs_gmpy2
def test_mpz_in_mpz_out():
    assert type(parmod.Modulus(gmpy2.mpz(101)).fixed_base(3).pow(5)) is gmpy2.mpz
    assert type(parmod.Modulus(101).fixed_base(gmpy2.mpz(3)).pow(5)) is gmpy2.mpz
    assert type(parmod.Modulus(101).fixed_base(3).pow(gmpy2.mpz(5))) is gmpy2.mpz
    G = parmod.Modulus(101).fixed_base(3, gmpy2.mpz(16))  # an mpz bit count does not make results mpz
    assert type(G.pow(5)) is int and G.pow(5) == pow(3, 5, 101)

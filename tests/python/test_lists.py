"""powmod_base_list / powmod_exp_list against [pow(...) for ...]."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parmod
from conftest import exp_budget, gmpy2, ints, moduli, needs_gmpy2


@settings(max_examples=60)
@given(moduli(max_bits=4096), st.data())
def test_base_list(m, data):
    bases = data.draw(st.lists(ints(max_bits=5000), max_size=12), label="bases")
    e = data.draw(ints(max_bits=exp_budget(m), negative=False), label="e")
    assert parmod.powmod_base_list(bases, e, m) == [pow(b, e, m) for b in bases]
    assert parmod.powmod_base_list(iter(bases), e, m, threads=1, algorithm="barrett") == [pow(b, e, m) for b in bases]


@settings(max_examples=60)
@given(moduli(max_bits=4096), st.data())
def test_exp_list(m, data):
    b = data.draw(ints(max_bits=5000), label="b")
    exps = data.draw(st.lists(ints(max_bits=exp_budget(m)), max_size=12), label="exps")
    try:
        expected = [pow(b, e, m) for e in exps]
    except ValueError:
        with pytest.raises(parmod.NotInvertibleError):
            parmod.powmod_exp_list(b, exps, m)
        return
    assert parmod.powmod_exp_list(b, tuple(exps), m) == expected


def test_empty_and_types():
    assert parmod.powmod_base_list([], 5, 7) == []
    assert parmod.powmod_exp_list(3, (), 7) == []
    assert parmod.powmod_base_list(range(10), 3, 11) == [pow(b, 3, 11) for b in range(10)]
    assert parmod.powmod_exp_list(3, range(-3, 5), -11) == [pow(3, e, -11) for e in range(-3, 5)]


@needs_gmpy2
def test_lists_mpz():
    r = parmod.powmod_base_list([gmpy2.mpz(2), 3], 5, 7)
    assert r == [4, 5] and all(type(x) is gmpy2.mpz for x in r)
    r = parmod.powmod_exp_list(2, [5, 6], 7)
    assert all(type(x) is int for x in r)

"""multi_powmod against a product of pow, and the multipartite counts."""
import math

import pytest
from hypothesis import given, settings, strategies as st

import parmod


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=2**1500).map(lambda m: m if m % 7 else m + 1),
    st.lists(st.tuples(st.integers(min_value=-(2**600), max_value=2**600), st.integers(min_value=0, max_value=2**700)),
             max_size=12),
)
def test_multi_powmod_matches_pow(m, pairs):
    bases = [b for b, _ in pairs]
    exps = [e for _, e in pairs]
    want = 1 % m
    for b, e in pairs:
        want = want * pow(b, e, m) % m
    assert parmod.multi_powmod(bases, exps, m) == want


def test_multi_powmod_edges():
    assert parmod.multi_powmod([2, 3], [10, 5], 1000003) == 248832
    assert parmod.multi_powmod([], [], 7) == 1
    assert parmod.multi_powmod([0], [0], 7) == 1
    assert parmod.multi_powmod([3], [-1], 7) == pow(3, -1, 7)
    with pytest.raises(ValueError):
        parmod.multi_powmod([2, 3], [1], 7)
    with pytest.raises(ValueError):
        parmod.multi_powmod([2], [1], 0)
    with pytest.raises(ValueError):
        parmod.multi_powmod([7], [-1], 14)
    with pytest.raises(TypeError):
        parmod.multi_powmod([2.0], [1], 7)


def test_multipartite_counts():
    c = parmod.multipartite_counts(5)
    assert c["pmr_calls"] == 6 and c["pbr_calls"] == 6 and c["first_pbr_weight"] == 6
    for k in list(range(2, 30)) + [26755, 26756, 32768]:
        c = parmod.multipartite_counts(k)
        h = math.ceil(k / 2)
        assert c["pmr_calls"] == h * (h + 1) // 2
        assert c["unreduced_products"] == k * k - 2 * c["pmr_calls"]
        assert c["grouped_pmr_calls"] == h == c["grouped_pbr_calls"]
    for bad in (0, 1, 32769, 2**40, -(2**70)):
        with pytest.raises(ValueError):
            parmod.multipartite_counts(bad)
    with pytest.raises(TypeError):
        parmod.multipartite_counts(2.0)

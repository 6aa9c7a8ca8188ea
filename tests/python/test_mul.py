"""parmod.mul against Python's * on generated integers of many sizes and signs."""
import pytest
from hypothesis import given, settings, strategies as st

import parmod

ints = st.integers(min_value=-(2**20000), max_value=2**20000)


@settings(max_examples=150, deadline=None)
@given(a=ints, b=ints, threads=st.sampled_from([None, 1, 2, 3]))
def test_mul_matches_python(a, b, threads):
    assert parmod.mul(a, b, threads=threads) == a * b


@pytest.mark.parametrize("bits", [1, 64, 65, 1024, 8192, 65536, 262144])
def test_mul_large_and_all_ones(bits):
    ones = (1 << bits) - 1
    assert parmod.mul(ones, ones) == ones * ones
    assert parmod.mul(-ones, ones >> 7, threads=2) == -ones * (ones >> 7)
    assert parmod.mul(0, ones) == 0


def test_mul_errors():
    with pytest.raises(TypeError, match="'a'"):
        parmod.mul(1.5, 2)
    with pytest.raises(TypeError, match="'b'"):
        parmod.mul(2, "3")
    with pytest.raises(ValueError):
        parmod.mul(2, 3, threads=0)
    assert parmod.mul(True, 5) == 5

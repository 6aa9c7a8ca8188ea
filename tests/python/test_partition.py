"""partition_points(n_bits, phi): Lara et al.'s balanced exponent split."""

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parmod

PAPER_POINTS = [652.42623896, 889.294363933, 975.291071726, 1006.5128064, 1017.84808587, 1021.96344211,
                1023.45755234, 1024.0]


def test_paper_example():
    k, points = parmod.partition_points(1024, 1.14)
    assert k == 8
    assert type(k) is int and type(points) is list and all(type(p) is float for p in points)
    assert len(points) == 8
    for got, want in zip(points, PAPER_POINTS):
        assert abs(got - want) < 1e-6, (got, want)
    assert points[-1] == 1024.0
    assert parmod.partition_points(1024.0, 1.14) == (k, points)


def reference(n, phi):
    """Eqs. (7), (11), (13), (17), (18) of the paper, in Python."""
    lam = phi / (2 + phi)
    gamma = math.log(1 / (1 + 2 * n * (1 - lam))) / math.log(lam)
    k = max(1, int(math.floor(gamma + 0.5 + 0.5)))  # C's round(gamma + 1/2), gamma + 1/2 > 0
    alpha = n / (1 - lam**k)
    points = [alpha * (1 - lam**i) for i in range(1, k + 1)]
    points[-1] = n
    return k, points


@settings(max_examples=300)
@given(
    st.one_of(st.integers(1, 10**6), st.floats(1, 1e7)),
    st.one_of(st.floats(0.01, 50), st.sampled_from([1, 2, 1.14, 0.5, 0.25])),
)
@example(1024, 1.14)
@example(1, 1)
@example(2048, 1.0)
@example(20000, 0.8)
def test_points_balanced(n, phi):
    k, points = parmod.partition_points(n, phi)
    assert k >= 1 and len(points) == k
    assert points[-1] == n
    assert all(a < b for a, b in zip(points, points[1:]))
    assert points[0] > 0
    # Factor i costs p_i squarings and (p_i - p_(i-1)) phi / 2 multiplications
    # (in squarings): equal for every i, so all factors finish together.
    costs = [p + (p - q) * phi / 2 for p, q in zip(points, [0.0] + points[:-1])]
    assert max(costs) - min(costs) <= 1e-9 * max(costs)
    rk, rpoints = reference(n, phi)
    if abs(rk - k) == 0:
        for a, b in zip(points, rpoints):
            assert math.isclose(a, b, rel_tol=1e-9)
    else:  # gamma + 1/2 on a rounding boundary: the two may differ by one
        assert abs(rk - k) == 1


@pytest.mark.parametrize("n_bits", [0, 0.999, -1, -1024])
def test_n_bits_value_error(n_bits):
    with pytest.raises(ValueError, match="argument 'n_bits' must be >= 1"):
        parmod.partition_points(n_bits, 1.14)


@pytest.mark.parametrize("phi", [0, 0.0, -0.0, -1.14])
def test_phi_value_error(phi):
    with pytest.raises(ValueError, match="argument 'phi' must be > 0"):
        parmod.partition_points(1024, phi)


@pytest.mark.parametrize("n_bits,phi", [(math.inf, 1), (math.nan, 1), (1024, math.inf), (1024, math.nan), (-math.inf, 1)])
def test_not_finite(n_bits, phi):
    with pytest.raises(ValueError, match="must be finite"):
        parmod.partition_points(n_bits, phi)


@pytest.mark.parametrize("n_bits,phi", [(2**2000, 1), (1024, 2**2000), (1024, -(2**2000))])
def test_ints_too_large_for_a_float(n_bits, phi):
    with pytest.raises(ValueError, match="out of range"):
        parmod.partition_points(n_bits, phi)


@pytest.mark.parametrize("n_bits,phi", [(1024, 1e300), (1e308, 1.14), (1e12, 1e6)])
def test_too_many_points(n_bits, phi):
    # A phi so large that phi / (2 + phi) rounds to 1, or k ~ 2 n_bits past 2**20.
    with pytest.raises(ValueError, match="2\\*\\*20 partition points"):
        parmod.partition_points(n_bits, phi)


def test_extremes_that_work():
    assert parmod.partition_points(1, 1) [1][-1] == 1.0
    k, points = parmod.partition_points(1024, 1e-300)  # multiplications free: one factor
    assert k == 1 and points == [1024.0]
    k, points = parmod.partition_points(1024, 1e12)  # squarings free: k ~ 2 n_bits
    assert k >= 1024 and points[-1] == 1024.0


@pytest.mark.parametrize("bad", ["1024", None, [1024], 1j], ids=repr)
def test_type_errors(bad):
    with pytest.raises(TypeError, match="argument 'n_bits' must be a real number"):
        parmod.partition_points(bad, 1.14)
    with pytest.raises(TypeError, match="argument 'phi' must be a real number"):
        parmod.partition_points(1024, bad)


def test_other_real_types():
    from decimal import Decimal
    from fractions import Fraction

    want = parmod.partition_points(1024, 1.14)
    assert parmod.partition_points(Decimal(1024), Decimal("1.14")) == want
    assert parmod.partition_points(Fraction(2048, 2), Fraction(114, 100)) == want
    assert parmod.partition_points(n_bits=1024, phi=1.14) == want

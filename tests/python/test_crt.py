"""powmod_crt(b, e, factors) against pow(b, e, prod(factors))."""

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import parmod
from conftest import exp_budget, gmpy2, ints, is_probable_prime, needs_gmpy2, ref_pow, seeded_random

SMALL_PRIMES = [p for p in range(2, 200) if all(p % q for q in range(2, int(p**0.5) + 1))]
MERSENNE_PRIMES = [2**k - 1 for k in (31, 61, 89, 107, 127, 521, 607, 1279)]


def next_prime(n):
    """The smallest prime > n."""
    if gmpy2 is not None:
        return int(gmpy2.next_prime(n))
    n += 1
    while not is_probable_prime(n):
        n += 1
    return n


@st.composite
def coprime_factors(draw, max_total_bits=6000):
    """Pairwise coprime factors >= 2: products of powers of distinct primes, in any grouping."""
    primes = set()
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["small", "small", "mersenne", "random"]))
        if kind == "small":
            primes.add(draw(st.sampled_from(SMALL_PRIMES)))
        elif kind == "mersenne":
            primes.add(draw(st.sampled_from(MERSENNE_PRIMES)))
        else:
            bits = draw(st.integers(2, 1200 if gmpy2 is not None else 256))
            rnd = draw(st.randoms(use_true_random=False))
            primes.add(next_prime(rnd.getrandbits(bits)))
    powers = []
    for p in sorted(primes):
        k = draw(st.integers(1, 3)) if p.bit_length() <= 700 else draw(st.integers(1, 2))
        powers.append(p**k)
    # Keep the product at most max_total_bits (pow's cost), dropping the biggest powers.
    powers.sort()
    while len(powers) > 1 and sum(q.bit_length() for q in powers) > max_total_bits:
        powers.pop()
    powers = draw(st.permutations(powers))
    n_groups = draw(st.integers(1, len(powers)))
    groups = [1] * n_groups
    for i, q in enumerate(powers):
        # Every group gets one power first, the rest go anywhere: products of coprime powers.
        g = i if i < n_groups else draw(st.integers(0, n_groups - 1))
        groups[g] *= q
    return groups


@st.composite
def crt_case(draw):
    factors = draw(coprime_factors())
    n = math.prod(factors)
    b = draw(ints(max_bits=2 * n.bit_length() + 64))
    e = draw(ints(max_bits=exp_budget(n)))
    return b, e, factors


P127, P89, P521, P607 = 2**127 - 1, 2**89 - 1, 2**521 - 1, 2**607 - 1


@settings(max_examples=200)
@given(crt_case())
@example((3, 65537, [P127, P89]))
@example((P127 * 5, 2**200 + 3, [P127, P89]))  # b = 0 mod one prime factor, e > f - 1
@example((7, -(2**130 + 1), [P127, P89]))
@example((P89, -1, [P127, P89]))  # not invertible modulo one factor
@example((0, 0, [P127, P89]))
@example((-(3**400), 2**700, [2, 3, 5, 7]))
@example((12345, P521 * P607, [P521**2, P607**2]))  # Paillier: e = n, factors p^2, q^2
@example((5, 10**30, [2**64]))  # one factor: plain pow
def test_powmod_crt_matches_pow(case):
    b, e, factors = case
    n = math.prod(factors)
    try:
        want = ref_pow(b, e, n)
    except (ValueError, ZeroDivisionError):  # pow / gmpy2.invert: no inverse
        with pytest.raises(parmod.NotInvertibleError, match="base is not invertible for the given modulus"):
            parmod.powmod_crt(b, e, factors)
        return
    got = parmod.powmod_crt(b, e, factors)
    assert type(got) is int
    assert got == want
    assert 0 <= got < n
    assert parmod.powmod_crt(b, e, tuple(factors)) == want
    assert parmod.powmod_crt(b, e, iter(reversed(factors))) == want


def test_rsa_decryption():
    rnd = seeded_random(2048)
    p, q = next_prime(rnd.getrandbits(1024) | 1 << 1023), next_prime(rnd.getrandbits(1024) | 1 << 1023)
    n, e = p * q, 65537
    d = pow(e, -1, (p - 1) * (q - 1))
    msg = rnd.getrandbits(2000)
    c = pow(msg, e, n)
    assert parmod.powmod_crt(c, d, [p, q]) == msg == ref_pow(c, d, n)
    assert parmod.powmod_crt(msg, -d, [q, p]) == pow(msg, -d, n)


def test_empty_factors():
    for empty in ([], (), iter([])):
        with pytest.raises(ValueError, match="argument 'factors' must not be empty"):
            parmod.powmod_crt(3, 5, empty)


@pytest.mark.parametrize("factors,bad", [([1], 0), ([7, 0], 1), ([5, -7], 1), ([-1], 0), ([3, 5, 1], 2)])
def test_factor_below_two(factors, bad):
    with pytest.raises(ValueError, match=rf"argument 'factors\[{bad}\]' must be >= 2"):
        parmod.powmod_crt(3, 5, factors)


@pytest.mark.parametrize("factors", [[6, 10], [7, 7], [2, 3, 5, 9], [P127, P89, P127 * 3], [2**64, 2**65 + 2]])
def test_not_coprime(factors):
    with pytest.raises(ValueError, match="coprime") as info:
        parmod.powmod_crt(3, 5, factors)
    assert not isinstance(info.value, parmod.NotInvertibleError)


@pytest.mark.parametrize("b,e,factors", [(2, -1, [4, 9]), (0, -1, [7]), (3, -5, [7, 9]), (P89 * 2, -3, [P89, 5])])
def test_not_invertible(b, e, factors):
    with pytest.raises(ValueError, match="base is not invertible"):
        pow(b, e, math.prod(factors))
    with pytest.raises(parmod.NotInvertibleError, match="base is not invertible for the given modulus"):
        parmod.powmod_crt(b, e, factors)


def test_type_errors():
    with pytest.raises(TypeError, match=r"powmod_crt\(\) argument 'factors\[1\]' must be an integer, not float"):
        parmod.powmod_crt(3, 5, [7, 11.0])
    with pytest.raises(TypeError, match="argument 'factors' must be an iterable of integers"):
        parmod.powmod_crt(3, 5, 77)
    with pytest.raises(TypeError, match="argument 'b' must be an integer"):
        parmod.powmod_crt(3.0, 5, [7, 11])
    with pytest.raises(TypeError, match="argument 'e' must be an integer"):
        parmod.powmod_crt(3, "5", [7, 11])


def test_keywords():
    assert parmod.powmod_crt(b=3, e=5, factors=[7, 11]) == pow(3, 5, 77)


@needs_gmpy2
def test_mpz_in_mpz_out():
    assert type(parmod.powmod_crt(3, 5, [gmpy2.mpz(7), 11])) is gmpy2.mpz
    assert type(parmod.powmod_crt(gmpy2.mpz(3), 5, [7, 11])) is gmpy2.mpz
    assert type(parmod.powmod_crt(3, 5, [7, 11])) is int

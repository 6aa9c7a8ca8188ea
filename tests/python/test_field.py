"""parmod.Field / parmod.FieldElement against Python int arithmetic mod p.

Fields: the public primes of P-256, secp256k1, BN254 and BLS12-381 (derived
here from their specifications' formulas and checked against the published
hex), and for every limb count N = 2..8 three primes: a random full-size one
(the strict representation, p >= 2**(64N)/4), a random one three bits
shorter (the lazy representation) and the first prime above 2**(64(N-1)).
"""

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parmod
from conftest import is_probable_prime, seeded_random

try:
    import gmpy2
except ImportError:  # pragma: no cover
    gmpy2 = None


# ---------------------------------------------------------------------------
# Primes
# ---------------------------------------------------------------------------

def next_prime(n):
    n |= 1
    while not is_probable_prime(n):
        n += 2
    return n


def random_prime(rnd, bits):
    while True:
        n = rnd.getrandbits(bits) | (1 << (bits - 1)) | 1
        if is_probable_prime(n):
            return n


def _bn254():
    u = 4965661367192848881
    return 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1


def _bls12_381():
    u = -0xD201000000010000
    return (u - 1) ** 2 * (u**4 - u**2 + 1) // 3 + u


NAMED = {
    "P-256": 2**256 - 2**224 + 2**192 + 2**96 - 1,
    "secp256k1": 2**256 - 2**32 - 977,
    "BN254": _bn254(),
    "BLS12-381": _bls12_381(),
}


def test_named_primes_match_their_specifications():
    assert NAMED["P-256"] == 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
    assert NAMED["secp256k1"] == 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
    assert NAMED["BN254"] == 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
    assert NAMED["BLS12-381"] == int(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16
    )
    assert all(is_probable_prime(p) for p in NAMED.values())


def _fields():
    rnd = seeded_random(8)
    out = [(name, p) for name, p in NAMED.items()]
    for n in range(2, 9):
        out.append((f"N{n}-full", random_prime(rnd, 64 * n)))
        out.append((f"N{n}-lazy", random_prime(rnd, 64 * n - 3)))
        out.append((f"N{n}-low", next_prime(2 ** (64 * (n - 1)) + 1)))
    return out


FIELDS = _fields()
PRIMES = [p for _, p in FIELDS]
IDS = [name for name, _ in FIELDS]
_CACHE = {}


def field(p):
    if p not in _CACHE:
        _CACHE[p] = parmod.Field(p)
    return _CACHE[p]


def test_the_test_primes_cover_every_limb_count_and_both_residues_mod_4():
    assert {(p.bit_length() + 63) // 64 for p in PRIMES} == set(range(2, 9))
    assert {p % 4 for p in PRIMES} == {1, 3}


@pytest.mark.parametrize("p", PRIMES, ids=IDS)
def test_field_properties(p):
    F = field(p)
    assert F.p == p and type(F.p) is int
    assert F.bits == p.bit_length()
    assert F.limbs == (p.bit_length() + 63) // 64
    assert F.byte_length == (p.bit_length() + 7) // 8
    assert F == parmod.Field(p) and hash(F) == hash(parmod.Field(p))
    assert F != field(PRIMES[0] if p != PRIMES[0] else PRIMES[1])
    assert repr(F) == f"parmod.Field({hex(p)})"
    assert eval(repr(F), {"parmod": parmod}) == F


# ---------------------------------------------------------------------------
# Differential tests against int arithmetic mod p
# ---------------------------------------------------------------------------


def edge(p):
    return [0, 1, 2, p - 1, p - 2, p, p + 1, 2 * p - 1, 2 * p, -1, -p, -p - 1, 2**512 - 1, (p + 1) // 2]


@st.composite
def operand(draw, p):
    kind = draw(st.sampled_from(["reduced", "reduced", "any", "edge"]))
    if kind == "reduced":
        return draw(st.integers(0, p - 1))
    if kind == "any":
        return draw(st.integers(-(2**600), 2**600))
    return draw(st.sampled_from(edge(p)))


def check_element(x, v, p):
    assert type(x) is parmod.FieldElement
    assert int(x) == v % p
    assert x == v and x == v % p and x == v % p + p


@pytest.mark.parametrize("p", PRIMES, ids=IDS)
@settings(max_examples=25)
@given(data=st.data())
def test_operations_match_ints(p, data):
    F = field(p)
    a, b = data.draw(operand(p)), data.draw(operand(p))
    e = data.draw(st.one_of(st.integers(-5, 5), st.integers(-(2**600), 2**600)))
    x, y = F(a), F(b)
    ar, br = a % p, b % p
    check_element(x, a, p)
    assert F.element(a) == x
    check_element(x + y, a + b, p)
    check_element(x - y, a - b, p)
    check_element(x * y, a * b, p)
    check_element(-x, -a, p)
    check_element(+x, a, p)
    # mixing with ints on either side
    check_element(x + b, a + b, p)
    check_element(b + x, a + b, p)
    check_element(x - b, a - b, p)
    check_element(b - x, b - a, p)
    check_element(x * b, a * b, p)
    check_element(b * x, a * b, p)
    # powers, inverse, division
    if ar == 0 and e < 0:
        with pytest.raises(parmod.NotInvertibleError):
            x**e
    else:
        check_element(x**e, pow(a, e, p), p)
    if ar:
        inv = pow(a, -1, p)
        check_element(x.inverse(), inv, p)
        check_element(y / x, b * inv, p)
        check_element(b / x, b * inv, p)
        assert x * x.inverse() == 1
    else:
        with pytest.raises(parmod.NotInvertibleError):
            x.inverse()
        with pytest.raises(ZeroDivisionError):
            y / x
    if br:
        check_element(x / b, a * pow(b, -1, p), p)
    # comparison, hash, bool, conversions
    assert (x == y) == (ar == br)
    assert (x != y) == (ar != br)
    assert hash(x) == hash(ar)
    assert bool(x) == (ar != 0)
    assert str(x) == str(ar)
    assert eval(repr(x), {"parmod": parmod}) == x
    raw = x.to_bytes()
    assert raw == ar.to_bytes(F.byte_length, "big")
    assert F.from_bytes(raw) == x
    assert F.from_bytes(bytearray(raw)) == x and F.from_bytes(memoryview(raw)) == x
    assert x.field is F


@pytest.mark.parametrize("p", PRIMES, ids=IDS)
@settings(max_examples=15)
@given(a=st.integers(-(2**520), 2**520))
def test_sqrt(p, a):
    F = field(p)
    x = F(a)
    if p % 4 != 3:
        with pytest.raises(ValueError, match="3 mod 4"):
            x.sqrt()
        return
    square = pow(a, (p - 1) // 2, p) in (0, 1)  # Euler's criterion
    r = x.sqrt()
    if square:
        assert r is not None and r * r == x and int(r) == pow(a, (p + 1) // 4, p)
    else:
        assert r is None
    s = (x * x).sqrt()
    assert s is not None and s in (x, -x)


@pytest.mark.parametrize("p", PRIMES, ids=IDS)
def test_edge_values(p):
    F = field(p)
    for v in edge(p):
        check_element(F(v), v, p)
    zero, one, minus_one = F(0), F(1), F(p - 1)
    assert F(p) == zero and F(-1) == minus_one and F(2 * p + 1) == one
    assert not zero and one and minus_one
    assert minus_one * minus_one == one and minus_one + one == zero and -zero == zero
    assert zero**0 == 1 and zero**5 == 0 and one**-7 == 1
    assert minus_one.inverse() == minus_one and minus_one**-1 == -1
    assert F(2) ** (p - 1) == 1 and F(3) ** (p - 2) * 3 == 1  # Fermat
    assert F(5) ** (10**200) == pow(5, 10**200, p)
    assert zero.to_bytes() == bytes(F.byte_length)
    assert minus_one.to_bytes() == (p - 1).to_bytes(F.byte_length, "big")
    assert F.from_bytes((p - 1).to_bytes(F.byte_length, "big")) == -1
    with pytest.raises(ValueError, match="not below p"):
        F.from_bytes(p.to_bytes(F.byte_length, "big"))
    with pytest.raises(ValueError, match="exactly"):
        F.from_bytes(bytes(F.byte_length + 1))
    with pytest.raises(ValueError, match="exactly"):
        F.from_bytes(b"\x01")
    if p % 4 == 3:
        assert zero.sqrt() == 0 and one.sqrt() in (1, -1)
        assert minus_one.sqrt() is None  # -1 is not a square when p = 3 mod 4


@pytest.mark.parametrize("p", [NAMED["P-256"], NAMED["BN254"], PRIMES[-1], PRIMES[4]], ids=str)
def test_long_random_chain(p):
    """A few thousand mixed operations, checked step by step against ints."""
    F = field(p)
    rnd = seeded_random(p)
    xs = [F(v) for v in (3, p - 1, 2**200 + 7)]
    vs = [3, p - 1, (2**200 + 7) % p]
    for _ in range(2000):
        i, j = rnd.randrange(len(xs)), rnd.randrange(len(xs))
        op = rnd.randrange(7)
        if op == 0:
            x, v = xs[i] + xs[j], vs[i] + vs[j]
        elif op == 1:
            x, v = xs[i] - xs[j], vs[i] - vs[j]
        elif op == 2:
            x, v = xs[i] * xs[j], vs[i] * vs[j]
        elif op == 3:
            x, v = -xs[i], -vs[i]
        elif op == 4:
            k = rnd.randrange(-(2**70), 2**70)
            x, v = k * xs[i] + k, k * vs[i] + k
        elif op == 5:
            x, v = xs[i] * xs[i], vs[i] * vs[i]
        else:
            if vs[i] == 0:
                continue
            x, v = xs[j] / xs[i], vs[j] * pow(vs[i], -1, p)
        v %= p
        assert int(x) == v
        xs.append(x)
        vs.append(v)
        if len(xs) > 12:
            del xs[0], vs[0]


def test_pickle_and_copy():
    import copy
    import pickle

    F = field(NAMED["BLS12-381"])
    x = F(-12345)
    for y in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
        assert type(y) is parmod.FieldElement and y == x and y.field == F
    assert pickle.loads(pickle.dumps(F)) == F


def test_elements_of_equal_fields_mix():
    p = NAMED["secp256k1"]
    F, G = parmod.Field(p), parmod.Field(p)
    assert F(3) + G(4) == 7 and F(3) == G(3) and G(F(5)) == 5 and hash(F(3)) == hash(G(3))
    assert (F(3) * G(4)).field is F


@pytest.mark.skipif(gmpy2 is None, reason="gmpy2 not installed")
def test_gmpy2_integers():
    p = NAMED["P-256"]
    F = parmod.Field(gmpy2.mpz(p))
    assert F.p == p and type(F.p) is int
    x = F(gmpy2.mpz(-5))
    assert int(x) == p - 5 and type(int(x)) is int
    assert x + gmpy2.mpz(5) == 0 and x * gmpy2.mpz(2) == -10
    assert x ** gmpy2.mpz(3) == -125


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        2**64 - 59,  # prime, but one limb
        3,
        0,
        1,
        -NAMED["P-256"],
        2**127 - 2,  # even
        2**65,  # even, 66 bits
        2**521 - 1,  # prime, 521 bits
        2**512 + 75,  # 513 bits
        (2**127 - 1) * (2**61 - 1),  # composite
        NAMED["P-256"] * 3,
        2**512 - 1,  # composite, 512 bits
    ],
    ids=str,
)
def test_field_rejects_bad_moduli(bad):
    with pytest.raises(ValueError, match="Field"):
        parmod.Field(bad)


def test_field_negative_modulus_message():
    p = NAMED["P-256"]
    with pytest.raises(ValueError, match="not a 256-bit negative integer"):
        parmod.Field(-p)


@pytest.mark.parametrize("bad", [1.5, "7", None, b"\x07", [7]], ids=repr)
def test_field_rejects_non_integers(bad):
    with pytest.raises(TypeError, match="'p'"):
        parmod.Field(bad)


def test_field_accepts_the_extreme_sizes():
    lo = next_prime(2**64)
    hi = 2**512 - 569  # the largest 512-bit prime
    assert is_probable_prime(hi)
    assert parmod.Field(lo).limbs == 2 and parmod.Field(hi).limbs == 8
    assert int(parmod.Field(hi)(-1)) == hi - 1


def test_element_errors():
    F, G = field(NAMED["P-256"]), field(NAMED["secp256k1"])
    x, y = F(3), G(3)
    for op in ("+", "-", "*", "/"):
        with pytest.raises(TypeError, match="different fields"):
            eval(f"x {op} y")
    with pytest.raises(TypeError, match="different fields"):
        F(y)
    with pytest.raises(TypeError, match="different fields"):
        F.element(y)
    assert x != y and not (x == y)
    for other in (1.5, "3", None, [3], 3j):
        for op in ("+", "-", "*", "/", "**"):
            with pytest.raises(TypeError):
                eval(f"x {op} other")
            with pytest.raises(TypeError):
                eval(f"other {op} x")
        assert x != other
    with pytest.raises(TypeError):
        x < x
    with pytest.raises(TypeError):
        x ** F(2)
    with pytest.raises(TypeError):
        2**x
    with pytest.raises(TypeError, match="3rd argument"):
        pow(x, 2, 5)
    with pytest.raises(TypeError):
        F(1.0)
    with pytest.raises(TypeError):
        F("3")
    with pytest.raises(TypeError):
        parmod.FieldElement()
    with pytest.raises(TypeError, match="bytes-like"):
        F.from_bytes("00" * 32)
    with pytest.raises(parmod.NotInvertibleError):
        F(0).inverse()
    with pytest.raises(ValueError, match="not invertible"):  # a ValueError with pow's message
        F(NAMED["P-256"]) ** -1
    with pytest.raises(ValueError, match="not invertible"):
        pow(0, -1, NAMED["P-256"])
    with pytest.raises(ZeroDivisionError):
        x / 0
    with pytest.raises(ZeroDivisionError):
        1 / F(0)
    with pytest.raises(ValueError, match="3 mod 4"):
        field(next(q for q in PRIMES if q % 4 == 1))(4).sqrt()
    with pytest.raises(TypeError):
        int(x) < x
    assert {x: 1}[F(3 + NAMED["P-256"])] == 1  # hashable, by value


def test_unbound_methods_check_self():
    F = field(NAMED["P-256"])
    calls = [
        lambda: parmod.FieldElement.inverse(5),
        lambda: parmod.FieldElement.__add__(5, 3),
        lambda: parmod.FieldElement.__pow__(3, 2),
        lambda: parmod.FieldElement.__pos__(F),
        lambda: parmod.Field.__call__(5, 3),
        lambda: parmod.Field.element(F(1), 3),
        lambda: parmod.Field.from_bytes(5, b"1"),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


# ---------------------------------------------------------------------------
# Threads: pow, inverse and sqrt release the GIL
# ---------------------------------------------------------------------------


def test_threads_share_fields_and_elements():
    fields = [field(NAMED["BLS12-381"]), field(NAMED["P-256"]), field(PRIMES[-3])]
    bases = [F(7**100) for F in fields]
    errors = []
    barrier = threading.Barrier(8)

    def worker(seed):
        rnd = seeded_random(seed)
        try:
            barrier.wait()
            for _ in range(150):
                k = rnd.randrange(len(fields))
                F, g, p = fields[k], bases[k], fields[k].p
                e = rnd.randrange(-(2**300), 2**300)
                a = rnd.randrange(1, p)
                x = F(a)
                if int(g**e) != pow(7**100, e, p):
                    errors.append((seed, "pow"))
                if int(x.inverse()) != pow(a, -1, p):
                    errors.append((seed, "inverse"))
                r = (x * x).sqrt() if p % 4 == 3 else x
                if r is None or r * r != a * a:
                    errors.append((seed, "sqrt"))
                if int(g * x - a) != (7**100 * a - a) % p:
                    errors.append((seed, "mul"))
        except Exception as ex:  # pragma: no cover - reported below
            errors.append((seed, repr(ex)))

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []

"""Type stubs of parmod._core (re-exported by the parmod package).

Integer arguments accept int (and bool), gmpy2.mpz or any object with
__index__.  Results are int, or gmpy2.mpz when an integer argument (for
Modulus methods: also the modulus) was a gmpy2.mpz; the stubs say int.
"""

from typing import Iterable, Optional, SupportsIndex, Union

_Int = Union[int, SupportsIndex]
_Algorithm = str  # "auto" or a name from algorithms()

__version__: str

class ZeroModulusError(ValueError, ZeroDivisionError):
    """The modulus is 0 (a ValueError like pow's, a ZeroDivisionError like %'s)."""

class NotInvertibleError(ValueError):
    """A negative exponent with a base that has no inverse modulo m."""

def powmod(
    b: _Int, e: _Int, m: _Int, *, threads: Optional[int] = None, algorithm: _Algorithm = "auto"
) -> int:
    """pow(b, e, m), computed by parmod with the GIL released."""

def mul(a: _Int, b: _Int, *, threads: Optional[int] = None) -> int:
    """a * b, the integer product, split over the thread team where that pays."""
    ...

def multi_powmod(bases: Iterable[_Int], exps: Iterable[_Int], m: _Int) -> int:
    """prod(pow(b, e, m) for b, e in zip(bases, exps)) % m, by Lim-Lee multi-exponentiation."""
    ...

def multipartite_counts(k: int) -> dict[str, int]:
    """The reduction counts of the multipartite multiplication with k chunks (Lemmas 1-3)."""
    ...

def mulmod(
    a: _Int, b: _Int, m: _Int, *, threads: Optional[int] = None, algorithm: _Algorithm = "auto"
) -> int:
    """(a * b) % m, computed by parmod with the GIL released."""

def powmod_base_list(
    bases: Iterable[_Int],
    e: _Int,
    m: _Int,
    *,
    threads: Optional[int] = None,
    algorithm: _Algorithm = "auto",
) -> list[int]:
    """[pow(b, e, m) for b in bases], with one GIL release for the whole list."""

def powmod_exp_list(
    b: _Int,
    exps: Iterable[_Int],
    m: _Int,
    *,
    threads: Optional[int] = None,
    algorithm: _Algorithm = "auto",
) -> list[int]:
    """[pow(b, e, m) for e in exps], with one GIL release for the whole list."""

def powmod_sec(b: _Int, e: _Int, m: _Int) -> int:
    """pow(b, e, m) with constant-time limb code (odd m, e >= 0), as GMP's mpz_powm_sec."""

def powmod_crt(b: _Int, e: _Int, factors: Iterable[_Int]) -> int:
    """pow(b, e, prod(factors)) for pairwise coprime factors >= 2, by the CRT (variable time)."""

def powmod_sec_crt(b: _Int, e: _Int, factors: Iterable[_Int]) -> int:
    """pow(b, e, p * q) for the secret primes [p, q] of an RSA key, in constant time."""

def partition_points(n_bits: float, phi: float) -> tuple[int, list[float]]:
    """Lara et al.'s optimal k and balanced partition points p_1 < ... < p_k = n_bits."""

def set_num_threads(n: Optional[int]) -> None:
    """Sets the process-wide default thread count; None restores the default rule."""

def algorithms() -> list[dict[str, object]]:
    """The algorithm table: name, odd_only, representation, description per algorithm."""

def get_num_threads() -> int:
    """The process-wide default thread count (what threads=None means)."""

class Modulus:
    """A modulus with its constants precomputed; immutable, shareable between threads."""

    def __init__(
        self, m: _Int, *, threads: Optional[int] = None, algorithm: _Algorithm = "auto"
    ) -> None: ...
    def mul(self, a: _Int, b: _Int) -> int:
        """(a * b) % m."""
    def sqr(self, a: _Int) -> int:
        """(a * a) % m."""
    def pow(self, b: _Int, e: _Int) -> int:
        """pow(b, e, m)."""
    def pow_sec(self, b: _Int, e: _Int) -> int:
        """pow(b, e, m) with constant-time limb code (odd m, e >= 0)."""
    def fixed_base(self, g: _Int, max_exponent_bits: Optional[int] = None) -> FixedBase:
        """A table of powers of g for FixedBase.pow(e) (exponents up to max_exponent_bits bits)."""
    def to_mont(self, a: _Int) -> int:
        """a*R mod abs(m), R the "representation" of this algorithm's row in algorithms()."""
    def mont_mul(self, a: _Int, b: _Int) -> int:
        """a*b*R**-1 mod abs(m), for a, b in range(0, abs(m))."""
    def describe(self, e: Optional[_Int] = None) -> str:
        """What runs for this modulus and why (the same text as `parmod explain`)."""
    def from_mont(self, a: _Int) -> int:
        """a*R**-1 mod abs(m), for a in range(0, abs(m))."""
    @property
    def value(self) -> int:
        """m as given (sign kept)."""
    @property
    def algorithm(self) -> str:
        """The algorithm of the representation: a name from algorithms(), never 'automatic'."""
    @property
    def threads(self) -> int:
        """Threads this modulus may use."""
    @property
    def limbs(self) -> int:
        """64-bit words in abs(m)."""
    @property
    def bits(self) -> int:
        """abs(m).bit_length()."""

class FixedBase:
    """Precomputed powers of one base modulo one modulus (from Modulus.fixed_base)."""

    def pow(self, e: _Int) -> int:
        """pow(g, e, m), any integer e (longer or negative e fall back to Modulus.pow)."""
    @property
    def max_exponent_bits(self) -> int:
        """Exponents of up to this many bits use the table."""
    @property
    def window(self) -> int:
        """The window w in bits: one table multiplication per w exponent bits."""

class Field:
    """F_p for an odd prime p of 65..512 bits (2..8 limbs), for experiments; immutable, shareable between threads."""

    def __init__(self, p: _Int) -> None: ...
    def __call__(self, x: Union[_Int, FieldElement]) -> FieldElement:
        """The element x mod p (any integer; an element of a field with the same p)."""
    def element(self, x: Union[_Int, FieldElement]) -> FieldElement:
        """The element x mod p, as Field.__call__."""
    def from_bytes(self, data: Union[bytes, bytearray, memoryview]) -> FieldElement:
        """The element of exactly byte_length big-endian bytes (ValueError: other length, or value >= p)."""
    @property
    def p(self) -> int:
        """The prime p."""
    @property
    def bits(self) -> int:
        """p.bit_length() (65..512)."""
    @property
    def limbs(self) -> int:
        """64-bit limbs N of the Fp<N> underneath (2..8)."""
    @property
    def byte_length(self) -> int:
        """Bytes of to_bytes / from_bytes: (bits + 7) // 8."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class FieldElement:
    """An element of a Field; immutable and hashable.  Mixes with ints (reduced mod p), not with other fields."""

    def __add__(self, other: Union[FieldElement, _Int]) -> FieldElement: ...
    def __radd__(self, other: _Int) -> FieldElement: ...
    def __sub__(self, other: Union[FieldElement, _Int]) -> FieldElement: ...
    def __rsub__(self, other: _Int) -> FieldElement: ...
    def __mul__(self, other: Union[FieldElement, _Int]) -> FieldElement: ...
    def __rmul__(self, other: _Int) -> FieldElement: ...
    def __truediv__(self, other: Union[FieldElement, _Int]) -> FieldElement:
        """self * other**-1; ZeroDivisionError when other == 0."""
    def __rtruediv__(self, other: _Int) -> FieldElement: ...
    def __pow__(self, e: _Int, mod: None = None) -> FieldElement:
        """self**e for any int e (e < 0: NotInvertibleError when self == 0)."""
    def __neg__(self) -> FieldElement: ...
    def __pos__(self) -> FieldElement: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __int__(self) -> int: ...
    def inverse(self) -> FieldElement:
        """self**-1 (constant-time binary GCD); NotInvertibleError for 0."""
    def sqrt(self) -> Optional[FieldElement]:
        """A square root (p = 3 mod 4, else ValueError), or None when self is not a square."""
    def to_bytes(self) -> bytes:
        """The value in range(p) as byte_length big-endian bytes."""
    @property
    def field(self) -> Field:
        """The Field this element belongs to."""

def _set_mpz_type(t: Optional[type]) -> None: ...
def _convert_in(x: _Int) -> None: ...
def _roundtrip(x: _Int) -> int: ...

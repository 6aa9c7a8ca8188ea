"""Type stubs of parmod._core (re-exported by the parmod package).

Integer arguments accept int (and bool), gmpy2.mpz or any object with
__index__.  Results are int, or gmpy2.mpz when an integer argument (for
Modulus methods: also the modulus) was a gmpy2.mpz; the stubs say int.
"""

from typing import Iterable, Literal, Optional, SupportsIndex, Union

_Int = Union[int, SupportsIndex]
_Algorithm = Union[Literal["auto", "automatic", "montgomery", "barrett", "bipartite", "multipartite"], str]

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
    """pow(b, e, prod(factors)) for pairwise coprime factors >= 2, by the CRT."""

def partition_points(n_bits: float, phi: float) -> tuple[int, list[float]]:
    """Lara et al.'s optimal k and balanced partition points p_1 < ... < p_k = n_bits."""

def set_num_threads(n: Optional[int]) -> None:
    """Sets the process-wide default thread count; None restores the default rule."""

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
        """a*R mod abs(m) (R = 2**(64*limbs) for montgomery, 2**(64*(limbs//2)) for bipartite and multipartite, 1 for barrett)."""
    def mont_mul(self, a: _Int, b: _Int) -> int:
        """a*b*R**-1 mod abs(m), for a, b in range(0, abs(m))."""
    def from_mont(self, a: _Int) -> int:
        """a*R**-1 mod abs(m), for a in range(0, abs(m))."""
    @property
    def value(self) -> int:
        """m as given (sign kept)."""
    @property
    def algorithm(self) -> str:
        """'montgomery', 'barrett', 'bipartite' or 'multipartite'."""
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

def _set_mpz_type(t: Optional[type]) -> None: ...
def _convert_in(x: _Int) -> None: ...
def _roundtrip(x: _Int) -> int: ...

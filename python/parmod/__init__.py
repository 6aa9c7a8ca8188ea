"""parmod: fast multi-precision modular arithmetic.

Drop-in companions of the built-in ``pow(b, e, m)`` and ``(a * b) % m`` for big
integers, computed by parmod's C++ library with the GIL released:

    >>> import parmod
    >>> parmod.powmod(3, 10**6, 2**4423 - 1) == pow(3, 10**6, 2**4423 - 1)
    True
    >>> M = parmod.Modulus(2**521 - 1)          # constants precomputed once
    >>> M.pow(5, -1) == pow(5, -1, 2**521 - 1)
    True

Integers: ``int`` (``bool`` too), ``gmpy2.mpz`` and anything with ``__index__``
are accepted; anything else raises ``TypeError`` naming the argument.  Results
are ``int``, or ``gmpy2.mpz`` when an integer argument was an ``mpz``.

Errors, as ``pow`` raises them:
  * modulus 0: :class:`ZeroModulusError`, a ``ValueError`` (what ``pow(b, e, 0)``
    raises) that is also a ``ZeroDivisionError`` (what ``(a * b) % 0`` raises);
  * negative exponent and a base not invertible modulo m:
    :class:`NotInvertibleError`, a ``ValueError``;
  * bad ``threads`` / ``algorithm``: ``ValueError`` (``TypeError`` for the
    wrong type).

Keyword options of powmod, mulmod, mul (threads only), the list calls and
Modulus (multi_powmod, powmod_crt, powmod_sec and powmod_sec_crt take neither):
  * ``threads``: ``None`` (the process default: :func:`set_num_threads`, else
    ``PARMOD_NUM_THREADS``, else ``OMP_NUM_THREADS``, else the CPUs this process may use) or an
    int from 1 to 2**31 - 1;
  * ``algorithm``: ``"auto"`` (the fastest path for the size, CPU and thread
    count, from the tuning table) or a name from :func:`algorithms` (the
    algorithm table: which need an odd modulus, their representation R);
    :meth:`Modulus.describe` says what runs and why.

Every call releases the GIL for its whole computation (a list call once), so
several Python threads can compute at the same time.

Beyond pow and %:
  * :func:`powmod_sec` / :meth:`Modulus.pow_sec`: GMP's ``mpz_powm_sec``
    (odd modulus, e >= 0; constant-time limb code, though Python ints are not
    constant-time objects);
  * :meth:`Modulus.fixed_base`: a :class:`FixedBase` table for raising one
    base to many exponents;
  * :func:`powmod_sec_crt`: the RSA-CRT private operation
    ``pow(b, d, p * q)`` for secret primes [p, q], constant time (for private
    keys);
  * :func:`powmod_crt`: ``pow(b, e, prod(factors))`` for pairwise coprime
    factors by the CRT (Paillier, public moduli; variable time, not for
    private keys);
  * :func:`partition_points`: Lara et al.'s balanced exponent split;
  * :class:`Field`: F_p for an odd prime p of 65..512 bits, with
    :class:`FieldElement` values (+ - * / ** inverse sqrt, bytes) computed by
    the fixed-size Fp<N> kernels, one call per operation (for experiments).
"""

from . import _core
from ._core import (
    Field,
    FieldElement,
    FixedBase,
    Modulus,
    NotInvertibleError,
    ZeroModulusError,
    algorithms,
    get_num_threads,
    mul,
    mulmod,
    multi_powmod,
    multipartite_counts,
    partition_points,
    powmod,
    powmod_base_list,
    powmod_crt,
    powmod_sec_crt,
    powmod_exp_list,
    powmod_sec,
    set_num_threads,
)

try:  # results come back as mpz when given mpz
    import gmpy2 as _gmpy2
except ImportError:  # pragma: no cover - gmpy2 is optional
    _gmpy2 = None
else:
    _core._set_mpz_type(_gmpy2.mpz)

__version__ = _core.__version__

# The names algorithm= takes, from the algorithm table ("auto" for automatic).
ALGORITHMS = tuple("auto" if a["name"] == "automatic" else a["name"] for a in algorithms())

__all__ = [
    "ALGORITHMS",
    "Field",
    "FieldElement",
    "FixedBase",
    "Modulus",
    "NotInvertibleError",
    "ZeroModulusError",
    "algorithms",
    "get_num_threads",
    "mul",
    "mulmod",
    "multi_powmod",
    "multipartite_counts",
    "partition_points",
    "powmod",
    "powmod_base_list",
    "powmod_crt",
    "powmod_sec_crt",
    "powmod_exp_list",
    "powmod_sec",
    "set_num_threads",
]

// Docstrings of parmod._core (what help(parmod.X) shows).
#pragma once

namespace parmod_py::doc {

inline constexpr const char* powmod = R"(pow(b, e, m), computed by parmod with the GIL released.

Same result as the built-in ``pow(b, e, m)`` for every integer input:
negative bases are reduced, the result has the sign of m (0 <= r < m for
m > 0, m < r <= 0 for m < 0), abs(m) == 1 gives 0, and a negative e means
the inverse of b raised to -e.

Args:
    b, e, m: int, bool, gmpy2.mpz or any object with ``__index__``.
    threads: None (the process default, see set_num_threads) or a positive
        int: the threads this one call may use.
    algorithm: "auto" (the default: the fastest path for the size, CPU and
        thread count) or a name from ``parmod.algorithms()``.

Returns:
    int, or gmpy2.mpz when an integer argument was a gmpy2.mpz.

Raises:
    TypeError: b, e or m is not an integer (the message names it).
    ZeroModulusError: m == 0 (a ValueError, like pow, and a ZeroDivisionError).
    NotInvertibleError: e < 0 and b has no inverse modulo m (a ValueError:
        "base is not invertible for the given modulus", like pow).
    ValueError: threads not positive, unknown algorithm, or an algorithm
        that needs an odd m (``odd_only`` in ``parmod.algorithms()``) with an
        even m.

Example:
    >>> parmod.powmod(3, 10**6, 2**4423 - 1) == pow(3, 10**6, 2**4423 - 1)
    True
)";

inline constexpr const char* mul = R"(a * b, the integer product, split over the thread team where that pays.

Args:
    a, b: integers (int, gmpy2.mpz or anything with __index__), any sign.
    threads: threads to use (a positive int), or None for the default rule
        (set_num_threads, PARMOD_NUM_THREADS, OMP_NUM_THREADS, the CPUs this process may use).

Returns:
    a * b exactly, as int (gmpy2.mpz when an argument was an mpz).  Below the
    tuned thresholds (about 8192 bits) it is GMP's product on one thread.

Raises:
    TypeError: a non-integer argument.
    ValueError: threads is not a positive int.

Example:
    >>> parmod.mul(3**400, -(5**300)) == 3**400 * -(5**300)
    True
)";

inline constexpr const char* multi_powmod = R"(prod(pow(b, e, m) for b, e in zip(bases, exps)) % m, by Lim-Lee multi-exponentiation.

One squaring chain shared by all bases (Topcuoglu, Kaya, Savas: MULEXP with a
precomputed table, or interleaved windows, chosen by a cost model), spread
over the thread team where that pays.  The GIL is released for the whole call.

Args:
    bases, exps: iterables of integers of the same length.
    m: the modulus (nonzero).

Raises:
    TypeError: a non-integer.  ValueError: lengths differ.
    ZeroModulusError: m == 0.  NotInvertibleError: a negative exponent with a
        base that has no inverse.

Example:
    >>> parmod.multi_powmod([2, 3], [10, 5], 1000003)
    248832
)";

inline constexpr const char* multipartite_counts = R"(The reduction counts of the multipartite multiplication with k chunks.

Giorgi, Imbert, Izard (2011), section 3.3-3.4, with the errata applied:
pmr_calls (Lemma 1), pbr_calls (Lemma 2, corrected), first_pbr_weight,
unreduced_products (Corollary 1), grouped_pmr_calls and grouped_pbr_calls
(Lemma 3: equal weights summed before one reduction).

Raises:
    TypeError: k is not an integer.
    ValueError: k is outside [2, 32768] (k = 1 is no split).

Example:
    >>> parmod.multipartite_counts(5)["pbr_calls"]
    6
)";

inline constexpr const char* mulmod = R"((a * b) % m, computed by parmod with the GIL released.

Same result as Python's ``(a * b) % m``: the result has the sign of m.

Args:
    a, b, m: int, bool, gmpy2.mpz or any object with ``__index__``.
    threads: None (the process default) or a positive int.
    algorithm: "auto" (the default: the fastest path for the size, CPU and
        thread count) or a name from ``parmod.algorithms()``.

Returns:
    int, or gmpy2.mpz when an integer argument was a gmpy2.mpz.

Raises:
    TypeError: a, b or m is not an integer.
    ZeroModulusError: m == 0.  It is both a ValueError (as powmod and pow
        raise) and a ZeroDivisionError (as ``(a * b) % 0`` raises), so code
        written for either keeps working.
    ValueError: threads not positive, unknown algorithm, or an algorithm
        that needs an odd m (``odd_only`` in ``parmod.algorithms()``) with an
        even m.
)";

inline constexpr const char* powmod_base_list = R"([pow(b, e, m) for b in bases], with one GIL release for the whole list.

The modulus is prepared once (a parmod.Modulus) and the bases are spread
over the thread team (threads as for powmod; gmpy2's powmod_base_list loops
on one core); the GIL is released once for all of them.

Args:
    bases: an iterable of integers.
    e, m, threads, algorithm: as powmod.

Returns:
    list of int (of gmpy2.mpz when an integer argument was a gmpy2.mpz).

Raises:
    As powmod; a TypeError names the element (``bases[3]``), a
    NotInvertibleError the first element without an inverse.
)";

inline constexpr const char* powmod_exp_list = R"([pow(b, e, m) for e in exps], with one GIL release for the whole list.

The exponents are spread over the thread team; from four exponents on, b's
powers are tabulated once (a fixed-base table) so each item needs no squaring.

Args:
    b, m, threads, algorithm: as powmod.
    exps: an iterable of integers.

Returns:
    list of int (of gmpy2.mpz when an integer argument was a gmpy2.mpz).

Raises:
    As powmod; a TypeError names the element (``exps[3]``), a
    NotInvertibleError the first negative exponent that needs an inverse
    b does not have.
)";

inline constexpr const char* powmod_sec = R"(pow(b, e, m) for a secret exponent and base, as GMP's mpz_powm_sec.

The exponentiation runs in parmod's constant-time limb code: a fixed window,
every table entry read by a masked scan of the whole table, and no branch or
memory address that depends on b or e (the sizes of m and e are public).
The GIL is released.

Only that limb-level code is checked constant time.  Python ints are not
constant-time objects: converting b and e from int, reducing a b outside
range(0, abs(m)), and building and using the int result all take time that
depends on the values.  Use this as defence in depth; it does not make a
Python program free of timing side channels.

Args:
    b: int, bool, gmpy2.mpz or ``__index__``; keep it in range(0, abs(m))
        (a larger or negative b is reduced first, not in constant time).
    e: a non-negative integer.
    m: an odd integer (negative keeps Python's sign convention).

Returns:
    ``pow(b, e, m)``: int, or gmpy2.mpz when an argument was a gmpy2.mpz.

Raises:
    TypeError: b, e or m is not an integer.
    ZeroModulusError: m == 0.
    ValueError: m is even or e < 0 (mpz_powm_sec's conditions, except that
        e == 0 is allowed and gives 1 % m).

Example:
    >>> p = 2**521 - 1
    >>> parmod.powmod_sec(5, 2**500 + 7, p) == pow(5, 2**500 + 7, p)
    True
)";

inline constexpr const char* powmod_crt = R"(pow(b, e, f_1 * f_2 * ... * f_k) for pairwise coprime factors, by the CRT.

One exponentiation modulo each factor (when e has more than 6 times the
bits of a factor, the factor is prime by GMP's BPSW test and the base is
prime to it, e is first reduced modulo f - 1),
recombined by Garner's algorithm: Paillier with [p**2, q**2], public
moduli.  VARIABLE TIME: its duration depends on b, e and the factors, so
it is not for private keys; RSA private-key operations go to
powmod_sec_crt.  The GIL is released.

Args:
    b, e: int, bool, gmpy2.mpz or ``__index__``; e may be negative (the
        inverse of b raised to -e).
    factors: a non-empty iterable of pairwise coprime integers >= 2.

Returns:
    ``pow(b, e, prod(factors))``, in range(0, prod(factors)): int, or
    gmpy2.mpz when an argument was a gmpy2.mpz.

Raises:
    TypeError: b, e or a factor is not an integer (``factors[1]``), or
        factors is not iterable.
    ValueError: factors is empty, a factor is < 2, or two factors are not
        coprime.
    NotInvertibleError: e < 0 and b has no inverse modulo the product.

Example:
    >>> p, q = 2**127 - 1, 2**89 - 1
    >>> parmod.powmod_crt(3, 65537, [p, q]) == pow(3, 65537, p * q)
    True
)";

inline constexpr const char* powmod_sec_crt = R"(pow(b, e, p * q) for the secret primes of an RSA private key, in constant time.

The RSA-CRT private operation (decryption or signature with e = d): both
halves by a fixed-window exponentiation with masked table reads and
constant-time Montgomery products, e reduced mod p - 1 and q - 1, on two
threads; the recombination and the key constants by GMP's mpn_sec
functions.  Its instructions and memory addresses depend on the sizes of
b, e, p and q, the sign of b and whether e = 0, never on their values.
Nothing about the key is kept after the call and the library's buffers
that held secrets are wiped (Python's own int objects are not).  p and q
must be prime; this is not checked (a primality test would take time
depending on them) and composite factors give a wrong result.  No blinding
inside: blind with the public exponent when wanted,
``powmod_sec_crt(b * pow(r, e_pub, n) % n, d, [p, q]) * pow(r, -1, n) % n``.
The GIL is released.

Args:
    b, e: int, bool, gmpy2.mpz or ``__index__``; e >= 0.
    factors: [p, q], two distinct odd primes.

Returns:
    ``pow(b, e, p * q)``, in range(0, p * q): int, or gmpy2.mpz when an
    argument was a gmpy2.mpz.

Raises:
    TypeError: b, e, p or q is not an integer.
    ValueError: factors does not hold two integers, p or q is even or < 3,
        p == q, or e < 0.

Example:
    >>> p, q = 2**127 - 1, 2**89 - 1
    >>> n, d = p * q, pow(65537, -1, (p - 1) * (q - 1))
    >>> parmod.powmod_sec_crt(pow(42, 65537, n), d, [p, q])
    42
)";

inline constexpr const char* partition_points = R"(Lara et al.'s balanced exponent split: (k, [p_1, ..., p_k]).

For an n_bits-bit exponent split into k factors computed in parallel
(g**e = prod_i (g**(2**p_(i-1)))**e_i, e_i the bits [p_(i-1), p_i) of e),
with phi = M / S the time of a modular multiplication over a squaring: the
optimal number of factors k (eq. 18 of "Parallel modular exponentiation
using load balancing without precomputation", JCSS 2012) and the partition
points p_1 < ... < p_k = n_bits that make every factor finish at the same
time (eq. 13), as floats.

Args:
    n_bits: a real number >= 1 (int or float).
    phi: a real number > 0.

Returns:
    tuple (k, points): k an int >= 1, points a list of k floats.

Raises:
    TypeError: an argument is not a real number.
    ValueError: n_bits < 1, phi <= 0, a value that is not finite, or a
        combination that gives more than 2**20 points.

Example:
    >>> k, points = parmod.partition_points(1024, 1.14)
    >>> k, [round(p, 3) for p in points[:3]], points[-1]
    (8, [652.426, 889.294, 975.291], 1024.0)
)";

inline constexpr const char* set_num_threads = R"(Sets the process-wide default thread count.

Args:
    n: a positive int, or None to restore the default rule
       (PARMOD_NUM_THREADS, then OMP_NUM_THREADS, then the CPUs this process may use).

Raises:
    ValueError: n is not positive.  TypeError: n is not an integer or None.
)";

inline constexpr const char* algorithms = R"(The algorithm table: one dict per algorithm, in the order of the C enum.

Keys: "name" (what ``algorithm=`` takes; "auto" also means "automatic"),
"odd_only" (needs an odd modulus), "representation" (R of to_mont's
x -> x*R mod abs(m), with beta = 2**64 and n the limbs of abs(m)) and
"description" (one line).

Example:
    >>> [a["name"] for a in parmod.algorithms()][:3]
    ['automatic', 'montgomery', 'barrett']
)";

inline constexpr const char* mod_describe = R"(What runs for this modulus and why, as text.

The algorithm and its engine's choices (threads per product, multipartite k),
how mul and pow run (GMP, the field kernels, the even split, the engine's
sliding window), and the tuning-table keys that decided, with their values.
With an exponent e, also how pow(b, e) would run (the exponent split over the
threads or one sliding window).  The same text as ``parmod explain``.

Example:
    >>> "algorithm:" in parmod.Modulus(2**521 - 1).describe(2**520)
    True
)";

inline constexpr const char* get_num_threads =
    R"(The process-wide default thread count (what threads=None means).)";

inline constexpr const char* Modulus = R"(Modulus(m, *, threads=None, algorithm="auto")

A modulus with its constants precomputed once; immutable and safe to share
between threads.  Its methods follow Python's ``%`` and ``pow`` semantics
(results have the sign of m) and release the GIL.

Args:
    m: a nonzero integer (int, gmpy2.mpz or ``__index__``); negative keeps
       Python's sign convention.
    threads: None (the process default) or a positive int.
    algorithm: "auto" (the default: the fastest path for the size, CPU and
        thread count) or a name from ``parmod.algorithms()``.

Raises:
    TypeError, ZeroModulusError, ValueError: as powmod.

Example:
    >>> M = parmod.Modulus(2**521 - 1)
    >>> M.pow(3, 2**520) == pow(3, 2**520, 2**521 - 1)
    True
    >>> x, y = M.to_mont(5), M.to_mont(7)       # the algorithm's representation
    >>> M.from_mont(M.mont_mul(x, y))
    35

Results are gmpy2.mpz when m or an argument of the call was a gmpy2.mpz.
)";

inline constexpr const char* mod_mul = R"((a * b) % m.  TypeError for non-integers.)";
inline constexpr const char* mod_sqr = R"((a * a) % m.  TypeError for a non-integer.)";
inline constexpr const char* mod_pow = R"(pow(b, e, m); NotInvertibleError (a ValueError) when e < 0 and b has no inverse.)";
inline constexpr const char* mod_pow_sec = R"(pow(b, e, m) for a secret b and e, as powmod_sec (GMP's mpz_powm_sec).

Constant-time limb code (fixed window, masked table scans, no branch or
address depending on b or e); only that code is checked constant time, and
Python ints are not constant-time objects (see powmod_sec).  Needs an odd m
and e >= 0 (ValueError otherwise); keep b in range(0, abs(m)).)";
inline constexpr const char* mod_fixed_base = R"(Precomputed powers of g for raising g to many exponents: a FixedBase.

The table holds g**(d * 2**(w*i)) for every w-bit window i and digit d, so
FixedBase.pow(e) takes one multiplication per w bits of e and no squaring.
The window w is chosen for max_exponent_bits and the modulus size (tables
stay under about 32 MiB).  Building it releases the GIL.

Args:
    g: the base (any integer; reduced modulo m).
    max_exponent_bits: None (the modulus size in bits) or a positive int
        (at most 2**27 // limbs, so that the table stays under 1 GiB).
        Longer exponents still work: they fall back to Modulus.pow.

Example:
    >>> M = parmod.Modulus(2**255 - 19)
    >>> G = M.fixed_base(9)
    >>> G.pow(2**254 + 12345) == pow(9, 2**254 + 12345, 2**255 - 19)
    True
)";
inline constexpr const char* mod_to_mont = R"(a into the algorithm's representation: a*R mod abs(m).

R is the "representation" of the algorithm's row in ``parmod.algorithms()``
(2**(64*limbs) for "montgomery"; 1 for "barrett", where this is a % abs(m)).
Takes any integer; the result is in range(0, abs(m)).)";
inline constexpr const char* mod_mont_mul = R"(a*b*R**-1 mod abs(m), the product in the algorithm's representation.

a and b must be in range(0, abs(m)) (ValueError otherwise), as to_mont returns.)";
inline constexpr const char* mod_from_mont = R"(a*R**-1 mod abs(m): back from the algorithm's representation.

a must be in range(0, abs(m)) (ValueError otherwise).)";

inline constexpr const char* FixedBase = R"(Precomputed powers of one base modulo one modulus (from Modulus.fixed_base).

Immutable and safe to share between threads; pow releases the GIL.  Not
constructed directly: call ``Modulus(m).fixed_base(g)``.

Example:
    >>> G = parmod.Modulus(2**127 - 1).fixed_base(3, max_exponent_bits=128)
    >>> [G.pow(e) for e in (0, 1, 2, 10)]
    [1, 3, 9, 59049]
    >>> G.max_exponent_bits >= 128
    True
)";
inline constexpr const char* fixed_base_pow = R"(pow(g, e, m), any integer e.

Exponents 0 <= e < 2**max_exponent_bits use the table (one multiplication
per window, no squaring); longer or negative ones fall back to Modulus.pow
(NotInvertibleError when e < 0 and g has no inverse).  Results follow
pow's sign rule: int, or gmpy2.mpz when the modulus, g or e was an mpz.)";

// ---- parmod.Field / parmod.FieldElement (python/src/field.cpp) ----------------

inline constexpr const char* Field = R"(Field(p)

The prime field F_p for an odd prime p of 65 to 512 bits (2 to 8 64-bit
limbs), for experiments: elements are parmod.FieldElement values computed by
parmod's fixed-size Fp<N> kernels (Montgomery form, through the C API of
parmod_field.h).  Every operation is one call from Python, so the cost is
Python's, not the kernels'; use the C++ or C API for speed.  Immutable and
safe to share between threads.

p is checked with GMP's mpz_probab_prime_p(p, 30) (BPSW plus Miller-Rabin
rounds): a composite is rejected with overwhelming probability, not with a
proof.  ``**`` reduces exponents mod p-1, which assumes p prime; inverses
are computed by a constant-time binary GCD.

Args:
    p: an int (or gmpy2.mpz, or anything with ``__index__``).

Raises:
    TypeError: p is not an integer.
    ValueError: p is negative, even, shorter than 65 or longer than 512
        bits, or not a probable prime.

Two Field objects with the same p are equal, and their elements mix.

Example:
    >>> F = parmod.Field(2**127 - 1)
    >>> x = F(3)
    >>> int(x**-1 * 3)
    1
    >>> int(F(-1)) == 2**127 - 2
    True
    >>> int((x + 1) * 2 - x)
    5
    >>> F(4).sqrt() in (F(2), F(-2))
    True
    >>> F.from_bytes(F(258).to_bytes()) == 258
    True
)";

inline constexpr const char* field_element = R"(The element x mod p (any integer x, negatives and values >= p reduced).

Same as calling the field: F.element(x) == F(x).  x may also be an element
of a field with the same p; anything else raises TypeError.)";

inline constexpr const char* field_from_bytes = R"(The element with the given big-endian bytes (bytes-like, exactly byte_length of them).

The inverse of FieldElement.to_bytes.  ValueError when the length differs or
the value is >= p; TypeError for a non-bytes-like argument.)";

inline constexpr const char* FieldElement = R"(An element of a parmod.Field (from Field(p)(x)); immutable and hashable.

Operators: + - * / with another element of the same field (TypeError for an
element of a field with a different p) or with an int (reduced mod p:
x + 1, 2 * x, 1 - x); unary - and +; x ** e for any int e (e < 0: the
inverse to the power -e).  Division and the inverse:
  * x.inverse() and x ** e with e < 0 raise parmod.NotInvertibleError (a
    ValueError, as pow(0, -1, p) raises) for x == 0;
  * x / y raises ZeroDivisionError for y == 0, as / does.
x.sqrt() (p = 3 mod 4) returns a square root or None.

Comparison: x == y is equality in the field; x == n for an int n compares
x with F(n) (so F(-1) == -1 and F(0) == p are True).  hash(x) is
hash(int(x)), consistent with == for elements and for ints in range(p).
There is no ordering.  bool(x) is x != 0; int(x) is the value in range(p);
str(x) its decimal digits; repr(x) evaluates back to x.

inverse, sqrt and ** release the GIL.  Python-level elements are not
constant-time objects, though the limb code underneath is.)";

inline constexpr const char* field_element_inverse = R"(1 / x in F_p, by a constant-time binary GCD (Pornin's optimized binary GCD).

Raises:
    NotInvertibleError: x == 0 (a ValueError, as pow(0, -1, p) raises).)";

inline constexpr const char* field_element_sqrt = R"(A square root of x (p = 3 mod 4): r = x**((p+1)/4), or None.

Returns the root r (the other one is -r; r == 0 for x == 0) when x is a
square, None when it is not.

Raises:
    ValueError: p is not 3 mod 4 (only that case is implemented).)";

inline constexpr const char* field_element_to_bytes = R"(The value in range(p) as exactly byte_length big-endian bytes (Field.from_bytes reads them back).)";

}  // namespace parmod_py::doc

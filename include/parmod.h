/* parmod.h - the C API of parmod (link with -lparmod -lgmp).
 *
 * GMP style: the result comes first, every call returns 0 (PARMOD_OK) or an
 * error code (see parmod_strerror).  Inputs are never modified; on error the
 * result operand is left unchanged.  Results follow Python's pow(b, e, m) and
 * (a * b) % m: negative operands are reduced, the result carries the sign of
 * the modulus, m = +-1 gives 0, a negative exponent means the inverse of b
 * raised to |e| (PARMOD_ERR_NOT_INVERTIBLE when there is none).
 *
 * Pointers and aliasing: a null pointer anywhere is PARMOD_ERR_INVALID_ARGUMENT.
 * The result may be any input (r == a == m included; in parmod_powm_list,
 * r[i] may be any bases[j] or exps[j]): inputs are read before r is written.
 * Contexts: parmod_modulus_init writes *ctx on every call, NULL on failure
 * (the empty context); a NULL context is PARMOD_ERR_INVALID_ARGUMENT, and
 * parmod_modulus_clear(NULL) does nothing.  Set a context to NULL after
 * clearing it; as with GMP's mpz_t, a context never initialised (stack
 * garbage) or used after clear cannot be detected.
 *
 * Thread count: the threads argument, else parmod_set_num_threads, else the
 * environment PARMOD_NUM_THREADS, then OMP_NUM_THREADS, else the CPUs this
 * process may use (its affinity mask, capped by the cgroup CPU quota).
 * fork(): a child may keep using parmod (contexts made before the fork
 * included); it starts its own worker threads on first use.
 */
#ifndef PARMOD_H
#define PARMOD_H

#include <gmp.h>
#include <stddef.h>

#include "parmod/version.h" /* PARMOD_VERSION, PARMOD_VERSION_MAJOR/MINOR/PATCH */

#ifdef __cplusplus
extern "C" {
#endif

/* The algorithms: one constant PARMOD_<NAME> per row of parmod/algorithms.def (there: which
 * need an odd modulus, their representation R and a description).  parmod_algorithm_name and
 * parmod_algorithm_count read the same table at run time. */
typedef enum {
#define PARMOD_ALGORITHM(name, c_suffix, value, odd_only, representation, factory, description) \
  PARMOD_##c_suffix = value,
#include "parmod/algorithms.def"
  PARMOD_ALGORITHM_MAX_ENUM_ = 0x7fffffff /* not an algorithm: makes every int a valid value of the type */
} parmod_algorithm;

/* Error codes returned by every int-returning call. */
enum {
  PARMOD_OK = 0,
  PARMOD_ERR_INVALID_ARGUMENT = 1,    /* null pointer, bad algorithm or thread count */
  PARMOD_ERR_DIVISION_BY_ZERO = 2,    /* modulus 0                                  */
  PARMOD_ERR_NOT_INVERTIBLE = 3,      /* negative exponent, base not invertible     */
  PARMOD_ERR_UNSUPPORTED_ALGORITHM = 4, /* e.g. Montgomery with an even modulus     */
  PARMOD_ERR_OUT_OF_MEMORY = 5,
  PARMOD_ERR_INTERNAL = 6
};

typedef struct parmod_modulus_s *parmod_modulus_t;

/* r = (a * b) mod m, Python semantics. */
int parmod_mulmod(mpz_t r, const mpz_t a, const mpz_t b, const mpz_t m);
/* r = b^e mod m, Python semantics. */
int parmod_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m);

/* A context for repeated work modulo m: constants precomputed once.
 * algorithm PARMOD_AUTOMATIC never fails on a nonzero modulus.
 * threads 0: the default rule.  A context may be shared between threads. */
int parmod_modulus_init(parmod_modulus_t *ctx, const mpz_t m, parmod_algorithm algorithm, int threads);
int parmod_modulus_mulmod(mpz_t r, const mpz_t a, const mpz_t b, parmod_modulus_t ctx);
int parmod_modulus_powm(mpz_t r, const mpz_t b, const mpz_t e, parmod_modulus_t ctx);
void parmod_modulus_clear(parmod_modulus_t ctx);

/* The context's representation x -> xR mod |m|, as OpenSSL's BN_to_montgomery /
 * BN_mod_mul_montgomery: R = beta^n for PARMOD_MONTGOMERY, beta^floor(n/2) for
 * PARMOD_BIPARTITE and PARMOD_MULTIPARTITE, 2^(52d) with d = ceil((bits+2)/52)
 * for PARMOD_MONTGOMERY52, 1 for PARMOD_BARRETT (beta = 2^64, n = limbs of m).  to_mont reduces any a; mont_mul takes a, b in [0, |m|) and
 * gives abR^-1 mod |m|; from_mont takes a in [0, |m|) and gives aR^-1 mod |m|.
 * Operands out of range: PARMOD_ERR_INVALID_ARGUMENT. */
int parmod_modulus_to_mont(mpz_t r, const mpz_t a, parmod_modulus_t ctx);
int parmod_modulus_mont_mul(mpz_t r, const mpz_t a, const mpz_t b, parmod_modulus_t ctx);
int parmod_modulus_from_mont(mpz_t r, const mpz_t a, parmod_modulus_t ctx);

/* r = b^e mod m for secret b and e: fixed window, masked table scans, no
 * branch or address depending on b or e (the limb layer is checked with
 * valgrind; converting an unreduced b is not constant time).  m odd and e >= 0,
 * else PARMOD_ERR_INVALID_ARGUMENT, as GMP's mpz_powm_sec. */
int parmod_powm_sec(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m);

/* r = b^e mod pq for coprime p, q: one exponentiation per factor,
 * recombined; e is reduced mod p-1 (q-1) when p (q) is prime and b prime to it.
 * VARIABLE TIME: not for private keys (use parmod_powm_sec_crt). */
int parmod_powm_crt(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t p, const mpz_t q);

/* The RSA-CRT private operation r = b^e mod pq for secret distinct primes p, q
 * (e = d): constant time in the values of b, e, p, q (parmod::powm_sec_crt):
 * both halves by fixed window with masked table reads on two threads, the
 * recombination and the Montgomery constants by GMP's mpn_sec functions,
 * q^-1 mod p by blinded inversion, nothing cached, secret buffers wiped.  p, q must be prime (not checked).
 * PARMOD_ERR_INVALID_ARGUMENT for e < 0, p or q even or < 3, or p == q. */
int parmod_powm_sec_crt(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t p, const mpz_t q);

/* r[i] = bases[i or 0]^exps[i or 0] mod m for i < count: bases_count and
 * exps_count are each 1 (the same for every i) or count.  r must hold count
 * initialised mpz_t.  On error no r[i] is changed. */
int parmod_powm_list(mpz_t *r, size_t count, const mpz_t *bases, size_t bases_count, const mpz_t *exps,
                     size_t exps_count, const mpz_t m);

/* r = prod(bases[i]^exps[i]) mod m for i < count (Python's
 * prod(pow(b, e, m)) % m: negative exponents via inverses, count 0 gives
 * 1 % m).  r is written only on success. */
int parmod_multi_powm(mpz_t r, size_t count, const mpz_t *bases, const mpz_t *exps, const mpz_t m);

/* Process-wide default thread count; threads <= 0 restores the environment rule.
 * threads >= 2 also wakes the thread team's idle workers (they spin for up to
 * 1 ms), so that the next parallel call finds them running. */
void parmod_set_num_threads(int threads);
int parmod_get_num_threads(void);

/* The number of algorithms (their values are 0 .. count-1) and an algorithm's name
 * ("montgomery"), or NULL for a value outside the table. */
int parmod_algorithm_count(void);
const char *parmod_algorithm_name(parmod_algorithm algorithm);

/* A static English description of an error code. */
const char *parmod_strerror(int code);

/* The library version, "MAJOR.MINOR.PATCH": the linked library's, where PARMOD_VERSION
 * is the headers'. */
const char *parmod_version(void);

/* r = a * b (any signs; r may be a or b), on the default number of threads
 * (parmod_set_num_threads, then the environment rule), sequential or
 * parallel by the tuned thresholds.  Reads and writes the limbs in place. */
int parmod_mul(mpz_t r, const mpz_t a, const mpz_t b);

#ifdef __cplusplus
}
#endif

#endif /* PARMOD_H */

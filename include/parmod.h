/* parmod.h - the C API of parmod (link with -lparmod -lgmp).
 *
 * GMP style: the result comes first, every call returns 0 (PARMOD_OK) or an
 * error code (see parmod_strerror).  Inputs are never modified; on error the
 * result operand is left unchanged.  Results follow Python's pow(b, e, m) and
 * (a * b) % m: negative operands are reduced, the result carries the sign of
 * the modulus, m = +-1 gives 0, a negative exponent means the inverse of b
 * raised to |e| (PARMOD_ERR_NOT_INVERTIBLE when there is none).
 *
 * Thread count: the threads argument, else parmod_set_num_threads, else the
 * environment PARMOD_NUM_THREADS, then OMP_NUM_THREADS, else the core count.
 */
#ifndef PARMOD_H
#define PARMOD_H

#include <gmp.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  PARMOD_AUTOMATIC = 0, /* fastest for the size, from the tuned table */
  PARMOD_MONTGOMERY,    /* REDC; odd moduli only                       */
  PARMOD_BARRETT,       /* any modulus                                 */
  /* later issues add more */
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

/* Process-wide default thread count; threads <= 0 restores the environment rule. */
void parmod_set_num_threads(int threads);
int parmod_get_num_threads(void);

/* A static English description of an error code. */
const char *parmod_strerror(int code);

/* The library version, "MAJOR.MINOR.PATCH". */
const char *parmod_version(void);

#ifdef __cplusplus
}
#endif

#endif /* PARMOD_H */

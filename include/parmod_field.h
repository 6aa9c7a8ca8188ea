/* parmod_field.h - C API of parmod's fixed-size prime fields (issue 8).
 *
 * A parmod_field_t is a context for F_p with p odd, 3 <= p < 2^512; its limb
 * count n = max(2, ceil(bits(p)/64)) is chosen at run time and dispatches to
 * the compiled parmod::Fp<n> (n = 2..8).  Elements are parmod_fe values (8
 * limbs; only the first n are used), in the context's internal Montgomery
 * representation: create them with parmod_field_set_* only, never compare or
 * copy limbs across contexts.  Arithmetic is constant time in the element
 * values (the modulus and the exponents are public; only whether inv and
 * sqrt succeed is revealed).
 *
 * Like parmod.h: every int-returning call returns PARMOD_OK (0) or an error
 * code (PARMOD_ERR_*); on error the result is left unchanged.  Outputs may
 * alias inputs.  A context may be shared read-only between threads.
 */
#ifndef PARMOD_FIELD_H
#define PARMOD_FIELD_H

#include <gmp.h>
#include <parmod.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct parmod_field_s *parmod_field_t;

/* An element of a field (internal representation). */
typedef struct {
  uint64_t limb[8];
} parmod_fe;

/* Kernel path: PARMOD_FIELD_AUTO picks mulx/adx when the CPU has it. */
typedef enum { PARMOD_FIELD_AUTO = 0, PARMOD_FIELD_PORTABLE = 1, PARMOD_FIELD_MULX_ADX = 2 } parmod_field_path;

/* Context for F_p.  PARMOD_ERR_INVALID_ARGUMENT: p even, p < 3, p >= 2^512, null
 * pointer, or MULX_ADX requested on a CPU without it.  *field is NULL after a
 * failed init; every call given a NULL field returns
 * PARMOD_ERR_INVALID_ARGUMENT (limbs and byte_length: 0); clear(NULL) does
 * nothing. */
int parmod_field_init(parmod_field_t *field, const mpz_t p, parmod_field_path path);
void parmod_field_clear(parmod_field_t field);
/* Limb count n (2..8), byte length ceil(bits(p)/8), and 1 if values are kept
 * lazily in [0, 2p) (p < 2^(64n)/4), else 0. */
int parmod_field_limbs(parmod_field_t field);
size_t parmod_field_byte_length(parmod_field_t field);
int parmod_field_is_lazy(parmod_field_t field);

/* r = a mod p for any integer a; *r = a for big-endian bytes of exactly
 * byte_length (INVALID_ARGUMENT if len differs or the value is >= p). */
int parmod_field_set_mpz(parmod_field_t field, parmod_fe *r, const mpz_t a);
int parmod_field_set_ui(parmod_field_t field, parmod_fe *r, unsigned long a);
int parmod_field_set_bytes(parmod_field_t field, parmod_fe *r, const unsigned char *in, size_t len);
/* The value in [0, p), as an mpz or as exactly byte_length big-endian bytes. */
int parmod_field_get_mpz(parmod_field_t field, mpz_t r, const parmod_fe *a);
int parmod_field_get_bytes(parmod_field_t field, unsigned char *out, size_t len, const parmod_fe *a);

int parmod_field_add(parmod_field_t field, parmod_fe *r, const parmod_fe *a, const parmod_fe *b);
int parmod_field_sub(parmod_field_t field, parmod_fe *r, const parmod_fe *a, const parmod_fe *b);
int parmod_field_neg(parmod_field_t field, parmod_fe *r, const parmod_fe *a);
int parmod_field_mul(parmod_field_t field, parmod_fe *r, const parmod_fe *a, const parmod_fe *b);
int parmod_field_sqr(parmod_field_t field, parmod_fe *r, const parmod_fe *a);
/* r[i] = a[i] * b[i] for i < n, independent products run as a batch (eight at
 * a time on AVX-512 IFMA when the CPU has it; the same values as
 * parmod_field_mul).  r may be a or b (the same array) or share no element
 * with them; n = 0 does nothing.  PARMOD_ERR_INVALID_ARGUMENT for a null
 * pointer with n > 0 or arrays that overlap otherwise. */
int parmod_field_mul_batch(parmod_field_t field, parmod_fe *r, const parmod_fe *a, const parmod_fe *b, size_t n);
/* r = a^-1 by a constant-time binary GCD (Pornin's optimized binary GCD);
 * PARMOD_ERR_NOT_INVERTIBLE (r unchanged) when a has no inverse: a = 0, or
 * gcd(a, p) > 1 for a composite p. */
int parmod_field_inv(parmod_field_t field, parmod_fe *r, const parmod_fe *a);
/* r = a square root of a, for p = 3 mod 4 (else INVALID_ARGUMENT);
 * PARMOD_ERR_NOT_INVERTIBLE if a is not a square (r unchanged). */
int parmod_field_sqrt(parmod_field_t field, parmod_fe *r, const parmod_fe *a);
/* *equal = 1 if a = b in F_p, else 0. */
int parmod_field_equal(parmod_field_t field, int *equal, const parmod_fe *a, const parmod_fe *b);

#ifdef __cplusplus
}
#endif

#endif /* PARMOD_FIELD_H */

// consttime/constant_time_crt.hpp - the steps of an RSA-CRT private operation
// around the two exponentiations, for secret factors: reductions, the
// exponent mod p - 1, q^-1 mod p and Garner's recombination (HAC Alg. 14.71
// with two moduli: x = x_q + q ((x_p - x_q) q^-1 mod p)).
//
// Everything is GMP's side-channel-silent mpn_sec_* functions (schoolbook
// products, conditional add/sub), fixed carry chains (mpn_add_n, mpn_sub_n)
// and reductions modulo the secret factors by Montgomery steps or
// consttime/secret_reduce.hpp (mpn_sec_div_r is not silent about its divisor): the instructions and
// addresses depend only on the limb counts and the factors' bit lengths,
// which are public, never on the values.
#pragma once

#include <cstddef>

#include "consttime/secret_modulus.hpp"
#include "limbs/limbs.hpp"

namespace parmod::consttime {

// r[0, n) = a[0, an) mod P for the secret odd P of m (m filled; an >= 0):
// Horner over n-limb chunks, each step a REDC, a ladder of conditional
// subtractions and a Montgomery product by R^2.  Scratch:
// reduce_ct_scratch(an, n) limbs.
void reduce_ct(limb_t* r, const limb_t* a, std::size_t an, const SecretModulus& m, limb_t* scratch) noexcept;
std::size_t reduce_ct_scratch(std::size_t an, std::size_t n) noexcept;

// r[0, n) = ((e - 1) mod (P - 1)) + 1 for e in ep[0, en), e >= 1, and the odd
// P >= 3 in p[0, n) of pbits bits (P - 1 is even: bit-serial division,
// consttime::reduce_secret): for a prime P, b^r = b^e mod P for every b (b^k depends
// only on k mod P - 1 once k >= 1, also for b = 0 mod P).  Scratch:
// prime_exponent_ct_scratch(en, n) limbs.
void prime_exponent_ct(limb_t* r, const limb_t* ep, std::size_t en, const limb_t* p, std::size_t n,
                       std::size_t pbits, limb_t* scratch) noexcept;
std::size_t prime_exponent_ct_scratch(std::size_t en, std::size_t n) noexcept;

// r[0, np) = Q^-1 mod P for Q in q[0, nq) (q[nq-1] != 0) and the odd P of
// mp (filled) by blinding, not by a constant-time gcd:
// w = (s Q + t P) mod N for N = P Q and random s, t in [0, N) is a uniformly
// random unit of Z_N (w mod P = s Q, w mod Q = t P, each uniform) whatever P
// and Q are, so GMP's variable-time mpz_invert may take w^-1 mod N (its time
// tells about w, which is independent of the key); then
// Q^-1 = w^-1 s mod P.  Everything that touches P, Q, s or t is mpn_sec
// arithmetic (N is public: reductions modulo N may use mpn_sec_div_r).  s and t come from getrandom(2).  GMP's mpn_sec_invert, the
// constant-time alternative, takes about as long as one half of the RSA
// exponentiation.  A w that is not a unit (s = 0 mod P or t = 0 mod Q) is
// drawn again, up to 64 times.  False (r unspecified) when P and Q are not
// coprime (no w is a unit) or the system has no randomness.  Allocates (mpz_invert);
// throws std::bad_alloc.
bool blinded_inverse(limb_t* r, const limb_t* q, std::size_t nq, const SecretModulus& mp);

// x[0, np + nq) = the X in [0, PQ) with X = x_p mod P and X = x_q mod Q, for
// P the odd modulus of mp (filled, np limbs), x_p in xp[0, np) below P, x_q
// in xq[0, nq) below Q and qinv = Q^-1 mod P (np limbs).  Scratch: garner_ct_scratch(np, nq) limbs.
void garner_ct(limb_t* x, const limb_t* xp, const limb_t* xq, const SecretModulus& mp, const limb_t* q,
               std::size_t nq, const limb_t* qinv, limb_t* scratch) noexcept;
std::size_t garner_ct_scratch(std::size_t np, std::size_t nq) noexcept;

// One half of the RSA-CRT private operation: x[0, n) = b^e mod P for the
// prime P in p[0, n) (odd, p[n-1] != 0, bits(P) as given to m.allocate):
// fills m (the constants of P), reduces |b| (b[0, bn), negated when
// b_negative) and e (ep[0, en), e >= 1, to ((e - 1) mod (P - 1)) + 1) and
// runs the fixed-window exponentiation, in radix 2^52 when m.with_digits,
// in radix 2^28 when m.with_digits28.
// Scratch: rsa_half_ct_scratch(m, bn, en) limbs, 64-byte aligned; wiped.
void rsa_half_ct(limb_t* x, const limb_t* b, std::size_t bn, bool b_negative, const limb_t* ep, std::size_t en,
                 const limb_t* p, SecretModulus& m, limb_t* scratch) noexcept;
std::size_t rsa_half_ct_scratch(const SecretModulus& m, std::size_t bn, std::size_t en) noexcept;

// rsa_half_ct as rsa_half_ct_steps(m) steps (a function of n and the radix:
// public), for powm_sec_crt's tasks: step 0 fills m, reduces b and e and
// builds the table; the others run about kHalfStepWindows windows each (at
// most kHalfMaxWindowSteps of them); the last leaves x and wipes the scratch.
// Run them in order with the same arguments and scratch (the state between
// them); a step may run on another thread than the one before when the
// caller orders them (release/acquire).  m's constants are complete after
// step 0 and unchanged after it.  With m.with_digits there is one step.
inline constexpr std::size_t kHalfStepWindows = 12;
inline constexpr std::size_t kHalfMaxWindowSteps = 32;
std::size_t rsa_half_ct_steps(const SecretModulus& m) noexcept;
void rsa_half_ct_step(std::size_t step, limb_t* x, const limb_t* b, std::size_t bn, bool b_negative, const limb_t* ep,
                      std::size_t en, const limb_t* p, SecretModulus& m, limb_t* scratch) noexcept;

}  // namespace parmod::consttime

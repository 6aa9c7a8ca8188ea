// tests/support/random_operands.hpp - operands for differential tests.
//
// Random numbers in the style of GMP's own tests (mpz_rrandomb: long runs of
// ones and zeros, which exercise carries), uniform ones, and the edge moduli
// the project's guide lists.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <vector>

#include "limbs/limbs.hpp"

namespace parmod::test {

// The generator every test uses (fixed seed per thread: failures reproduce).
class Rng {
 public:
  Rng();
  ~Rng();
  mpz_class get_z_bits(unsigned long bits);          // uniform in [0, 2^bits)
  mpz_class get_z_range(const mpz_class& bound);     // uniform in [0, bound)
  __gmp_randstate_struct* state() { return state_; }

 private:
  gmp_randstate_t state_;
};
Rng& rng();

// Exactly `bits` bits when bits > 0 (top bit set), rrandomb-style runs.
mpz_class rrandom_bits(std::size_t bits);
// Uniform in [0, bound) (bound > 0), rrandomb-style half of the time.
mpz_class random_below(const mpz_class& bound);
// A random modulus of exactly n limbs, odd if `odd`, mixing rrandomb and uniform.
mpz_class random_modulus(std::size_t n, bool odd);
// Edge moduli of n limbs: beta^(n-1) + 1, beta^n - 1, beta^n - 2^63 - 1, all-ones
// limbs, beta^(n-1) + beta^(n-1)/2 + 1, ... (odd ones when `odd`; with !odd also
// the even ones: beta^(n-1), beta^n - 2, ...).
std::vector<mpz_class> edge_moduli(std::size_t n, bool odd);
// Edge operands for modulus P: 0, 1, 2, P-1, P-2, all-ones limbs below P, ...
std::vector<mpz_class> edge_operands(const mpz_class& P);

// beta^k.
mpz_class beta_pow(std::size_t k);

// Limbs of 0 <= x < beta^n, zero-padded.
std::vector<limb_t> limbs_of(const mpz_class& x, std::size_t n);
// The value of x[0, n).
mpz_class value_of(const limb_t* x, std::size_t n);
inline mpz_class value_of(const std::vector<limb_t>& x) { return value_of(x.data(), x.size()); }

// The smaller of a and b (std::min does not take gmpxx expressions).
inline mpz_class min_z(const mpz_class& a, const mpz_class& b) { return a < b ? a : b; }

// Python's x % m (result has the sign of m): GMP's floor remainder.
mpz_class py_mod(const mpz_class& x, const mpz_class& m);

// GMP's b^e mod m for e >= 0, b any sign (the oracle of the exponentiation tests).
mpz_class gmp_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m);

}  // namespace parmod::test

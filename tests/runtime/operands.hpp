// tests/runtime/operands.hpp - operands for the differential tests of the runtime module.
//
// mpz_rrandomb-style limb vectors (long runs of ones and zeros, the carry
// stress GMP's own tests use), uniform random ones, and all-ones limbs.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <vector>

namespace parmod::test {

enum class Fill { rrandomb, uniform, ones };

class Operands {
 public:
  explicit Operands(unsigned long seed) {
    gmp_randinit_default(state_);
    gmp_randseed_ui(state_, seed);
    mpz_init(z_);
  }
  ~Operands() {
    mpz_clear(z_);
    gmp_randclear(state_);
  }
  Operands(const Operands&) = delete;
  Operands& operator=(const Operands&) = delete;

  // n limbs, the top limb nonzero.
  std::vector<mp_limb_t> limbs(std::size_t n, Fill fill) {
    std::vector<mp_limb_t> v(n, ~mp_limb_t(0));
    if (fill == Fill::ones) return v;
    do {
      if (fill == Fill::rrandomb)
        mpz_rrandomb(z_, state_, 64 * n);
      else
        mpz_urandomb(z_, state_, 64 * n);
    } while (mpz_size(z_) != n);
    for (std::size_t i = 0; i < n; ++i) v[i] = mpz_getlimbn(z_, i);
    return v;
  }

  unsigned long below(unsigned long n) { return gmp_urandomm_ui(state_, n); }

 private:
  gmp_randstate_t state_;
  mpz_t z_;
};

// The reference product with GMP's mpn_mul (longer operand first).
inline std::vector<mp_limb_t> reference_mul(const std::vector<mp_limb_t>& a, const std::vector<mp_limb_t>& b) {
  std::vector<mp_limb_t> r(a.size() + b.size());
  if (a.size() >= b.size())
    mpn_mul(r.data(), a.data(), mp_size_t(a.size()), b.data(), mp_size_t(b.size()));
  else
    mpn_mul(r.data(), b.data(), mp_size_t(b.size()), a.data(), mp_size_t(a.size()));
  return r;
}

}  // namespace parmod::test

// tests/modmul/mp_support.hpp - the oracle of the bipartite and multipartite tests.
#pragma once

#include <gmpxx.h>

#include "modmul/modulus_constants.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {

// A B beta^-h mod P computed by GMP (h = floor(n/2)).
inline mpz_class expected_mp(const mpz_class& A, const mpz_class& B, const mpz_class& P, std::size_t n) {
  mpz_class inv;
  const mpz_class R = beta_pow(n / 2);
  mpz_invert(inv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  mpz_class r = A * B * inv;
  mpz_mod(r.get_mpz_t(), r.get_mpz_t(), P.get_mpz_t());
  return r;
}

}  // namespace parmod::test

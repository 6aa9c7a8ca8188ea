// tests/multiexp/multiexp_test_util.hpp - operands and the GMP oracle for the
// multi-exponentiation tests.
#pragma once

#include <gmpxx.h>

#include <vector>

#include "limbs/limbs.hpp"
#include "modmul/engine.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {

// The engine the multi-exponentiation tests run on, bound to P: montgomery52
// for odd P where the CPU has AVX-512 IFMA (the multiexp code then runs on
// its digit elements, words per element != limbs), else montgomery28 for odd
// P of an even number of limbs where it takes P (AVX2; spread elements),
// else Montgomery; Barrett for even P (n-limb elements).  Sequential products.
inline modmul::BoundEngine engine_for(const mpz_class& P) {
  if (mpz_even_p(P.get_mpz_t())) return modmul::barrett_factory.bind(P, {});
  if (!modmul::montgomery52_factory.rejects(P)) return modmul::montgomery52_factory.bind(P, {});
  if (mpz_size(P.get_mpz_t()) % 2 == 0 && !modmul::montgomery28_factory.rejects(P))
    return modmul::montgomery28_factory.bind(P, {});
  return modmul::montgomery_factory.bind(P, {});
}

// nb bases and exponents modulo P: bases random below P (some edge values),
// exponents of at most b bits (lengths vary; some zero) and exponent 0 when b = 0.
struct MultiexpCase {
  mpz_class P;
  std::size_t n = 0;
  std::vector<mpz_class> bases, exps;
  std::vector<limb_t> xs;                 // nb x n limbs
  std::vector<const limb_t*> ep;
  std::vector<std::size_t> en;

  MultiexpCase(const mpz_class& P_, std::size_t nb, std::size_t b, bool full_length = false) : P(P_) {
    n = mpz_size(P.get_mpz_t());
    for (std::size_t i = 0; i < nb; ++i) {
      mpz_class x = random_below(P);
      if (i % 7 == 3) x = P - 1;
      if (i % 11 == 5) x = 0;
      bases.push_back(x);
      mpz_class e = 0;
      if (b > 0) {
        std::size_t bits = full_length || i % 3 == 0 ? b : 1 + rng().below(b).get_ui();
        e = rrandom_bits(bits);
        if (i % 13 == 12) e = 0;
      }
      exps.push_back(e);
    }
    for (std::size_t i = 0; i < nb; ++i) {
      std::vector<limb_t> l = limbs_of(bases[i], n);
      xs.insert(xs.end(), l.begin(), l.end());
    }
    for (std::size_t i = 0; i < nb; ++i) {
      ep.push_back(mpz_limbs_read(exps[i].get_mpz_t()));
      en.push_back(mpz_size(exps[i].get_mpz_t()));
    }
  }

  mpz_class expected() const {
    mpz_class r = 1 % P;
    for (std::size_t i = 0; i < bases.size(); ++i) r = r * gmp_powm(bases[i], exps[i], P) % P;
    return r;
  }
};

}  // namespace parmod::test

// Binary square-and-multiply against mpz_powm on both engines.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/binary_powm.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_powm(const mpz_class& P, const mpz_class& b, const mpz_class& e, const modmul::Engine& engine) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  auto x = limbs_of(b, n);
  const std::size_t en = mpz_size(e.get_mpz_t());
  const auto ev = limbs_of(e, en);
  std::vector<limb_t> scratch(exponentiation::binary_powm_scratch(n, engine));
  exponentiation::binary_powm(x.data(), x.data(), ev.data(), en, k, engine, scratch.data());
  mpz_class want;
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  EXPECT_EQ(value_of(x), want) << engine.name << " n=" << n << " e bits=" << mpz_sizeinbase(e.get_mpz_t(), 2);
}

TEST(BinaryPowm, RandomAgainstMpzPowm) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 7u, 8u, 16u, 33u, 64u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const mpz_class b = random_below(P);
      for (std::size_t ebits : {1u, 2u, 63u, 64u, 65u, 200u}) {
        const mpz_class e = rrandom_bits(ebits);
        check_powm(P, b, e, modmul::barrett_engine);
        if (odd) check_powm(P, b, e, modmul::montgomery_engine);
      }
    }
  }
}

TEST(BinaryPowm, EdgeExponentsAndBases) {
  for (std::size_t n : {1u, 2u, 5u}) {
    for (bool odd : {true, false}) {
      for (const mpz_class& P : edge_moduli(n, odd)) {
        for (const mpz_class& b : {mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(P - 1)}) {
          if (b >= P) continue;
          for (const mpz_class& e : {mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(mpz_class(1) << 64),
                                     mpz_class(beta_pow(2) - 1), mpz_class((mpz_class(1) << 130) - 1)}) {
            check_powm(P, b, e, modmul::barrett_engine);
            if (odd) check_powm(P, b, e, modmul::montgomery_engine);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

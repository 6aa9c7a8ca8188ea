// The mulx/adx schoolbook product and square against GMP's mpn_mul / mpn_sqr
// (limbs::mul / limbs::sqr around every kernel limit: test_karatsuba_adx.cpp).
#include <gtest/gtest.h>

#include "limbs/basecase_adx.hpp"
#include "limbs/cpu_features.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// kind 0: rrandomb runs of ones and zeros; 1: all-ones limbs (maximal
// carries); 2: a single nonzero top limb; 3: rrandomb with a zero low half.
mpz_class operand(std::size_t n, int kind) {
  switch (kind) {
    case 1: return beta_pow(n) - 1;
    case 2: return beta_pow(n - 1) * (rng().bits(64) | 1);
    case 3: return (rrandom_bits(64 * (n - n / 2)) * beta_pow(n / 2)) % beta_pow(n);
    default: return rrandom_bits(64 * n);
  }
}

TEST(BasecaseAdx, ProductMatchesGmpBalancedAndUnbalanced) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t an = 1; an <= 80; ++an) {
    for (std::size_t bn : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{8},
                           std::size_t{9}, an / 2 + 1, an}) {
      if (bn > an) continue;
      for (int kind = 0; kind < 4; ++kind) {
        const auto a = limbs_of(operand(an, kind), an);
        const auto b = limbs_of(operand(bn, (kind + 1) % 4), bn);
        std::vector<limb_t> want(an + bn), got(an + bn + 1, 0x5a5a5a5a5a5a5a5aULL);
        mpn_mul(want.data(), a.data(), static_cast<mp_size_t>(an), b.data(), static_cast<mp_size_t>(bn));
        limbs::mul_basecase_adx(got.data(), a.data(), an, b.data(), bn);
        EXPECT_EQ(got.back(), 0x5a5a5a5a5a5a5a5aULL) << "wrote past the product";
        got.pop_back();
        EXPECT_EQ(got, want) << "an=" << an << " bn=" << bn << " kind=" << kind;
      }
    }
  }
}

TEST(BasecaseAdx, SquareMatchesGmp) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n = 1; n <= 100; ++n) {
    for (int kind = 0; kind < 4; ++kind) {
      const auto a = limbs_of(operand(n, kind), n);
      std::vector<limb_t> want(2 * n), got(2 * n + 1, 0xa5a5a5a5a5a5a5a5ULL);
      mpn_sqr(want.data(), a.data(), static_cast<mp_size_t>(n));
      limbs::sqr_basecase_adx(got.data(), a.data(), n);
      EXPECT_EQ(got.back(), 0xa5a5a5a5a5a5a5a5ULL) << "wrote past the square";
      got.pop_back();
      EXPECT_EQ(got, want) << "n=" << n << " kind=" << kind;
    }
  }
}

}  // namespace
}  // namespace parmod::test

// The register-window product and square (limbs/window_adx) and Karatsuba
// over them against GMP's mpn_mul / mpn_sqr, at every size from 1 to 64 limbs
// and a few above; the generated kernels are tested whenever the CPU has
// BMI2 + ADX, whatever PARMOD_MULX_KERNELS says (the engines' use of them:
// tests/modmul/test_montgomery_mul.cpp).
#include <gtest/gtest.h>

#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "config/tuning.hpp"
#include "limbs/window_adx.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

#if PARMOD_WINDOW_ADX_ASM
constexpr limb_t kGuard = 0x5a5a5a5a5a5a5a5aULL;

// kind 0: rrandomb runs of ones and zeros; 1: all-ones limbs (maximal
// carries); 2: a single nonzero top limb; 3: rrandomb with a zero low half;
// 4: uniform.
mpz_class operand(std::size_t n, int kind) {
  switch (kind) {
    case 1: return beta_pow(n) - 1;
    case 2: return beta_pow(n - 1) * (rng().bits(64) | 1);
    case 3: return (rrandom_bits(64 * (n - n / 2)) * beta_pow(n / 2)) % beta_pow(n);
    case 4: return rng().bits(64 * n);
    default: return rrandom_bits(64 * n);
  }
}
constexpr int kKinds = 5;

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> v;
  for (std::size_t n = 1; n <= 64; ++n) v.push_back(n);
  for (std::size_t n : {65, 71, 72, 79, 100, 129}) v.push_back(n);
  return v;
}

void check_product(const std::vector<limb_t>& a, const std::vector<limb_t>& b) {
  const std::size_t an = a.size(), bn = b.size();
  std::vector<limb_t> want(an + bn), got(an + bn + 1, kGuard);
  mpn_mul(want.data(), an >= bn ? a.data() : b.data(), static_cast<mp_size_t>(std::max(an, bn)),
          an >= bn ? b.data() : a.data(), static_cast<mp_size_t>(std::min(an, bn)));
  limbs::mul_window_adx(got.data(), a.data(), an, b.data(), bn);
  EXPECT_EQ(got.back(), kGuard) << "wrote past the product";
  got.pop_back();
  EXPECT_EQ(got, want) << "an=" << an << " bn=" << bn;
}

TEST(WindowAdx, ProductMatchesGmpAtEverySize) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : sizes())
    for (int kind = 0; kind < kKinds; ++kind)
      check_product(limbs_of(operand(n, kind), n), limbs_of(operand(n, (kind + 1) % kKinds), n));
}

TEST(WindowAdx, UnbalancedProductsEitherWayRound) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t an = 1; an <= 40; ++an)
    for (std::size_t bn : {1, 2, 3, 7, 8, 9, 15, 16, 17, 33}) {
      const int kind = static_cast<int>((an + bn) % kKinds);
      check_product(limbs_of(operand(an, kind), an), limbs_of(operand(bn, (kind + 2) % kKinds), bn));
    }
}

TEST(WindowAdx, SquareMatchesGmpAtEverySize) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : sizes())
    for (int kind = 0; kind < kKinds; ++kind) {
      const auto a = limbs_of(operand(n, kind), n);
      std::vector<limb_t> want(2 * n), got(2 * n + 1, kGuard);
      mpn_sqr(want.data(), a.data(), static_cast<mp_size_t>(n));
      limbs::sqr_window_adx(got.data(), a.data(), n);
      EXPECT_EQ(got.back(), kGuard) << "wrote past the square";
      got.pop_back();
      EXPECT_EQ(got, want) << "n=" << n << " kind=" << kind;
    }
}

TEST(WindowAdx, KaratsubaOverTheWindowKernels) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : {2, 3, 16, 31, 32, 33, 47, 48, 64, 97, 128, 191}) {
    for (std::size_t limit : {2, 8, 17, 32, 48}) {
      for (int kind = 0; kind < kKinds; ++kind) {
        const auto a = limbs_of(operand(n, kind), n), b = limbs_of(operand(n, (kind + 3) % kKinds), n);
        std::vector<limb_t> want(2 * n), got(2 * n), scratch(limbs::karatsuba_adx_scratch(n));
        mpn_mul_n(want.data(), a.data(), b.data(), static_cast<mp_size_t>(n));
        limbs::mul_karatsuba_window_adx(got.data(), a.data(), b.data(), n, limit, scratch.data());
        EXPECT_EQ(got, want) << "mul n=" << n << " limit=" << limit << " kind=" << kind;
        mpn_sqr(want.data(), a.data(), static_cast<mp_size_t>(n));
        limbs::sqr_karatsuba_window_adx(got.data(), a.data(), n, limit, scratch.data());
        EXPECT_EQ(got, want) << "sqr n=" << n << " limit=" << limit << " kind=" << kind;
      }
    }
  }
}
#endif

TEST(WindowAdx, EnabledOnlyWithBmi2AndAdxAndTheKey) {
  if (limbs::window_adx_enabled()) {
    EXPECT_TRUE(limbs::cpu_has_mulx_adx());
    EXPECT_GT(config::tuning().montgomery_window_adx_min, 0u);
  }
  config::Tuning off = config::tuning();
  off.montgomery_window_adx_min = 0;
  {
    const config::ScopedTuning scoped(off);
    EXPECT_FALSE(limbs::window_adx_enabled());
  }
#if !PARMOD_WINDOW_ADX_ASM
  EXPECT_FALSE(limbs::window_adx_enabled());
#endif
}

}  // namespace
}  // namespace parmod::test

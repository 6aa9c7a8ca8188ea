// Karatsuba over the mulx row kernels against GMP's mpn_mul_n / mpn_sqr, with
// the recursion cut at several basecase limits and Karatsuba minima (deep
// recursion on small sizes, odd sizes at every level), and limbs::mul /
// limbs::sqr around the Karatsuba limits.
#include <gtest/gtest.h>

#include <utility>

#include "config/tuning.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/mul_ifma.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

mpz_class operand(std::size_t n, int kind) {
  switch (kind) {
    case 1: return beta_pow(n) - 1;                                  // all-ones limbs: maximal carries
    case 2: return beta_pow(n) - beta_pow(n / 2);                    // a0 = 0, a1 all ones: |a0 - a1| large
    case 3: return beta_pow(n - 1) * (rng().bits(64) | 1);     // a0 = 0
    default: return rrandom_bits(64 * n);
  }
}

TEST(KaratsubaAdx, ProductAndSquareMatchGmp) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  // (schoolbook limit, Karatsuba's own minimum; 0: the limit)
  for (auto [base, kmin] : {std::pair<std::size_t, std::size_t>{2, 0}, {5, 0}, {17, 0}, {52, 0}, {52, 8}, {52, 26}}) {
    config::Tuning t = config::tuning();
    t.mul_basecase_adx_max = t.sqr_basecase_adx_max = base;
    t.mul_karatsuba_adx_min = t.sqr_karatsuba_adx_min = kmin;
    const config::ScopedTuning scoped(t);
    for (std::size_t n = 2; n <= 200; n += (n < 40 ? 1 : 7)) {
      std::vector<limb_t> scratch(limbs::karatsuba_adx_scratch(n) + 1, 0x77);
      for (int kind = 0; kind < 4; ++kind) {
        const auto a = limbs_of(operand(n, kind), n), b = limbs_of(operand(n, (kind + 2) % 4), n);
        std::vector<limb_t> want(2 * n), got(2 * n + 1, 0x5a5a);
        mpn_mul_n(want.data(), a.data(), b.data(), static_cast<mp_size_t>(n));
        limbs::karatsuba_mul_adx(got.data(), a.data(), b.data(), n, scratch.data());
        EXPECT_EQ(got.back(), 0x5a5au) << "wrote past the product";
        EXPECT_EQ(scratch.back(), 0x77u) << "wrote past the scratch";
        got.pop_back();
        EXPECT_EQ(got, want) << "mul n=" << n << " base=" << base << " kmin=" << kmin << " kind=" << kind;
        got.assign(2 * n + 1, 0x5a5a);
        mpn_sqr(want.data(), a.data(), static_cast<mp_size_t>(n));
        limbs::karatsuba_sqr_adx(got.data(), a.data(), n, scratch.data());
        EXPECT_EQ(got.back(), 0x5a5au) << "wrote past the square";
        got.pop_back();
        EXPECT_EQ(got, want) << "sqr n=" << n << " base=" << base << " kmin=" << kmin << " kind=" << kind;
      }
    }
  }
}

// limbs::mul / limbs::sqr on both sides of every limit: GMP, the row kernels,
// Karatsuba over them, GMP again, and the IFMA range where the CPU has it
// (all 0 otherwise); a * a through mul takes the square; products with one
// to three limbs more on one side.
TEST(KernelDispatch, AroundEveryLimit) {
  std::vector<std::size_t> sizes = {1, 2, 127, 130};
  const config::Tuning& t = config::tuning();
  for (std::size_t limit : {limbs::mul_basecase_adx_min(), limbs::sqr_basecase_adx_min(), t.mul_basecase_adx_max,
                            t.sqr_basecase_adx_max, limbs::mul_karatsuba_adx_min(), limbs::sqr_karatsuba_adx_min(),
                            limbs::mul_karatsuba_adx_limit(),
                            limbs::sqr_karatsuba_adx_limit(), limbs::mul_ifma_min(), limbs::mul_ifma_max(),
                            limbs::sqr_ifma_min(), limbs::sqr_ifma_max(), limbs::mul_karatsuba_ifma_limit(),
                            limbs::sqr_karatsuba_ifma_limit()})
    for (std::size_t n : {limit - 1, limit, limit + 1})
      if (n >= 1 && n <= 1200) sizes.push_back(n);
  for (std::size_t n : sizes) {
    const auto a = limbs_of(operand(n, 0), n), b = limbs_of(operand(n, 1), n);
    std::vector<limb_t> want(2 * n), got(2 * n);
    mpn_mul_n(want.data(), a.data(), b.data(), static_cast<mp_size_t>(n));
    limbs::mul(got.data(), a.data(), n, b.data(), n);
    EXPECT_EQ(got, want) << "mul n=" << n;
    mpn_sqr(want.data(), a.data(), static_cast<mp_size_t>(n));
    limbs::sqr(got.data(), a.data(), n);
    EXPECT_EQ(got, want) << "sqr n=" << n;
    limbs::mul(got.data(), a.data(), n, a.data(), n);
    EXPECT_EQ(got, want) << "mul(a, a) n=" << n;
    for (std::size_t extra : {1, 2, 3}) {  // nearly balanced (Karatsuba and rows) and not (the schoolbook or GMP)
      const auto a2 = limbs_of(operand(n + extra, 2), n + extra);
      std::vector<limb_t> want2(2 * n + extra), got2(2 * n + extra);
      mpn_mul(want2.data(), a2.data(), static_cast<mp_size_t>(n + extra), b.data(), static_cast<mp_size_t>(n));
      limbs::mul(got2.data(), a2.data(), n + extra, b.data(), n);
      EXPECT_EQ(got2, want2) << "mul " << n + extra << " x " << n;
      limbs::mul(got2.data(), b.data(), n, a2.data(), n + extra);
      EXPECT_EQ(got2, want2) << "mul " << n << " x " << n + extra;
    }
  }
}

}  // namespace
}  // namespace parmod::test

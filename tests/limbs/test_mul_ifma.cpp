// The AVX-512 IFMA product and square against GMP's mpn_mul / mpn_sqr: every
// an, bn in 1..80, random sizes up to the kernels' largest operand, rrandomb
// runs, all-ones limbs (maximal column sums and carries), zero, and very
// unbalanced operands; Karatsuba over the kernel; limbs::mul / limbs::sqr
// around the IFMA limits.
// Skipped without AVX-512 IFMA (or with PARMOD_NO_IFMA=1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/mul_ifma.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

mpz_class operand(std::size_t n, int kind) {
  switch (kind) {
    case 1: return beta_pow(n) - 1;                               // all-ones limbs
    case 2: return mpz_class(0);                                  // zero
    case 3: return beta_pow(n - 1) * (rng().bits(64) | 1);  // only the top limb
    case 4: return rng().bits(64 * n);                      // uniform
    default: return rrandom_bits(64 * n);                         // runs of ones and zeros
  }
}
constexpr int kKinds = 5;

// mul_ifma(a, b) and mul_ifma(b, a) against mpn_mul, with guards after the
// product and the scratch.
void check_mul(std::size_t an, std::size_t bn, int ka, int kb) {
  const auto a = limbs_of(operand(an, ka), an), b = limbs_of(operand(bn, kb), bn);
  std::vector<limb_t> want(an + bn);
  if (an >= bn)
    mpn_mul(want.data(), a.data(), mp_size_t(an), b.data(), mp_size_t(bn));
  else
    mpn_mul(want.data(), b.data(), mp_size_t(bn), a.data(), mp_size_t(an));
  std::vector<std::uint64_t> scratch(limbs::mul_ifma_scratch(an, bn) + 1, 0x77);
  for (int order = 0; order < 2; ++order) {
    std::vector<limb_t> got(an + bn + 1, 0x5a5a);
    if (order == 0)
      limbs::mul_ifma(got.data(), a.data(), an, b.data(), bn, scratch.data());
    else
      limbs::mul_ifma(got.data(), b.data(), bn, a.data(), an, scratch.data());
    ASSERT_EQ(got.back(), 0x5a5au) << "wrote past the product an=" << an << " bn=" << bn;
    ASSERT_EQ(scratch.back(), 0x77u) << "wrote past the scratch an=" << an << " bn=" << bn;
    got.pop_back();
    ASSERT_EQ(got, want) << "an=" << an << " bn=" << bn << " kinds " << ka << "," << kb << " order " << order;
  }
}

void check_sqr(std::size_t n, int kind) {
  const auto a = limbs_of(operand(n, kind), n);
  std::vector<limb_t> want(2 * n), got(2 * n + 1, 0x5a5a);
  mpn_sqr(want.data(), a.data(), mp_size_t(n));
  std::vector<std::uint64_t> scratch(limbs::sqr_ifma_scratch(n) + 1, 0x77);
  limbs::sqr_ifma(got.data(), a.data(), n, scratch.data());
  ASSERT_EQ(got.back(), 0x5a5au) << "wrote past the square n=" << n;
  ASSERT_EQ(scratch.back(), 0x77u) << "wrote past the scratch n=" << n;
  got.pop_back();
  ASSERT_EQ(got, want) << "sqr n=" << n << " kind " << kind;
}

TEST(MulIfma, EverySizeTo80MatchesGmp) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA set)";
  for (std::size_t an = 1; an <= 80; ++an)
    for (std::size_t bn = 1; bn <= an; ++bn) {
      check_mul(an, bn, 0, 0);
      check_mul(an, bn, 1, 1);
      check_mul(an, bn, static_cast<int>((an + bn) % kKinds), static_cast<int>((an * bn) % kKinds));
    }
}

TEST(MulIfma, SquareEverySizeTo80MatchesGmp) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA set)";
  for (std::size_t n = 1; n <= 80; ++n)
    for (int kind = 0; kind < kKinds; ++kind) check_sqr(n, kind);
}

// Random sizes up to the largest operand (and the balanced maximum itself:
// the largest column sums), all-ones operands at the top (the lane bound).
TEST(MulIfma, RandomSizesToTheLimit) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA set)";
  const std::size_t top = limbs::kIfmaMaxLimbs;
  for (int kind = 0; kind < kKinds; ++kind) {
    check_mul(top, top, kind, 1);
    check_sqr(top, kind);
  }
  for (int r = 0; r < reps(60); ++r) {
    const std::size_t an = 1 + rng().below(top).get_ui(), bn = 1 + rng().below(top).get_ui();
    check_mul(an, bn, r % kKinds, (r / kKinds) % kKinds);
    check_sqr(an, r % kKinds);
  }
}

// The longer operand has no size limit of its own: a short b against long a.
TEST(MulIfma, Unbalanced) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA set)";
  for (std::size_t bn : {1, 2, 7, 13, 16, 33})
    for (std::size_t an : {100, 257, 1000, 2500})
      for (int kind = 0; kind < kKinds; ++kind) check_mul(an, bn, kind, (kind + 1) % kKinds);
}

// The tuning in use with the IFMA schoolbook's ranges [mul_min, mul_max) and [sqr_min, sqr_max).
config::Tuning with_ifma_limits(std::size_t mul_min, std::size_t mul_max, std::size_t sqr_min, std::size_t sqr_max) {
  config::Tuning t = config::tuning();
  t.mul_ifma_min = mul_min;
  t.mul_ifma_max = mul_max;
  t.sqr_ifma_min = sqr_min;
  t.sqr_ifma_max = sqr_max;
  return t;
}

// Karatsuba over the IFMA kernel with the recursion cut at several leaf
// limits (deep recursion on small sizes, odd sizes at every level).
TEST(KaratsubaIfma, ProductAndSquareMatchGmp) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA set)";
  for (std::size_t leaf : {std::size_t{2}, std::size_t{7}, std::size_t{33}, std::size_t{300}}) {
    const config::ScopedTuning scoped(with_ifma_limits(1, leaf, 1, leaf));
    // Small leaves (deep recursion) to 1200 limbs, the largest leaf to the top of the range.
    const std::size_t top = leaf < 300 ? 1200 : limbs::kKaratsubaIfmaMaxLimit;
    for (std::size_t n = 2; n <= top; n += (n < 40 ? 1 : n < 700 ? 37 : n < 1200 ? 101 : 997)) {
      std::vector<limb_t> scratch(limbs::karatsuba_ifma_scratch(n) + 1, 0x77);
      for (int kind : {0, 1, 3}) {
        const auto a = limbs_of(operand(n, kind), n), b = limbs_of(operand(n, (kind + 1) % kKinds), n);
        std::vector<limb_t> want(2 * n), got(2 * n + 1, 0x5a5a);
        mpn_mul_n(want.data(), a.data(), b.data(), mp_size_t(n));
        limbs::karatsuba_mul_ifma(got.data(), a.data(), b.data(), n, scratch.data());
        ASSERT_EQ(got.back(), 0x5a5au) << "wrote past the product";
        ASSERT_EQ(scratch.back(), 0x77u) << "wrote past the scratch";
        got.pop_back();
        ASSERT_EQ(got, want) << "mul n=" << n << " leaf=" << leaf << " kind=" << kind;
        got.assign(2 * n + 1, 0x5a5a);
        mpn_sqr(want.data(), a.data(), mp_size_t(n));
        limbs::karatsuba_sqr_ifma(got.data(), a.data(), n, scratch.data());
        ASSERT_EQ(got.back(), 0x5a5au) << "wrote past the square";
        ASSERT_EQ(scratch.back(), 0x77u) << "wrote past the scratch";
        got.pop_back();
        ASSERT_EQ(got, want) << "sqr n=" << n << " leaf=" << leaf << " kind=" << kind;
      }
    }
  }
}

// limbs::mul of unbalanced operands whose shorter one is in Karatsuba over
// IFMA's range: a in pieces of that size (a multiple of it, one more limb,
// one limb less than a multiple, a low remainder itself in that range or
// below it, many pieces), rrandomb-style operands and all-ones limbs, either
// order, against mpn_mul.
TEST(MulIfma, UnbalancedKaratsubaInPieces) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA in use";
  config::Tuning t = with_ifma_limits(4, 24, 4, 24);  // Karatsuba over IFMA from 24 limbs
  t.mul_ifma_karatsuba_max = 200;
  const config::ScopedTuning scoped(t);
  ASSERT_EQ(limbs::mul_kernel(100, 30), limbs::MulKernel::karatsuba_ifma);
  for (std::size_t bn : {24u, 25u, 31u, 64u, 97u, 199u})
    for (std::size_t an : {bn + 1, 2 * bn, 2 * bn + 1, 3 * bn - 1, bn + 23, bn + 24, 7 * bn + 5})
      for (int kind = 0; kind < kKinds; ++kind) {
        const auto a = limbs_of(operand(an, kind), an), b = limbs_of(operand(bn, (kind + 1) % kKinds), bn);
        std::vector<limb_t> want(an + bn), got(an + bn, 0x5a);
        mpn_mul(want.data(), a.data(), mp_size_t(an), b.data(), mp_size_t(bn));
        limbs::mul(got.data(), a.data(), an, b.data(), bn);
        EXPECT_EQ(got, want) << "mul " << an << " x " << bn << " kind " << kind;
        std::fill(got.begin(), got.end(), 0x5a);
        limbs::mul(got.data(), b.data(), bn, a.data(), an);
        EXPECT_EQ(got, want) << "mul " << bn << " x " << an << " kind " << kind;
      }
}

// limbs::mul / limbs::sqr on both sides of each IFMA limit (schoolbook and
// Karatsuba), balanced and
// unbalanced (the shorter operand's size decides), and limbs::mul of long
// unbalanced operands, which goes through the kernel in pieces of a.
TEST(MulIfma, DispatchAroundTheLimits) {
  const std::vector<std::size_t> limits = {limbs::mul_ifma_min(),
                                           limbs::mul_ifma_max(),
                                           limbs::sqr_ifma_min(),
                                           limbs::sqr_ifma_max(),
                                           limbs::mul_karatsuba_ifma_limit(),
                                           limbs::sqr_karatsuba_ifma_limit()};
  if (limbs::cpu_has_avx512_ifma()) {
    // The row in use may leave the kernels off (0); where on, the ranges are not empty.
    if (limits[1] > 0) EXPECT_LT(limits[0], limits[1]);
    if (limits[3] > 0) EXPECT_LT(limits[2], limits[3]);
    EXPECT_LE(limits[1], limbs::kIfmaMaxLimbs);
    EXPECT_LE(limits[4], limbs::kKaratsubaIfmaMaxLimit);
  } else {
    for (std::size_t l : limits) EXPECT_EQ(l, 0u) << "IFMA limits must be 0 without IFMA";
  }
  std::vector<std::size_t> sizes;
  for (std::size_t limit : limits)
    for (std::size_t n : {limit - 1, limit, limit + 1})
      if (n >= 1 && n <= 2000) sizes.push_back(n);
  for (std::size_t n : sizes) {
    for (std::size_t an : {n, n + 5, 3 * n + 1}) {
      const auto a = limbs_of(operand(an, 0), an), b = limbs_of(operand(n, 1), n);
      std::vector<limb_t> want(an + n), got(an + n);
      mpn_mul(want.data(), a.data(), mp_size_t(an), b.data(), mp_size_t(n));
      limbs::mul(got.data(), a.data(), an, b.data(), n);
      EXPECT_EQ(got, want) << "mul " << an << " x " << n;
      limbs::mul(got.data(), b.data(), n, a.data(), an);
      EXPECT_EQ(got, want) << "mul " << n << " x " << an;
    }
    const auto a = limbs_of(operand(n, 4), n);
    std::vector<limb_t> want(2 * n), got(2 * n);
    mpn_sqr(want.data(), a.data(), mp_size_t(n));
    limbs::sqr(got.data(), a.data(), n);
    EXPECT_EQ(got, want) << "sqr n=" << n;
    limbs::mul(got.data(), a.data(), n, a.data(), n);
    EXPECT_EQ(got, want) << "mul(a, a) n=" << n;
  }
  // Long a in pieces: pieces of kIfmaMaxLimbs and a last piece shorter than b.
  if (limbs::cpu_has_avx512_ifma()) {
    const config::ScopedTuning scoped(with_ifma_limits(2, limbs::kIfmaMaxLimbs, 2, limbs::kIfmaMaxLimbs));
    const std::size_t k = limbs::kIfmaMaxLimbs;
    for (auto [an, bn] : {std::pair<std::size_t, std::size_t>{2 * k + 3, 40}, {3 * k, 700}, {2 * k + 1, k - 1},
                          {k + 1, 2}, {5 * k + 9, 3}})
      for (int kind = 0; kind < 2; ++kind) {
        const auto a = limbs_of(operand(an, kind), an), b = limbs_of(operand(bn, kind), bn);
        std::vector<limb_t> want(an + bn), got(an + bn);
        mpn_mul(want.data(), a.data(), mp_size_t(an), b.data(), mp_size_t(bn));
        limbs::mul(got.data(), a.data(), an, b.data(), bn);
        EXPECT_EQ(got, want) << "mul in pieces " << an << " x " << bn << " kind " << kind;
      }
  }
}

}  // namespace
}  // namespace parmod::test

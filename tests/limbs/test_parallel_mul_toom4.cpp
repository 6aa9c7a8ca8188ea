// Differential tests of limbs/parallel_mul_toom4.cpp against GMP's mpn_mul.
#include "limbs/parallel_mul_toom4.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check_mul(test::Rng& g, std::size_t an, std::size_t bn, int T, Fill fa, Fill fb) {
  ASSERT_TRUE(limbs::toom4_applicable(an, bn)) << an << "x" << bn;
  auto a = g.limbs(an, fa), b = g.limbs(bn, fb);
  auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(an + bn + 1, 0x5a5a), scratch(limbs::mul_toom4_scratch(an, bn));
  limbs::mul_toom4(r.data(), a.data(), an, b.data(), bn, T, scratch.data());
  ASSERT_EQ(r[an + bn], limb_t(0x5a5a));
  r.pop_back();
  ASSERT_EQ(r, want) << an << "x" << bn << " T=" << T;
}

TEST(ParallelMulToom4, Applicability) {
  EXPECT_TRUE(limbs::toom4_applicable(4, 4));
  EXPECT_FALSE(limbs::toom4_applicable(6, 6));  // s = 2 leaves an empty top part
  EXPECT_TRUE(limbs::toom4_applicable(7, 7));
  EXPECT_FALSE(limbs::toom4_applicable(400, 300));
  EXPECT_TRUE(limbs::toom4_applicable(400, 301));
  EXPECT_FALSE(limbs::toom4_applicable(1, 1));
}

TEST(ParallelMulToom4, EdgeSizesAndThreadCounts) {
  test::Rng g(71);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n = 4; n <= 90; ++n) {
      if (!limbs::toom4_applicable(n, n)) continue;
      check_mul(g, n, n, T, Fill::rrandomb, Fill::rrandomb);
      check_mul(g, n, n, T, Fill::ones, Fill::ones);
      check_mul(g, n, n, T, Fill::ones, Fill::rrandomb);
      check_mul(g, n, n, T, Fill::uniform, Fill::ones);
    }
}

TEST(ParallelMulToom4, UnequalSizes) {
  test::Rng g(72);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t an : {40, 41, 42, 43, 100, 301, 1000, 1024, 4096}) {
      std::size_t s = (an + 3) / 4;
      for (std::size_t bn : {3 * s + 1, 3 * s + 2, an - 1, an})
        if (limbs::toom4_applicable(an, bn)) {
          check_mul(g, an, bn, T, Fill::rrandomb, Fill::uniform);
          check_mul(g, bn, an, T, Fill::uniform, Fill::rrandomb);
          check_mul(g, an, bn, T, Fill::ones, Fill::ones);
        }
    }
}

TEST(ParallelMulToom4, DescribeShowsEvaluationsProductsAndTwoInterpolations) {
  std::string d = limbs::describe_mul_toom4(1024, 1024, 2);
  EXPECT_NE(d.find("W(1/2)hi"), std::string::npos) << d;
  EXPECT_NE(d.find("W(1/2)mid"), std::string::npos) << d;
  // The point products wait for the two evaluation tasks, W(0) and W(inf) for
  // no task; part 1 of the interpolation for the six whole products, part 2
  // for it and W(1/2)'s three.
  EXPECT_NE(d.find("[0] evaluate A"), std::string::npos) << d;
  EXPECT_EQ(d.find("[2] after"), std::string::npos) << d;
  EXPECT_NE(d.find("[4] after 0 1\n"), std::string::npos) << d;
  EXPECT_NE(d.find("[8] after 0 1\n"), std::string::npos) << d;
  EXPECT_NE(d.find("[11] interpolate-1"), std::string::npos) << d;
  EXPECT_NE(d.find("[11] after 2 3 4 5 6 7\n"), std::string::npos) << d;
  EXPECT_NE(d.find("[12] after 11 8 9 10"), std::string::npos) << d;
}

// The first interpolation task runs while W(1/2)'s products are computed:
// with four threads every task may run on any of them, in any order the
// dependencies allow; many runs of the same product meet many of the
// interleavings the team takes.
TEST(ParallelMulToom4, RepeatedRunsOnFourThreadsAgree) {
  test::Rng g(73);
  for (std::size_t n : {37, 130, 515}) {
    auto a = g.limbs(n, Fill::rrandomb), b = g.limbs(n, Fill::ones);
    auto want = test::reference_mul(a, b);
    std::vector<limb_t> r(2 * n), scratch(limbs::mul_toom4_scratch(n, n));
    for (int k = 0; k < 200; ++k) {
      limbs::mul_toom4(r.data(), a.data(), n, b.data(), n, 4, scratch.data());
      ASSERT_EQ(r, want) << n << " run " << k;
    }
  }
}
}  // namespace

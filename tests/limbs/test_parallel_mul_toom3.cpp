// Differential tests of limbs/parallel_mul_toom3.cpp against GMP's mpn_mul.
#include "limbs/parallel_mul_toom3.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check_mul(test::Rng& g, std::size_t an, std::size_t bn, int T, Fill fa, Fill fb) {
  ASSERT_TRUE(limbs::toom3_applicable(an, bn)) << an << "x" << bn;
  auto a = g.limbs(an, fa), b = g.limbs(bn, fb);
  auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(an + bn + 1, 0x5a5a), scratch(limbs::mul_toom3_scratch(an, bn));
  limbs::mul_toom3(r.data(), a.data(), an, b.data(), bn, T, scratch.data());
  ASSERT_EQ(r[an + bn], limb_t(0x5a5a));
  r.pop_back();
  ASSERT_EQ(r, want) << an << "x" << bn << " T=" << T;
}

void check_sqr(test::Rng& g, std::size_t n, int T, Fill f) {
  auto a = g.limbs(n, f);
  auto want = test::reference_mul(a, a);
  std::vector<limb_t> r(2 * n), scratch(limbs::mul_toom3_scratch(n, n));
  limbs::sqr_toom3(r.data(), a.data(), n, T, scratch.data());
  ASSERT_EQ(r, want) << n << " T=" << T;
}

TEST(ParallelMulToom3, Applicability) {
  EXPECT_TRUE(limbs::toom3_applicable(3, 3));
  EXPECT_FALSE(limbs::toom3_applicable(4, 4));  // s = 2 leaves an empty top part
  EXPECT_TRUE(limbs::toom3_applicable(5, 5));
  EXPECT_FALSE(limbs::toom3_applicable(300, 150));
  EXPECT_TRUE(limbs::toom3_applicable(300, 201));
  EXPECT_FALSE(limbs::toom3_applicable(1, 1));
}

TEST(ParallelMulToom3, EdgeSizesAndThreadCounts) {
  test::Rng g(11);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n = 3; n <= 80; ++n) {
      if (!limbs::toom3_applicable(n, n)) continue;
      check_mul(g, n, n, T, Fill::rrandomb, Fill::rrandomb);
      check_mul(g, n, n, T, Fill::ones, Fill::ones);
      check_mul(g, n, n, T, Fill::ones, Fill::rrandomb);
    }
}

TEST(ParallelMulToom3, UnequalSizes) {
  test::Rng g(12);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t an : {30, 31, 32, 100, 301, 1000, 1024, 4096}) {
      std::size_t s = (an + 2) / 3;
      for (std::size_t bn : {2 * s + 1, 2 * s + 2, an - 1, an})
        if (limbs::toom3_applicable(an, bn)) {
          check_mul(g, an, bn, T, Fill::rrandomb, Fill::uniform);
          check_mul(g, bn, an, T, Fill::uniform, Fill::rrandomb);
          check_mul(g, an, bn, T, Fill::ones, Fill::ones);
        }
    }
}

TEST(ParallelMulToom3, Squares) {
  test::Rng g(13);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n : {3, 5, 6, 7, 9, 50, 64, 511, 1024, 3001}) {
      check_sqr(g, n, T, Fill::rrandomb);
      check_sqr(g, n, T, Fill::ones);
    }
}

TEST(ParallelMulToom3, DescribeShowsProductsAndTwoInterpolationParts) {
  std::string d = limbs::describe_mul_toom3(1024, 1024, 2);
  EXPECT_NE(d.find("W(-1)"), std::string::npos) << d;
  EXPECT_NE(d.find("[4] after 0 1 2 3"), std::string::npos) << d;  // interpolate-1
  EXPECT_NE(d.find("W(2)mid"), std::string::npos) << d;
  for (const char* w2 : {"[5] after 0 1", "[6] after 0 1", "[7] after 0 1"})  // A(2), B(2) from W(1), W(-1)
    EXPECT_NE(d.find(w2), std::string::npos) << d;
  // 4096 limbs: W(2)'s x1 y1 (684 limbs, a recursive product on every CPU) in three tasks too, all joined
  // by interpolate-2.
  std::string big = limbs::describe_mul_toom3(4096, 4096, 2);
  for (const char* hi : {"W(2)hi.lo", "W(2)hi.hi", "W(2)hi.mid", "[8] after 0 1", "[9] after 0 1"})
    EXPECT_NE(big.find(hi), std::string::npos) << big;
  EXPECT_NE(big.find("[10] after 4 5 6 7 8 9"), std::string::npos) << big;
  // 96 limbs: x1 y1 (17 limbs) is a schoolbook product, one task.
  std::string small = limbs::describe_mul_toom3(96, 96, 2);
  EXPECT_EQ(small.find("W(2)hi.lo"), std::string::npos) << small;
  EXPECT_NE(small.find("[8] after 4 5 6 7"), std::string::npos) << small;
}
}  // namespace

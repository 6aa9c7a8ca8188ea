// Differential tests of limbs/parallel_mul_blocks.cpp against GMP's mpn_mul.
#include "limbs/parallel_mul_blocks.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check_mul(test::Rng& g, std::size_t an, std::size_t bn, int k1, int k2, int T, Fill fill) {
  auto a = g.limbs(an, fill), b = g.limbs(bn, fill == Fill::ones ? Fill::ones : Fill::rrandomb);
  auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(an + bn + 1, 0xdeadbeef), scratch(limbs::mul_blocks_scratch(an, bn, k1, k2) + 1);
  limbs::mul_blocks(r.data(), a.data(), an, b.data(), bn, k1, k2, T, scratch.data());
  ASSERT_EQ(r[an + bn], limb_t(0xdeadbeef)) << "wrote past the product";
  r.pop_back();
  ASSERT_EQ(r, want) << an << "x" << bn << " k1=" << k1 << " k2=" << k2 << " T=" << T;
}

void check_sqr(test::Rng& g, std::size_t n, int k, int T, Fill fill) {
  auto a = g.limbs(n, fill);
  auto want = test::reference_mul(a, a);
  std::vector<limb_t> r(2 * n), scratch(limbs::sqr_blocks_scratch(n, k) + 1);
  limbs::sqr_blocks(r.data(), a.data(), n, k, T, scratch.data());
  ASSERT_EQ(r, want) << n << " k=" << k << " T=" << T;
}

TEST(ParallelMulBlocks, EdgeSizesAllShapesAllThreadCounts) {
  test::Rng g(1);
  const std::size_t sizes[] = {1, 2, 3, 5, 7, 17, 64, 101, 250};
  for (int T = 1; T <= 4; ++T)
    for (int k1 = 1; k1 <= 4; ++k1)
      for (int k2 = 1; k2 <= 3; ++k2)
        for (std::size_t an : sizes)
          for (std::size_t bn : {std::size_t(1), std::size_t(3), an, an / 2 + 1})
            check_mul(g, an, bn, k1, k2, T, Fill::rrandomb);
}

TEST(ParallelMulBlocks, AllOnesAndUniform) {
  test::Rng g(2);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n : {1, 2, 33, 96, 257}) {
      check_mul(g, n, n, 2, 2, T, Fill::ones);
      check_mul(g, n, n, 3, 2, T, Fill::ones);
      check_mul(g, n, (n + 1) / 2, 2, 1, T, Fill::uniform);
    }
}

TEST(ParallelMulBlocks, UnbalancedAndLarge) {
  test::Rng g(3);
  for (int T = 1; T <= 4; ++T) {
    check_mul(g, 3000, 7, 2, 1, T, Fill::rrandomb);
    check_mul(g, 7, 3000, 4, 1, T, Fill::rrandomb);
    check_mul(g, 2049, 1023, 2, 2, T, Fill::uniform);
    check_mul(g, 5000, 4999, 2, 1, T, Fill::rrandomb);
    check_mul(g, 1000, 999, 8, 8, T, Fill::rrandomb);
  }
}

TEST(ParallelMulBlocks, Squares) {
  test::Rng g(4);
  for (int T = 1; T <= 4; ++T)
    for (int k = 1; k <= 5; ++k)
      for (std::size_t n : {1, 2, 3, 7, 64, 99, 1001}) {
        check_sqr(g, n, k, T, Fill::rrandomb);
        check_sqr(g, n, k, T, Fill::ones);
      }
}

TEST(ParallelMulBlocks, DescribeShowsTheGraph) {
  std::string d = limbs::describe_mul_blocks(100, 100, 2, 2, 2);
  EXPECT_NE(d.find("A0B0"), std::string::npos) << d;
  EXPECT_NE(d.find("A1B0"), std::string::npos) << d;
  EXPECT_NE(d.find("sum"), std::string::npos) << d;
  EXPECT_NE(d.find("[4] after 0 1 2 3"), std::string::npos) << d;
  // 2x2 on equal sizes: A0B0 and A1B1 tile r, so only two products go to scratch.
  EXPECT_EQ(limbs::mul_blocks_scratch(100, 100, 2, 2), 200u);
}
}  // namespace

// limbs::parallel_mullo (limbs/parallel_mullo.cpp) against the low half of
// GMP's mpn_mul: sizes from 2 limbs (the smallest split) through odd sizes
// and the split's neighbourhood, on one and two threads, with rrandomb runs,
// all-ones limbs and uniform limbs; nothing written past n limbs.
#include "limbs/parallel_mullo.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check(const std::vector<limb_t>& a, const std::vector<limb_t>& b, int T) {
  const std::size_t n = a.size();
  auto want = test::reference_mul(a, b);
  want.resize(n);
  std::vector<limb_t> r(n + 1, 0x5a5a), scratch(limbs::parallel_mullo_scratch(n) + 1, 0x77);
  limbs::parallel_mullo(r.data(), a.data(), b.data(), n, T, scratch.data());
  ASSERT_EQ(r[n], limb_t(0x5a5a)) << "wrote past the low half, n=" << n;
  ASSERT_EQ(scratch.back(), limb_t(0x77)) << "wrote past the scratch, n=" << n;
  r.pop_back();
  ASSERT_EQ(r, want) << "n=" << n << " T=" << T << " h=" << limbs::parallel_mullo_split(n);
}

TEST(ParallelMullo, TheSplit) {
  for (std::size_t n : {2, 3, 4, 5, 17, 64, 100, 255, 1024, 4096}) {
    const std::size_t h = limbs::parallel_mullo_split(n);
    EXPECT_GE(2 * h, n) << n;  // A1 B1 beta^2h vanishes mod beta^n
    EXPECT_LT(h, n) << n;      // the cross products have at least one limb
  }
  EXPECT_NE(limbs::describe_parallel_mullo(1024, 2).find("A0 B1"), std::string::npos);
}

TEST(ParallelMullo, AgainstGmpOnBothThreadCounts) {
  test::Rng g(97);
  for (int T = 1; T <= 2; ++T)
    for (std::size_t n : {2, 3, 4, 7, 8, 9, 16, 31, 33, 64, 65, 100, 127, 255, 256, 300, 511, 512, 777, 1024, 1031}) {
      check(g.limbs(n, Fill::rrandomb), g.limbs(n, Fill::rrandomb), T);
      check(g.limbs(n, Fill::ones), g.limbs(n, Fill::ones), T);
      check(g.limbs(n, Fill::uniform), g.limbs(n, Fill::ones), T);
      check(g.limbs(n, Fill::ones), g.limbs(n, Fill::rrandomb), T);
    }
}

}  // namespace

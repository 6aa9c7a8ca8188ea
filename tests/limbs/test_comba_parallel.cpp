// Differential tests of limbs/comba_parallel.cpp against GMP's mpn_mul_n.
#include "limbs/comba_parallel.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

TEST(CombaParallel, TwoXAndMxForThreadCounts1To4) {
  test::Rng g(31);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n : {1, 2, 3, 4, 5, 8, 17, 31, 64, 97, 128, 192})
      for (Fill fill : {Fill::rrandomb, Fill::ones}) {
        auto a = g.limbs(n, fill), b = g.limbs(n, fill);
        auto want = test::reference_mul(a, b);
        std::vector<limb_t> r(2 * n);
        limbs::comba_mul_2x(r.data(), a.data(), b.data(), n, T);
        ASSERT_EQ(r, want) << "2x n=" << n << " T=" << T;
        for (int M : {1, 2, 3, 4, 7, 16}) {
          std::fill(r.begin(), r.end(), 0);
          limbs::comba_mul_mx(r.data(), a.data(), b.data(), n, M, T);
          ASSERT_EQ(r, want) << "Mx n=" << n << " M=" << M << " T=" << T;
        }
      }
}
}  // namespace

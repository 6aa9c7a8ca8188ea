// Differential tests of limbs/comba.cpp against GMP's mpn_mul_n.
#include "limbs/comba.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;
using Kernel = void (*)(limb_t*, const limb_t*, const limb_t*, std::size_t) noexcept;

void check_all(Kernel f, std::size_t max_n, const char* name) {
  test::Rng g(21);
  for (std::size_t n = 1; n <= max_n; ++n)
    for (Fill fill : {Fill::rrandomb, Fill::uniform, Fill::ones}) {
      auto a = g.limbs(n, fill), b = g.limbs(n, fill == Fill::uniform ? Fill::ones : fill);
      auto want = test::reference_mul(a, b);
      std::vector<limb_t> r(2 * n + 1, 77);
      f(r.data(), a.data(), b.data(), n);
      ASSERT_EQ(r[2 * n], limb_t(77)) << name;
      r.pop_back();
      ASSERT_EQ(r, want) << name << " n=" << n;
    }
}

TEST(Comba, ThreeWordAccumulator) { check_all(&limbs::comba_mul, 192, "comba"); }
TEST(Comba, Modified) { check_all(&limbs::comba_mul_modified, 192, "modified"); }
TEST(Comba, MulxAdx) { check_all(&limbs::comba_mul_adx, 192, "adx"); }
TEST(Comba, Fixed) { check_all(&limbs::comba_mul_fixed, 8, "fixed"); }

TEST(Comba, ColumnsCarryOut) {
  test::Rng g(22);
  std::size_t n = 13;
  auto a = g.limbs(n, Fill::ones), b = g.limbs(n, Fill::ones);
  auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(2 * n, 0);
  limb_t c1[2], c2[2];
  limbs::comba_columns(r.data(), a.data(), b.data(), n, 0, 9, c1);
  limbs::comba_columns(r.data(), a.data(), b.data(), n, 9, 2 * n, c2);
  EXPECT_EQ(c2[0], 0u);
  EXPECT_EQ(c2[1], 0u);
  mpn_add(r.data() + 9, r.data() + 9, mp_size_t(2 * n - 9), c1, 2);
  EXPECT_EQ(r, want);
}
}  // namespace

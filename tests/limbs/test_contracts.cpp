// The entry checks of the limb layer (PARMOD_ASSERT, src/check/assert.hpp): in
// a verify build (CMake option PARMOD_VERIFY) a call that breaks its header's
// contract stops with a message naming the function and the condition.
// Compiled only there (elsewhere the checks compile to nothing).
#include <gtest/gtest.h>

#include <vector>

#include "limbs/addmul_1.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/limbs.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "support/random_operands.hpp"

#if defined(PARMOD_VERIFY)
namespace parmod::test {
namespace {

class LimbsContracts : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
  std::vector<limb_t> x = std::vector<limb_t>(64, 3);
};

TEST_F(LimbsContracts, ProductIntoAnOperandStops) {
  std::vector<limb_t> r(6);
  limbs::mul(r.data(), x.data(), 4, x.data() + 8, 2);  // disjoint: fine
  EXPECT_DEATH(limbs::mul(x.data() + 2, x.data(), 4, x.data() + 8, 2),
               "contract violated in void parmod::limbs::mul\\(.*\\): .*!check::overlap\\(rp, an \\+ bn, ap, an\\)");
  EXPECT_DEATH(limbs::sqr(x.data() + 1, x.data(), 3), "parmod::limbs::sqr\\(.*!check::overlap\\(rp, 2 \\* n, ap, n\\)");
}

TEST_F(LimbsContracts, EmptyOperandStops) {
  std::vector<limb_t> r(4);
  EXPECT_DEATH(limbs::mul(r.data(), x.data(), 0, x.data() + 8, 2), "parmod::limbs::mul\\(.*an >= 1 && bn >= 1");
  EXPECT_DEATH(limbs::mullo(r.data(), x.data(), x.data() + 8, 0), "parmod::limbs::mullo\\(.*n >= 1");
}

TEST_F(LimbsContracts, AddmulOnAShiftedCopyOfItselfStops) {
  limbs::addmul_1(x.data(), x.data(), 4, 5);  // equal: allowed
  EXPECT_DEATH(limbs::addmul_1(x.data() + 1, x.data(), 4, 5),
               "parmod::limbs::addmul_1\\(.*check::same_or_separate\\(rp, ap, n\\)");
}

TEST_F(LimbsContracts, InverseOfAnEvenNumberStops) {
  std::vector<limb_t> inv(4), scratch(8), a = {6, 1, 2, 3};
  EXPECT_DEATH(limbs::binvert(inv.data(), a.data(), 4, scratch.data()), "parmod::limbs::binvert\\(.*a\\[0\\] % 2 == 1");
  a[0] = 7;
  EXPECT_DEATH(limbs::binvert(inv.data(), a.data(), 4, inv.data()), "parmod::limbs::binvert\\(.*check::overlap\\(scratch");
}

TEST_F(LimbsContracts, ScratchInsideTheResultStops) {
  std::vector<limb_t> r(2 * 40 + limbs::karatsuba_adx_scratch(40));
  EXPECT_DEATH(limbs::karatsuba_mul_adx(r.data(), x.data(), x.data() + 20, 20, r.data() + 10),
               "parmod::limbs::karatsuba_mul_adx\\(.*check::overlap\\(scratch, karatsuba_adx_scratch\\(n\\), rp");
  EXPECT_DEATH(limbs::parallel_mul(r.data(), x.data(), 20, x.data() + 20, 20, 1, r.data() + 39),
               "parmod::limbs::parallel_mul\\(.*check::overlap\\(scratch, parallel_mul_scratch");
}

TEST_F(LimbsContracts, ToomOnSizesItCannotSplitStops) {
  std::vector<limb_t> r(20), scratch(limbs::mul_toom3_scratch(10, 2));
  EXPECT_FALSE(limbs::toom3_applicable(10, 2));
  EXPECT_DEATH(limbs::mul_toom3(r.data(), x.data(), 10, x.data() + 10, 2, 1, scratch.data()),
               "parmod::limbs::mul_toom3\\(.*toom3_applicable\\(an, bn\\)");
}

}  // namespace
}  // namespace parmod::test
#endif

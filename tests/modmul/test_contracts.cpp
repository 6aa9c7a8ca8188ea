// The entry checks of modular multiplication (PARMOD_ASSERT,
// src/check/assert.hpp): in a verify build (CMake option PARMOD_VERIFY) a call
// that breaks its header's contract stops with a message naming the function
// and the condition.  Compiled only there (elsewhere the checks compile to
// nothing).
#include <gtest/gtest.h>

#include <vector>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/multipartite.hpp"
#include "runtime/cost_table.hpp"
#include "support/random_operands.hpp"

#if defined(PARMOD_VERIFY)
namespace parmod::test {
namespace {

class ModmulContracts : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
  const std::size_t n = 4;
  const mpz_class P = random_modulus(4, true);
  const modmul::ModulusConstants k{P};
  std::vector<limb_t> r = std::vector<limb_t>(4), a = limbs_of(P - 1, 4), p = limbs_of(P, 4);
  std::vector<limb_t> scratch = std::vector<limb_t>(modmul::montgomery_scratch(4) + modmul::barrett_scratch(4));
};

TEST_F(ModmulContracts, OperandNotBelowPStops) {
  modmul::montgomery_mul(r.data(), a.data(), a.data(), k, scratch.data());  // P - 1: fine
  EXPECT_DEATH(modmul::montgomery_mul(r.data(), a.data(), p.data(), k, scratch.data()),
               "contract violated in void parmod::modmul::montgomery_mul\\(.*\\): k.odd && .*check::less\\(b, k.p.data\\(\\), k.n\\)");
  EXPECT_DEATH(modmul::barrett_sqr(r.data(), p.data(), k, scratch.data()),
               "parmod::modmul::barrett_sqr\\(.*check::less\\(a, k.p.data\\(\\), k.n\\)");
}

TEST_F(ModmulContracts, MontgomeryModuloAnEvenPStops) {
  const modmul::ModulusConstants even(random_modulus(4, false));
  EXPECT_DEATH(modmul::montgomery_sqr(r.data(), limbs_of(1, 4).data(), even, scratch.data()),
               "parmod::modmul::montgomery_sqr\\(.*k.odd");
}

TEST_F(ModmulContracts, ResultPartlyOverAnOperandOrScratchStops) {
  std::vector<limb_t> x(8, 0);
  EXPECT_DEATH(modmul::barrett_mul(x.data() + 1, x.data(), a.data(), k, scratch.data()),
               "parmod::modmul::barrett_mul\\(.*check::same_or_separate\\(r, a, k.n\\)");
  EXPECT_DEATH(modmul::montgomery_mul(scratch.data() + 3, a.data(), a.data(), k, scratch.data()),
               "parmod::modmul::montgomery_mul\\(.*!check::overlap_any\\(scratch, montgomery_scratch\\(k.n\\), k.n, r, a, b\\)");
}

TEST_F(ModmulContracts, MultipartitePlanOfAnotherSizeStops) {
  modmul::MultipartiteConfig c;
  c.ka = c.kb = 2;
  const auto plan = modmul::make_multipartite_plan(n + 1, c, runtime::CostTable::quadratic());
  std::vector<limb_t> ws(plan.scratch_limbs);
  EXPECT_DEATH(modmul::multipartite_mul(r.data(), a.data(), a.data(), k, plan, ws.data(), 1),
               "parmod::modmul::multipartite_mul\\(.*k.odd && k.n == plan.n");
}

TEST_F(ModmulContracts, DigitOperandNotBelowTwicePStops) {
  const modmul::Montgomery52Constants c(P);
  std::vector<std::uint64_t> x(c.lanes, 0), y(c.lanes, 0);
  x[c.digits] = 1;  // 2^(52 d) = R > 2P
  EXPECT_DEATH(modmul::montgomery52_mul_digits(y.data(), x.data(), y.data(), c),
               "parmod::modmul::montgomery52_mul_digits\\(.*below_twice_p\\(a, c\\)");
}

}  // namespace
}  // namespace parmod::test
#endif

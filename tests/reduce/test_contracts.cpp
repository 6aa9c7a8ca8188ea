// The entry checks of the reductions (PARMOD_ASSERT, src/check/assert.hpp): in
// a verify build (CMake option PARMOD_VERIFY) a call that breaks its header's
// contract stops with a message naming the function and the condition.
// Compiled only there (elsewhere the checks compile to nothing).
#include <gtest/gtest.h>

#include <vector>

#include "modmul/modulus_constants.hpp"
#include "reduce/barrett_reduce.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "reduce/partial_barrett_reduce.hpp"
#include "reduce/partial_montgomery_reduce.hpp"
#include "support/random_operands.hpp"

#if defined(PARMOD_VERIFY)
namespace parmod::test {
namespace {

class ReduceContracts : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
  const std::size_t n = 3;
  const modmul::ModulusConstants k{random_modulus(3, true)};
  const modmul::ModulusConstants even{random_modulus(3, false)};
  std::vector<limb_t> r = std::vector<limb_t>(3), scratch = std::vector<limb_t>(64);
};

TEST_F(ReduceContracts, RedcOfTooLargeACStops) {
  const mpz_class P = value_of(k.p.data(), n);
  std::vector<limb_t> c = limbs_of(P * beta_pow(n) - 1, 2 * n);
  reduce::montgomery_reduce_words(r.data(), c.data(), k.p.data(), n, k.mu0);  // C = P beta^n - 1: fine
  c = limbs_of(P * beta_pow(n), 2 * n);
  EXPECT_DEATH(reduce::montgomery_reduce_words(r.data(), c.data(), k.p.data(), n, k.mu0),
               "contract violated in void parmod::reduce::montgomery_reduce_words\\(.*\\): check::less\\(cp \\+ n, pp, n\\)");
  EXPECT_DEATH(reduce::montgomery_reduce_products(r.data(), c.data(), k.p.data(), k.mu.data(), n, scratch.data()),
               "parmod::reduce::montgomery_reduce_products\\(.*check::less\\(cp \\+ n, pp, n\\)");
}

TEST_F(ReduceContracts, RedcModuloAnEvenPOrWithAWrongConstantStops) {
  std::vector<limb_t> c(2 * n, 0);
  EXPECT_DEATH(reduce::montgomery_reduce_words(r.data(), c.data(), even.p.data(), n, 1),
               "parmod::reduce::montgomery_reduce_words\\(.*pp\\[0\\] % 2 == 1");
  EXPECT_DEATH(reduce::montgomery_reduce_words(r.data(), c.data(), k.p.data(), n, k.mu0 + 2),
               "parmod::reduce::montgomery_reduce_words\\(.*limb_t\\(pp\\[0\\] \\* mu0\\) == ~limb_t\\(0\\)");
}

TEST_F(ReduceContracts, BarrettWithAZeroTopLimbOrOverlapStops) {
  std::vector<limb_t> c(2 * n, 1), p = k.p;
  p[n - 1] = 0;
  EXPECT_DEATH(reduce::barrett_reduce(r.data(), c.data(), p.data(), n, k.nu.data(), k.nu_n, scratch.data()),
               "parmod::reduce::barrett_reduce\\(.*pp\\[n - 1\\] != 0");
  EXPECT_DEATH(reduce::barrett_reduce(c.data() + 1, c.data(), k.p.data(), n, k.nu.data(), k.nu_n, scratch.data()),
               "parmod::reduce::barrett_reduce\\(.*!check::overlap\\(rp, n, cp, 2 \\* n\\)");
}

TEST_F(ReduceContracts, PartialReductionsOutsideTheirRangeStop) {
  const mpz_class P = value_of(k.p.data(), n);
  std::vector<limb_t> c = limbs_of(P * P, 2 * n), out(2 * n);
  EXPECT_DEATH(reduce::partial_montgomery_reduce(out.data(), c.data(), 2 * n, k.p.data(), n, k.mu.data(), 1, scratch.data()),
               "parmod::reduce::partial_montgomery_reduce\\(.*check::below_square\\(cp, m, pp, n\\)");
  c = limbs_of(P * P - 1, 2 * n);
  EXPECT_DEATH(reduce::partial_montgomery_reduce(out.data(), c.data(), 2 * n, k.p.data(), n, k.mu.data(), n + 1, scratch.data()),
               "parmod::reduce::partial_montgomery_reduce\\(.*t >= 1 && t <= n");
  std::size_t nun = 0;
  const limb_t* nu = k.nu_t(2, &nun);
  EXPECT_DEATH(reduce::partial_barrett_reduce(out.data(), c.data(), 2 * n, k.p.data(), n, nu, nun, n + 1, scratch.data()),
               "parmod::reduce::partial_barrett_reduce\\(.*n \\+ t <= m");
}

}  // namespace
}  // namespace parmod::test
#endif

// Tests of check/assert: the overlap and comparison helpers of the entry
// checks, and PARMOD_ASSERT itself (evaluated only in a verify build; there a
// false condition stops the program with the function, condition and place).
#include "check/assert.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(CheckAssert, OverlapIsGmpsMpnOverlapP) {
  limb_t x[10] = {};
  EXPECT_TRUE(check::overlap(x, 4, x + 3, 4));
  EXPECT_FALSE(check::overlap(x, 3, x + 3, 4));  // adjacent
  EXPECT_FALSE(check::overlap(x + 3, 4, x, 3));
  EXPECT_TRUE(check::overlap(x + 3, 4, x, 4));
  EXPECT_TRUE(check::overlap(x, 10, x + 5, 1));  // contained
  EXPECT_FALSE(check::overlap(x, 0, x, 4));      // empty ranges share nothing
  EXPECT_FALSE(check::overlap(x, 4, x, 0));
  // Mixed element types compare bytes: 2 limbs are 16 bytes.
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(x);
  EXPECT_TRUE(check::overlap(x, 2, bytes + 15, 1));
  EXPECT_FALSE(check::overlap(x, 2, bytes + 16, 1));
}

TEST(CheckAssert, SameOrSeparateAndOverlapAny) {
  limb_t x[10] = {};
  EXPECT_TRUE(check::same_or_separate(x, x, 5));
  EXPECT_TRUE(check::same_or_separate(x, x + 5, 5));
  EXPECT_FALSE(check::same_or_separate(x, x + 1, 5));
  EXPECT_FALSE(check::overlap_any(x, 2, 3, x + 2, x + 5));
  EXPECT_TRUE(check::overlap_any(x, 3, 3, x + 5, x + 2));
}

TEST(CheckAssert, LessAndBelowSquareAgreeWithGmp) {
  for (int rep = 0; rep < reps(300); ++rep) {
    const std::size_t n = 1 + rng().below_ui(6);
    const mpz_class P = random_modulus(n, rep % 2 == 0), P2 = P * P;
    const auto p = limbs_of(P, n);
    const mpz_class a = random_below(beta_pow(n));
    EXPECT_EQ(check::less(limbs_of(a, n).data(), p.data(), n), a < P);
    // C just below, at and above P^2, and random, in m limbs (m > 2n: zero top limbs).
    for (const mpz_class& C : {mpz_class(P2 - 1), P2, mpz_class(P2 + 1), random_below(beta_pow(2 * n))}) {
      const std::size_t m = 2 * n + rep % 3;
      EXPECT_EQ(check::below_square(limbs_of(C, m).data(), m, p.data(), n), C < P2) << "P=" << P << " C=" << C;
    }
  }
  const limb_t one = 1, zero = 0;
  EXPECT_TRUE(check::below_square(&zero, 1, &one, 1));
  EXPECT_FALSE(check::below_square(&one, 1, &one, 1));
}

TEST(CheckAssert, ConditionEvaluatedOnlyInAVerifyBuild) {
  int evaluations = 0;
  PARMOD_ASSERT(++evaluations == 1);
#if defined(PARMOD_VERIFY)
  EXPECT_EQ(evaluations, 1);
#else
  EXPECT_EQ(evaluations, 0);
#endif
}

#if defined(PARMOD_VERIFY)
void violate(int n) { PARMOD_ASSERT(n >= 1 && n % 2 == 1); }

TEST(CheckAssert, AFalseConditionStopsWithFunctionConditionAndPlace) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  violate(3);
  EXPECT_DEATH(violate(2), "parmod: contract violated in void parmod::test::.*violate\\(int\\): "
                           "n >= 1 && n % 2 == 1 \\(.*test_assert.cpp:[0-9]+\\)");
}
#endif

}  // namespace
}  // namespace parmod::test

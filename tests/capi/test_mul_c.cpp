// Tests of capi/mul_c.cpp: parmod_mul against mpz_mul, aliasing, errors.
#include <gmpxx.h>
#include <gtest/gtest.h>

#include "parmod.h"
#include "support/random_operands.hpp"

namespace {

TEST(CapiMul, MatchesMpzMulWithAliasing) {
  parmod::test::Rng rng(61);
  for (int threads : {1, 2, 3}) {
    parmod_set_num_threads(threads);
    for (unsigned long bits : {1ul, 100ul, 8192ul, 50000ul, 200000ul}) {
      mpz_class a = rng.bits(bits), b = -rng.bits(bits - bits / 4), r, want = a * b;
      ASSERT_EQ(parmod_mul(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t()), PARMOD_OK);
      EXPECT_EQ(r, want);
      mpz_class x = a;
      ASSERT_EQ(parmod_mul(x.get_mpz_t(), x.get_mpz_t(), b.get_mpz_t()), PARMOD_OK);  // r == a
      EXPECT_EQ(x, want);
      x = b;
      ASSERT_EQ(parmod_mul(x.get_mpz_t(), a.get_mpz_t(), x.get_mpz_t()), PARMOD_OK);  // r == b
      EXPECT_EQ(x, want);
      x = a;
      ASSERT_EQ(parmod_mul(x.get_mpz_t(), x.get_mpz_t(), x.get_mpz_t()), PARMOD_OK);  // r == a == b
      EXPECT_EQ(x, a * a);
    }
  }
  parmod_set_num_threads(0);
}

TEST(CapiMul, ZeroAndNull) {
  mpz_class r = 5, a = 0, b = 7;
  EXPECT_EQ(parmod_mul(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t()), PARMOD_OK);
  EXPECT_EQ(r, 0);
  EXPECT_EQ(parmod_mul(nullptr, a.get_mpz_t(), b.get_mpz_t()), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_mul(r.get_mpz_t(), nullptr, b.get_mpz_t()), PARMOD_ERR_INVALID_ARGUMENT);
}
}  // namespace

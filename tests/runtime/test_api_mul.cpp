// Tests of api/mul.cpp: parmod::mul against mpz_mul for signs, sizes, thread counts.
#include <gtest/gtest.h>

#include "parmod/parmod.hpp"

namespace {

TEST(ApiMul, MatchesMpzMul) {
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(51);
  for (int T = 0; T <= 4; ++T)
    for (unsigned long bits : {1ul, 64ul, 65ul, 1000ul, 16384ul, 65536ul, 300000ul})
      for (int sa : {1, -1})
        for (int sb : {1, -1}) {
          mpz_class a = rng.get_z_bits(bits) * sa, b = rng.get_z_bits(bits / 3 + 1) * sb, c = rng.get_z_bits(bits) * sb;
          EXPECT_EQ(parmod::mul(a, b, T), a * b) << bits << " T=" << T;
          EXPECT_EQ(parmod::mul(a, c, T), a * c) << bits << " T=" << T;
          EXPECT_EQ(parmod::mul(a, a, T), a * a) << bits << " T=" << T;
        }
}

TEST(ApiMul, ZeroAndAllOnes) {
  mpz_class zero = 0, ones = (mpz_class(1) << 64 * 777) - 1;
  EXPECT_EQ(parmod::mul(zero, ones), 0);
  EXPECT_EQ(parmod::mul(ones, zero), 0);
  EXPECT_EQ(parmod::mul(ones, ones, 2), ones * ones);
  EXPECT_EQ(parmod::mul(-ones, ones, 2), -(ones * ones));
}

TEST(ApiMul, NegativeThreadsThrow) { EXPECT_THROW(parmod::mul(3, 4, -1), parmod::InvalidArgument); }
}  // namespace

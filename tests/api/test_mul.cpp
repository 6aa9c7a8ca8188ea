// Tests of api/mul.cpp: parmod::mul against mpz_mul for signs, sizes, thread counts.
#include <gtest/gtest.h>

#include "parmod.h"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace {

TEST(ApiMul, MatchesMpzMul) {
  parmod::test::Rng rng(51);
  for (int T = 0; T <= 4; ++T)
    for (unsigned long bits : {1ul, 64ul, 65ul, 1000ul, 16384ul, 65536ul, 300000ul})
      for (int sa : {1, -1})
        for (int sb : {1, -1}) {
          mpz_class a = rng.bits(bits) * sa, b = rng.bits(bits / 3 + 1) * sb, c = rng.bits(bits) * sb;
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

namespace {
// Every route of api::integer_product (mpz_mul where GMP would run anyway,
// limbs::mul's own kernels straight into r, parallel_mul) and every kernel
// boundary of limbs::mul_kernel / sqr_kernel and the parallel thresholds, with
// mpz_rrandomb operands (long runs of ones and zeros), balanced, unbalanced
// and squares, through parmod::mul and parmod_mul (r aliasing a and b).
TEST(ApiMul, EveryRouteAndKernelBoundary) {
  parmod::test::Rng rng(77);
  const std::size_t limbs[] = {1,   2,   9,   10,  13,  14,  15,  19,  20,  21,   51,   52,   53,   175, 176,
                               177, 191, 192, 193, 223, 224, 255, 256, 257, 383,  384,  447,  448,  449, 511,
                               512, 513, 1151, 1152, 1153, 1535, 1536, 1537, 4095, 4096, 4097};
  for (std::size_t n : limbs)
    for (int T : {1, 2}) {
      mpz_class a = rng.runs(64 * n), b = -rng.runs(64 * n - 3), c = rng.runs(64 * (n / 3 + 1));
      EXPECT_EQ(parmod::mul(a, b, T), a * b) << n << " limbs, T=" << T;
      EXPECT_EQ(parmod::mul(c, a, T), c * a) << n << " limbs, T=" << T;
      EXPECT_EQ(parmod::mul(a, a, T), a * a) << n << " limbs, T=" << T;
      parmod_set_num_threads(T);
      mpz_class x = a;
      ASSERT_EQ(parmod_mul(x.get_mpz_t(), x.get_mpz_t(), b.get_mpz_t()), PARMOD_OK);
      EXPECT_EQ(x, a * b) << n << " limbs (C, r == a), T=" << T;
      x = a;
      ASSERT_EQ(parmod_mul(x.get_mpz_t(), x.get_mpz_t(), x.get_mpz_t()), PARMOD_OK);
      EXPECT_EQ(x, a * a) << n << " limbs (C, r == a == b), T=" << T;
      parmod_set_num_threads(0);
    }
}
}  // namespace

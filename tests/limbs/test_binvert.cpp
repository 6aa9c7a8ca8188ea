// limbs::binvert against mpz_invert modulo beta^n: random odd values with long
// runs of ones and zeros, 1, beta^n - 1 (all ones), beta^(n-1) + 1, and sizes
// across GMP's mullo thresholds; the output limb past n is left alone.
#include <gtest/gtest.h>

#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(LimbsBinvert, InverseModuloBetaN) {
  for (std::size_t n = 1; n <= 300; n += (n < 40 ? 1 : 37)) {
    for (int kind = 0; kind < 4; ++kind) {
      const mpz_class a = kind == 0   ? mpz_class(rrandom_bits(64 * n) | 1)
                          : kind == 1 ? mpz_class(1)
                          : kind == 2 ? mpz_class(beta_pow(n) - 1)
                                      : mpz_class(n == 1 ? mpz_class(3) : beta_pow(n - 1) + 1);
      const auto av = limbs_of(a, n);
      std::vector<limb_t> inv(n + 1, 0x55), s(2 * n);
      limbs::binvert(inv.data(), av.data(), n, s.data());
      mpz_class want;
      ASSERT_NE(mpz_invert(want.get_mpz_t(), a.get_mpz_t(), beta_pow(n).get_mpz_t()), 0);
      EXPECT_EQ(value_of(inv.data(), n), want) << n << " kind " << kind;
      EXPECT_EQ(inv[n], 0x55u);
    }
  }
}

}  // namespace
}  // namespace parmod::test

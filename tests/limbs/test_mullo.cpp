// limbs::mullo and limbs::sqrlo against the low half of mpz_mul.
#include <gtest/gtest.h>

#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(LimbsMullo, LowHalfOfTheProduct) {
  for (std::size_t n = 1; n <= 300; n += (n < 30 ? 1 : 11)) {
    for (int kind = 0; kind < 3; ++kind) {
      const mpz_class a = kind == 2 ? beta_pow(n) - 1 : rrandom_bits(64 * n);
      const mpz_class b = kind == 1 ? beta_pow(n) - 1 : rrandom_bits(64 * n);
      const auto x = limbs_of(a, n), y = limbs_of(b, n);
      std::vector<limb_t> r(n + 1, 0x44);
      limbs::mullo(r.data(), x.data(), y.data(), n);
      EXPECT_EQ(value_of(r.data(), n), py_mod(a * b, beta_pow(n))) << n;
      EXPECT_EQ(r[n], 0x44u);
    }
  }
}

TEST(LimbsSqrlo, LowHalfOfTheSquare) {
  for (std::size_t n = 1; n <= 300; n += (n < 30 ? 1 : 11)) {
    for (int kind = 0; kind < 2; ++kind) {
      const mpz_class a = kind == 1 ? beta_pow(n) - 1 : rrandom_bits(64 * n);
      const auto x = limbs_of(a, n);
      std::vector<limb_t> r(n + 1, 0x44);
      limbs::sqrlo(r.data(), x.data(), n);
      EXPECT_EQ(value_of(r.data(), n), py_mod(a * a, beta_pow(n))) << n;
      EXPECT_EQ(r[n], 0x44u);
    }
  }
}

}  // namespace
}  // namespace parmod::test

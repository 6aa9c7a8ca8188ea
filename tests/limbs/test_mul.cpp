// limbs::mul / limbs::sqr against mpz_mul, balanced, unbalanced, all-ones.
#include <gtest/gtest.h>

#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_mul(const mpz_class& a, std::size_t an, const mpz_class& b, std::size_t bn) {
  const auto x = limbs_of(a, an), y = limbs_of(b, bn);
  std::vector<limb_t> r(an + bn + 1, 0x33);
  limbs::mul(r.data(), x.data(), an, y.data(), bn);
  EXPECT_EQ(value_of(r.data(), an + bn), mpz_class(a * b)) << an << "x" << bn;
  EXPECT_EQ(r[an + bn], 0x33u);
}

TEST(LimbsMul, BalancedAndUnbalanced) {
  for (std::size_t an = 1; an <= 120; an += (an < 20 ? 1 : 9))
    for (std::size_t bn : {std::size_t(1), std::size_t(2), an / 3 + 1, an, an + 5})
      check_mul(rrandom_bits(64 * an), an, rrandom_bits(64 * bn), bn);
}

TEST(LimbsMul, AllOnesAndZeroLimbs) {
  for (std::size_t n : {1u, 2u, 7u, 33u, 200u}) {
    const mpz_class ones = beta_pow(n) - 1;
    check_mul(ones, n, ones, n);
    check_mul(ones, n, mpz_class(0), n);
    check_mul(ones, n, mpz_class(beta_pow(1 + n / 2) - 1), 1 + n / 2);
  }
}

TEST(LimbsSqr, AgainstMpzMul) {
  for (std::size_t n = 1; n <= 150; n += (n < 20 ? 1 : 13)) {
    const mpz_class a = n % 3 == 0 ? beta_pow(n) - 1 : rrandom_bits(64 * n);
    const auto x = limbs_of(a, n);
    std::vector<limb_t> r(2 * n);
    limbs::sqr(r.data(), x.data(), n);
    EXPECT_EQ(value_of(r), mpz_class(a * a));
    limbs::mul(r.data(), x.data(), n, x.data(), n);  // same pointer: the square path
    EXPECT_EQ(value_of(r), mpz_class(a * a));
  }
}

}  // namespace
}  // namespace parmod::test

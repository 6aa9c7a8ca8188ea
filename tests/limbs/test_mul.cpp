// limbs::mul / limbs::sqr against mpz_mul, balanced, unbalanced, all-ones.
#include <gtest/gtest.h>

#include <vector>

#include "config/tuning.hpp"

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

// A product whose longer operand has at most kKaratsubaAdxExtraRows limbs more
// runs Karatsuba over the mulx kernels plus a row per extra limb where the
// balanced product runs Karatsuba; one more limb goes to GMP.  The values for
// every size around the range's ends (whatever this CPU's row makes them),
// both orders, rrandomb and all-ones operands.
TEST(LimbsMul, NearlyBalancedInTheKaratsubaRange) {
  const config::Tuning& t = config::tuning();
  std::vector<std::size_t> sizes = {2, 17, 33, 64, 65, 96, 128, 129};
  for (std::size_t edge : {t.mul_basecase_adx_max, t.mul_karatsuba_adx_max})
    for (std::size_t d = 0; d < 4; ++d)
      if (edge + d >= 3) sizes.push_back(edge + d - 2);
  for (std::size_t bn : sizes)
    for (std::size_t extra = 0; extra <= limbs::kKaratsubaAdxExtraRows + 1; ++extra) {
      const std::size_t an = bn + extra;
      const bool karatsuba = limbs::mul_kernel(bn, bn) == limbs::MulKernel::karatsuba_adx;
      if (karatsuba)
        EXPECT_EQ(limbs::mul_kernel(an, bn) == limbs::MulKernel::karatsuba_adx,
                  extra <= limbs::kKaratsubaAdxExtraRows) << an << "x" << bn;
      check_mul(rrandom_bits(64 * an), an, rrandom_bits(64 * bn), bn);
      check_mul(rrandom_bits(64 * bn), bn, rrandom_bits(64 * an), an);
      check_mul(beta_pow(an) - 1, an, beta_pow(bn) - 1, bn);
    }
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

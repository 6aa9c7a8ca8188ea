// Radix-2^52 conversions (limbs/radix52) against GMP's view of the same value.
#include <gtest/gtest.h>

#include "limbs/radix52.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Radix52, RoundTripEverySize) {
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int trial = 0; trial < reps(6); ++trial) {
      const mpz_class x = n == 0 ? mpz_class(0) : trial == 0 ? beta_pow(n) - 1 : rrandom_bits(64 * n - trial % 3);
      const auto xl = limbs_of(x, n);
      const std::size_t nd = limbs::radix52_digits(64 * n);
      std::vector<std::uint64_t> d(nd + 2, 0x5a5a);
      limbs::to_radix52(d.data(), nd + 2, xl.data(), n);
      for (std::uint64_t v : d) ASSERT_LT(v, std::uint64_t(1) << 52);
      ASSERT_EQ(value_of_digits(d.data(), d.size(), 52), x) << "n=" << n;
      std::vector<limb_t> back(n + 1, 0x77);
      limbs::from_radix52(back.data(), n + 1, d.data(), nd + 2);
      ASSERT_EQ(value_of(back), x) << "n=" << n;
    }
  }
}

TEST(Radix52, TruncatesToTheRequestedLength) {
  const mpz_class x = beta_pow(4) - 1;  // 256 ones
  const auto xl = limbs_of(x, 4);
  std::vector<std::uint64_t> d(3);
  limbs::to_radix52(d.data(), 3, xl.data(), 4);
  EXPECT_EQ(value_of_digits(d.data(), d.size(), 52), (mpz_class(1) << 156) - 1);
  std::vector<limb_t> out(2);
  std::vector<std::uint64_t> full(5);
  limbs::to_radix52(full.data(), 5, xl.data(), 4);
  limbs::from_radix52(out.data(), 2, full.data(), 5);  // mod beta^2
  EXPECT_EQ(value_of(out), beta_pow(2) - 1);
}

TEST(Radix52, NormalizeCarriesEveryDigit) {
  for (std::size_t nd : {1u, 2u, 7u, 40u}) {
    std::vector<std::uint64_t> d(nd, ~std::uint64_t(0));  // maximal unnormalised digits
    mpz_class expect = 0;
    for (std::size_t j = nd; j-- > 0;) expect = (expect << 52) + mpz_class(static_cast<unsigned long>(d[j]));
    const std::uint64_t carry = limbs::normalize_radix52(d.data(), nd);
    for (std::uint64_t v : d) ASSERT_LT(v, std::uint64_t(1) << 52);
    EXPECT_EQ(value_of_digits(d.data(), d.size(), 52) + (mpz_class(static_cast<unsigned long>(carry)) << (52 * nd)), expect) << nd;
  }
}

}  // namespace
}  // namespace parmod::test

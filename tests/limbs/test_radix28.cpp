// Radix-2^28 conversions (limbs/radix28) against GMP's view of the same value.
#include <gtest/gtest.h>

#include "limbs/radix28.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Radix28, RoundTripEverySize) {
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int trial = 0; trial < reps(6); ++trial) {
      const mpz_class x = n == 0 ? mpz_class(0) : trial == 0 ? beta_pow(n) - 1 : rrandom_bits(64 * n - trial % 3);
      const auto xl = limbs_of(x, n);
      const std::size_t nd = (64 * n + 27) / 28;
      std::vector<std::uint64_t> d(nd + 3, 0x5a5a);
      limbs::to_radix28(d.data(), nd + 3, xl.data(), n);
      for (std::uint64_t v : d) ASSERT_LT(v, std::uint64_t(1) << 28);
      ASSERT_EQ(value_of_digits(d.data(), d.size(), 28), x) << "n=" << n;
      std::vector<limb_t> back(n + 1, 0x77);
      limbs::from_radix28(back.data(), n + 1, d.data(), nd + 3);
      ASSERT_EQ(value_of(back), x) << "n=" << n;
    }
  }
}

TEST(Radix28, TruncatesToTheRequestedLength) {
  const mpz_class x = beta_pow(4) - 1;  // 256 ones
  const auto xl = limbs_of(x, 4);
  std::vector<std::uint64_t> d(3);
  limbs::to_radix28(d.data(), 3, xl.data(), 4);
  EXPECT_EQ(value_of_digits(d.data(), d.size(), 28), (mpz_class(1) << 84) - 1);
  std::vector<std::uint64_t> full(10);
  limbs::to_radix28(full.data(), 10, xl.data(), 4);
  std::vector<limb_t> out(2);
  limbs::from_radix28(out.data(), 2, full.data(), 10);  // mod beta^2
  EXPECT_EQ(value_of(out), beta_pow(2) - 1);
}

}  // namespace
}  // namespace parmod::test

// addmul_1, both implementations, against mpn_addmul_1.
#include <gtest/gtest.h>

#include "limbs/addmul_1.hpp"
#include "limbs/cpu_features.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Addmul1, BothImplementationsAgainstGmp) {
  for (std::size_t n = 1; n <= 70; ++n) {
    for (int kind = 0; kind < 4; ++kind) {
      const mpz_class a = kind == 1 ? mpz_class(beta_pow(n) - 1) : rrandom_bits(64 * n);
      const mpz_class r = kind >= 2 ? mpz_class(beta_pow(n) - 1) : rrandom_bits(64 * n);
      const limb_t b = kind == 3 ? ~limb_t(0) : rng().bits(64).get_ui() | (kind == 1 ? ~limb_t(0) : 0);
      const auto av = limbs_of(a, n);
      auto want = limbs_of(r, n + 1);
      const limb_t want_carry = mpn_addmul_1(want.data(), av.data(), static_cast<mp_size_t>(n), b);
      for (int impl = 0; impl < 3; ++impl) {
        if (impl == 1 && !limbs::cpu_has_mulx_adx()) continue;
        auto got = limbs_of(r, n + 1);
        const limb_t c = impl == 0   ? limbs::addmul_1(got.data(), av.data(), n, b)
                         : impl == 1 ? limbs::addmul_1_adx(got.data(), av.data(), n, b)
                                     : limbs::addmul_1_gmp(got.data(), av.data(), n, b);
        EXPECT_EQ(c, want_carry) << "n=" << n << " impl=" << impl;
        EXPECT_EQ(got, want) << "n=" << n << " impl=" << impl;
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

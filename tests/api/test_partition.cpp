// tests/api/test_partition.cpp - the public exponent split pieces of
// api/partition.cpp: exponent_split_phi reads the tuning key, and
// exponent_split_boundaries gives increasing boundaries whose factors
// (g^(2^lo))^(e bits [lo, hi)) multiply to g^e (checked against GMP).
#include <gtest/gtest.h>

#include "config/tuning.hpp"
#include "parmod/parmod.hpp"
#include "powm/exponent_split.hpp"
#include "powm/split_powm.hpp"
#include "support/random_operands.hpp"

namespace parmod {
namespace {

TEST(ExponentSplitPhi, IsTheTunedPhiPercent) {
  const double tuned = static_cast<double>(config::tuning().powm_phi_percent) / 100.0;
  EXPECT_DOUBLE_EQ(exponent_split_phi(), tuned < 1 ? 1.0 : tuned);
}

TEST(ExponentSplitBoundaries, IncreasingFromZeroToBits) {
  for (std::size_t bits : {2u, 3u, 17u, 64u, 1000u, 8192u, 100000u})
    for (unsigned k : {1u, 2u, 3u, 4u, 8u, 64u})
      for (double phi : {1.0, 1.14, 1.3, 2.5}) {
        const auto b = exponent_split_boundaries(bits, k, phi);
        ASSERT_GE(b.size(), 2u);
        ASSERT_LE(b.size(), k + 1u);
        EXPECT_EQ(b.front(), 0u);
        EXPECT_EQ(b.back(), bits);
        for (std::size_t i = 1; i < b.size(); ++i) EXPECT_LT(b[i - 1], b[i]) << bits << " " << k << " " << phi;
        // The same points as the library's own split.
        EXPECT_EQ(b, exponentiation::split_boundaries(bits, exponentiation::split_phi_effective(phi, bits),
                                                      std::min<unsigned>(k, static_cast<unsigned>(bits))));
      }
}

TEST(ExponentSplitBoundaries, EdgesAndErrors) {
  EXPECT_EQ(exponent_split_boundaries(0, 4, 1.3), (std::vector<std::size_t>{0, 0}));
  EXPECT_EQ(exponent_split_boundaries(1, 4, 1.3), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(exponent_split_boundaries(1000, 1, 1.3), (std::vector<std::size_t>{0, 1000}));
  EXPECT_THROW(exponent_split_boundaries(1000, 0, 1.3), InvalidArgument);
  EXPECT_THROW(exponent_split_boundaries(1000, 4, 0), InvalidArgument);
  EXPECT_THROW(exponent_split_boundaries(1000, 4, -1), InvalidArgument);
}

TEST(ExponentSplitBoundaries, FactorsMultiplyToThePower) {
  for (int i = 0; i < test::reps(12); ++i) {
    const mpz_class m = test::random_modulus_bits(64 + test::rng().below_ui(1500), test::rng().below_ui(2));
    const mpz_class g = test::random_below(m);
    const mpz_class e = test::rrandom_bits(1 + test::rng().below_ui(3000));
    const unsigned k = 1 + static_cast<unsigned>(test::rng().below_ui(6));
    const std::size_t bits = mpz_sizeinbase(e.get_mpz_t(), 2);
    const auto b = exponent_split_boundaries(bits, k, exponent_split_phi());
    mpz_class product = 1;
    for (std::size_t j = 0; j + 1 < b.size(); ++j) {
      const mpz_class x = powm(g, mpz_class(1) << b[j], m);
      const mpz_class ej = (e >> b[j]) & ((mpz_class(1) << (b[j + 1] - b[j])) - 1);
      product = product * powm(x, ej, m) % m;
    }
    EXPECT_EQ(product, test::gmp_powm(g, e, m)) << test::replay_line();
  }
}

}  // namespace
}  // namespace parmod

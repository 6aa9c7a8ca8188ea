// Lara et al.'s balanced exponent split: the paper's worked example and the
// factors of Alg. 2 multiplied back together.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/exponent_split.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(ExponentSplit, PaperExampleN1024Phi114) {
  const auto p = exponentiation::partition_points(1024, 1.14);
  ASSERT_EQ(p.k, 8u);
  const double want[] = {652.42623896, 889.294363933, 975.291071726, 1006.5128064,
                         1017.84808587, 1021.96344211, 1023.45755234, 1024.0};
  ASSERT_EQ(p.points.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_NEAR(p.points[i], want[i], 1e-6) << "p_" << i + 1;
  // The paper's k = 9 counter-example.
  const auto p9 = exponentiation::balanced_partition_points(1024, 1.14, 9);
  const double want9[] = {652.300785978, 889.123364326, 975.103536083, 1006.31926723, 1017.65236707,
                          1021.76693199, 1023.26075492, 1023.80309827, 1024.0};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(p9[i], want9[i], 1e-6) << "k=9 p_" << i + 1;
  EXPECT_TRUE(exponentiation::split_count_feasible(1024, 1.14, 8));
  EXPECT_FALSE(exponentiation::split_count_feasible(1024, 1.14, 9));
  EXPECT_NEAR(exponentiation::split_lambda(1.14), 1.14 / 3.14, 1e-15);
}

TEST(ExponentSplit, BalancedCostsAreEqual) {
  // T_i = p_i (1 + phi/2) - (phi/2) p_(i-1) is the same for every factor.
  for (double phi : {0.8, 1.0, 1.14, 1.5}) {
    for (unsigned k = 1; k <= 6; ++k) {
      const auto p = exponentiation::balanced_partition_points(2048, phi, k);
      double prev = 0, t0 = -1;
      for (double x : p) {
        const double t = x * (1 + phi / 2) - phi / 2 * prev;
        if (t0 < 0) t0 = t;
        EXPECT_NEAR(t, t0, 1e-6 * t0);
        prev = x;
      }
    }
  }
}

TEST(ExponentSplit, BoundariesAreStrictlyIncreasing) {
  for (std::size_t bits : {1u, 2u, 5u, 64u, 1000u, 4096u})
    for (unsigned k = 1; k <= 12; ++k) {
      const auto b = exponentiation::split_boundaries(bits, 1.14, k);
      EXPECT_EQ(b.front(), 0u);
      EXPECT_EQ(b.back(), bits);
      for (std::size_t i = 1; i < b.size(); ++i) EXPECT_LT(b[i - 1], b[i]);
    }
}

TEST(ExponentSplit, FactorsMultiplyToThePower) {
  for (std::size_t n : {1u, 4u, 9u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const modmul::ModulusConstants k(P);
      const modmul::Engine& engine = odd ? modmul::montgomery_engine : modmul::barrett_engine;
      const mpz_class g = random_below(P), e = rrandom_bits(64 * n + 33);
      const std::size_t en = mpz_size(e.get_mpz_t()), bits = mpz_sizeinbase(e.get_mpz_t(), 2);
      const auto ev = limbs_of(e, en), gv = limbs_of(g, n);
      std::vector<limb_t> x(n), acc(n), f(n), scratch(exponentiation::exponent_split_factor_scratch(n, en, engine) + 8 * n);
      engine.to_repr(x.data(), gv.data(), k, scratch.data());
      for (unsigned parts : {1u, 2u, 3u, 7u}) {
        const auto b = exponentiation::split_boundaries(bits, 1.14, parts);
        mpn_copyi(acc.data(), engine.one(k), static_cast<mp_size_t>(n));
        for (std::size_t i = 1; i < b.size(); ++i) {
          exponentiation::exponent_split_factor(f.data(), x.data(), ev.data(), en, b[i - 1], b[i], k, engine,
                                                scratch.data());
          engine.mul(acc.data(), acc.data(), f.data(), k, scratch.data());
        }
        engine.from_repr(acc.data(), acc.data(), k, scratch.data());
        mpz_class want;
        mpz_powm(want.get_mpz_t(), g.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
        EXPECT_EQ(value_of(acc), want) << "parts=" << parts << " n=" << n;
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

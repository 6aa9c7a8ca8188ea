// Algorithm::montgomery52 through the C++ API: every path of layer 4 on the
// radix-2^52 engines (sliding window on digit elements, the exponent split on
// 1..4 threads, lists, fixed base, multi-exponentiation, the representation)
// against GMP, and what automatic picks.
#include <gtest/gtest.h>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/montgomery52.hpp"
#include "parmod/parmod.hpp"
#include "support/engine_checks.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Montgomery52Api, PowEveryPathAndThreadCount) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA";
  for (std::size_t bits : {2u, 63u, 64u, 700u, 1024u, 2048u, 4097u, 9930u, 9931u, 16384u, 20000u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    for (int T : {1, 2, 3, 4}) {
      if (bits > 4097 && T > 2) continue;
      if (T == 1 && threaded_cases_only()) continue;
      const Modulus mod(P, Algorithm::montgomery52, T);
      ASSERT_EQ(mod.algorithm(), Algorithm::montgomery52);
      expect_pow_matches_gmp(mod, P, bits, T, 4097);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(Montgomery52Api, Representation) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA";
  for (std::size_t bits : {3u, 1000u, 1024u, 8192u, 20000u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    const Modulus mod(P, Algorithm::montgomery52, 1);
    const std::size_t d = (bits + 2 + 51) / 52;
    const mpz_class R = mpz_class(1) << (52 * d);
    mpz_class rinv;
    mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
    const mpz_class a = random_below(P), b = random_below(P);
    const mpz_class x = mod.to_mont(a), y = mod.to_mont(b);
    EXPECT_EQ(x, a * R % P);
    EXPECT_EQ(mod.mont_mul(x, y), a * b * R % P);
    EXPECT_EQ(mod.from_mont(mod.mont_mul(x, y)), a * b % P);
    EXPECT_EQ(mod.mont_mul(a, b), a * b * rinv % P);
  }
}

TEST(Montgomery52Api, ListsFixedBaseMultiPow) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA";
  for (std::size_t bits : {1024u, 3000u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    for (int T : {1, 2}) {
      expect_lists_match_gmp(Modulus(P, Algorithm::montgomery52, T), P, bits);
    }
  }
}

TEST(Montgomery52Api, AutomaticAndErrors) {
  const bool ifma = limbs::cpu_has_avx512_ifma();
  expect_automatic_follows_the_table(Algorithm::montgomery52, 640, ifma, random_modulus_bits(1024, true));
  if (ifma)
    EXPECT_THROW(Modulus(random_modulus_bits(modmul::kMontgomery52MaxBits + 1, true), Algorithm::montgomery52),
                 UnsupportedAlgorithm);
  EXPECT_STREQ(algorithm_name(Algorithm::montgomery52), "montgomery52");
}

}  // namespace
}  // namespace parmod::test

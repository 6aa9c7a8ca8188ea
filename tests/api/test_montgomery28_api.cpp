// Algorithm::montgomery28 through the C++ API: every path of layer 4 on the
// radix-2^28 engines (sliding window and the squaring chain on spread
// elements, the exponent split on 1..3 threads, lists, fixed base,
// multi-exponentiation, the representation) against GMP, and what automatic
// picks.
#include <gtest/gtest.h>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/montgomery28.hpp"
#include "parmod/parmod.hpp"
#include "support/engine_checks.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

#define REQUIRE_AVX2() \
  if (!limbs::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU"

TEST(Montgomery28Api, PowEveryPathAndThreadCount) {
  REQUIRE_AVX2();
  for (std::size_t bits : {2u, 63u, 64u, 65u, 110u, 111u, 127u, 128u, 700u, 1024u, 2048u, 3470u, 3471u, 4096u, 6942u, 8192u, 16574u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    for (int T : {1, 2, 3}) {
      if (bits > 3471 && T > (reduced_sizes() ? 1 : 2)) continue;
      if (T == 1 && threaded_cases_only()) continue;
      const Modulus mod(P, Algorithm::montgomery28, T);
      ASSERT_EQ(mod.algorithm(), Algorithm::montgomery28);
      expect_pow_matches_gmp(mod, P, bits, T, 3471);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(Montgomery28Api, AllOnesModuli) {
  REQUIRE_AVX2();
  if (threaded_cases_only()) GTEST_SKIP() << "one thread only (the Release and ASan builds run it)";
  for (std::size_t bits : {3u, 64u, 111u, 1024u, 2048u, 3470u, 4096u, 6942u, 8192u, 16574u}) {
    const mpz_class P = (mpz_class(1) << bits) - 1;
    const Modulus mod(P, Algorithm::montgomery28, 1);
    const mpz_class e = rrandom_bits(std::min<std::size_t>(bits, 1500));
    for (const mpz_class& b : std::vector<mpz_class>{P - 1, P - 2, (mpz_class(1) << (bits - 1)) - 1})
      ASSERT_EQ(mod.pow(b, e), gmp_powm(b, e, P)) << bits;
  }
}

TEST(Montgomery28Api, Representation) {
  REQUIRE_AVX2();
  for (std::size_t bits : {2u, 65u, 111u, 1000u, 1024u, 3470u, 4096u, 6942u, 8192u, 16574u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    const Modulus mod(P, Algorithm::montgomery28, 1);
    const std::size_t m = modmul::montgomery28_digits(bits);
    const mpz_class R = mpz_class(1) << (28 * m);
    mpz_class rinv;
    mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
    for (const mpz_class& a : std::vector<mpz_class>{0, 1, P - 1, random_below(P)}) {
      const mpz_class b = random_below(P);
      const mpz_class x = mod.to_mont(a), y = mod.to_mont(b);
      EXPECT_EQ(x, a * R % P);
      EXPECT_EQ(mod.mont_mul(x, y), a * b * R % P);
      EXPECT_EQ(mod.from_mont(mod.mont_mul(x, y)), a * b % P);
      EXPECT_EQ(mod.mont_mul(a, b), a * b * rinv % P);
      EXPECT_EQ(mod.from_mont(x), a);
    }
  }
}

TEST(Montgomery28Api, ListsFixedBaseMultiPow) {
  REQUIRE_AVX2();
  for (std::size_t bits : {1024u, 3000u, 4096u}) {
    if (reduced_sizes() && bits > 1024) break;  // 3000 and 4096 bits: the same engine paths, ten times the products
    const mpz_class P = random_modulus_bits(bits, true);
    for (int T : {1, 2}) {
      expect_lists_match_gmp(Modulus(P, Algorithm::montgomery28, T), P, bits);
    }
  }
}

TEST(Montgomery28Api, AutomaticAndErrors) {
  const bool avx2 = limbs::cpu_has_avx2();
  const mpz_class P2048 = random_modulus_bits(2048, true);
  expect_automatic_follows_the_table(Algorithm::montgomery28, 108, avx2, P2048);
  if (avx2) {
    EXPECT_THROW(Modulus(random_modulus_bits(modmul::kMontgomery28MaxBits + 1, true), Algorithm::montgomery28),
                 UnsupportedAlgorithm);
  }
  // A table that names montgomery28 from one limb: small moduli run it too.
  config::Tuning small = config::tuning();
  ASSERT_EQ(config::set_tuning_value(small, "modmul.odd", "18446744073709551615:montgomery28"), "");
  const config::ScopedTuning scoped_small(small);
  for (std::size_t bits : {3u, 64u, 65u, 110u, 128u}) {
    const mpz_class P = random_modulus_bits(bits, true);
    const Modulus mod(P);
    EXPECT_EQ(mod.pow(5, P - 2), gmp_powm(5, P - 2, P)) << bits;
  }
  EXPECT_STREQ(algorithm_name(Algorithm::montgomery28), "montgomery28");
}

}  // namespace
}  // namespace parmod::test

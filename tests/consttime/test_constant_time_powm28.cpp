// The radix-2^28 constant-time exponentiation (consttime/constant_time_powm28)
// and the secret modulus's radix-2^28 constants against GMP.
#include <gtest/gtest.h>

#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm28.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/montgomery28.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

#define REQUIRE_AVX2() \
  if (!limbs::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU"

// Odd moduli of n limbs the radix-2^28 path takes: the edge moduli and a random one.
std::vector<mpz_class> moduli(std::size_t n) {
  std::vector<mpz_class> v;
  for (const mpz_class& P : edge_moduli(n, true))
    if (modmul::montgomery28_available(mpz_sizeinbase(P.get_mpz_t(), 2))) v.push_back(P);
  const mpz_class r = random_modulus(n, true);
  if (modmul::montgomery28_available(mpz_sizeinbase(r.get_mpz_t(), 2))) v.push_back(r);
  return v;
}

TEST(SecretModulus28, ConstantsMatchGmp) {
  REQUIRE_AVX2();
  for (std::size_t n : {2u, 3u, 8u, 17u, 32u, 33u, 54u, 64u, 108u}) {
    for (const mpz_class& P : moduli(n)) {
      const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
      consttime::SecretModulus s;
      s.allocate(n, bits, false, true);
      ASSERT_TRUE(s.with_digits28);
      const auto pl = limbs_of(P, n);
      consttime::WipedLimbs scratch(consttime::secret_modulus_scratch(n, bits));
      s.fill(pl.data(), scratch.data());
      const std::size_t m = s.d.digits;
      ASSERT_EQ(m, modmul::montgomery28_digits(bits));
      const mpz_class R = mpz_class(1) << (28 * m), M112 = mpz_class(1) << 112;
      EXPECT_EQ(value_of_digits(s.d.p_spread.data(), m, 28), P);
      EXPECT_EQ(value_of_digits(s.d.one.data(), m, 28), R % P) << P;
      EXPECT_EQ(value_of_digits(s.d.r2.data(), m, 28), R * R % P) << P;
      const mpz_class mu = (mpz_class(s.d.mu_hi) << 64) + mpz_class(s.d.mu_lo);
      EXPECT_EQ(py_mod(mu * P + 1, M112), 0) << P;  // mu = -P^-1 mod 2^112
      EXPECT_LT(mu, M112);
    }
  }
}

TEST(ConstantTimePowm28, AgainstMpzPowm) {
  REQUIRE_AVX2();
  for (std::size_t n : {2u, 3u, 5u, 8u, 16u, 17u, 24u, 32u, 33u, 48u, 54u, 55u, 64u, 108u}) {
    for (const mpz_class& P : moduli(n)) {
      consttime::SecretModulus s;
      const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
      s.allocate(n, bits, false, true);
      const auto pl = limbs_of(P, n);
      {
        consttime::WipedLimbs f(consttime::secret_modulus_scratch(n, bits));
        s.fill(pl.data(), f.data());
      }
      // e = 0 and 1, short and full-length exponents; fewer of them on the larger moduli.
      // With reduced_sizes(), full-length exponents only up to 32 limbs.
      const auto ebit_list = n <= 17   ? std::vector<std::size_t>{0, 1, 7, 64, 65, 300, 64 * n}
                             : n <= (reduced_sizes() ? 32 : 64) ? std::vector<std::size_t>{0, 65, 64 * n}
                                       : std::vector<std::size_t>{0, 65, 700};
      for (std::size_t ebits : ebit_list) {
        for (const mpz_class& b : std::vector<mpz_class>{random_below(P), 0, 1, P - 1, rrandom_bits(bits) % P}) {
          if (reduced_sizes() && n > 17 && (b == 1 || b == 0)) continue;
          const mpz_class e = ebits <= 1 ? mpz_class(static_cast<unsigned long>(ebits)) : rrandom_bits(ebits);
          const std::size_t en = std::max<std::size_t>(1, mpz_size(e.get_mpz_t()));
          auto x = limbs_of(b, n);
          const auto ev = limbs_of(e, en);
          consttime::WipedLimbs sc(consttime::constant_time_powm28_scratch(s.d, en) + 1);
          sc.data()[sc.size() - 1] = 0x42;
          consttime::constant_time_powm28(x.data(), x.data(), ev.data(), en, pl.data(), s.d, sc.data());
          EXPECT_EQ(sc.data()[sc.size() - 1], 0x42u);
          for (std::size_t i = 0; i + 1 < sc.size(); ++i) ASSERT_EQ(sc.data()[i], 0u) << "scratch not wiped";
          mpz_class want;
          mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(value_of(x), want) << "n=" << n << " ebits=" << ebits << " P=" << P;
        }
      }
    }
  }
}

// The parts over any split of the windows give one call's result.
TEST(ConstantTimePowm28, PartsOverAnyRanges) {
  REQUIRE_AVX2();
  const mpz_class P = random_modulus(32, true);
  consttime::SecretModulus s;
  s.allocate(32, mpz_sizeinbase(P.get_mpz_t(), 2), false, true);
  const auto pl = limbs_of(P, 32);
  {
    consttime::WipedLimbs f(consttime::secret_modulus_scratch(32, s.bits));
    s.fill(pl.data(), f.data());
  }
  const mpz_class b = random_below(P), e = rrandom_bits(2048);
  const auto bl = limbs_of(b, 32), el = limbs_of(e, 32);
  const std::size_t windows = consttime::constant_time_powm_window_count(32);
  mpz_class want;
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  for (std::size_t cut : {std::size_t(0), std::size_t(1), windows / 3, windows - 1, windows}) {
    consttime::WipedLimbs sc(consttime::constant_time_powm28_scratch(s.d, 32));
    std::vector<limb_t> x(32);
    consttime::constant_time_powm28_begin(bl.data(), el.data(), 32, s.d, sc.data());
    consttime::constant_time_powm28_windows(el.data(), 32, s.d, 0, cut, sc.data());
    consttime::constant_time_powm28_windows(el.data(), 32, s.d, cut, cut, sc.data());
    consttime::constant_time_powm28_windows(el.data(), 32, s.d, cut, windows, sc.data());
    consttime::constant_time_powm28_end(x.data(), 32, pl.data(), s.d, sc.data());
    EXPECT_EQ(value_of(x), want) << "cut=" << cut;
  }
}

}  // namespace
}  // namespace parmod::test

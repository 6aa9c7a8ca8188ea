// Constant-time Montgomery multiplication and powm_sec against GMP.
#include <gtest/gtest.h>

#include <algorithm>

#include "consttime/constant_time_powm.hpp"
#include "consttime/montgomery_ct.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(MontgomeryCt, AgainstGmp) {
  for (std::size_t n = 1; n <= 70; n += (n < 12 ? 1 : 7)) {
    for (const mpz_class& P : {random_modulus(n, true), mpz_class(beta_pow(n) - 1), mpz_class(beta_pow(n - 1) + 1)}) {
      if (P < 3) continue;
      const modmul::ModulusConstants k(P);
      mpz_class rinv;
      mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
      for (const mpz_class& a : {random_below(P), mpz_class(P - 1), mpz_class(0)}) {
        const mpz_class b = random_below(P);
        auto x = limbs_of(a, n), y = limbs_of(b, n);
        std::vector<limb_t> r(n), s(consttime::montgomery_ct_scratch(n));
        consttime::montgomery_mul_ct(r.data(), x.data(), y.data(), k, s.data());
        EXPECT_EQ(value_of(r), py_mod(a * b * rinv, P));
        consttime::montgomery_sqr_ct(r.data(), x.data(), k, s.data());
        EXPECT_EQ(value_of(r), py_mod(a * a * rinv, P));
      }
    }
  }
}

TEST(ConstantTimePowm, AgainstMpzPowm) {
  for (std::size_t n : {1u, 2u, 3u, 8u, 16u, 33u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const modmul::ModulusConstants k(P);
      for (std::size_t ebits : {1u, 5u, 64u, 65u, 200u, 1100u}) {
        for (const mpz_class& b : {random_below(P), mpz_class(0), mpz_class(1), mpz_class(P - 1)}) {
          const mpz_class e = rrandom_bits(ebits);
          // Exponent limbs beyond its size (leading zero limbs) are allowed.
          const std::size_t en = mpz_size(e.get_mpz_t()) + (ebits % 2);
          auto x = limbs_of(b, n);
          const auto ev = limbs_of(e, en);
          std::vector<limb_t> s(consttime::constant_time_powm_scratch(n, en) + 1, 0x42);
          consttime::constant_time_powm(x.data(), x.data(), ev.data(), en, k, s.data());
          EXPECT_EQ(s.back(), 0x42u);
          mpz_class want;
          mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(value_of(x), want) << "n=" << n << " ebits=" << ebits;
        }
      }
      // e = 0
      auto x = limbs_of(mpz_class(P - 1), n);
      const std::vector<limb_t> zero(1, 0);
      std::vector<limb_t> s(consttime::constant_time_powm_scratch(n, 1));
      consttime::constant_time_powm(x.data(), x.data(), zero.data(), 1, k, s.data());
      EXPECT_EQ(value_of(x), 1);
    }
  }
}

// The parts (_begin, _windows over ranges, _end) give constant_time_powm's
// result for any split of the windows, empty ranges included.
TEST(ConstantTimePowm, PartsOverAnyRangesEqualOneCall) {
  for (std::size_t n : {1u, 2u, 5u, 16u, 17u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const modmul::ModulusConstants k(P);
      for (std::size_t en : {std::size_t(1), n, n + 3}) {
        const mpz_class b = random_below(P), e = rrandom_bits(64 * en);
        const auto ev = limbs_of(e, en);
        const std::size_t count = consttime::constant_time_powm_window_count(en);
        ASSERT_GE(count, 1u);
        for (std::size_t split : {std::size_t(1), std::size_t(2), std::size_t(7), count}) {
          auto x = limbs_of(b, n);
          std::vector<limb_t> s(consttime::constant_time_powm_scratch(n, en));
          consttime::constant_time_powm_begin(x.data(), ev.data(), en, k, s.data());
          std::size_t at = 0;
          consttime::constant_time_powm_windows(ev.data(), en, k, 0, 0, s.data());  // empty
          for (std::size_t i = 1; i <= split; ++i) {
            const std::size_t to = count * i / split;
            consttime::constant_time_powm_windows(ev.data(), en, k, at, to, s.data());
            at = to;
          }
          consttime::constant_time_powm_end(x.data(), en, k, s.data());
          mpz_class want;
          mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(value_of(x), want) << "n=" << n << " en=" << en << " split=" << split;
          EXPECT_TRUE(std::all_of(s.begin(), s.end(), [](limb_t v) { return v == 0; })) << "scratch not wiped";
        }
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

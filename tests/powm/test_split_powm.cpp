// Exponent splitting on the team against mpz_powm, threads 1..4 (more than
// the cores here too), odd and even moduli.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/split_powm.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(SplitPowm, AgainstMpzPowmEveryThreadCount) {
  for (std::size_t n : {1u, 3u, 8u, 20u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const modmul::ModulusConstants k(P);
      const modmul::Engine& engine = odd ? modmul::montgomery_engine : modmul::barrett_engine;
      for (std::size_t ebits : {1u, 2u, 7u, 64u, 300u, 2000u}) {
        const mpz_class b = random_below(P), e = rrandom_bits(ebits);
        const std::size_t en = mpz_size(e.get_mpz_t());
        const auto ev = limbs_of(e, en);
        mpz_class want;
        mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
        for (int threads = 1; threads <= 4; ++threads) {
          for (double phi : {0.8, 1.3}) {
            auto x = limbs_of(b, n);
            std::vector<limb_t> s(exponentiation::split_powm_scratch(n, en, engine, threads) + 1, 0x17);
            exponentiation::split_powm(x.data(), x.data(), ev.data(), en, k, engine, threads, phi, s.data());
            EXPECT_EQ(s.back(), 0x17u);
            EXPECT_EQ(value_of(x), want) << "n=" << n << " ebits=" << ebits << " T=" << threads;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

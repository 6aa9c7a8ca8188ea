// Fixed-base tables against mpz_powm, every window size.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/fixed_base.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(FixedBase, EveryWindowAgainstMpzPowm) {
  for (std::size_t n : {1u, 2u, 5u, 16u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const modmul::ModulusConstants k(P);
      const modmul::Engine& engine = odd ? modmul::montgomery_engine : modmul::barrett_engine;
      const mpz_class g = random_below(P);
      const auto gv = limbs_of(g, n);
      for (unsigned w = 1; w <= 6; ++w) {
        const std::size_t bits = 64 * n + 17;
        exponentiation::FixedBaseTable t;
        std::vector<limb_t> scratch(exponentiation::fixed_base_build_scratch(n, engine) +
                                    exponentiation::fixed_base_powm_scratch(n, engine));
        exponentiation::fixed_base_build(t, gv.data(), bits, w, k, engine, scratch.data());
        EXPECT_GE(t.max_exponent_bits(), bits);
        for (const mpz_class& e : {mpz_class(0), mpz_class(1), mpz_class(2), rrandom_bits(bits),
                                   mpz_class((mpz_class(1) << bits) - 1), rrandom_bits(5)}) {
          const std::size_t en = mpz_size(e.get_mpz_t());
          const auto ev = limbs_of(e, en);
          std::vector<limb_t> r(n);
          exponentiation::fixed_base_powm(r.data(), t, ev.data(), en, k, engine, scratch.data());
          mpz_class want;
          mpz_powm(want.get_mpz_t(), g.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(value_of(r), want) << "w=" << w << " n=" << n;
        }
      }
    }
  }
}

TEST(FixedBase, WindowRespectsTheMemoryCap) {
  EXPECT_EQ(exponentiation::fixed_base_window(2048, 32, 1), 1u);
  const unsigned w = exponentiation::fixed_base_window(2048, 32, std::size_t(1) << 22);
  EXPECT_GE(w, 4u);
  EXPECT_LE(((2048 + w - 1) / w) * ((std::size_t(1) << w) - 1) * 32, std::size_t(1) << 22);
}

}  // namespace
}  // namespace parmod::test

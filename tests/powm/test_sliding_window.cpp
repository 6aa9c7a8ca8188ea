// Sliding-window exponentiation against mpz_powm on both engines.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/sliding_window.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check(const mpz_class& P, const mpz_class& b, const mpz_class& e, const modmul::Engine& engine) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n, en = mpz_size(e.get_mpz_t());
  auto x = limbs_of(b, n);
  const auto ev = limbs_of(e, en);
  std::vector<limb_t> scratch(exponentiation::sliding_window_powm_scratch(n, en, engine) + 1, 0x99);
  exponentiation::sliding_window_powm(x.data(), x.data(), ev.data(), en, k, engine, scratch.data());
  EXPECT_EQ(scratch.back(), 0x99u) << "scratch overrun";
  mpz_class want;
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  EXPECT_EQ(value_of(x), want) << engine.name << " n=" << n << " ebits=" << mpz_sizeinbase(e.get_mpz_t(), 2);
}

TEST(SlidingWindow, WindowSizeGrowsWithTheExponent) {
  EXPECT_EQ(exponentiation::sliding_window_size(1), 1u);
  unsigned last = 1;
  for (std::size_t bits = 1; bits < 100000; bits = bits * 2 + 1) {
    const unsigned w = exponentiation::sliding_window_size(bits);
    EXPECT_GE(w, last);
    EXPECT_LE(w, 7u);
    last = w;
  }
}

TEST(SlidingWindow, RandomAgainstMpzPowm) {
  for (std::size_t n : {1u, 2u, 3u, 5u, 8u, 16u, 31u, 64u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      for (std::size_t ebits : {1u, 2u, 3u, 7u, 64u, 65u, 127u, 300u, 1500u}) {
        const mpz_class b = random_below(P), e = rrandom_bits(ebits);
        check(P, b, e, modmul::barrett_engine);
        if (odd) check(P, b, e, modmul::montgomery_engine);
      }
    }
  }
}

TEST(SlidingWindow, EdgeExponentsAndBases) {
  for (std::size_t n : {1u, 2u, 4u}) {
    for (bool odd : {true, false}) {
      for (const mpz_class& P : edge_moduli(n, odd)) {
        for (const mpz_class& b : edge_operands(P)) {
          for (const mpz_class& e : {mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(3),
                                     mpz_class(mpz_class(1) << 64), mpz_class(mpz_class(1) << 200),
                                     mpz_class(beta_pow(3) - 1), mpz_class(beta_pow(1))}) {
            check(P, b, e, modmul::barrett_engine);
            if (odd) check(P, b, e, modmul::montgomery_engine);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

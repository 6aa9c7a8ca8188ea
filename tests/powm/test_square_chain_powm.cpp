// The squaring chain beside the digit products (powm/square_chain_powm)
// against mpz_powm: edge moduli and operands, exponents of every digit
// pattern (rrandomb), one and two threads, on the Montgomery engine (whole
// powers published) and on montgomery28's elements (only their multiplier
// words published), and calls from several user threads at once (one owns
// the team, the others run sequentially).
#include <gtest/gtest.h>

#include <thread>

#include "limbs/cpu_features.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/square_chain_powm.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

mpz_class chain_pow_on(const modmul::Engine& engine, const modmul::ModulusConstants& k, const mpz_class& b,
                       const mpz_class& e, int threads) {
  const std::size_t n = k.n, en = mpz_size(e.get_mpz_t());
  auto x = limbs_of(b, n);
  const auto ev = limbs_of(e, en);
  std::vector<limb_t> s(exponentiation::square_chain_powm_scratch(n, en, engine) + 1, 0x17);
  exponentiation::square_chain_powm(x.data(), x.data(), ev.data(), en, k, engine, threads, s.data());
  EXPECT_EQ(s.back(), 0x17u) << "scratch overrun";
  return value_of(x);
}

mpz_class chain_pow(const mpz_class& b, const mpz_class& e, const mpz_class& P, int threads) {
  const modmul::ModulusConstants k(P);
  return chain_pow_on(modmul::montgomery_engine, k, b, e, threads);
}

mpz_class gmp_pow(const mpz_class& b, const mpz_class& e, const mpz_class& P) {
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  return r;
}

TEST(SquareChainPowm, AgainstMpzPowmOnEdgesAndRandomExponents) {
  for (std::size_t n : {1u, 2u, 5u, 8u, 16u, 17u, 33u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const auto bases = edge_operands(P);
      for (std::size_t ebits : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(4), std::size_t(6), std::size_t(7), std::size_t(64), std::size_t(65), std::size_t(200), 64 * n + 3}) {
        const mpz_class e = ebits == 0 ? mpz_class(0) : rrandom_bits(ebits);
        for (std::size_t i = 0; i < bases.size(); i += 1 + bases.size() / 6) {
          const mpz_class want = gmp_pow(bases[i], e, P);
          for (int threads : {1, 2})
            EXPECT_EQ(chain_pow(bases[i], e, P, threads), want)
                << "n=" << n << " P=" << P.get_str(16) << " ebits=" << ebits << " T=" << threads;
        }
      }
    }
  }
}

// Exponents whose digits are all 2^w - 1, all zero but the top one, or
// alternate: every bucket full, one bucket, two.
TEST(SquareChainPowm, DigitPatterns) {
  const mpz_class P = random_modulus(12, true), b = random_below(P);
  const unsigned w = exponentiation::kSquareChainWindow;
  for (std::size_t digits : {2u, 3u, 64u, 257u}) {
    mpz_class ones = (mpz_class(1) << (w * digits)) - 1, top = mpz_class(1) << (w * (digits - 1)), alt = 0;
    for (std::size_t i = 0; i < digits; i += 2) alt += mpz_class(5) << (w * i);
    for (const mpz_class& e : {ones, top, alt, mpz_class(ones - 1), mpz_class(top + 1)})
      EXPECT_EQ(chain_pow(b, e, P, 2), gmp_pow(b, e, P)) << "e=" << e.get_str(16);
  }
}

// On montgomery28 the chain runs on the element engine, whose product reads
// only the digits of its second operand: the chain publishes those (a
// quarter of an element) and starts each bucket as 1 x_i.
TEST(SquareChainPowm, Montgomery28PublishesMultiplierWords) {
  if (!limbs::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  const modmul::Engine& elements = *modmul::montgomery28_engine.elements;
  for (std::size_t n : {1u, 2u, 7u, 16u, 32u, 33u, 61u}) {
    ASSERT_LT(modmul::multiplier_size(elements, n), modmul::element_size(elements, n)) << n;
    for (const mpz_class& P : {random_modulus(n, true), edge_moduli(n, true).front(), edge_moduli(n, true).back()}) {
      if (modmul::montgomery28_factory.rejects(P) != nullptr) continue;
      const modmul::BoundEngine bound = modmul::montgomery28_factory.bind(P, {});
      const auto bases = edge_operands(P);
      for (std::size_t ebits : {std::size_t(2), std::size_t(7), std::size_t(64), 64 * n + 3}) {
        const mpz_class e = rrandom_bits(ebits);
        for (std::size_t i = 0; i < bases.size(); i += 1 + bases.size() / 4) {
          const mpz_class want = gmp_pow(bases[i], e, P);
          for (int threads : {1, 2})
            EXPECT_EQ(chain_pow_on(*bound.engine, *bound.k, bases[i], e, threads), want)
                << "n=" << n << " P=" << P.get_str(16) << " ebits=" << ebits << " T=" << threads;
        }
      }
      // Every bucket full, and a single one.
      const unsigned w = exponentiation::kSquareChainWindow;
      const mpz_class ones = (mpz_class(1) << (w * 40)) - 1, top = mpz_class(1) << (w * 39), b = random_below(P);
      for (const mpz_class& e : {ones, top})
        EXPECT_EQ(chain_pow_on(*bound.engine, *bound.k, b, e, 2), gmp_pow(b, e, P)) << "n=" << n;
    }
  }
}

TEST(SquareChainPowm, FitsBoundsTheMemory) {
  EXPECT_FALSE(exponentiation::square_chain_fits(16, exponentiation::kSquareChainWindow));  // one digit
  EXPECT_TRUE(exponentiation::square_chain_fits(16, 1024));
  EXPECT_FALSE(exponentiation::square_chain_fits(std::size_t(1) << 16, std::size_t(1) << 16));
  // Beyond the bound it still computes (the sequential window).
  const mpz_class P = random_modulus(3, true), b = random_below(P), e = rrandom_bits(3);
  EXPECT_EQ(chain_pow(b, e, P, 2), gmp_pow(b, e, P));
  // 100 limbs: at most 10485 digits.  A 31450-bit exponent has 10484, but its
  // 492 limbs could hold 10496: the scratch is sized for those, so the call
  // must take the window (the scratch check in chain_pow catches an overrun).
  const mpz_class big = random_modulus(100, true), x = random_below(big);
  mpz_class e_long = rrandom_bits(31450);
  mpz_setbit(e_long.get_mpz_t(), 31449);
  ASSERT_EQ(mpz_size(e_long.get_mpz_t()), 492u);
  EXPECT_TRUE(exponentiation::square_chain_fits(100, 31450));
  EXPECT_FALSE(exponentiation::square_chain_fits(100, 492 * 64));
  EXPECT_EQ(chain_pow(x, e_long, big, 2), gmp_pow(x, e_long, big));
}

TEST(SquareChainPowm, SeveralUserThreadsAtOnce) {
  const mpz_class P = random_modulus(16, true);
  std::vector<mpz_class> b, e, want;
  for (int i = 0; i < 4; ++i) {
    b.push_back(random_below(P));
    e.push_back(rrandom_bits(1024 + 61 * i));
    want.push_back(gmp_pow(b.back(), e.back(), P));
  }
  std::vector<int> wrong(4, 0);
  std::vector<std::thread> users;
  for (int u = 0; u < 4; ++u)
    users.emplace_back([&, u] {
      for (int r = 0; r < 6; ++r)
        if (chain_pow(b[u], e[u], P, 2) != want[u]) ++wrong[u];
    });
  for (auto& t : users) t.join();
  for (int u = 0; u < 4; ++u) EXPECT_EQ(wrong[u], 0) << "user thread " << u;
}

}  // namespace
}  // namespace parmod::test

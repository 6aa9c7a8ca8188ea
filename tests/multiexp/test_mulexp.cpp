// Tests of multiexp/lim_lee_table, multiexp/mulexp and multiexp/interleaved_window:
// sequential MULEXP (Alg. 2) and windows against a product of GMP mpz_powm
// results, the prefix-split table (Alg. 3) against the sequential one, and the
// operations the code performs against the paper's count.
#include <gtest/gtest.h>

#include <cmath>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/mulexp_model.hpp"
#include "multiexp_test_util.hpp"

namespace parmod::multiexp {
namespace {

using test::MultiexpCase;

mpz_class run_mulexp(MultiexpCase& c, std::size_t k, OpCount* count = nullptr) {
  const modmul::BoundEngine bound = test::engine_for(c.P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  std::vector<limb_t> scratch(mulexp_scratch(c.n, c.bases.size(), k, e)), r(c.n);
  mulexp(r.data(), c.xs.data(), c.bases.size(), c.ep.data(), c.en.data(), k, kc, e, scratch.data(), count);
  return test::value_of(r);
}

mpz_class run_interleaved(MultiexpCase& c, unsigned w, OpCount* count = nullptr) {
  const modmul::BoundEngine bound = test::engine_for(c.P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  std::vector<limb_t> scratch(interleaved_scratch(c.n, c.bases.size(), w, e)), r(c.n);
  interleaved_multiexp(r.data(), c.xs.data(), c.bases.size(), c.ep.data(), c.en.data(), w, kc, e, scratch.data(),
                       count);
  return test::value_of(r);
}

TEST(Mulexp, DifferentialAgainstGmp) {
  for (bool odd : {true, false})
    for (std::size_t limbs : {1u, 2u, 5u})
      for (std::size_t nb : {1u, 2u, 3u, 5u, 8u, 13u, 16u, 17u}) {
        const mpz_class P = test::random_modulus(limbs, odd);
        for (std::size_t b : {0u, 1u, 2u, 63u, 64u, 65u, 300u}) {
          MultiexpCase c(P, nb, b);
          const mpz_class want = c.expected();
          for (std::size_t k : {std::size_t(1), std::size_t(2), (nb + 1) / 2, nb}) {
            if (k == 0 || k > nb || (nb + k - 1) / k > 12) continue;
            EXPECT_EQ(run_mulexp(c, k), want) << "odd=" << odd << " limbs=" << limbs << " nb=" << nb << " b=" << b
                                              << " k=" << k;
          }
          for (unsigned w : {1u, 3u, 5u}) EXPECT_EQ(run_interleaved(c, w), want) << "w=" << w;
        }
      }
}

TEST(Mulexp, EdgeModuli) {
  for (bool odd : {true, false})
    for (const mpz_class& P : test::edge_moduli(3, odd)) {
      if (P < 2) continue;
      MultiexpCase c(P, 6, 200);
      const mpz_class want = c.expected();
      EXPECT_EQ(run_mulexp(c, 2), want) << P;
      EXPECT_EQ(run_interleaved(c, 4), want) << P;
    }
}

TEST(Mulexp, LargeOperands) {
  // 4096-bit modulus and exponents, 16 bases, k = 2: the paper's setting.
  MultiexpCase c(test::random_modulus(64, true), 16, 4096, true);
  EXPECT_EQ(run_mulexp(c, 2), c.expected());
  MultiexpCase c2(test::random_modulus(9, false), 3, 8192, true);
  EXPECT_EQ(run_mulexp(c2, 1), c2.expected());
  EXPECT_EQ(run_interleaved(c2, 5), c2.expected());
}

TEST(LimLeeTable, PrefixSplitMatchesSequential) {
  const mpz_class P = test::random_modulus(2, true);
  const modmul::BoundEngine bound = test::engine_for(P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  for (std::size_t nb : {1u, 3u, 7u, 10u})
    for (std::size_t k : {1u, 2u, 3u}) {
      if (k > nb) continue;
      MultiexpCase c(P, nb, 10);
      std::vector<limb_t> reps(nb * c.n), work(e.scratch_limbs(c.n));
      for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps.data() + i * c.n, c.xs.data() + i * c.n, kc, work.data());
      const std::size_t entries = lim_lee_table_entries(nb, k);
      std::vector<limb_t> seq(entries * c.n), par(entries * c.n, 0);
      lim_lee_precompute(seq.data(), reps.data(), nb, k, kc, e, work.data(), nullptr);
      for (unsigned t = 0; t <= 4; ++t) {
        std::fill(par.begin(), par.end(), limb_t(0));
        // Prefixes in reverse order: no prefix depends on another.
        for (std::size_t g = 0; g < k; ++g)
          for (unsigned p = 1u << t; p-- > 0;)
            lim_lee_precompute_prefix(par.data(), reps.data(), nb, k, g, t, p, kc, e, work.data(), nullptr);
        EXPECT_EQ(par, seq) << "nb=" << nb << " k=" << k << " t=" << t;
      }
      // Entry j of group 0 is the product of the bases whose bits are set (x_0 = top bit).
      const std::size_t g0 = group_size(nb, k, 0);
      for (std::size_t j = 0; j < (std::size_t(1) << g0); ++j) {
        mpz_class want = 1 % P;
        for (std::size_t u = 0; u < g0; ++u)
          if ((j >> (g0 - 1 - u)) & 1) want = want * c.bases[u] % P;
        std::vector<limb_t> plain(c.n);
        e.from_repr(plain.data(), seq.data() + j * c.n, kc, work.data());
        EXPECT_EQ(test::value_of(plain), want) << j;
      }
    }
}

TEST(Mulexp, OperationCountMatchesCodeAndPaper) {
  // A one-limb modulus: the counts do not depend on its size.
  const mpz_class P = test::random_modulus(1, true);
  const std::size_t b = 4096;
  for (std::size_t nb : {16u, 5u})
    for (std::size_t k = 1; k <= nb; ++k) {
      if ((nb + k - 1) / k > 16) continue;
      MultiexpCase c(P, nb, b, true);
      for (auto& x : c.exps) x = test::rng().bits(b) | (mpz_class(1) << (b - 1));  // uniform bits
      for (std::size_t i = 0; i < nb; ++i) {
        c.ep[i] = mpz_limbs_read(c.exps[i].get_mpz_t());
        c.en[i] = mpz_size(c.exps[i].get_mpz_t());
      }
      OpCount count;
      EXPECT_EQ(run_mulexp(c, k, &count), c.expected());
      // Exact: the table's non-trivial entries, b squarings, one multiplication per nonzero digit.
      std::uint64_t table = 0, digits = 0;
      for (std::size_t i = 0; i < k; ++i) {
        const std::size_t g = group_size(nb, k, i), s = group_start(nb, k, i);
        table += (std::uint64_t(1) << g) - 1 - g;
        for (std::size_t pos = 0; pos < b; ++pos) {
          bool nz = false;
          for (std::size_t u = 0; u < g; ++u) nz |= mpz_tstbit(c.exps[s + u].get_mpz_t(), pos) != 0;
          digits += nz;
        }
      }
      EXPECT_EQ(count.sqr, b);
      EXPECT_EQ(count.mul, table + digits);
      // The paper counts every table entry as one multiplication (the 1 + g_i
      // copies included); the rest is its expectation over random bits.
      double copies = 0;
      for (std::size_t i = 0; i < k; ++i) copies += 1.0 + static_cast<double>(group_size(nb, k, i));
      const double model = mulexp_operation_count(nb, b, k);
      EXPECT_NEAR(static_cast<double>(count.total()) + copies, model, 6 * std::sqrt(static_cast<double>(b * k)) + 2)
          << "nb=" << nb << " k=" << k;
      if (nb == 16 && k == 2) EXPECT_NEAR(static_cast<double>(count.total()) + copies, 12768, 60);
      if (nb == 16 && k == 4) EXPECT_NEAR(static_cast<double>(count.total()) + copies, 19520, 80);
    }
}

TEST(InterleavedWindow, OperationCount) {
  const mpz_class P = test::random_modulus(1, false);
  MultiexpCase c(P, 2, 4096, true);
  for (std::size_t i = 0; i < 2; ++i) {  // uniform bits (rrandomb's runs need fewer windows)
    c.exps[i] = test::rng().bits(4096) | (mpz_class(1) << 4095);
    c.ep[i] = mpz_limbs_read(c.exps[i].get_mpz_t());
    c.en[i] = mpz_size(c.exps[i].get_mpz_t());
  }
  const unsigned w = interleaved_window_size(4096);
  OpCount count;
  EXPECT_EQ(run_interleaved(c, w, &count), c.expected());
  EXPECT_EQ(count.sqr, 4096u + 2u);  // the chain + one x^2 per base table
  EXPECT_NEAR(static_cast<double>(count.total()), interleaved_operation_count(2, 4096, w), 200);
}

}  // namespace
}  // namespace parmod::multiexp

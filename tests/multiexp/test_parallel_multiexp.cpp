// Tests of multiexp/parallel_multiexp and multiexp/multiexp_plan: every variant
// (MULEXP v1/v2, windows v1/v2, parallel EXP) for thread counts 1..4 against a
// product of GMP mpz_powm results; the per-thread counts of v1 and v2 (the
// paper's Figure 4); the cost model's choices.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "modmul/engine.hpp"
#include "multiexp/mulexp_model.hpp"
#include "multiexp/multiexp_plan.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "multiexp_test_util.hpp"

namespace parmod::multiexp {
namespace {

using test::MultiexpCase;

mpz_class run(MultiexpCase& c, const Plan& plan, int threads, OpCount* counts = nullptr) {
  const modmul::BoundEngine bound = test::engine_for(c.P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  std::vector<limb_t> scratch(parallel_multiexp_scratch(c.n, c.bases.size(), plan, e)), r(c.n);
  parallel_multiexp(r.data(), c.xs.data(), c.bases.size(), c.ep.data(), c.en.data(), plan, kc, e, threads,
                    scratch.data(), counts);
  return test::value_of(r);
}

std::vector<Plan> variants(std::size_t nb, unsigned chunks) {
  std::vector<Plan> v;
  for (Balance bal : {Balance::equal, Balance::balanced}) {
    Plan p;
    p.chunks = chunks;
    p.balance = bal;
    p.method = Method::lim_lee;
    p.k = std::max<std::size_t>(1, (nb + 3) / 4);  // groups of about four, as the paper
    v.push_back(p);
    p.k = std::max<std::size_t>(1, (nb + 7) / 8);
    v.push_back(p);
    p.k = std::max<std::size_t>(1, (nb + 1) / 2);  // two groups: the column products go to the partner
    p.offload = true;                              // (two chunks; ignored with other chunk counts or k = 1)
    v.push_back(p);
    p.offload = false;
    p.method = Method::interleaved;
    p.w = 4;
    v.push_back(p);
  }
  Plan p;
  p.method = Method::exp;
  p.w = 4;
  p.chunks = chunks;
  v.push_back(p);
  return v;
}

TEST(ParallelMultiexp, DifferentialAllVariantsAndThreads) {
  // Sampled (nb, b) pairs keep the run short; moduli of 1..6 limbs, odd and even.
  const std::pair<std::size_t, std::size_t> shapes[] = {{1, 1},   {1, 8192}, {2, 0},    {2, 64},  {2, 2048},
                                                        {3, 65},  {5, 1000}, {8, 4096}, {16, 700}, {17, 129},
                                                        {33, 300}, {64, 96},  {70, 200}, {70, 1}};
  int idx = 0;
  for (auto [nb, b] : shapes)
    for (bool odd : {true, false}) {
      const mpz_class P = test::random_modulus(1 + (idx++ % 6), odd);
      MultiexpCase c(P, nb, b);
      const mpz_class want = c.expected();
      for (int threads = 1; threads <= 4; ++threads)
        for (unsigned chunks : {static_cast<unsigned>(threads), 3u}) {
          for (const Plan& p : variants(nb, chunks))
            EXPECT_EQ(run(c, p, threads), want) << "nb=" << nb << " b=" << b << " odd=" << odd << " threads=" << threads
                                                << " chunks=" << chunks << " method=" << int(p.method)
                                                << " k=" << p.k << " balance=" << int(p.balance)
                                                << " offload=" << p.offload;
        }
      const Plan chosen = choose_plan(nb, std::max<std::size_t>(b, 1), c.n, 4);
      EXPECT_EQ(run(c, chosen, 4), want);
    }
}

TEST(ParallelMultiexp, ChunkPositionsCoverEveryBitOnce) {
  for (unsigned chunks = 1; chunks <= 16; ++chunks)
    for (std::size_t b : {1u, 5u, 100u, 4096u})
      for (Balance bal : {Balance::equal, Balance::balanced}) {
        Plan p;
        p.k = 4;
        p.chunks = chunks;
        p.balance = bal;
        std::size_t lo[32], hi[32];
        plan_chunk_positions(p, 16, b, lo, hi);
        EXPECT_EQ(hi[0], b);
        EXPECT_EQ(lo[chunks - 1], 0u);
        for (unsigned c = 0; c < chunks; ++c) {
          EXPECT_LE(lo[c], hi[c]);
          if (c > 0) EXPECT_EQ(hi[c], lo[c - 1]);
        }
      }
}

TEST(ParallelMultiexp, V2MaximumPerThreadBelowV1Figure4) {
  // Counted by the code (a one-limb modulus: counts do not depend on size).
  const mpz_class P = test::random_modulus(1, true);
  for (std::size_t b : {4096u, 8192u})
    for (std::size_t nb : {8u, 16u}) {
      MultiexpCase c(P, nb, b, true);
      for (std::size_t i = 0; i < nb; ++i) {  // uniform bits, as the paper's model assumes
        c.exps[i] = test::rng().bits(b) | (mpz_class(1) << (b - 1));
        c.ep[i] = mpz_limbs_read(c.exps[i].get_mpz_t());
        c.en[i] = mpz_size(c.exps[i].get_mpz_t());
      }
      for (unsigned tau : {2u, 4u, 8u}) {
        std::uint64_t worst[2];
        for (Balance bal : {Balance::equal, Balance::balanced}) {
          Plan p;
          p.k = nb / 4;
          p.chunks = tau;
          p.balance = bal;
          std::vector<OpCount> counts(tau);
          EXPECT_EQ(run(c, p, 2, counts.data()), c.expected());
          std::uint64_t m = 0;
          for (const auto& x : counts) m = std::max(m, x.total());
          worst[bal == Balance::balanced] = m;
          if (bal == Balance::balanced) {
            // Balanced in practice too, within the model's error (it counts k
            // multiplications per bit where random digits give k (1 - 2^-g)).
            for (const auto& x : counts) EXPECT_GT(static_cast<double>(x.total()), 0.85 * static_cast<double>(m));
          }
        }
        EXPECT_LT(worst[1], worst[0]) << "b=" << b << " nb=" << nb << " tau=" << tau;
      }
    }
}

TEST(MultiexpPlan, ChoosesSensibly) {
  // One thread: the sequential counts decide.
  Plan p = choose_plan(16, 4096, 64, 1);
  EXPECT_EQ(p.method, Method::lim_lee);
  EXPECT_EQ(p.k, 2u);
  EXPECT_EQ(p.chunks, 1u);
  p = choose_plan(2, 2048, 32, 1);
  EXPECT_EQ(p.method, Method::interleaved);
  // Two threads at a large size: two chunks, the top one's column products
  // formed by the partner (chain 5b/3 against Theorem 1's 9b/5, phi = 1).
  p = choose_plan(16, 4096, 64, 2);
  EXPECT_EQ(p.chunks, 2u);
  EXPECT_EQ(p.method, Method::lim_lee);
  EXPECT_EQ(p.k, 2u);
  EXPECT_TRUE(p.offload);
  Plan theorem1 = p;
  theorem1.offload = false;
  EXPECT_LT(plan_cost(p, 16, 4096), 0.95 * plan_cost(theorem1, 16, 4096));
  // Four groups: the partner would form products slower than the chain uses them.
  Plan k4 = p;
  k4.k = 4;
  EXPECT_EQ(plan_cost(k4, 16, 4096), std::numeric_limits<double>::infinity());
  // Tiny: one thread.
  EXPECT_EQ(choose_plan(2, 64, 1, 4).chunks, 1u);
}

}  // namespace
}  // namespace parmod::multiexp

// Tests of multiexp/bucket_multiexp (Pippenger) and multiexp/hybrid_multiexp
// (n' independent tasks), sequential and through parallel_multiexp for thread
// counts 1..4, against a product of GMP mpz_powm results; odd and even
// moduli (every engine is accepted: the methods use only mul/sqr/copies);
// the operation counts against the code's own; the cost model's choices
// among all methods, and the API on a shape the model sends to the buckets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "modmul/engine.hpp"
#include "multiexp/bucket_multiexp.hpp"
#include "multiexp/hybrid_multiexp.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/multiexp_plan.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "multiexp_test_util.hpp"
#include "parmod/parmod.hpp"

namespace parmod::multiexp {
namespace {

using test::MultiexpCase;

mpz_class run_bucket(MultiexpCase& c, unsigned w, OpCount* count = nullptr) {
  const modmul::BoundEngine bound = test::engine_for(c.P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  std::vector<limb_t> scratch(bucket_scratch(c.n, c.bases.size(), w, e)), r(c.n);
  bucket_multiexp(r.data(), c.xs.data(), c.bases.size(), c.ep.data(), c.en.data(), w, kc, e, scratch.data(), count);
  return test::value_of(r);
}

mpz_class run(MultiexpCase& c, const Plan& plan, int threads, OpCount* counts = nullptr) {
  const modmul::BoundEngine bound = test::engine_for(c.P);
  const modmul::ModulusConstants& kc = *bound.k;
  const auto& e = *bound.engine;
  std::vector<limb_t> scratch(parallel_multiexp_scratch(c.n, c.bases.size(), plan, e)), r(c.n);
  parallel_multiexp(r.data(), c.xs.data(), c.bases.size(), c.ep.data(), c.en.data(), plan, kc, e, threads,
                    scratch.data(), counts);
  return test::value_of(r);
}

void uniform_exponents(MultiexpCase& c, std::size_t b) {  // every exponent b bits, uniform digits
  for (std::size_t i = 0; i < c.exps.size(); ++i) {
    c.exps[i] = test::rng().bits(b) | (mpz_class(1) << (b - 1));
    c.ep[i] = mpz_limbs_read(c.exps[i].get_mpz_t());
    c.en[i] = mpz_size(c.exps[i].get_mpz_t());
  }
}

Plan bucket_plan(unsigned c, unsigned chunks, Balance bal) {
  Plan p;
  p.method = Method::bucket;
  p.c = c;
  p.chunks = chunks;
  p.balance = bal;
  return p;
}

Plan hybrid_plan(unsigned tasks, Method inner, std::size_t k = 2, unsigned w = 4, unsigned c = 4) {
  Plan p;
  p.method = Method::hybrid;
  p.tasks = tasks;
  p.inner = inner;
  p.k = k;
  p.w = w;
  p.c = c;
  return p;
}

TEST(BucketMultiexp, DifferentialAgainstGmp) {
  // Edge values come from MultiexpCase: bases 0 and P - 1, zero exponents, b = 0.
  for (bool odd : {true, false})
    for (std::size_t limbs : {1u, 3u}) {
      const mpz_class P = test::random_modulus(limbs, odd);
      for (std::size_t nb : {1u, 2u, 5u, 17u, 64u, 70u})
        for (std::size_t b : {0u, 1u, 2u, 63u, 64u, 65u, 300u}) {
          MultiexpCase c(P, nb, b);
          const mpz_class want = c.expected();
          for (unsigned w : {1u, 3u, 5u, 8u})
            EXPECT_EQ(run_bucket(c, w), want) << "odd=" << odd << " limbs=" << limbs << " nb=" << nb << " b=" << b
                                              << " c=" << w;
        }
    }
}

TEST(BucketMultiexp, ManyBasesAndLongExponents) {
  for (bool odd : {true, false}) {
    MultiexpCase c(test::random_modulus(2, odd), 200, 256);
    EXPECT_EQ(run_bucket(c, bucket_window_size(200, 256)), c.expected());
    MultiexpCase d(test::random_modulus(4, odd), 3, 8192, true);
    EXPECT_EQ(run_bucket(d, 6), d.expected());
    MultiexpCase e(test::random_modulus(1, odd), 100, 130);
    EXPECT_EQ(run_bucket(e, kMaxBucketWindow), e.expected());  // the widest window: 2^16 buckets
  }
}

TEST(BucketMultiexp, EdgeModuli) {
  for (bool odd : {true, false})
    for (const mpz_class& P : test::edge_moduli(2, odd)) {
      if (P < 2) continue;
      MultiexpCase c(P, 66, 100);
      EXPECT_EQ(run_bucket(c, 4), c.expected()) << P;
    }
}

TEST(BucketMultiexp, OperationCountMatchesCodeAndModel) {
  const mpz_class P = test::random_modulus(1, true);  // counts do not depend on the size
  for (std::size_t nb : {1u, 7u, 64u, 200u})
    for (std::size_t b : {1u, 100u, 1024u}) {
      MultiexpCase c(P, nb, b);  // varied lengths, zero exponents
      for (unsigned w : {1u, 4u, 6u}) {
        OpCount count;
        EXPECT_EQ(run_bucket(c, w, &count), c.expected());
        const OpCount want = bucket_exact_count(c.ep.data(), c.en.data(), nb, w, 0,
                                                max_exponent_bits(c.ep.data(), c.en.data(), nb));
        EXPECT_EQ(count.mul, want.mul) << "nb=" << nb << " b=" << b << " c=" << w;
        EXPECT_EQ(count.sqr, want.sqr) << "nb=" << nb << " b=" << b << " c=" << w;
      }
    }
  // Uniform digits, many bases: the model is the expectation within a few percent.
  for (std::size_t nb : {64u, 200u}) {
    MultiexpCase c(P, nb, 1024, true);
    uniform_exponents(c, 1024);
    for (unsigned w : {3u, 5u}) {
      OpCount count;
      EXPECT_EQ(run_bucket(c, w, &count), c.expected());
      const double model = bucket_operation_count(nb, 1024, w);
      EXPECT_NEAR(static_cast<double>(count.total()), model, 0.03 * model) << "nb=" << nb << " c=" << w;
      EXPECT_EQ(count.sqr, 1024u - ((1024u - 1) % w + 1));  // c per window below the top one
    }
  }
  EXPECT_EQ(bucket_operation_count(10, 0, 4), 0.0);
  // The window grows with the number of bases.
  EXPECT_LE(bucket_window_size(64, 4096), bucket_window_size(4096, 4096));
  EXPECT_GE(bucket_window_size(100000, 256), 8u);
}

TEST(BucketMultiexp, ChunkCountsAddUp) {
  // Each chunk's count is bucket_exact_count over its positions (the chunk scheme's work per thread).
  const mpz_class P = test::random_modulus(1, false);
  MultiexpCase c(P, 80, 700);
  for (unsigned chunks : {2u, 3u})
    for (Balance bal : {Balance::equal, Balance::balanced}) {
      const Plan p = bucket_plan(5, chunks, bal);
      std::vector<OpCount> counts(chunks);
      EXPECT_EQ(run(c, p, 2, counts.data()), c.expected());
      std::size_t lo[32], hi[32];
      plan_chunk_positions(p, 80, max_exponent_bits(c.ep.data(), c.en.data(), 80), lo, hi);
      for (unsigned k = 0; k < chunks; ++k) {
        const OpCount want = bucket_exact_count(c.ep.data(), c.en.data(), 80, 5, lo[k], hi[k]);
        EXPECT_EQ(counts[k].mul, want.mul);
        EXPECT_EQ(counts[k].sqr, want.sqr);
      }
    }
}

TEST(BucketAndHybrid, ParallelDifferentialThreads1To4) {
  // Sampled (nb, b) pairs, n from 1 to 70 and a few Pippenger sizes 64..200;
  // moduli of 1..5 limbs, odd and even.
  const std::pair<std::size_t, std::size_t> shapes[] = {{1, 1},    {1, 8192}, {2, 0},   {2, 2048}, {3, 65},
                                                        {5, 1000}, {8, 4096}, {17, 129}, {33, 300}, {64, 96},
                                                        {70, 200}, {70, 1},   {130, 64}, {200, 40}};
  int idx = 0;
  for (auto [nb, b] : shapes)
    for (bool odd : {true, false}) {
      const mpz_class P = test::random_modulus(1 + (idx++ % 5), odd);
      MultiexpCase c(P, nb, b);
      const mpz_class want = c.expected();
      for (int threads = 1; threads <= 4; ++threads) {
        if (test::reduced_sizes() && threads % 2 == 1) continue;  // 2 and 4 threads (1: the sequential tests)
        for (unsigned chunks : {static_cast<unsigned>(threads), 3u})
          for (Balance bal : {Balance::equal, Balance::balanced})
            EXPECT_EQ(run(c, bucket_plan(4, chunks, bal), threads), want)
                << "bucket nb=" << nb << " b=" << b << " odd=" << odd << " threads=" << threads << " chunks=" << chunks;
        for (unsigned tasks : {2u, static_cast<unsigned>(threads) + 1, 70u})
          for (const Plan& p : {hybrid_plan(tasks, Method::lim_lee, 2), hybrid_plan(tasks, Method::lim_lee, 1),
                                hybrid_plan(tasks, Method::interleaved), hybrid_plan(tasks, Method::bucket, 1, 4, 3)})
            EXPECT_EQ(run(c, p, threads), want) << "hybrid nb=" << nb << " b=" << b << " odd=" << odd
                                                << " threads=" << threads << " tasks=" << tasks
                                                << " inner=" << int(p.inner);
      }
      for (int threads : {1, 2, 4}) {
        const Plan chosen = choose_plan(nb, std::max<std::size_t>(b, 1), c.n, threads);
        EXPECT_EQ(run(c, chosen, threads), want) << "chosen nb=" << nb << " b=" << b << " method=" << int(chosen.method);
      }
    }
}

TEST(HybridMultiexp, TaskCountsAreTheSequentialCounts) {
  const mpz_class P = test::random_modulus(1, true);
  MultiexpCase c(P, 130, 300);
  const unsigned tasks = 3;
  const Plan p = hybrid_plan(tasks, Method::bucket, 1, 4, 5);
  std::vector<OpCount> counts(tasks);
  EXPECT_EQ(run(c, p, 3, counts.data()), c.expected());
  for (unsigned t = 0; t < tasks; ++t) {
    const std::size_t first = hybrid_task_start(130, tasks, t), nbt = hybrid_task_start(130, tasks, t + 1) - first;
    EXPECT_EQ(nbt, t == 0 ? 43u : (t == 1 ? 43u : 44u));
    const OpCount want = bucket_exact_count(c.ep.data() + first, c.en.data() + first, nbt, 5, 0,
                                            max_exponent_bits(c.ep.data() + first, c.en.data() + first, nbt));
    EXPECT_EQ(counts[t].mul, want.mul);
    EXPECT_EQ(counts[t].sqr, want.sqr);
  }
  EXPECT_EQ(hybrid_task_groups(40, 1), 3u);  // groups of at most 16 bases
  EXPECT_EQ(hybrid_task_groups(5, 9), 5u);
}

TEST(MultiexpPlan, ChoosesBucketsAndHybrid) {
  // Many bases, short exponents (batch verification): Pippenger, also chunked on 2 threads.
  Plan p = choose_plan(2000, 128, 32, 1);
  EXPECT_EQ(p.method, Method::bucket);
  EXPECT_GE(p.c, 6u);
  EXPECT_EQ(choose_plan(2000, 128, 32, 2).method == Method::bucket ||
                choose_plan(2000, 128, 32, 2).method == Method::hybrid,
            true);
  // Below 64 bases the buckets are never chosen; the paper's setting stays Lim-Lee.
  for (std::size_t nb : {1u, 2u, 16u, 63u})
    for (std::size_t b : {16u, 256u, 4096u})
      for (int T : {1, 2, 4}) EXPECT_NE(choose_plan(nb, b, 16, T).method, Method::bucket);
  EXPECT_EQ(choose_plan(16, 4096, 64, 1).method, Method::lim_lee);
  // The hybrid's model: ceil(n' / T) tasks of nb / n' bases + n' - 1.
  Plan h = hybrid_plan(4, Method::interleaved);
  h.chunks = 2;
  EXPECT_DOUBLE_EQ(plan_cost(h, 16, 1000), 2 * interleaved_operation_count(4, 1000, 4) + 3);
  // Every chosen plan's cost is no more than each fixed alternative's.
  for (std::size_t nb : {8u, 70u, 300u})
    for (int T : {1, 2, 4}) {
      const Plan best = choose_plan(nb, 1024, 16, T);
      const double cb = plan_cost(best, nb, 1024);
      Plan alt = bucket_plan(bucket_window_size(nb, 1024), static_cast<unsigned>(T), Balance::balanced);
      if (nb >= 64) EXPECT_LE(cb, plan_cost(alt, nb, 1024) + 1e-9);
      if (T > 1) {
        Plan hy = hybrid_plan(static_cast<unsigned>(T), Method::interleaved);
        hy.w = interleaved_window_size(1024);
        hy.chunks = static_cast<unsigned>(T);
        EXPECT_LE(cb, plan_cost(hy, nb, 1024) + 1e-9);
      }
    }
}

TEST(MultiPowmApi, BucketRouteEdges) {
  // A shape the model sends to the buckets, through the API: bases >= m,
  // negative bases, base 0, zero exponents, negative exponents; odd and even m.
  const std::size_t nb = 300, bits = 24;
  ASSERT_EQ(choose_plan(nb, bits, 1, 1).method, Method::bucket);
  for (bool odd : {true, false})
    for (int threads : {1, 2}) {
      const mpz_class m = test::random_modulus(1, odd);
      std::vector<mpz_class> b, e;
      mpz_class want = 1;
      for (std::size_t i = 0; i < nb; ++i) {
        mpz_class x = test::rrandom_bits(100);
        if (i % 5 == 1) x = -x;
        if (i % 17 == 3) x = 0;
        if (i % 19 == 4) x = m * 3 + 1;
        mpz_class y = test::rrandom_bits(bits);
        if (i % 11 == 7) y = 0;
        if (i % 23 == 9 && odd) {  // an inverse: pick a base invertible mod m
          x = 2;
          while (gcd(x, m) != 1) ++x;
          y = -y - 1;
        }
        b.push_back(x);
        e.push_back(y);
        mpz_class base = x % m;
        if (base < 0) base += m;
        mpz_class ex = y;
        if (ex < 0) {
          mpz_invert(base.get_mpz_t(), base.get_mpz_t(), m.get_mpz_t());
          ex = -ex;
        }
        want = want * test::gmp_powm(base, ex, m) % m;
      }
      const Modulus mod(m, Algorithm::automatic, threads);
      EXPECT_EQ(mod.multi_pow(b, e), want) << "odd=" << odd << " threads=" << threads;
    }
}

}  // namespace
}  // namespace parmod::multiexp

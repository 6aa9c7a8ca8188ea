// Tests of api/multi_powm and capi/multi_powm_c: Python's
// prod(pow(b, e, m)) % m semantics against GMP, and the bad inputs.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "config/tuning.hpp"
#include "parmod.h"
#include "parmod/parmod.hpp"
#include "runtime/team.hpp"
#include "support/random_operands.hpp"

namespace parmod {
namespace {

mpz_class python_multi(const std::vector<mpz_class>& b, const std::vector<mpz_class>& e, const mpz_class& m) {
  const mpz_class P = abs(m);
  mpz_class r = 1;
  for (std::size_t i = 0; i < b.size(); ++i) {
    mpz_class base = b[i], ex = e[i];
    if (ex < 0) {
      mpz_invert(base.get_mpz_t(), base.get_mpz_t(), P.get_mpz_t());
      ex = -ex;
    }
    r = r * test::gmp_powm(base, ex, P) % P;
  }
  return test::py_mod(r, m);
}

TEST(MultiPowmApi, RandomAgainstGmp) {
  for (int threads : {1, 2, 4})
    for (std::size_t limbs : {1u, 4u, 16u})
      for (bool odd : {true, false})
        for (std::size_t nb : {1u, 2u, 7u, 16u, 40u}) {
          mpz_class m = test::random_modulus(limbs, odd);
          if (nb == 7) m = -m;
          std::vector<mpz_class> b, e;
          for (std::size_t i = 0; i < nb; ++i) {
            mpz_class x = test::rrandom_bits(limbs * 64 + 10);
            if (i % 4 == 1) x = -x;
            b.push_back(x);
            e.push_back(test::rrandom_bits(1 + (i * 97 + limbs * 300) % 1500));
          }
          const Modulus mod(m, Algorithm::automatic, threads);
          EXPECT_EQ(mod.multi_pow(b, e), python_multi(b, e, m)) << nb << " " << limbs << " " << odd;
        }
}

// multi_pow on the one-thread engine with its chunks on the team
// (multi_pow.sequential_engine_min_limbs) while the modulus's own engine is
// bipartite or multipartite: the same results as GMP, at sizes that do not
// divide evenly, all-ones and 2^64k +- 1 moduli, bases 0, 1, P - 1 and
// negative, exponents 0, 1 and negative, 1 to 40 items, 2 and 4 threads.
TEST(MultiPowmApi, OneThreadEngineWithChunksAgainstGmp) {
  for (const char* parallel : {"18446744073709551615:bipartite", "18446744073709551615:multipartite"}) {
    config::Tuning t = config::tuning();
    ASSERT_EQ(config::set_tuning_value(t, "modmul.odd", "18446744073709551615:montgomery"), "");
    ASSERT_EQ(config::set_tuning_value(t, "modmul.odd.parallel", parallel), "");
    ASSERT_EQ(config::set_tuning_value(t, "multi_pow.sequential_engine_min_limbs", "1"), "");
    const config::ScopedTuning scoped(t);
    std::vector<mpz_class> moduli;
    for (std::size_t limbs : {1u, 3u, 9u, 17u, 33u}) moduli.push_back(test::random_modulus(limbs, true));
    moduli.push_back((mpz_class(1) << 1024) - 1);  // all-ones limbs
    moduli.push_back((mpz_class(1) << 1024) + 1);
    moduli.push_back((mpz_class(1) << 640) - 1);
    for (const mpz_class& P : moduli)
      for (int threads : {2, 4})
        for (std::size_t nb : {1u, 3u, 16u, 40u}) {
          std::vector<mpz_class> b, e;
          for (std::size_t i = 0; i < nb; ++i) {
            mpz_class x = test::rrandom_bits(mpz_sizeinbase(P.get_mpz_t(), 2) + 5);
            if (i % 5 == 1) x = -x;
            if (i == 2) x = P - 1;
            if (i == 3) x = 1;
            if (i == 4) x = 0;
            b.push_back(x);
            mpz_class y = test::rrandom_bits(1 + (i * 131 + nb * 7) % 1200);
            if (i == 5) y = 1;
            if (i == 6) y = 0;
            if (i == 7) y = -y;  // an inverse (or NotInvertible, checked below)
            e.push_back(y);
          }
          const Modulus mod(P, Algorithm::automatic, threads);
          mpz_class inv;
          if (nb > 7 && mpz_invert(inv.get_mpz_t(), b[7].get_mpz_t(), P.get_mpz_t()) == 0) {
            EXPECT_THROW(mod.multi_pow(b, e), NotInvertible);
            continue;
          }
          EXPECT_EQ(mod.multi_pow(b, e), python_multi(b, e, P)) << parallel << " " << P << " " << threads << " " << nb;
        }
  }
}

TEST(MultiPowmApi, Edges) {
  const mpz_class m = 1000003;
  EXPECT_EQ(multi_powm({}, {}, m), 1);
  EXPECT_EQ(multi_powm({}, {}, mpz_class(1)), 0);
  EXPECT_EQ(multi_powm({}, {}, mpz_class(-5)), -4);  // 1 % -5 in Python
  EXPECT_EQ(multi_powm({0}, {0}, m), 1);               // pow(0, 0, m) = 1
  EXPECT_EQ(multi_powm({0, 5}, {0, 2}, m), 25);
  EXPECT_EQ(multi_powm({0, 5}, {3, 2}, m), 0);
  EXPECT_EQ(multi_powm({7}, {5}, mpz_class(1)), 0);
  EXPECT_EQ(multi_powm({2, 3}, {-1, 1}, mpz_class(7)), 4 * 3 % 7);  // 2^-1 = 4 mod 7
  EXPECT_EQ(multi_powm({m + 2, -1}, {3, 3}, m), python_multi({m + 2, -1}, {3, 3}, m));
  EXPECT_THROW(multi_powm({2, 4}, {1, -1}, mpz_class(8)), NotInvertible);
  EXPECT_THROW(multi_powm({2, 4}, {1}, m), InvalidArgument);
  EXPECT_THROW(multi_powm({2}, {1}, mpz_class(0)), DivisionByZero);
  const Modulus mod(m);
  EXPECT_THROW(mod.multi_pow({1}, {1, 2}), InvalidArgument);
  EXPECT_EQ(mod.multi_pow({3}, {0}), 1);
}

TEST(MultiPowmC, MatchesCppAndErrors) {
  mpz_t r, m, bases[3], exps[3];
  mpz_inits(r, m, nullptr);
  mpz_set_ui(m, 1000003);
  for (int i = 0; i < 3; ++i) {
    mpz_init_set_si(bases[i], 12345 * (i + 1));
    mpz_init_set_si(exps[i], 1000 + i);
  }
  ASSERT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_OK);
  EXPECT_EQ(mpz_class(r), multi_powm({12345, 24690, 37035}, {1000, 1001, 1002}, mpz_class(1000003)));
  ASSERT_EQ(parmod_multi_powm(r, 0, nullptr, nullptr, m), PARMOD_OK);
  EXPECT_EQ(mpz_cmp_ui(r, 1), 0);
  // Not invertible: r untouched.
  mpz_set_ui(r, 77);
  mpz_set_ui(m, 12345);
  mpz_set_si(exps[0], -1);
  EXPECT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_ERR_NOT_INVERTIBLE);
  EXPECT_EQ(mpz_cmp_ui(r, 77), 0);
  mpz_set_ui(m, 0);
  EXPECT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(parmod_multi_powm(r, 3, nullptr, exps, m), PARMOD_ERR_INVALID_ARGUMENT);
  for (int i = 0; i < 3; ++i) mpz_clears(bases[i], exps[i], nullptr);
  mpz_clears(r, m, nullptr);
}

// Several user threads call multi_pow while each of them switches the
// process's thread count between calls (set_num_threads, which wakes the
// team's workers for n >= 2), some calls after a pause past the workers'
// spin budget (they sleep): every result equals GMP's, through the one-shot
// C++ and C calls (which read the default) and Modulus objects of 1 to 3
// threads.  Parallel plans: 16 bases, 1024-bit exponents, 8 and 16 limbs.
TEST(MultiPowmApi, RapidThreadCountSwitchingFromSeveralThreads) {
  struct Case {
    mpz_class m, want;
    std::vector<mpz_class> b, e;
  };
  std::vector<Case> cases;
  for (std::size_t limbs : {8u, 16u})
    for (bool odd : {true, false})
      for (std::size_t nb : {16u, 5u}) {
        Case c;
        c.m = test::random_modulus(limbs, odd);
        for (std::size_t i = 0; i < nb; ++i) {
          mpz_class b = test::random_below(c.m), g;
          const bool negative = i % 5 == 4;  // a base prime to m, raised to a negative exponent
          mpz_gcd(g.get_mpz_t(), b.get_mpz_t(), c.m.get_mpz_t());
          c.b.push_back(negative && g != 1 ? mpz_class(1) : b);
          c.e.push_back(negative ? mpz_class(-test::rrandom_bits(700)) : test::rrandom_bits(1024));
        }
        c.want = python_multi(c.b, c.e, c.m);
        cases.push_back(c);
      }
  const std::uint64_t runs = runtime::team_counters().parallel_runs;
  std::atomic<int> failures{0};
  std::vector<std::thread> users;
  for (int u = 0; u < 3; ++u)
    users.emplace_back([&, u] {
      unsigned x = 4242u + 31337u * static_cast<unsigned>(u);
      for (int rep = 0; rep < 12; ++rep) {
        x = x * 1103515245u + 12345u;
        set_num_threads(1 + static_cast<int>((x >> 16) % 3));
        if ((x >> 20) % 4 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
        const Case& c = cases[(x >> 8) % cases.size()];
        try {
          if (multi_powm(c.b, c.e, c.m) != c.want) failures++;
          const Modulus mod(c.m, Algorithm::automatic, 1 + static_cast<int>((x >> 24) % 3));
          if (mod.multi_pow(c.b, c.e) != c.want) failures++;
          std::vector<__mpz_struct> b, e;  // the C call reads its operands only: shallow views
          for (std::size_t i = 0; i < c.b.size(); ++i) b.push_back(*c.b[i].get_mpz_t()), e.push_back(*c.e[i].get_mpz_t());
          mpz_class r;
          if (parmod_multi_powm(r.get_mpz_t(), b.size(), reinterpret_cast<const mpz_t*>(b.data()),
                                reinterpret_cast<const mpz_t*>(e.data()), c.m.get_mpz_t()) != PARMOD_OK ||
              r != c.want)
            failures++;
        } catch (const Error&) {
          failures++;
        }
      }
    });
  for (auto& t : users) t.join();
  set_num_threads(0);  // the environment rule again
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(runtime::team_counters().parallel_runs, runs);  // some calls ran on the team
}

}  // namespace
}  // namespace parmod

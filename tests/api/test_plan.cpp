// tests/api/test_plan.cpp - api/plan: the one decision point, and that what
// Modulus runs is what the plan says (Modulus::describe).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "api/algorithm_table.hpp"
#include "api/modulus_state.hpp"
#include "api/plan.hpp"
#include "config/tuning.hpp"
#include "modmul/montgomery28.hpp"
#include "parmod/parmod.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "support/random_operands.hpp"

namespace parmod {
namespace {

using api::PowPath;

// The current tuning with `values` set (each must parse).
config::Tuning tuning_with(std::initializer_list<std::pair<const char*, const char*>> values) {
  config::Tuning t = config::tuning();
  for (const auto& [key, value] : values) EXPECT_EQ(config::set_tuning_value(t, key, value), "") << key;
  return t;
}

mpz_class odd_bits(std::size_t bits) {
  mpz_class P = test::rrandom_bits(bits);
  mpz_setbit(P.get_mpz_t(), bits - 1);
  mpz_setbit(P.get_mpz_t(), 0);
  return P;
}

TEST(Plan, ExplicitAlgorithmsKeepTheirRowAndRejectWithTheRowsReason) {
  const mpz_class odd = odd_bits(1024), even = odd + 1;
  for (const AlgorithmInfo& a : algorithms()) {
    if (a.algorithm == Algorithm::automatic) continue;
    if (api::algorithm_rejects(a.algorithm, odd)) continue;  // montgomery52 without IFMA
    const api::ModulusPlan p = api::plan_modulus(odd, a.algorithm, 2);
    EXPECT_EQ(p.algorithm, a.algorithm);
    EXPECT_EQ(p.pow, PowPath::engine);
    EXPECT_EQ(p.plain_product_threads, 0);  // mul in the algorithm's representation
    if (a.odd_only) {
      try {
        api::plan_modulus(even, a.algorithm, 1);
        ADD_FAILURE() << a.name;
      } catch (const UnsupportedAlgorithm& e) {
        EXPECT_STREQ(e.what(), api::algorithm_rejects(a.algorithm, even));
      }
    }
  }
}

TEST(Plan, AutomaticPaths) {
  // Under the built-in defaults of this CPU's row: small moduli by GMP, odd
  // moduli of the row's field range (generic: 4-8 limbs) on the field
  // kernels, even moduli products on Barrett and pow by the split.
  const api::ModulusPlan tiny = api::plan_modulus(mpz_class(1000003), Algorithm::automatic, 1);
  EXPECT_EQ(tiny.pow, PowPath::gmp);
  const config::Tuning& t = config::tuning();
  if (t.powm_field_max_limbs > 0) {
    const auto field_bits = static_cast<unsigned>(64 * t.powm_field_min_limbs);
    const api::ModulusPlan field = api::plan_modulus(odd_bits(field_bits), Algorithm::automatic, 1);
    EXPECT_EQ(field.pow, PowPath::field_kernels) << field_bits << " bits";
  }
  const mpz_class big_even = odd_bits(4096) << 3;
  const api::ModulusPlan even = api::plan_modulus(big_even, Algorithm::automatic, 2);
  EXPECT_EQ(even.algorithm, Algorithm::barrett);
  EXPECT_EQ(even.pow, PowPath::even_split);
  EXPECT_GE(even.plain_product_threads, 1);
  const api::ModulusPlan big = api::plan_modulus(odd_bits(4096), Algorithm::automatic, 1);
  EXPECT_EQ(big.pow, PowPath::engine);
  EXPECT_NE(big.algorithm, Algorithm::automatic);
  EXPECT_EQ(big.plain_product_threads, 1);
}

TEST(Plan, ModulusRunsWhatThePlanSays) {
  for (std::size_t bits : {64u, 300u, 1024u, 4100u})
    for (int threads : {1, 2})
      for (bool odd : {true, false}) {
        const mpz_class P = odd ? odd_bits(bits) : odd_bits(bits) + 1;
        const Modulus m(P, Algorithm::automatic, threads);
        const auto& s = *api::state_of(m);
        const api::ModulusPlan p = api::plan_modulus(P, Algorithm::automatic, threads);
        EXPECT_EQ(s.plan.algorithm, p.algorithm);
        EXPECT_EQ(s.plan.pow, p.pow);
        EXPECT_EQ(m.algorithm(), p.algorithm);
        EXPECT_EQ(s.even != nullptr, p.pow == PowPath::even_split);
        EXPECT_EQ(s.small_field != nullptr, p.pow == PowPath::field_kernels);
        // Results agree with GMP whatever the path.
        const mpz_class b = test::random_below(P), e = test::random_below(P);
        mpz_class want;
        mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
        EXPECT_EQ(m.pow(b, e), want) << bits << " " << threads << " " << odd;
        EXPECT_EQ(powm(b, e, P), want);
      }
}

// multi_pow.sequential_engine_min_limbs: under automatic on two threads, odd
// moduli from that size run multi_pow on modmul.odd's algorithm (the plan's
// multi_pow_algorithm, bound as a second engine); one thread, even moduli,
// explicit algorithms and the key 0 keep the modulus's own engine.
TEST(Plan, MultiPowTakesTheOneThreadEngineFromItsKey) {
  const config::Tuning t = tuning_with({{"modmul.odd", "18446744073709551615:montgomery"},
                                        {"modmul.odd.parallel", "3:montgomery 18446744073709551615:bipartite"},
                                        {"multi_pow.sequential_engine_min_limbs", "5"}});
  const config::ScopedTuning scoped(t);
  const mpz_class big = odd_bits(64 * 6), mid = odd_bits(64 * 4), small = odd_bits(64 * 2);
  const api::ModulusPlan p = api::plan_modulus(big, Algorithm::automatic, 2);
  EXPECT_EQ(p.algorithm, Algorithm::bipartite);
  EXPECT_EQ(p.multi_pow_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(mid, Algorithm::automatic, 2).multi_pow_algorithm, Algorithm::bipartite);  // below 5
  // Below modmul.odd.parallel's first size both tables name montgomery: no second engine.
  EXPECT_EQ(api::plan_modulus(small, Algorithm::automatic, 2).multi_pow_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(big, Algorithm::automatic, 1).multi_pow_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(big + 1, Algorithm::automatic, 2).multi_pow_algorithm, Algorithm::barrett);
  EXPECT_EQ(api::plan_modulus(big, Algorithm::multipartite, 2).multi_pow_algorithm, Algorithm::multipartite);
  const Modulus m(big, Algorithm::automatic, 2);
  const auto& s = *api::state_of(m);
  ASSERT_NE(s.multi_pow_bound, nullptr);
  EXPECT_STREQ(s.multi_pow_bound->engine->name, "montgomery");
  EXPECT_EQ(api::state_of(Modulus(mid, Algorithm::automatic, 2))->multi_pow_bound, nullptr);
  const std::string d = m.describe();
  EXPECT_NE(d.find("multi_pow: on montgomery"), std::string::npos) << d;
  EXPECT_NE(d.find("multi_pow.sequential_engine_min_limbs = 5"), std::string::npos) << d;
  config::Tuning never = t;
  ASSERT_EQ(config::set_tuning_value(never, "multi_pow.sequential_engine_min_limbs", "0"), "");
  const config::ScopedTuning scoped_never(never);
  EXPECT_EQ(api::plan_modulus(big, Algorithm::automatic, 2).multi_pow_algorithm, Algorithm::bipartite);
  EXPECT_EQ(Modulus(big, Algorithm::automatic, 2).describe().find("multi_pow: on"), std::string::npos);
}

// powm.square_chain_min_bits / max_limbs: automatic on two threads runs pow
// by the squaring chain on the one-thread engine (a second engine where the
// plan's row differs or splits its products), equal to mpz_powm; not on one
// thread, not above max_limbs, not for short exponents, not when explicit.
TEST(Plan, PowTakesTheSquaringChainFromItsKeys) {
  const config::Tuning t = tuning_with({{"modmul.odd", "18446744073709551615:montgomery"},
                                        {"modmul.odd.parallel", "4:montgomery 18446744073709551615:bipartite"},
                                        {"powm.square_chain_min_bits", "300"},
                                        {"powm.square_chain_max_limbs", "6"},
                                        {"powm.square_chain_asleep_min_bits", "0"},
                                        {"powm.gmp_below_limbs", "0"},
                                        {"powm.field_max_limbs", "0"}});
  const config::ScopedTuning scoped(t);
  const mpz_class at_max = odd_bits(64 * 6), small = odd_bits(64 * 3), above = odd_bits(64 * 7);
  const api::ModulusPlan p = api::plan_modulus(at_max, Algorithm::automatic, 2);
  EXPECT_TRUE(p.square_chain);
  EXPECT_EQ(p.algorithm, Algorithm::bipartite);
  EXPECT_EQ(p.chain_algorithm, Algorithm::montgomery);
  // pow_split plans the chain only while the team is healthy (team_worth_planning, whose
  // probe counter makes a second call differ): read the health without side effects.
  const auto healthy = [] { return runtime::team_health() >= 0.5 && runtime::team_free(); };
  if (healthy()) EXPECT_TRUE(api::pow_split(p, 300, 1).square_chain);
  EXPECT_FALSE(api::pow_split(p, 299, 1).square_chain);
  EXPECT_FALSE(api::plan_modulus(above, Algorithm::automatic, 2).square_chain);
  EXPECT_FALSE(api::plan_modulus(at_max, Algorithm::automatic, 1).square_chain);
  EXPECT_FALSE(api::plan_modulus(at_max, Algorithm::montgomery, 2).square_chain);
  EXPECT_FALSE(api::plan_modulus(at_max + 1, Algorithm::automatic, 2).square_chain);  // even
  const Modulus m(at_max, Algorithm::automatic, 2);
  ASSERT_NE(api::state_of(m)->chain_bound, nullptr);
  EXPECT_STREQ(api::state_of(m)->chain_bound->engine->name, "montgomery");
  EXPECT_EQ(api::state_of(Modulus(small, Algorithm::automatic, 2))->chain_bound, nullptr);  // montgomery already
  const std::string d = m.describe(test::rrandom_bits(400) | 1);
  EXPECT_NE(d.find("a squaring chain beside the digit products on two threads, on montgomery"), std::string::npos)
      << d;
  EXPECT_NE(d.find("powm.square_chain_max_limbs = 6"), std::string::npos) << d;
  // Below powm.square_chain_asleep_min_bits a sleeping worker sends the call
  // to the window (and is woken for the next); from it the chain runs anyway.
  config::Tuning asleep = t;
  ASSERT_EQ(config::set_tuning_value(asleep, "powm.square_chain_asleep_min_bits", "500"), "");
  const config::ScopedTuning scoped_asleep(asleep);
  runtime::warm_up(2);
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::this_thread::sleep_for(std::chrono::nanoseconds(3 * runtime::spin_budget_ns() + 1000000));
    if (!runtime::team_likely_asleep(2)) continue;
    EXPECT_FALSE(api::pow_split(p, 400, 1).square_chain);
    std::this_thread::sleep_for(std::chrono::nanoseconds(3 * runtime::spin_budget_ns() + 1000000));
    if (healthy()) EXPECT_TRUE(api::pow_split(p, 500, 1).square_chain);
  }
  EXPECT_NE(m.describe(test::rrandom_bits(400) | 1).find("and its worker awake"), std::string::npos);
  EXPECT_EQ(m.describe(test::rrandom_bits(500) | 1).find("and its worker awake"), std::string::npos);
  for (const mpz_class& P : {at_max, small, above}) {
    const Modulus two(P, Algorithm::automatic, 2);
    for (std::size_t ebits : {1u, 299u, 300u, 301u, 700u}) {
      const mpz_class b = test::random_below(P), e = test::rrandom_bits(ebits);
      mpz_class want;
      mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
      EXPECT_EQ(two.pow(b, e), want) << "P bits " << mpz_sizeinbase(P.get_mpz_t(), 2) << " ebits " << ebits;
    }
  }
}

// powm.montgomery28_min_limbs and _max_limbs: where modmul.odd names montgomery or
// montgomery28, pow under automatic runs its window (one thread) and its
// squaring chain (two threads) on montgomery28 from the first key's size up
// to the second's and on montgomery outside, whichever of the two the products run on; other rows, an
// explicit algorithm and the key 0 keep modmul.odd's choice.  Equal to
// mpz_powm either side, at the edges and with 2^320 - 1 and 2^320 + 1.
TEST(Plan, PowRunsOnMontgomery28FromItsKey) {
  if (!modmul::montgomery28_available(64 * 8)) GTEST_SKIP() << "no montgomery28 on this CPU";
  const config::Tuning t = tuning_with({{"modmul.odd", "4:montgomery 7:montgomery28 18446744073709551615:barrett"},
                                        {"modmul.odd.parallel", "18446744073709551615:bipartite"},
                                        {"powm.montgomery28_min_limbs", "6"},
                                        {"powm.square_chain_min_bits", "64"},
                                        {"powm.square_chain_max_limbs", "64"},
                                        {"powm.square_chain_asleep_min_bits", "0"},
                                        {"powm.gmp_below_limbs", "0"},
                                        {"powm.field_max_limbs", "0"}});
  const config::ScopedTuning scoped(t);
  const mpz_class three = odd_bits(64 * 3), five = odd_bits(64 * 5), six = odd_bits(64 * 6),
                  eight = odd_bits(64 * 8);
  const api::ModulusPlan p = api::plan_modulus(five, Algorithm::automatic, 1);
  EXPECT_EQ(p.algorithm, Algorithm::montgomery28);
  EXPECT_EQ(p.pow_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(three, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(six, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery28);
  EXPECT_EQ(api::plan_modulus(eight, Algorithm::automatic, 1).pow_algorithm, Algorithm::barrett);
  EXPECT_EQ(api::plan_modulus(five, Algorithm::automatic, 2).chain_algorithm, Algorithm::montgomery);
  EXPECT_EQ(api::plan_modulus(six, Algorithm::automatic, 2).chain_algorithm, Algorithm::montgomery28);
  EXPECT_EQ(api::plan_modulus(five, Algorithm::montgomery28, 1).pow_algorithm, Algorithm::montgomery28);
  const Modulus m(five, Algorithm::automatic, 1);
  ASSERT_NE(api::state_of(m)->pow_bound, nullptr);
  EXPECT_STREQ(api::state_of(m)->pow_bound->engine->name, "montgomery");
  EXPECT_EQ(api::state_of(Modulus(six, Algorithm::automatic, 1))->pow_bound, nullptr);
  EXPECT_EQ(api::state_of(Modulus(five, Algorithm::montgomery28, 1))->pow_bound, nullptr);
  const std::string d = m.describe();
  EXPECT_NE(d.find("pow: sliding window on the engine, on montgomery\n"), std::string::npos) << d;
  EXPECT_NE(d.find("powm.montgomery28_min_limbs = 6: pow from this size on montgomery28, below on montgomery: here "
                   "on montgomery"),
            std::string::npos)
      << d;
  // Montgomery's products, montgomery28's pow.
  config::Tuning montgomery_products = t;
  ASSERT_EQ(config::set_tuning_value(montgomery_products, "modmul.odd", "18446744073709551615:montgomery"), "");
  ASSERT_EQ(config::set_tuning_value(montgomery_products, "powm.montgomery28_min_limbs", "3"), "");
  {
    const config::ScopedTuning scoped_m(montgomery_products);
    EXPECT_EQ(api::plan_modulus(five, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery28);
    EXPECT_STREQ(api::state_of(Modulus(five, Algorithm::automatic, 1))->pow_bound->engine->name, "montgomery28");
  }
  // powm.montgomery28_max_limbs ends the range: above it pow runs on montgomery.
  config::Tuning capped = montgomery_products;
  ASSERT_EQ(config::set_tuning_value(capped, "powm.montgomery28_max_limbs", "5"), "");
  {
    const config::ScopedTuning scoped_c(capped);
    EXPECT_EQ(api::plan_modulus(five, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery28);
    EXPECT_EQ(api::plan_modulus(six, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery);
    EXPECT_EQ(api::plan_modulus(six, Algorithm::automatic, 2).chain_algorithm, Algorithm::montgomery);
    const std::string dc = Modulus(five, Algorithm::automatic, 1).describe();
    EXPECT_NE(dc.find("powm.montgomery28_max_limbs = 5: and up to this size"), std::string::npos) << dc;
  }
  config::Tuning off = t;
  ASSERT_EQ(config::set_tuning_value(off, "powm.montgomery28_min_limbs", "0"), "");
  {
    const config::ScopedTuning scoped_off(off);
    EXPECT_EQ(api::plan_modulus(five, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery28);
    EXPECT_EQ(api::plan_modulus(three, Algorithm::automatic, 1).pow_algorithm, Algorithm::montgomery);
  }
  for (const config::Tuning& tuning : {t, montgomery_products, capped, off}) {
    const config::ScopedTuning scoped_case(tuning);
    for (const mpz_class& P : std::vector<mpz_class>{three, five, six, (mpz_class(1) << 320) - 1,
                                                      (mpz_class(1) << 320) + 1}) {
      for (int T : {1, 2}) {
        const Modulus mod(P, Algorithm::automatic, T);
        for (const mpz_class& b : {mpz_class(0), mpz_class(1), mpz_class(P - 1), test::random_below(P)})
          for (const mpz_class& e : {mpz_class(0), mpz_class(1), test::rrandom_bits(64), test::rrandom_bits(700)}) {
            mpz_class want;
            mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
            EXPECT_EQ(mod.pow(b, e), want) << "P bits " << mpz_sizeinbase(P.get_mpz_t(), 2) << " T " << T;
          }
      }
    }
  }
}

// powm.sequential_engine_max_limbs: under automatic on two threads or more,
// odd moduli up to that size run pow's window on pow's one-thread engine
// with sequential products (a second binding when the modulus's own engine
// splits its products), and the exponent split plans on that engine; above
// it, on one thread, for even moduli, explicit algorithms and the key 0 pow
// keeps the modulus's engine.  Equal to mpz_powm on bipartite,
// multipartite and split Montgomery products, with and without the
// exponent split, at the edges and with 2^320 - 1 and 2^320 + 1.
TEST(Plan, PowOnTwoThreadsTakesTheOneThreadEngineFromItsKey) {
  const config::Tuning t = tuning_with({{"modmul.odd", "18446744073709551615:montgomery"},
                                        {"modmul.odd.parallel", "3:montgomery 18446744073709551615:bipartite"},
                                        {"powm.sequential_engine_max_limbs", "5"},
                                        {"powm.montgomery28_min_limbs", "0"},
                                        {"powm.square_chain_min_bits", "0"},
                                        {"powm.split_min_bits", "0"},
                                        {"powm.gmp_below_limbs", "0"},
                                        {"powm.field_max_limbs", "0"}});
  const config::ScopedTuning scoped(t);
  const mpz_class at_max = odd_bits(64 * 5), above = odd_bits(64 * 6), small = odd_bits(64 * 2);
  const api::ModulusPlan p = api::plan_modulus(at_max, Algorithm::automatic, 2);
  EXPECT_EQ(p.algorithm, Algorithm::bipartite);
  EXPECT_EQ(p.pow_algorithm, Algorithm::montgomery);
  EXPECT_TRUE(p.pow_sequential);
  EXPECT_EQ(api::pow_product_threads(p, 2), 1);
  const api::ModulusPlan q = api::plan_modulus(above, Algorithm::automatic, 2);
  EXPECT_EQ(q.pow_algorithm, Algorithm::bipartite);
  EXPECT_FALSE(q.pow_sequential);
  EXPECT_EQ(api::pow_product_threads(q, 2), 2);
  EXPECT_FALSE(api::plan_modulus(at_max, Algorithm::automatic, 1).pow_sequential);
  EXPECT_FALSE(api::plan_modulus(at_max, Algorithm::bipartite, 2).pow_sequential);
  EXPECT_FALSE(api::plan_modulus(at_max + 1, Algorithm::automatic, 2).pow_sequential);  // even
  const Modulus m(at_max, Algorithm::automatic, 2);
  const auto& s = *api::state_of(m);
  ASSERT_NE(s.pow_bound, nullptr);
  EXPECT_STREQ(s.pow_bound->engine->name, "montgomery");
  EXPECT_EQ(s.pow_bound->product_threads, 1);
  EXPECT_EQ(s.pow_one_thread, nullptr);  // no split products to time against
  EXPECT_EQ(api::state_of(Modulus(small, Algorithm::automatic, 2))->pow_bound, nullptr);  // montgomery already
  EXPECT_EQ(api::state_of(Modulus(above, Algorithm::automatic, 2))->pow_bound, nullptr);
  const std::string d = m.describe();
  EXPECT_NE(d.find("pow: sliding window on the engine, on montgomery with sequential products"), std::string::npos)
      << d;
  EXPECT_NE(d.find("powm.sequential_engine_max_limbs = 5: pow's window up to this size on montgomery"),
            std::string::npos)
      << d;
  // The exponent split: planned on the one-thread engine, not beside split products.
  config::Tuning split = t;
  ASSERT_EQ(config::set_tuning_value(split, "powm.split_min_bits", "64"), "");
  const auto healthy = [] { return runtime::team_health() >= 0.5 && runtime::team_free(); };
  {
    const config::ScopedTuning scoped_split(split);
    if (healthy()) EXPECT_EQ(api::pow_split(p, 300, 1).split_threads, 2);
    EXPECT_EQ(api::pow_split(q, 300, 2).split_threads, 1);
  }
  config::Tuning never = t;
  ASSERT_EQ(config::set_tuning_value(never, "powm.sequential_engine_max_limbs", "0"), "");
  {
    const config::ScopedTuning scoped_never(never);
    EXPECT_FALSE(api::plan_modulus(at_max, Algorithm::automatic, 2).pow_sequential);
    EXPECT_EQ(api::state_of(Modulus(at_max, Algorithm::automatic, 2))->pow_bound, nullptr);
  }
  config::Tuning multipartite = t, split_montgomery = t;
  ASSERT_EQ(config::set_tuning_value(multipartite, "modmul.odd.parallel", "18446744073709551615:multipartite"), "");
  ASSERT_EQ(config::set_tuning_value(split_montgomery, "modmul.odd.parallel", "18446744073709551615:montgomery"), "");
  ASSERT_EQ(config::set_tuning_value(split_montgomery, "modmul.split_min_limbs", "1"), "");
  for (const config::Tuning* base : std::initializer_list<const config::Tuning*>{&t, &multipartite, &split_montgomery})
    for (const char* split_bits : {"0", "64"}) {
      config::Tuning tuning = *base;
      ASSERT_EQ(config::set_tuning_value(tuning, "powm.split_min_bits", split_bits), "");
      const config::ScopedTuning scoped_case(tuning);
      for (const mpz_class& P : std::vector<mpz_class>{odd_bits(64), small, odd_bits(64 * 3 + 17), at_max, above,
                                                        (mpz_class(1) << 320) - 1, (mpz_class(1) << 320) + 1})
        for (int T : {2, 4}) {
          const Modulus mod(P, Algorithm::automatic, T);
          for (const mpz_class& b : {mpz_class(0), mpz_class(1), mpz_class(P - 1), test::random_below(P)})
            for (const mpz_class& e : {mpz_class(0), mpz_class(1), test::rrandom_bits(64), test::rrandom_bits(700)}) {
              mpz_class want;
              mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
              EXPECT_EQ(mod.pow(b, e), want) << "P bits " << mpz_sizeinbase(P.get_mpz_t(), 2) << " T " << T
                                             << " split " << split_bits;
            }
        }
    }
}

TEST(Plan, DescribeNamesThePathsAndTheKeys) {
  const Modulus m(odd_bits(8192), Algorithm::automatic, 2);
  const std::string d = m.describe(odd_bits(8192));
  for (const char* word : {"modulus: 8192 bits, 128 limbs, odd; 2 threads", "algorithm: ", "(chosen by automatic)",
                           "mul: ", "pow: ", "pow with a 8192-bit exponent: ", "modmul.odd.parallel = ",
                           "powm.split_min_bits = ", "tuning: the "})
    EXPECT_NE(d.find(word), std::string::npos) << word << "\n" << d;
  EXPECT_NE(d.find(algorithm_name(m.algorithm())), std::string::npos);
  const std::string small = Modulus(mpz_class(1000003)).describe();
  EXPECT_NE(small.find("powm.gmp_below_limbs = "), std::string::npos) << small;
  EXPECT_NE(small.find("GMP mpz_powm"), std::string::npos) << small;
  const std::string multi = Modulus(odd_bits(8192), Algorithm::multipartite, 2).describe();
  EXPECT_NE(multi.find("k = "), std::string::npos) << multi;
  EXPECT_EQ(multi.find("chosen by automatic"), std::string::npos) << multi;
}

}  // namespace
}  // namespace parmod

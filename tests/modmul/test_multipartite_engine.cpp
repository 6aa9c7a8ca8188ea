// The bipartite and multipartite Engines, parmod::Modulus with
// Algorithm::bipartite / multipartite (R = beta^floor(n/2)), and the C
// functions parmod_modulus_to_mont / mont_mul / from_mont.
#include <gtest/gtest.h>

#include "modmul/bipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "modmul/multipartite_square.hpp"
#include "mp_support.hpp"
#include "parmod.h"
#include "parmod/parmod.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

TEST(MultipartiteEngine, ScratchBoundHoldsForEveryPlan) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n = 1; n <= 300; n += (n < 40 ? 1 : 13))
    for (int T : {1, 2, 4, 8}) {
      EXPECT_LE(make_multipartite_plan(n, bipartite_config(T), costs).scratch_limbs, multipartite_engine_scratch(n));
      for (int kk = 2; kk <= 8; ++kk)
        for (bool sq : {false, true})
          for (bool grouped : {false, true}) {
            MultipartiteConfig c;
            c.ka = c.kb = kk;
            c.square = sq;
            c.grouped = grouped;
            c.threads = T;
            EXPECT_LE(make_multipartite_plan(n, c, costs).scratch_limbs, multipartite_engine_scratch(n))
                << n << " " << kk << " " << T;
          }
    }
}

TEST(MultipartiteEngine, FactoriesBindTheirPlans) {
  for (const EngineFactory* f : {&bipartite_factory, &multipartite_factory})
    for (std::size_t n : {1, 2, 9, 40}) {
      const mpz_class P = random_modulus(n, true);
      if (P == 1) continue;
      ASSERT_EQ(f->rejects(P), nullptr);
      ASSERT_NE(f->rejects(P + 1), nullptr);  // even
      const BoundEngine bound = f->bind(P, {});
      const ModulusConstants& k = *bound.k;
      const Engine* e = bound.engine;
      ASSERT_EQ(e, f == &bipartite_factory ? &bipartite_engine : &multipartite_engine);
      const mpz_class A = random_below(P), B = random_below(P);
      auto a = limbs_of(A, n), b = limbs_of(B, n);
      std::vector<limb_t> r(n), ws(e->scratch_limbs(n));
      e->mul(r.data(), a.data(), b.data(), k, ws.data());
      EXPECT_EQ(value_of(r), expected_mp(A, B, P, n));
      e->sqr(r.data(), a.data(), k, ws.data());
      EXPECT_EQ(value_of(r), expected_mp(A, A, P, n));
      e->to_repr(r.data(), a.data(), k, ws.data());
      EXPECT_EQ(value_of(r), A * beta_pow(n / 2) % P);
      e->from_repr(r.data(), r.data(), k, ws.data());
      EXPECT_EQ(value_of(r), A);
      EXPECT_EQ(value_of(e->one(k), n), beta_pow(n / 2) % P);
    }
}

TEST(MultipartiteEngine, FactoryHonoursTheRequestedK) {
  // The factory builds the plans of the requested k into the constants, and
  // the products on two threads stay right for any k.
  for (std::size_t n : {3, 17, 64})
    for (int chunks : {2, 3, 5, 8}) {
      const mpz_class P = random_modulus(n, true);
      const BoundEngine bound = multipartite_factory.bind(P, EngineOptions{2, chunks});
      const ModulusConstants& k = *bound.k;
      EXPECT_EQ(static_cast<const MultipartiteEnginePlans&>(*k.engine_state).chunks, std::min<int>(chunks, 8));
      {
        const Engine* e = bound.engine;
        const mpz_class A = random_below(P), B = random_below(P);
        auto a = limbs_of(A, n), b = limbs_of(B, n);
        std::vector<limb_t> r(n), ws(e->scratch_limbs(n));
        e->mul(r.data(), a.data(), b.data(), k, ws.data());
        EXPECT_EQ(value_of(r), expected_mp(A, B, P, n)) << n << " k=" << chunks << " " << e->name;
        e->sqr(r.data(), a.data(), k, ws.data());
        EXPECT_EQ(value_of(r), expected_mp(A, A, P, n)) << n << " k=" << chunks << " " << e->name;
      }
    }
}

TEST(MultipartiteEngine, ModulusApi) {
  for (Algorithm alg : {Algorithm::bipartite, Algorithm::multipartite})
    for (int threads : {1, 2})
      for (std::size_t n : {1, 2, 3, 16, 33, 64, 150}) {
        const mpz_class P = random_modulus(n, true);
        const Modulus m(P, alg, threads);
        EXPECT_EQ(m.algorithm(), alg);
        const mpz_class R = beta_pow(n / 2) % P;
        for (int rep = 0; rep < reps(3); ++rep) {
          const mpz_class A = random_below(P), B = random_below(P);
          EXPECT_EQ(m.mul(A, B), A * B % P);
          EXPECT_EQ(m.sqr(A), A * A % P);
          const mpz_class am = m.to_mont(A), bm = m.to_mont(B);
          EXPECT_EQ(am, A * R % P);
          EXPECT_EQ(m.from_mont(m.mont_mul(am, bm)), A * B % P);
          EXPECT_EQ(m.mont_mul(am, bm), A * B * R % P);
          mpz_class e = rrandom_bits(200), want;
          mpz_powm(want.get_mpz_t(), A.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(m.pow(A, e), want) << n;
        }
      }
}

TEST(MultipartiteEngine, EvenModulusRejected) {
  EXPECT_THROW(Modulus(mpz_class(1000), Algorithm::bipartite), UnsupportedAlgorithm);
  EXPECT_THROW(Modulus(mpz_class(1000), Algorithm::multipartite), UnsupportedAlgorithm);
  EXPECT_EQ(algorithm_from_name("multipartite"), Algorithm::multipartite);
  EXPECT_STREQ(algorithm_name(Algorithm::bipartite), "bipartite");
}

TEST(MultipartiteEngine, CApi) {
  const std::size_t n = 20;
  const mpz_class P = random_modulus(n, true), A = random_below(P), B = random_below(P);
  const mpz_class R = beta_pow(n / 2) % P;
  for (parmod_algorithm alg : {PARMOD_BIPARTITE, PARMOD_MULTIPARTITE, PARMOD_MONTGOMERY}) {
    parmod_modulus_t ctx = nullptr;
    ASSERT_EQ(parmod_modulus_init(&ctx, P.get_mpz_t(), alg, 2), PARMOD_OK);
    mpz_class am, bm, pm, r;
    ASSERT_EQ(parmod_modulus_to_mont(am.get_mpz_t(), A.get_mpz_t(), ctx), PARMOD_OK);
    ASSERT_EQ(parmod_modulus_to_mont(bm.get_mpz_t(), B.get_mpz_t(), ctx), PARMOD_OK);
    ASSERT_EQ(parmod_modulus_mont_mul(pm.get_mpz_t(), am.get_mpz_t(), bm.get_mpz_t(), ctx), PARMOD_OK);
    ASSERT_EQ(parmod_modulus_from_mont(r.get_mpz_t(), pm.get_mpz_t(), ctx), PARMOD_OK);
    EXPECT_EQ(r, A * B % P);
    if (alg != PARMOD_MONTGOMERY) EXPECT_EQ(am, A * R % P);
    EXPECT_EQ(parmod_modulus_mont_mul(pm.get_mpz_t(), P.get_mpz_t(), bm.get_mpz_t(), ctx), PARMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(parmod_modulus_to_mont(am.get_mpz_t(), A.get_mpz_t(), nullptr), PARMOD_ERR_INVALID_ARGUMENT);
    parmod_modulus_clear(ctx);
  }
}

}  // namespace
}  // namespace parmod::test

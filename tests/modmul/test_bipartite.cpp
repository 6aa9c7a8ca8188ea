// Bipartite (section 2.3) against GMP: every n in 1..96, edges, 1 and 2 threads;
// the two-task forms (bipartite_mul_halves, bipartite_sqr_halves) the same way.
#include <gtest/gtest.h>

#include "modmul/bipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "mp_support.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

void check(const ModulusConstants& k, const MultipartitePlan& plan, const mpz_class& P, const mpz_class& A,
           const mpz_class& B, int threads) {
  const std::size_t n = k.n;
  auto a = limbs_of(A, n), b = limbs_of(B, n);
  std::vector<limb_t> r(n), ws(plan.scratch_limbs);
  bipartite_mul(r.data(), a.data(), b.data(), k, plan, ws.data(), threads);
  ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << "n=" << n << " P=" << P.get_str(16);
}

TEST(Bipartite, EveryLimbCount) {
  const auto costs = runtime::CostTable::quadratic();
  const auto plan1 = [&](std::size_t n) { return make_multipartite_plan(n, bipartite_config(1), costs); };
  for (std::size_t n = 1; n <= 96; ++n) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    const auto plan = plan1(n);
    EXPECT_EQ(plan.montgomery_groups, n >= 2 ? 1 : 0);
    EXPECT_EQ(plan.barrett_groups, 1);
    for (int rep = 0; rep < reps(4); ++rep) check(k, plan, P, random_below(P), random_below(P), 1);
    check(k, plan, P, P - 1, P - 1, 1);
  }
}

TEST(Bipartite, EdgeModuli) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {1, 2, 3, 8, 15, 16, 33}) {
    const auto plan = make_multipartite_plan(n, bipartite_config(1), costs);
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P == 1) continue;
      const ModulusConstants k(P);
      const auto ops = operands_for(P, 2);
      for (const auto& A : ops)
        for (const auto& B : ops) check(k, plan, P, A, B, 1);
    }
  }
}

void check_halves(const ModulusConstants& k, const mpz_class& P, const mpz_class& A, const mpz_class& B, int threads) {
  const std::size_t n = k.n;
  auto a = limbs_of(A, n), b = limbs_of(B, n);
  // The scratch starts at every offset from a line boundary as n varies (the halves align it
  // themselves) and ends where the vector ends, so that ASan sees a write past it.
  const std::size_t off = (n + static_cast<std::size_t>(threads)) % 8;
  std::vector<limb_t> r(n), storage(off + bipartite_halves_scratch(n));
  limb_t* const ws = storage.data() + off;
  bipartite_mul_halves(r.data(), a.data(), b.data(), k, ws, threads);
  ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << "n=" << n << " T=" << threads << " P=" << P.get_str(16);
  // In place: r = a, then the square.
  bipartite_mul_halves(a.data(), a.data(), b.data(), k, ws, threads);
  ASSERT_EQ(value_of(a), expected_mp(A, B, P, n)) << "aliased, n=" << n;
  auto x = limbs_of(A, n);
  bipartite_mul_halves(x.data(), x.data(), x.data(), k, ws, threads);
  ASSERT_EQ(value_of(x), expected_mp(A, A, P, n)) << "square, n=" << n;
  // The square with the cross product once (bipartite_sqr_halves): B^2, then A^2 in place.
  bipartite_sqr_halves(r.data(), b.data(), k, ws, threads);
  ASSERT_EQ(value_of(r), expected_mp(B, B, P, n)) << "sqr_halves, n=" << n << " T=" << threads;
  x = limbs_of(A, n);
  bipartite_sqr_halves(x.data(), x.data(), k, ws, threads);
  ASSERT_EQ(value_of(x), expected_mp(A, A, P, n)) << "sqr_halves aliased, n=" << n << " T=" << threads;
}

TEST(Bipartite, HalvesEveryLimbCount) {
  for (std::size_t n = 2; n <= 96; ++n) {
    EXPECT_LE(bipartite_halves_scratch(n), multipartite_engine_scratch(n));  // the engine's scratch holds it
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    for (int threads : {1, 2}) {
      for (int rep = 0; rep < reps(3); ++rep) check_halves(k, P, random_below(P), random_below(P), threads);
      check_halves(k, P, P - 1, P - 1, threads);
    }
  }
  for (std::size_t n : {127, 128, 129, 200, 256, 511}) {
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    for (int rep = 0; rep < reps(4); ++rep) check_halves(k, P, random_below(P), random_below(P), 2);
  }
}

TEST(Bipartite, HalvesEdgeModuli) {
  for (std::size_t n : {2, 3, 8, 15, 16, 33, 128}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const ModulusConstants k(P);
      const auto ops = operands_for(P, 2);
      for (const auto& A : ops)
        for (const auto& B : ops) check_halves(k, P, A, B, 2);
    }
  }
}

TEST(Bipartite, TwoThreads) {
  const auto costs = runtime::CostTable::measured();
  for (std::size_t n : {2, 7, 16, 64, 65, 200}) {
    const auto plan = make_multipartite_plan(n, bipartite_config(2), costs);
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    for (int rep = 0; rep < reps(10); ++rep) check(k, plan, P, random_below(P), random_below(P), 2);
    check(k, plan, P, P - 1, P - 1, 2);
  }
}

}  // namespace
}  // namespace parmod::test

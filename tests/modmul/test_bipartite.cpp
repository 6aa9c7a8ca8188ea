// Bipartite (section 2.3) against GMP: every n in 1..96, edges, 1 and 2 threads.
#include <gtest/gtest.h>

#include "modmul/bipartite.hpp"
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

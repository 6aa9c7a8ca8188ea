// Multipartite squaring against GMP: every n in 1..96 and k in 2..8; products
// A_i A_j computed once.
#include <gtest/gtest.h>

#include "modmul/multipartite_square.hpp"
#include "mp_support.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

TEST(MultipartiteSquare, EveryLimbCountAndK) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n = 1; n <= 96; ++n) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    for (int kk = 2; kk <= 8; ++kk) {
      const auto plan = make_multipartite_plan(n, square_config(kk, 1), costs);
      for (const mpz_class& A : {random_below(P), random_below(P), mpz_class(P - 1)}) {
        auto a = limbs_of(A, n);
        std::vector<limb_t> r(n), ws(plan.scratch_limbs);
        MultipartiteStats st;
        multipartite_sqr(r.data(), a.data(), k, plan, ws.data(), 1, &st);
        ASSERT_EQ(value_of(r), expected_mp(A, A, P, n)) << n << " k=" << kk;
        const int nonempty = static_cast<int>(plan.products.size());
        EXPECT_EQ(st.products, nonempty);
        if (n >= static_cast<std::size_t>(kk)) EXPECT_EQ(nonempty, kk * (kk + 1) / 2);
      }
    }
  }
}

TEST(MultipartiteSquare, EdgeModuli) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {1, 2, 3, 9, 16, 31}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P == 1) continue;
      const ModulusConstants k(P);
      for (int kk : {2, 3, 4, 7}) {
        const auto plan = make_multipartite_plan(n, square_config(kk, 1), costs);
        for (const auto& A : operands_for(P, 2)) {
          auto a = limbs_of(A, n);
          std::vector<limb_t> r(n), ws(plan.scratch_limbs);
          multipartite_sqr(r.data(), a.data(), k, plan, ws.data(), 1);
          ASSERT_EQ(value_of(r), expected_mp(A, A, P, n)) << n << " k=" << kk;
        }
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

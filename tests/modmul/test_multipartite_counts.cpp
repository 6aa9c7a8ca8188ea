// Lemmas 1, 2, 3 and Corollary 1 (with the errata of papers/README.md):
// the formulas, the plan's classification, and the reductions a call performs.
#include <gtest/gtest.h>

#include "modmul/multipartite.hpp"
#include "modmul/multipartite_counts.hpp"
#include "mp_support.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

TEST(MultipartiteCounts, Formulas) {
  for (int k = 1; k <= 16; ++k) {
    const int c = (k + 1) / 2;
    EXPECT_EQ(lemma1_pmr_calls(k), c * (c + 1) / 2) << k;
    EXPECT_EQ(lemma2_pbr_calls(k), c * (c + 1) / 2) << k;  // errata: ceil, not floor
    EXPECT_EQ(corollary1_unreduced_products(k), k * k - 2 * lemma1_pmr_calls(k)) << k;
    EXPECT_EQ(lemma3_pmr_calls(k), c) << k;
    EXPECT_EQ(lemma3_pbr_calls(k), c) << k;
  }
  EXPECT_EQ(lemma1_pmr_calls(5), 6);  // Figure 1
  EXPECT_EQ(lemma2_pbr_calls(5), 6);  // Figure 1 (the proof's floor would give 3)
  EXPECT_EQ(lemma2_first_pbr_weight(5), 6);
  EXPECT_EQ(lemma2_first_pbr_weight(4), 5);
  EXPECT_EQ(corollary1_unreduced_products(4), 10);  // Table 2: T2..T11
  EXPECT_EQ(lemma1_pmr_calls(3) + lemma2_pbr_calls(3), 6);  // Figure 2: 6 ...
  EXPECT_EQ(lemma3_pmr_calls(3) + lemma3_pbr_calls(3), 4);  // ... reduced to 4
}

// With 2k | n every chunk has n/k limbs and h = n/2: the paper's setting.
TEST(MultipartiteCounts, PlanAndCallAgreeWithLemmas) {
  const auto costs = runtime::CostTable::quadratic();
  for (int k = 2; k <= 8; ++k)
    for (std::size_t r = 1; r <= 3; ++r) {
      const std::size_t n = 2 * static_cast<std::size_t>(k) * r;
      const mpz_class P = random_modulus(n, true);
      const ModulusConstants K(P);
      const mpz_class A = random_below(P), B = random_below(P);
      auto a = limbs_of(A, n), b = limbs_of(B, n);
      std::vector<limb_t> out(n);
      for (bool grouped : {false, true}) {
        MultipartiteConfig c;
        c.ka = c.kb = k;
        c.grouped = grouped;
        const auto plan = make_multipartite_plan(n, c, costs);
        EXPECT_EQ(plan.montgomery_products, lemma1_pmr_calls(k)) << k << " " << n;
        EXPECT_EQ(plan.barrett_products, lemma2_pbr_calls(k)) << k << " " << n;
        EXPECT_EQ(plan.unreduced_products, corollary1_unreduced_products(k)) << k << " " << n;
        const int want_m = grouped ? lemma3_pmr_calls(k) : lemma1_pmr_calls(k);
        const int want_b = grouped ? lemma3_pbr_calls(k) : lemma2_pbr_calls(k);
        EXPECT_EQ(plan.montgomery_groups, want_m);
        EXPECT_EQ(plan.barrett_groups, want_b);
        if (grouped) {
          int first = 1 << 20;
          for (const auto& g : plan.groups)
            if (g.kind == Reduction::barrett) first = std::min(first, g.ell);
          EXPECT_EQ(first, lemma2_first_pbr_weight(k)) << k;
        }
        std::vector<limb_t> ws(plan.scratch_limbs);
        MultipartiteStats st;
        multipartite_mul(out.data(), a.data(), b.data(), K, plan, ws.data(), 1, &st);
        EXPECT_EQ(st.montgomery_q_values, want_m) << k << " " << n;
        EXPECT_EQ(st.barrett_q_values, want_b) << k << " " << n;
        EXPECT_EQ(st.products, k * k);
        EXPECT_EQ(value_of(out), expected_mp(A, B, P, n));
      }
    }
}

}  // namespace
}  // namespace parmod::test

// modmul/multipartite_counts.hpp - the reduction counts of Giorgi, Imbert,
// Izard, "Multipartite Modular Multiplication" (2011), section 3.3 and 3.4,
// for operands split into k >= 1 chunks, with the errata of
// shared/papers/README.md applied:
//   Lemma 1      PMR calls (one per product with d_ij < 0):
//                ceil(k/2)(ceil(k/2)+1)/2 = k(k+2)/8 (k even), (k+1)(k+3)/8 (k odd).
//   Lemma 2      PBR calls (one per product with d_ij > n - 2n/k): the same
//                number (the proof's floor(k/2)(floor(k/2)+1)/2 is a typo:
//                k = 5 gives 6, as Figure 1 shows); the first PBR weight is
//                i + j = floor(3k/2) - 1.
//   Corollary 1  products not reduced: k^2 - 2 * Lemma 1 =
//                (3k^2 - 2k)/4 (k even), (3k^2 - 4k - 3)/4 (k odd).
//   Lemma 3      with equal-weight products summed: ceil(k/2) PMR and
//                ceil(k/2) PBR calls.
// All O(1).  The plan (multipartite_plan.hpp) counts what it really reduces;
// the tests check both agree when 2k divides n.
#pragma once

namespace parmod::modmul {

int lemma1_pmr_calls(int k) noexcept;
int lemma2_pbr_calls(int k) noexcept;
int corollary1_unreduced_products(int k) noexcept;
int lemma3_pmr_calls(int k) noexcept;
int lemma3_pbr_calls(int k) noexcept;
// First value of i + j reduced by PBR (Lemma 2, corrected): floor(3k/2) - 1.
int lemma2_first_pbr_weight(int k) noexcept;

}  // namespace parmod::modmul

#include "modmul/multipartite_counts.hpp"

namespace parmod::modmul {

int lemma1_pmr_calls(int k) noexcept { return k % 2 == 0 ? k * (k + 2) / 8 : (k + 1) * (k + 3) / 8; }
int lemma2_pbr_calls(int k) noexcept { return lemma1_pmr_calls(k); }
int corollary1_unreduced_products(int k) noexcept {
  const long long kk = k;  // 3k^2 passes 2^31 from k = 26756
  return static_cast<int>(kk % 2 == 0 ? (3 * kk * kk - 2 * kk) / 4 : (3 * kk * kk - 4 * kk - 3) / 4);
}
int lemma3_pmr_calls(int k) noexcept { return (k + 1) / 2; }
int lemma3_pbr_calls(int k) noexcept { return (k + 1) / 2; }
int lemma2_first_pbr_weight(int k) noexcept { return 3 * k / 2 - 1; }

}  // namespace parmod::modmul

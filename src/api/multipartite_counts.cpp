// api/multipartite_counts.cpp - the public face of the Lemma counts (modmul/multipartite_counts).
#include "modmul/multipartite_counts.hpp"
#include "parmod/parmod.hpp"

namespace parmod {

MultipartiteCounts multipartite_counts(int k) {
  // k = 1 is no split (one product, Corollary 1 would give -1).
  if (k < 2 || k > (1 << 15)) throw InvalidArgument("multipartite_counts needs 2 <= k <= 32768");
  return {modmul::lemma1_pmr_calls(k),        modmul::lemma2_pbr_calls(k),  modmul::lemma2_first_pbr_weight(k),
          modmul::corollary1_unreduced_products(k), modmul::lemma3_pmr_calls(k), modmul::lemma3_pbr_calls(k)};
}

}  // namespace parmod

// multiexp/column_entries.hpp - the table entries that one bit position (a
// column of the exponents) selects in MULEXP (the paper's Alg. 2 lines 10-13):
// per group i the entry P[i][j] of lim_lee_precompute's table, j the group's
// exponent bits at that position (base u of the group is bit g_i - 1 - u),
// none when j = 0.  Shared by the chain (mulexp_bits) and the column
// products computed ahead of it (column_products).
#pragma once

#include <cstddef>

#include "modmul/engine.hpp"
#include "multiexp/mulexp_model.hpp"

namespace parmod::multiexp {

// Bit `pos` of the exponent ep[0, en) (0 above its limbs).
inline unsigned exponent_bit(const limb_t* ep, std::size_t en, std::size_t pos) noexcept {
  const std::size_t limb = pos / kLimbBits;
  return limb < en ? static_cast<unsigned>((ep[limb] >> (pos % kLimbBits)) & 1) : 0u;
}

// Calls f(entry) for the entry of every group whose digit at `pos` is
// nonzero, in group order, and returns how many there were.  table: k groups
// of 2^(g_i) elements of n words.  Cost O(nb) bit reads.
template <class F>
inline std::size_t for_each_column_entry(const limb_t* table, std::size_t n, std::size_t nb, std::size_t k,
                                         const limb_t* const* ep, const std::size_t* en, std::size_t pos,
                                         F&& f) {
  std::size_t offset = 0, base = 0, count = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t g = group_size(nb, k, i);
    std::size_t j = 0;
    for (std::size_t u = 0; u < g; ++u) j = (j << 1) | exponent_bit(ep[base + u], en[base + u], pos);
    if (j != 0) {
      f(table + (offset + j) * n);
      ++count;
    }
    offset += std::size_t(1) << g;
    base += g;
  }
  return count;
}

}  // namespace parmod::multiexp

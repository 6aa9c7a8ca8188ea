// multiexp/lim_lee_table.hpp - the precomputed products of MULEXP (the paper's
// Alg. 2 lines 1-6) and their lock-free parallel construction by t-bit
// prefixes (Alg. 3 lines 1-10).
//
// Group i (of k over nb bases, see mulexp_model.hpp) with g = g_i bases
// x_0 .. x_(g-1) owns 2^g entries P[i][j] = prod_u x_u^(e_u), j = (e_0 e_1 ..
// e_(g-1))_2 (x_0 is the most significant bit of j, as the paper's line 11).
// Entries are n-limb residues in the engine's representation, stored group
// after group: group i starts at entry lim_lee_group_offset(nb, k, i).
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

// Entries before group i: sum_(i' < i) 2^(g_i').  i <= k; i = k gives the total.
std::size_t lim_lee_group_offset(std::size_t nb, std::size_t k, std::size_t i) noexcept;
// Total entries sum_i 2^(g_i) (the paper's k 2^(n/k)).
inline std::size_t lim_lee_table_entries(std::size_t nb, std::size_t k) noexcept {
  return lim_lee_group_offset(nb, k, k);
}

// Alg. 3 lines 4-10 for one group and one prefix: fills the entries of group
// `group` whose top t' = min(t, g) index bits equal p (nothing if p >= 2^t').
// The first entry (p followed by zeros) is built from scratch (popcount(p) - 1
// multiplications), every other one as P[j] = P[j & (j - 1)] x_u with u the
// base of j's lowest set bit (one multiplication; a copy when j & (j-1) = 0).
// Entries with different prefixes are disjoint and read only their own prefix's
// entries, so the 2^t prefixes may run concurrently without locks.
// xs: the nb bases in the representation (n limbs each, contiguous); table:
// lim_lee_table_entries(nb, k) n limbs.  Scratch: engine.scratch_limbs(n).
// Cost: about 2^(g - t') multiplications.
void lim_lee_precompute_prefix(limb_t* table, const limb_t* xs, std::size_t nb, std::size_t k, std::size_t group,
                               unsigned t, unsigned p, const modmul::ModulusConstants& kc,
                               const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept;

// Alg. 2 lines 1-6: the whole table sequentially (t = 0 for every group).
// Cost: sum_i (2^(g_i) - 1 - g_i) multiplications.
void lim_lee_precompute(limb_t* table, const limb_t* xs, std::size_t nb, std::size_t k,
                        const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                        OpCount* count) noexcept;

}  // namespace parmod::multiexp

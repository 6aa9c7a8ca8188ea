// multiexp/mulexp.hpp - MULEXP, the paper's Alg. 2 (Lim-Lee with
// precomputation): r = prod_(i < nb) X[i]^Y[i] mod P.
//
// Exponents are given as nb limb arrays ep[i][0, en[i]) (en[i] may be 0).
// Bit positions below are counted from the least significant bit (position
// p is the paper's location l = b - 1 - p).  Variable time: for public
// exponents only.
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

// The multi-exponentiation phase (Alg. 2 lines 7-13) restricted to the bit
// positions [lo, hi), followed by `lo` completing squarings (Sec. III):
// acc = (prod_i X[i]^(bits [lo, hi) of Y[i]))^(2^lo) in the representation,
// the partial result of one chunk.  Per position one squaring and, per group
// whose digit j is nonzero, one multiplication by P[i][j]; so (hi - lo)
// squarings + #nonzero digits multiplications + lo squarings in all.
// table: lim_lee_precompute's for (nb, k).  acc: n limbs, not aliasing table.
// Scratch: engine.scratch_limbs(n).
void mulexp_chunk(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k, const limb_t* const* ep,
                  const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                  const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept;

// The chunk's bit positions only, continuing the chain in acc (no start from
// 1, no completing squarings): acc = acc^(2^(hi - lo)) prod_i X[i]^(bits
// [lo, hi) of Y[i]).  Positions [lo, hi) then [lo', lo) give the same acc as
// [lo', hi) at once.  Same scratch.
void mulexp_bits(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k, const limb_t* const* ep,
                 const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                 const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept;

// Whole Alg. 2 on the caller's thread: r[0, n) = prod X[i]^Y[i] mod P (plain
// form).  xs: nb bases in [0, P), plain form, n limbs each, contiguous.
// b = max bit length of the exponents.  1 <= k <= nb, groups of at most 20
// bases.  Cost: mulexp_operation_count(nb, b, k) multiplications (expected)
// + nb + 1 conversions.  Scratch: mulexp_scratch(n, nb, k, engine).  No allocation.
void mulexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
            std::size_t k, const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
            OpCount* count) noexcept;
std::size_t mulexp_scratch(std::size_t n, std::size_t nb, std::size_t k, const modmul::Engine& engine) noexcept;

// max over i of the bit length of Y[i] (0 when every exponent is 0).
std::size_t max_exponent_bits(const limb_t* const* ep, const std::size_t* en, std::size_t nb) noexcept;

}  // namespace parmod::multiexp

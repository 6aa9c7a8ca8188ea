// limbs/residue_products.hpp - products modulo beta^L - 1 and beta^L + 1 on
// parmod's own products (limbs::mul), and the CRT that joins the two residues
// into a residue mod beta^2L - 1 (as GMP's mulmod_bnm1 does, mpn/generic/
// mulmod_bnm1.c; here for the small L of the two-thread Montgomery product,
// modmul/scheduled_montgomery, where GMP's own residue products lose).
//
// Representations: a residue mod beta^L - 1 is L limbs, any value in
// [0, beta^L - 1] (beta^L - 1 stands for 0); a residue mod beta^L + 1 is
// L + 1 limbs, a value in [0, beta^L] (the top limb is 1 only for beta^L).
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// f[0, L) = x mod (beta^L - 1) for x of xn limbs, L <= xn <= 2L.  f may not
// overlap x.  Cost: two passes over L limbs.
void fold_minus_one(limb_t* f, const limb_t* x, std::size_t xn, std::size_t L) noexcept;

// f[0, L] = x mod (beta^L + 1), in [0, beta^L], for x of xn limbs,
// L <= xn <= 2L.  f may not overlap x.  Cost: two passes over L limbs.
void fold_plus_one(limb_t* f, const limb_t* x, std::size_t xn, std::size_t L) noexcept;

// x[0, L) = a b mod (beta^L - 1) for a, b of L limbs (a square when a == b).
// Scratch: 2L limbs, overlapping none of x, a, b.  Cost: M(L) + a fold.
void mulmod_minus_one(limb_t* x, const limb_t* a, const limb_t* b, std::size_t L, limb_t* scratch) noexcept;

// x[0, L] = a b mod (beta^L + 1) for a, b in [0, beta^L] on L + 1 limbs (a
// square when a == b).  Scratch: 2L limbs, overlapping none of x, a, b.
// Cost: M(L) + a fold (a negation where an operand is beta^L = -1).
void mulmod_plus_one(limb_t* x, const limb_t* a, const limb_t* b, std::size_t L, limb_t* scratch) noexcept;

// The CRT: out[0, L + hn) = the low L + hn limbs of V = X1 + (beta^L - 1) y
// with y = (X1 - X2) / 2 mod (beta^L + 1), so V = X1 (mod beta^L - 1),
// V = X2 (mod beta^L + 1) and V < beta^2L.  x1: L limbs in [0, beta^L - 1]
// (any representative: V is then the value of the residue mod beta^2L - 1,
// in [0, beta^2L - 1]); x2: L + 1 limbs in [0, beta^L], destroyed (it holds
// y after).  1 <= hn <= L; when hn < L the caller knows V < beta^(L + hn).
// out overlaps neither x1 nor x2.  Cost: four passes over L limbs.
void crt_minus_plus(limb_t* out, std::size_t hn, const limb_t* x1, limb_t* x2, std::size_t L) noexcept;

}  // namespace parmod::limbs

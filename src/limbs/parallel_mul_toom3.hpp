// limbs/parallel_mul_toom3.hpp - a parallel product that keeps the
// sub-quadratic algorithm: one Toom-3 level on top, its point products as tasks.
//
// The §6 future work of multipartite-modular-multiplication.txt ("Karatsuba/
// Toom-based parallel splitting"): with only two cores, the k1 x k2 blocks of
// §5.2 compute about 1.45 M(n) of work for a 2x2 split (GMP's own Toom is
// sub-quadratic), which caps them near 1.35x.  Here A and B are cut in three
// (s = ceil(m/3) limbs), evaluated at 0, 1, -1, 2, infinity, and the five
// products W(0), W(1), W(-1), W(2), W(inf) are tasks (limbs::mul: GMP's
// mpn_mul, with its own Toom/FFT inside, at these sizes); W(2) = x y is cut
// by one Karatsuba level (x = x0 + x1 beta^h, h = floor((s+1)/2)) into three
// tasks x0 y0, x1 y1, (x0 + x1)(y0 + y1), so that the seven product tasks
// balance on two threads (three balanced products of about s/2 limbs, where
// two half-products x y0, x y1 would be unbalanced ones of s and s/2
// limbs, and a square squares all three).  Where x1 y1 is itself a recursive
// product (limbs::mul runs Karatsuba or above on it), its top Karatsuba level
// is three tasks too: the same work, in pieces small enough that the two
// threads finish W(2) together.  The W(1) and W(-1) tasks evaluate
// their own points and then A(2) and B(2), once, which W(2)'s tasks
// wait for (O(s) work each), W(0) and W(inf) are written straight
// into r, and two tasks interpolate (Bodrato's sequence for the points 0, 1,
// -1, 2, inf, in two's complement on 2s+2 limbs): the first needs only W(0),
// W(1), W(-1), W(inf), so it runs while W(2)'s products are still computed,
// adds c2 into r and folds every other term of c3 into one value y; the
// second, which no other task overlaps, joins W(2) and finishes c3 =
// (W(2) - y)/6 and c1.
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// True when the Toom-3 split applies: with m = max(an, bn), n = min(an, bn)
// and s = ceil(m/3), both top parts are nonempty (m - 2s >= 1, n - 2s >= 1).
bool toom3_applicable(std::size_t an, std::size_t bn) noexcept;

// Scratch limbs for mul_toom3 / sqr_toom3: 23 (s + 1) + 13 and line rounding.
std::size_t mul_toom3_scratch(std::size_t an, std::size_t bn) noexcept;

// rp[0, an+bn) = a * b.  Preconditions: toom3_applicable(an, bn); rp does not
// overlap a, b or scratch; scratch holds mul_toom3_scratch() limbs.  Cost:
// 3 M(s+1) + M(m-2s, n-2s) + 3 M(s/2) + O(s) interpolation: seven (or
// nine) product tasks and two interpolation tasks on up to `threads`
// threads; critical path on two threads about 2 M(s+1) + 1.5 M(s/2) + 8
// passes over 2s limbs.
void mul_toom3(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
               limb_t* scratch) noexcept;

// rp[0, 2n) = a^2, the same split with squares (mpn_sqr) for W(0), W(1),
// W(-1), W(inf).  Preconditions: toom3_applicable(n, n); no overlap;
// scratch holds mul_toom3_scratch(n, n) limbs.
void sqr_toom3(limb_t* rp, const limb_t* ap, std::size_t n, int threads, limb_t* scratch) noexcept;

// The printed task graph of mul_toom3 for these sizes.
std::string describe_mul_toom3(std::size_t an, std::size_t bn, int threads);

}  // namespace parmod::limbs

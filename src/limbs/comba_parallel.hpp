// limbs/comba_parallel.hpp - the parallel Comba variants of
// parallel-comba-multiplication-slides-ru.txt, as task graphs on the team.
//
//   comba_mul_2x  Modified Comba 2x: one task computes the low columns
//                 [0, n), the other the high columns [n, 2n), each with its
//                 own accumulator; a merge task adds the low half's carry
//                 (two limbs) at limb n and propagates it (steps 2-6 of the
//                 slides' algorithm).  The halves hold n(n+1)/2 and n(n-1)/2
//                 products.
//   comba_mul_mx  Modified Comba Mx: the 2n columns cut into M blocks of
//                 nearly equal product counts, one task each, then one
//                 sequential carry pass.  Deviation from the slides: each
//                 block resolves its carries internally and hands on two
//                 limbs, so the pass touches block boundaries only instead of
//                 every column's 128-bit sum (same result, less traffic).
// Both: rp[0, 2n) = a*b, n >= 1, rp not overlapping a or b, no allocation;
// `threads` <= 1 runs the same tasks sequentially.  Cost: n^2 products over
// the threads plus O(M) carry limbs and one team fork/join (see
// `parmod-bench runtime`), so they pay off only where n^2 products take
// several microseconds.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

void comba_mul_2x(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int threads) noexcept;

// M is clamped to 1..16 and to 2n columns.
void comba_mul_mx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int M, int threads) noexcept;

}  // namespace parmod::limbs

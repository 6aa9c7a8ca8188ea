// limbs/parallel_mul_toom4.hpp - Toom-4 on top, its seven point products as
// tasks: the better-balanced sibling of parallel_mul_toom3.hpp.
//
// A and B are cut in four (s = ceil(m/4) limbs), evaluated at 0, 1, -1, 2,
// -2, 1/2 (as 8 A(1/2)) and infinity; the seven products are tasks computed
// with GMP's mpn_mul (which keeps its own Toom/FFT inside), W(1/2) by one
// Karatsuba level (three tasks of about s/2 limbs, as Toom-3's W(2)) so that
// the nine tasks balance on two threads (critical path about 3.6 M(n/4)
// against 2.7 M(n/3) for Toom-3).  Two tasks evaluate, one per operand,
// every point once (while the other thread starts W(0) or W(inf), which
// need no evaluation).  W(0) and W(inf) are written straight into r; two tasks
// interpolate in two's complement on 2s+2 limbs (exact divisions by 2, 4,
// 3 and 5): the first needs no W(1/2), runs beside its products, adds c2
// and c4 into r and folds every other term of Q into Y = 32 O1 + 64 c0 +
// 16 c2 + 4 c4 + c6; the second joins W(1/2), Q = (Y - W(1/2))/6, and adds
// c1, c3, c5.
// Interpolation, derived for these points: E1 = (W1+W-1)/2, O1 = (W1-W-1)/2,
// E2 = (W2+W-2)/2, O2 = (W2-W-2)/4; c2+c4 = E1-c0-c6, c2+4c4 = (E2-c0-64c6)/4;
// V = (W(1/2)-64c0-16c2-4c4-c6)/2 = 16c1+4c3+c5; P = (O2-O1)/3 = c3+5c5;
// Q = (16 O1 - V)/3 = 4c3+5c5; c3 = (Q-P)/3, c5 = (P-c3)/5, c1 = O1-c3-c5.
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// True when both top parts are nonempty: with m = max, n = min and
// s = ceil(m/4): m - 3s >= 1 and n - 3s >= 1.
bool toom4_applicable(std::size_t an, std::size_t bn) noexcept;

// Scratch limbs for mul_toom4: 32 (s + 1) + 4 and line rounding.
std::size_t mul_toom4_scratch(std::size_t an, std::size_t bn) noexcept;

// rp[0, an+bn) = a * b.  Preconditions: toom4_applicable(an, bn); rp does not
// overlap a, b or scratch; scratch holds mul_toom4_scratch() limbs.  Cost:
// 6 M(s+1, s+1) + ... ~ 7 M(m/4) + O(s) on up to `threads` threads (two
// evaluation tasks, nine product tasks, two interpolation tasks, the first
// beside W(1/2)'s products).
void mul_toom4(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
               limb_t* scratch) noexcept;

// The printed task graph of mul_toom4 for these sizes.
std::string describe_mul_toom4(std::size_t an, std::size_t bn, int threads);

}  // namespace parmod::limbs

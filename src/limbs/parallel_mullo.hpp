// limbs/parallel_mullo.hpp - the low half of a product as three tasks on the
// team (the two-thread Q = mu T mod beta^n of the split Montgomery product,
// modmul/parallel_classic).
//
// With a = A1 beta^h + A0 and b = B1 beta^h + B0 (n/2 <= h < n, l = n - h):
//   a b mod beta^n = A0 B0 + beta^h (A1 B0 + A0 B1 mod beta^l)  (mod beta^n)
// task 0: X = A0 B0, the whole h x h product (limbs::mul);
// tasks 1, 2: Y = A1 B0 mod beta^l, Z = A0 B1 mod beta^l (limbs::mullo);
// then r = X mod beta^n + beta^h (Y + Z) on the caller.  h balances the
// caller's task against the partner's two: M(h) = 2 mullo(l) by
// limbs::mul_cost_estimate, a low product counted as 0.85 of a whole one
// (h about 0.59 n).  Against a whole parallel
// product of which only the low half is kept, the work is M(h) + 2 mullo(l)
// instead of M(n).
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// The split point h of parallel_mullo for n >= 2 limbs (n/2 <= h < n).
std::size_t parallel_mullo_split(std::size_t n) noexcept;

// Scratch limbs of parallel_mullo.
std::size_t parallel_mullo_scratch(std::size_t n) noexcept;

// rp[0, n) = a b mod beta^n (limbs::mullo's contract) as the three tasks
// above on up to `threads` threads (threads <= 1: in order on the caller).
// n >= 2; rp overlaps neither a, b nor scratch; scratch holds
// parallel_mullo_scratch(n) limbs.
void parallel_mullo(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int threads,
                    limb_t* scratch) noexcept;

// The schedule parallel_mullo runs for n and `threads` (runtime::describe_built).
std::string describe_parallel_mullo(std::size_t n, int threads);

}  // namespace parmod::limbs

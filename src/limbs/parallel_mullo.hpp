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
#include "runtime/schedule.hpp"

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

// The three tasks inside a larger schedule (the two-thread Montgomery
// product, modmul/scheduled_montgomery): the operands and where the tasks
// write, in scratch[0, parallel_mullo_scratch(n)).
struct MulloParts {
  const limb_t* a;
  const limb_t* b;
  std::size_t h, l;
  limb_t *x, *y, *z;
};
MulloParts mullo_parts(const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept;
// Appends the three tasks to s, X = A0 B0 to list thread_x and the two low
// products to list thread_yz, each waiting for task `after` when it is >= 0;
// returns the index of the last one (the three are consecutive).  `parts`
// must outlive the run.
int add_mullo_tasks(runtime::Schedule& s, const MulloParts& parts, int after, int thread_x, int thread_yz);
// rp[0, n) = a b mod beta^n from the finished tasks; reads the parts only
// (two callers may sum at once).  rp overlaps none of them.
void mullo_parts_sum(limb_t* rp, const MulloParts& parts, std::size_t n) noexcept;

// The schedule parallel_mullo runs for n and `threads` (runtime::describe_built).
std::string describe_parallel_mullo(std::size_t n, int threads);

}  // namespace parmod::limbs

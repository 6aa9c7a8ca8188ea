// modmul/bipartite.hpp - Kaihara-Takagi bipartite modular multiplication
// (Giorgi, Imbert, Izard 2011, section 2.3, eq. 7): B = B1 beta^h + B0 with
// h = floor(n/2); A B0 beta^-h mod P by a partial Montgomery reduction
// (Alg. 1, t = h) and A B1 mod P by a partial Barrett reduction (Alg. 2,
// t = n - h), independent of each other; r = A B beta^-h mod P < P.
// It is the multipartite machinery with A unsplit and B in two chunks
// (ka = 1, kb = 2): two products M(n, n/2), one Q-value each, the two QP
// products (one per thread with 2 threads: eq. 11, M(n/2) + 2M(n, n/2)).
// On two threads the same two halves also run as two whole tasks
// (bipartite_mul_halves): each half's product and reduction on one thread,
// one join, the sum reduced by the caller.
#pragma once

#include "modmul/multipartite.hpp"

namespace parmod::modmul {

// The bipartite configuration for `threads` threads.
MultipartiteConfig bipartite_config(int threads) noexcept;

// r = a b beta^-h mod P; the contract of multipartite_mul with a plan from
// bipartite_config.
void bipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                   const MultipartitePlan& plan, limb_t* scratch, int threads) noexcept;

// r[0, n) = a b beta^-h mod P (h = floor(n/2)) for a, b in [0, P), P odd of
// n >= 2 limbs, as two tasks on up to `threads` threads (the caller takes
// both if no partner is free): T0 = (A B0 + Q0 P) / beta^h (PMR, t = h) and
// T1 = A B1 - Q1 P (PBR, t = n - h), each below beta^n, then r = (T0 + T1)
// mod P (reduce_small_multiple).  r may alias a or b; scratch holds
// bipartite_halves_scratch(n) limbs and overlaps none of r, a, b.
// Cost per task: M(n, n/2) plus its reduction (M(n/2) + M(n, n/2) by
// products), then O(n) on the caller.
void bipartite_mul_halves(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch,
                          int threads) noexcept;
std::size_t bipartite_halves_scratch(std::size_t n) noexcept;

// r[0, n) = a^2 beta^-h mod P, the square of bipartite_mul_halves with the
// cross product computed once: with A = A1 beta^h + A0 (t = n - h limbs of
// A1), A^2 beta^-h = A0^2 beta^-h + 2 A0 A1 + A1^2 beta^h, so
// T0 = (A0^2 + Q0 P) / beta^h (PMR, t = h) on one task and
// T1 = A1^2 beta^h - Q1 P (PBR, t = n - h) on the other, each task adding
// twice its half of X = A0 A1 (A1 cut at s = t/2) to its T; r = (T0 + T1)
// mod P.  Same contract and scratch as bipartite_mul_halves.  Cost per task:
// S(n/2) + M(n/2, n/4) plus its reduction, against M(n, n/2) for the product.
void bipartite_sqr_halves(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch,
                          int threads) noexcept;

}  // namespace parmod::modmul

// multiexp/multiexp_plan.hpp - the cost model that picks a multi-exponentiation
// method (Lim-Lee MULEXP with k groups, interleaved windows of w bits, or
// parallel EXP) and its chunk count for (nb, b, threads).
//
// Model, in modular multiplications (squarings counted as 1/phi; phi = 1 is the paper):
//   lim_lee(k):      precomputation sum_i 2^(g_i) spread over the prefixes,
//                    then the largest chunk's work (eq. 1 with the expected
//                    sum_i (1 - 2^(-g_i)) multiplications per bit) under the
//                    balanced boundaries of Theorem 1;
//   interleaved(w):  nb 2^(w-1) precomputed (spread over tasks), then the
//                    largest chunk with nb / (w + 1) multiplications per bit;
//   lim_lee(k), offload (two chunks, k >= 2): the top chunk's column
//                    products formed by the partner (column_products.hpp):
//                    half the precomputation, then the longer of chain and
//                    partner (offload_chain_work / offload_partner_work) at
//                    offload_low_positions; not when the partner would form
//                    products slower than the chain uses them;
//   exp:             ceil(nb / T) sliding-window exponentiations.
//   bucket(c):       Pippenger (bucket_multiexp.hpp), nb >= 64: no precomputation,
//                    (nb (1 - 2^-c) + 2^c) / c multiplications per bit, chunked and
//                    balanced like lim_lee (every c in 1..16 tried);
//   hybrid(n'):      n' in {T, 2T, 3T, 4T} independent tasks of nb / n' bases,
//                    each the best of lim_lee(k) / interleaved(w) / bucket(c) on
//                    its bases (hybrid_multiexp.hpp): ceil(n' / T) task costs
//                    + n' - 1 (plan.chunks holds T for this model).
// Lim-Lee tables over 2^24 limbs (128 MiB, all tasks together) are skipped.
// One thread gives the sequential counts (mulexp_operation_count /
// interleaved_operation_count).  Tiny operations (under about 2e5 limb
// products in all) stay on one thread: the team's wake-up would dominate.
#pragma once

#include <cstddef>

#include "multiexp/parallel_multiexp.hpp"

namespace parmod::multiexp {

// The modelled critical path (multiplications) of `plan` for nb b-bit exponents.
double plan_cost(const Plan& plan, std::size_t nb, std::size_t b);

// The cheapest plan for nb >= 1 bases, b-bit exponents, n-limb modulus and up
// to `threads` threads; phi = multiplication / squaring time (balances the
// chunks in time, see Plan::phi).  Cost O(log threads (min(nb, 64)^2 + 16 nb)).
Plan choose_plan(std::size_t nb, std::size_t b, std::size_t n, int threads, double phi = 1.0);

}  // namespace parmod::multiexp

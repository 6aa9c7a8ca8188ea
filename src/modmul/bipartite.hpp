// modmul/bipartite.hpp - Kaihara-Takagi bipartite modular multiplication
// (Giorgi, Imbert, Izard 2011, section 2.3, eq. 7): B = B1 beta^h + B0 with
// h = floor(n/2); A B0 beta^-h mod P by a partial Montgomery reduction
// (Alg. 1, t = h) and A B1 mod P by a partial Barrett reduction (Alg. 2,
// t = n - h), independent of each other; r = A B beta^-h mod P < P.
// It is the multipartite machinery with A unsplit and B in two chunks
// (ka = 1, kb = 2): two products M(n, n/2), one Q-value each, the two QP
// products (one per thread with 2 threads: eq. 11, M(n/2) + 2M(n, n/2)).
#pragma once

#include "modmul/multipartite.hpp"

namespace parmod::modmul {

// The bipartite configuration for `threads` threads.
MultipartiteConfig bipartite_config(int threads) noexcept;

// r = a b beta^-h mod P; the contract of multipartite_mul with a plan from
// bipartite_config.
void bipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                   const MultipartitePlan& plan, limb_t* scratch, int threads) noexcept;

}  // namespace parmod::modmul

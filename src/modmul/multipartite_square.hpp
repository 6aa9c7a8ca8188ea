// modmul/multipartite_square.hpp - multipartite modular squaring (the future
// work of Giorgi, Imbert, Izard 2011, sections 5.4 and 6): of the k^2 partial
// products A_i A_j only the k(k+1)/2 with i <= j are computed (A_i A_j =
// A_j A_i, counted twice in the sums); diagonal ones by mpn_sqr.  Reductions,
// Q-values and the single QP are those of the product (the plan's groups are
// the same).  r = a^2 beta^-h mod P.
#pragma once

#include "modmul/multipartite.hpp"

namespace parmod::modmul {

// The squaring configuration: k chunks (2..8), `threads` threads.
MultipartiteConfig square_config(int k, int threads) noexcept;

// r = a^2 beta^-h mod P; the contract of multipartite_mul with a plan from
// square_config (b is not used).  Cost: k(k+1)/2 products instead of k^2.
void multipartite_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, const MultipartitePlan& plan,
                      limb_t* scratch, int threads, MultipartiteStats* stats = nullptr) noexcept;

}  // namespace parmod::modmul

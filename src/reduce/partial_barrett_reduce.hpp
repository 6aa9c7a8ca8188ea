// reduce/partial_barrett_reduce.hpp - PBR, Algorithm 2 of Giorgi, Imbert,
// Izard, "Multipartite Modular Multiplication" (2011), at limb granularity.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::reduce {

// PBR (Alg. 2): with C = C1 beta^(m-t) + C0, Q = floor(C1 nu_t / beta^t) beta^(m-n-t)
// (eq. 4), R = C - QP, then while R >= beta^(m-t): R -= beta^(m-n-t) P (step 3).
// Theorem 2: R = C (mod P), 0 <= R < beta^(m-t), and step 3 runs at most twice.
// Inputs: P in pp[0, n), pp[n-1] != 0 (beta^(n-1) <= P < beta^n, any parity);
//         C in cp[0, m), C < P^2 (so m <= 2n suffices); 1 <= t <= m - n.
//         nu_t = floor(beta^(n+t) / P) in nu[0, nu_n) (t + 1 limbs, t + 2 when
//         P = beta^(n-1)); it is the top limbs of nu_n = floor(beta^2n / P):
//         floor(nu_n / beta^(n-t)) = nu_t, so one constant serves every t.
// Output: rp[0, m-t) = R; rp must not overlap cp.  Returns the number of times
//         step 3 ran.
// Scratch: partial_barrett_reduce_scratch(n, m, t) limbs, overlapping neither
//         rp nor cp.
// Cost (eq. 6): M(t, t+1) + M(n, t+1), plus O(m) subtractions.
int partial_barrett_reduce(limb_t* rp, const limb_t* cp, std::size_t m, const limb_t* pp, std::size_t n,
                           const limb_t* nu, std::size_t nu_n, std::size_t t, limb_t* scratch) noexcept;
constexpr std::size_t partial_barrett_reduce_scratch(std::size_t n, std::size_t m, std::size_t t) noexcept {
  return (2 * t + 2) + (n + t + 2) + m;
}

}  // namespace parmod::reduce

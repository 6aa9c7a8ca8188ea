// reduce/partial_montgomery_reduce.hpp - PMR, Algorithm 1 of Giorgi, Imbert,
// Izard, "Multipartite Modular Multiplication" (2011), at limb granularity.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::reduce {

// PMR (Alg. 1): R = (C + Q P) / beta^t with Q = mu C mod beta^t, then
// R -= P once if R >= beta^(m-t) (step 3).  Theorem 1: R = C beta^-t (mod P),
// 0 <= R < beta^(m-t).
// Inputs: P odd in pp[0, n), pp[n-1] != 0; C in cp[0, m), C < P^2 (so m <= 2n
//         suffices); 1 <= t <= n and n + t <= m <= 2n.  (The proof of Theorem 1
//         needs P <= beta^(m-t) so that step 3 cannot go negative; with
//         beta^(n-1) < P that is exactly m - t >= n.)
//         mu: the low t limbs of -P^-1 mod beta^n (mu mod beta^t = -P^-1 mod beta^t,
//         so one n-limb constant serves every t).
// Output: rp[0, m-t) = R.  rp must not overlap cp.  Returns the number of
//         subtractions step 3 made (0 or 1).
// Scratch: partial_montgomery_reduce_scratch(n, m, t) limbs, overlapping
//         neither rp nor cp.
// Cost (eq. 2): M_lo(t) + M(n, t), plus O(m) additions.
int partial_montgomery_reduce(limb_t* rp, const limb_t* cp, std::size_t m, const limb_t* pp, std::size_t n,
                              const limb_t* mu, std::size_t t, limb_t* scratch) noexcept;
constexpr std::size_t partial_montgomery_reduce_scratch(std::size_t n, std::size_t m, std::size_t t) noexcept {
  return t + (n + t) + (m + 1);
}

}  // namespace parmod::reduce

// reduce/barrett_reduce.hpp - full Barrett reduction.
//
// Barrett (CRYPTO '86); the paper's section 2.2 and eq. (3), in the form of
// Menezes, van Oorschot, Vanstone, Handbook of Applied Cryptography, Alg. 14.42:
// q = floor(floor(C / beta^(n-1)) nu / beta^(n+1)), R = C - qP, at most two
// corrections.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::reduce {

// Inputs: P in pp[0, n), pp[n-1] != 0 (any parity); C in cp[0, 2n) (any C < beta^2n);
//         nu = floor(beta^(2n) / P) in nu[0, nu_n), nu_n = n + 1, or n + 2 when
//         P = beta^(n-1) (then nu = beta^(n+1)).
// Output: rp[0, n) = C mod P.  rp may not overlap cp.
// Scratch: barrett_reduce_scratch(n) limbs, overlapping neither rp nor cp.
// Cost: M(n+1, nu_n) + M(n+1, n) + O(n).
// Returns the number of final corrections (0, 1 or 2; HAC Fact 14.43).
int barrett_reduce(limb_t* rp, const limb_t* cp, const limb_t* pp, std::size_t n, const limb_t* nu, std::size_t nu_n,
                   limb_t* scratch) noexcept;
constexpr std::size_t barrett_reduce_scratch(std::size_t n) noexcept { return (2 * n + 4) + (2 * n + 2) + (n + 1); }

}  // namespace parmod::reduce

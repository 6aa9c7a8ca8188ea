// consttime/secret_reduce.hpp - reduction modulo a secret modulus, bit by bit.
//
// GMP's mpn_sec_div_r treats the divisor as public: it branches on the
// divisor's leading zeros and looks its top bits up in a table
// (mpn_invert_limb), which valgrind's ctgrind check reports for a secret
// divisor.  Here the remainder is found by restoring binary division
// (HAC Alg. 14.20 with one bit per step): x <- 2x + next bit of A, minus M
// when x >= M, the subtraction always computed and kept under a mask.  The
// number of steps and every address depend only on the limb counts and on
// bits(M), which are public (an RSA prime's length is); M may be even
// (p - 1).  Cost: about 3 n limb operations per bit of A below M's top bit.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::consttime {

// r[0, n) = A mod M for A in a[0, an) (an >= 0) and M in m[0, n) with exactly
// mbits >= 2 bits, mbits > 64 (n - 1).  r may alias a when an <= n.  Scratch:
// 2 n + 1 limbs.
void reduce_secret(limb_t* r, const limb_t* a, std::size_t an, const limb_t* m, std::size_t n, std::size_t mbits,
                   limb_t* scratch) noexcept;

// r[0, n) = 2^k mod M, k >= mbits - 1, for M as above and not a power of two
// (odd M >= 3): k - mbits + 1 doublings of 2^(mbits - 1) < M.  Scratch: 2 n + 1 limbs.
void pow2_reduce_secret(limb_t* r, std::size_t k, const limb_t* m, std::size_t n, std::size_t mbits,
                        limb_t* scratch) noexcept;

}  // namespace parmod::consttime

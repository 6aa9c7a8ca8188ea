// consttime/secret_reduce.hpp - reduction modulo a secret modulus.
//
// GMP's mpn_sec_div_r treats the divisor as public: it branches on the
// divisor's leading zeros and looks its top bits up in a table
// (mpn_invert_limb), which valgrind's ctgrind check reports for a secret
// divisor.  reduce_secret is schoolbook division (Knuth 4.3.1, Alg. D) by
// M shifted to a full top limb (the shift comes from bits(M), public): the
// quotient limb estimate from the top limb's reciprocal (Moller and
// Granlund 2011, Alg. 4; the reciprocal itself by restoring division, one
// bit per step), q-hat M subtracted by mpn_submul_1, then M added back twice
// by mpn_cnd_add_n under the sign of the result: every adjustment a mask,
// never a branch.  pow2_reduce_secret is restoring binary division (HAC
// Alg. 14.20, one bit per step): x <- 2x, minus M when x >= M, the
// subtraction always computed and kept under a mask.  The number of steps
// and every address depend only on the limb counts and on bits(M), which
// are public (an RSA prime's length is); M may be even (p - 1).
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::consttime {

// r[0, n) = A mod M for A in a[0, an) (an >= 0) and M in m[0, n) with exactly
// mbits >= 2 bits, mbits > 64 (n - 1).  r may alias a when an <= n.  Scratch:
// reduce_secret_scratch(an, n) limbs.  Cost: about 3 n limb products per limb
// of A beyond n.
void reduce_secret(limb_t* r, const limb_t* a, std::size_t an, const limb_t* m, std::size_t n, std::size_t mbits,
                   limb_t* scratch) noexcept;
std::size_t reduce_secret_scratch(std::size_t an, std::size_t n) noexcept;

// r[0, n) = 2^k mod M, k >= mbits - 1, for M as above and not a power of two
// (odd M >= 3): k - mbits + 1 doublings of 2^(mbits - 1) < M.  Scratch: 2 n + 1 limbs.
void pow2_reduce_secret(limb_t* r, std::size_t k, const limb_t* m, std::size_t n, std::size_t mbits,
                        limb_t* scratch) noexcept;

}  // namespace parmod::consttime

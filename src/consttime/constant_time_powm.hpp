// consttime/constant_time_powm.hpp - modular exponentiation for secret exponents.
//
// Fixed-window exponentiation (HAC Alg. 14.82 with every window processed,
// zero windows included): a table of x^0 .. x^(2^w - 1) in Montgomery form,
// every entry read through a masked full scan (consttime/table_select), w
// squarings and one multiplication per window over all 64 en bits of the
// exponent.  The instruction stream and the memory addresses depend only on
// n, en and w (public), never on the base or exponent values.  Like GMP's
// mpz_powm_sec: odd P only.
#pragma once

#include "modmul/modulus_constants.hpp"

namespace parmod::consttime {

// The window for an exponent of en limbs (public), 1..6.
unsigned constant_time_window(std::size_t en) noexcept;
// Bits [lo, lo + w) of e in ep[0, en), w <= 6: lo, w and en are public, the
// value is secret.  Shifts and masks only, no branch on the value.
limb_t window_value(const limb_t* ep, std::size_t en, std::size_t lo, unsigned w) noexcept;

// r[0, n) = b^e mod P.  P odd; b in [0, P) (n limbs); e in ep[0, en), en >= 1
// (e = 0 gives 1 mod P).  Scratch: constant_time_powm_scratch(n, en) limbs,
// wiped (zero) on return.
void constant_time_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                        limb_t* scratch) noexcept;
std::size_t constant_time_powm_scratch(std::size_t n, std::size_t en) noexcept;

}  // namespace parmod::consttime

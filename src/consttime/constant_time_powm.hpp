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

// constant_time_powm in parts, for a caller that runs the windows as tasks
// (consttime::rsa_half_ct_step, which powm_sec_crt hands from thread to thread):
// _begin (the table and the top window), then _windows over index ranges
// [first, last) that cover [0, constant_time_powm_window_count(en)) in order,
// then _end (r = the result; the scratch wiped).  Same arguments and scratch
// in every call: the scratch holds the state between them.  The parts are
// exactly constant_time_powm's steps, so the same instructions and addresses
// for every value; only the ranges (public) decide where a call stops.
std::size_t constant_time_powm_window_count(std::size_t en) noexcept;  // the windows below the top one
void constant_time_powm_begin(const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                              limb_t* scratch) noexcept;
void constant_time_powm_windows(const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k, std::size_t first,
                                std::size_t last, limb_t* scratch) noexcept;
void constant_time_powm_end(limb_t* r, std::size_t en, const modmul::ModulusConstants& k, limb_t* scratch) noexcept;

}  // namespace parmod::consttime

// consttime/constant_time_powm28.hpp - constant-time exponentiation in radix
// 2^28 on AVX2.
//
// The fixed window of constant_time_powm.hpp (HAC Alg. 14.82: every window
// processed, every table entry read in full under a mask) over the "almost
// Montgomery" kernels of modmul/montgomery28.hpp, whose instructions and
// addresses depend only on the digit count (no final subtraction: values stay
// below 2P with R >= 4P).  Leaving the representation ends in one arithmetic
// conditional subtraction.  valgrind runs AVX2, so the memcheck evidence of
// tests/consttime covers this path too.  Same parts as constant_time_powm
// (_begin, _windows, _end) for consttime::rsa_half_ct_step.
#pragma once

#include "modmul/montgomery28.hpp"

namespace parmod::consttime {

// r[0, n) = b^e mod P (n = c.n limbs, p[0, n) = P odd) for b in [0, P) (n
// limbs) and e in ep[0, en), en >= 1 (e = 0 gives 1 mod P).  c: P's radix-2^28
// constants (montgomery28_available(c.bits)).  Scratch:
// constant_time_powm28_scratch(c, en) limbs, 32-byte aligned; wiped on
// return.  r may alias b.
void constant_time_powm28(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const limb_t* p,
                          const modmul::Montgomery28Constants& c, limb_t* scratch) noexcept;
std::size_t constant_time_powm28_scratch(const modmul::Montgomery28Constants& c, std::size_t en) noexcept;

// The parts, as constant_time_powm's: _begin, then _windows over ranges that
// cover [0, constant_time_powm_window_count(en)) in order, then _end.
void constant_time_powm28_begin(const limb_t* b, const limb_t* ep, std::size_t en,
                                const modmul::Montgomery28Constants& c, limb_t* scratch) noexcept;
void constant_time_powm28_windows(const limb_t* ep, std::size_t en, const modmul::Montgomery28Constants& c,
                                  std::size_t first, std::size_t last, limb_t* scratch) noexcept;
void constant_time_powm28_end(limb_t* r, std::size_t en, const limb_t* p, const modmul::Montgomery28Constants& c,
                              limb_t* scratch) noexcept;

}  // namespace parmod::consttime

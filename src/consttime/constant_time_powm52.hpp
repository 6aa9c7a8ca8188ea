// consttime/constant_time_powm52.hpp - constant-time exponentiation in radix
// 2^52 on AVX-512 IFMA.
//
// The fixed window of constant_time_powm.hpp (HAC Alg. 14.82, every window
// processed, every table entry read in full under a mask, eight words at a
// time with AVX-512F) over the "almost Montgomery" product
// modmul::montgomery52_mul_digits: its digit loop runs the same instructions
// and addresses for every operand value (d digit steps of fixed IFMA
// sequences, no final subtraction: results stay in [0, 2P) with R >= 4P), so
// the only data-dependent step left, leaving the representation, ends in an
// arithmetic conditional subtraction (mpn_cnd_sub_n).  Valgrind cannot run
// AVX-512, so the evidence for this path is statistical (parmod-bench ct,
// docs/security.md).
#pragma once

#include "modmul/montgomery52.hpp"

namespace parmod::consttime {

// r[0, n) = b^e mod P (n = c.n limbs, p[0, n) = P odd) for b in [0, P) (n
// limbs) and e in ep[0, en), en >= 1 (e = 0 gives 1 mod P).  c: P's radix-2^52
// constants (lanes a multiple of 8).  Scratch: constant_time_powm52_scratch(c, en)
// limbs, 64-byte aligned.  r may alias b.
void constant_time_powm52(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const limb_t* p,
                          const modmul::Montgomery52Constants& c, limb_t* scratch) noexcept;
std::size_t constant_time_powm52_scratch(const modmul::Montgomery52Constants& c, std::size_t en) noexcept;

}  // namespace parmod::consttime

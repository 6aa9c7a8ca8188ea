// modmul/barrett_mul.hpp - modular multiplication by Barrett's method.
//
// The product AB (GMP) followed by a full Barrett reduction (the paper's
// section 2.2, cost 2M(n) with full products).  Representation R = 1: the
// conversions are copies.  Takes any modulus, odd or even.
#pragma once

#include "modmul/engine.hpp"

namespace parmod::modmul {

// r = a b mod P; a, b in [0, P).  r may alias a or b.
// Scratch: barrett_scratch(n), overlapping none of r, a, b.  Cost: M(n) + M(n+1) + M(n+1, n).
// barrett_sqr: r = a^2 mod P, the same contract.
void barrett_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept;
void barrett_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
std::size_t barrett_scratch(std::size_t n) noexcept;

// The representation (R = 1): the conversions are copies (r = a), 1 is 1.
void barrett_copy_residue(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
const limb_t* barrett_one(const ModulusConstants& k) noexcept;

}  // namespace parmod::modmul

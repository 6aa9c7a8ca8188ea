// powm/binary_powm.hpp - left-to-right binary exponentiation (square and multiply).
//
// The paper's section 5.4 baseline: about log2(e) squarings and popcount(e)
// multiplications in the representation of the chosen modmul engine.
// Variable time: branches on the exponent bits.
#pragma once

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// r[0, n) = b^e mod P.  b in [0, P) (n limbs, plain form); e in ep[0, en),
// en may be 0 (e = 0 gives 1 mod P).  r may alias b.
// Scratch: binary_powm_scratch(n, engine) limbs.  No allocation.
void binary_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                 const modmul::Engine& engine, limb_t* scratch) noexcept;
std::size_t binary_powm_scratch(std::size_t n, const modmul::Engine& engine) noexcept;

}  // namespace parmod::exponentiation

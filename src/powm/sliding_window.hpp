// powm/sliding_window.hpp - left-to-right sliding-window exponentiation over odd powers.
//
// HAC Alg. 14.85: precompute x, x^3, ..., x^(2^w - 1) in the engine's
// representation, then scan e from the top: a zero bit costs one squaring, a
// window of at most w bits starting and ending with a one costs its length in
// squarings and one multiplication.  About log2(e) squarings and
// log2(e)/(w+1) + 2^(w-1) multiplications.  Variable time (branches and table
// indices follow the exponent): not for secret exponents (see constant_time_powm).
#pragma once

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// The window w in [1, 7] minimising 2^(w-1) + bits/(w+1) multiplications.
unsigned sliding_window_size(std::size_t exponent_bits) noexcept;

// r[0, n) = b^e mod P.  b in [0, P) (plain form, n limbs); e in ep[0, en),
// The loop runs on engine.elements (modmul::element_engine) when the engine has
// one, e.g. the radix-2^52 digits of montgomery52: no conversion per product.
// en may be 0 (e = 0 gives 1 mod P).  r may alias b.
// Scratch: sliding_window_powm_scratch(n, en, engine) limbs.  No allocation.
void sliding_window_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                         const modmul::Engine& engine, limb_t* scratch) noexcept;
std::size_t sliding_window_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept;

// The same loop in the representation, on elements of element_size(engine, n)
// words (the engine is used as given): x = b R mod P in, acc = b^e R mod P out
// (so partial powers can be combined before leaving the representation).
// acc may not alias x.  Scratch: sliding_window_powm_repr_scratch(n, en, engine).
void sliding_window_powm_repr(limb_t* acc, const limb_t* x, const limb_t* ep, std::size_t en,
                              const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch) noexcept;
std::size_t sliding_window_powm_repr_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept;

}  // namespace parmod::exponentiation

// modmul/montgomery_mul.hpp - modular multiplication by Montgomery's method.
//
// The product AB followed by a full REDC: word by word below
// redc_products_threshold limbs, by two products above (the paper's section
// 2.1, cost 2M(n) with full products).  Representation R = beta^n.
// With BMI2 + ADX (limbs::window_adx_enabled()), from 8 limbs, the
// register-window kernels of reduce/montgomery_adx.hpp: product and REDC folded into one call below
// reduce::kMontgomeryAdxFoldedMax limbs, else the product (Karatsuba over
// the window kernels, or limbs::mul where it takes the IFMA kernels or from
// limbs::kKaratsubaWindowAdxMax limbs) and the window REDC.  Otherwise
// limbs::mul / limbs::sqr and REDC on the mulx rows (reduce/montgomery_reduce).
#pragma once

#include "modmul/engine.hpp"

namespace parmod::modmul {

// Limb count from which REDC by products beats word-by-word REDC (measured by
// `parmod tune`; the built-in default was measured on an AMD EPYC).
std::size_t redc_products_threshold() noexcept;
void set_redc_products_threshold(std::size_t n) noexcept;

// r[0, n) = C beta^-n mod P for C in c[0, 2n), C < P beta^n; destroys c.
// Scratch: montgomery_scratch(n) limbs (c may live inside it, at offset 0).
void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept;

// r = a b beta^-n mod P; a, b in [0, P), P odd.  r may alias a or b.
// Scratch: montgomery_scratch(n).  Cost: M(n) + REDC(n).
void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept;
// r = a^2 beta^-n mod P (a dedicated square: about n^2 / 2 limb products for
// a^2 instead of n^2).
void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
std::size_t montgomery_scratch(std::size_t n) noexcept;

}  // namespace parmod::modmul

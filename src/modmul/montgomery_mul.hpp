// modmul/montgomery_mul.hpp - modular multiplication by Montgomery's method.
//
// The product AB followed by a full REDC: word by word below
// redc_products_threshold limbs, by two products above (the paper's section
// 2.1, cost 2M(n) with full products).  Representation R = beta^n.
// With BMI2 + ADX (limbs::window_adx_enabled()), from 8 limbs, the
// register-window kernels of reduce/montgomery_adx.hpp: product and REDC folded into one call where
// the tuning keys montgomery.adx_folded_max, montgomery.adx_passes_max and
// montgomery.adx_sqr_passes_max say so, else the product (Karatsuba over
// the window kernels from the keys montgomery.karatsuba_window_*, or
// limbs::mul where it takes the IFMA kernels or from
// montgomery.karatsuba_window_max limbs) and the window REDC.  Otherwise
// limbs::mul / limbs::sqr and REDC on the mulx rows (reduce/montgomery_reduce).
#pragma once

#include "limbs/window_adx.hpp"
#include "modmul/engine.hpp"

namespace parmod::modmul {

// Limb count from which REDC by products beats word-by-word REDC: the tuning
// key redc_products_threshold (config/tuning.hpp).
std::size_t redc_products_threshold() noexcept;

// r[0, n) = C beta^-n mod P for C in c[0, 2n), C < P beta^n, P odd; destroys c.
// Scratch: montgomery_scratch(n) limbs (c may live inside it, at offset 0).
void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept;

// r = a b beta^-n mod P; a, b in [0, P), P odd.  r may alias a or b.
// Scratch: montgomery_scratch(n), overlapping none of r, a, b.  Cost: M(n) + REDC(n).
void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept;
// r = a^2 beta^-n mod P; the contract of montgomery_mul (a dedicated square: about n^2 / 2 limb products for
// a^2 instead of n^2).
void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
std::size_t montgomery_scratch(std::size_t n) noexcept;

#if PARMOD_WINDOW_ADX_ASM
// The ways of the window path (limbs::window_adx_enabled(), n >= 8)
// between which montgomery_mul and montgomery_sqr choose by the tuning keys
// montgomery.adx_*: the folded kernel (product and REDC in one call; a == b:
// the square), the product then the window REDC, and for the sizes
// limbs::window_adx_unrolled_tuned(n) names the fully unrolled kernel (the
// folded one for other n); for the sizes limbs::window_adx_unrolled(n)
// names (and only those), the family of unrolled kernels that closes from
// the zero slot (limbs::WindowKernels::zero_slot; the tuning key
// montgomery.adx_small_zero_slot).  montgomery_mul's contract and scratch.
// For `parmod tune` (which measures the keys) and the tests.
void montgomery_window_folded(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                              limb_t* scratch) noexcept;
void montgomery_window_unrolled(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                                limb_t* scratch) noexcept;
void montgomery_window_zero_slot(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                                 limb_t* scratch) noexcept;
void montgomery_window_split(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                             limb_t* scratch) noexcept;
#endif

// The representation's conversions and 1 (shared with the split-product
// engine of modmul/parallel_classic): r = a beta^n mod P, r = a beta^-n mod P
// for a in [0, P) (scratch: montgomery_scratch(n)), and beta^n mod P.
void to_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
void from_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept;
const limb_t* montgomery_one(const ModulusConstants& k) noexcept;

}  // namespace parmod::modmul

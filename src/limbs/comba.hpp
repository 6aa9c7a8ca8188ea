// limbs/comba.hpp - Comba (product scanning) multiplication and its variants
// from parallel-comba-multiplication-slides-ru.txt, for 64-bit limbs.
//
// All compute rp[0, 2n) = a * b for a, b of n limbs (1 <= n; the benchmarks
// and tests cover 1..192), rp not overlapping a or b, no allocation.
// Column k of the product is sum_{i+j=k} a_i b_j; the kernels walk the
// columns from low to high.
//   comba_mul           Comba: a three-word accumulator (r0, r1, r2) updated
//                       with add/adc/adc after every 64x64->128 product.
//   comba_mul_modified  Modified Comba: two wide (128-bit) accumulators per
//                       column, one for the low words and one for the high
//                       words of the products, whose carries are deferred to
//                       the end of the column (two independent add chains).
//   comba_mul_adx       Modified Comba with mulx/adcx/adox (BMI2 + ADX),
//                       compiled with a target attribute and chosen at run
//                       time; falls back to comba_mul_modified without them.
//   comba_mul_fixed     fully unrolled Modified Comba for n = 1..8 (the
//                       compiler unrolls the constant-bound loops).
// Cost: n^2 products, O(n) stores; quadratic, so these only compete with
// GMP's basecase range (mpn_mul_n switches to Toom-2 near 20-30 limbs).
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

void comba_mul(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept;
void comba_mul_modified(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept;
void comba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept;
// Requires 1 <= n <= 8.
void comba_mul_fixed(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept;

// True when the CPU has BMI2 and ADX (then comba_mul_adx uses them).
bool comba_adx_available() noexcept;

// The column block [k0, k1) of a*b (0 <= k0 < k1 <= 2n) with an accumulator
// starting at zero: writes rp[k0, k1) and returns in carry[0..1] the part of
// the block's sum above limb k1 (to be added at limb k1).  The kernel of the
// parallel variants (comba_parallel.hpp).  Cost: the products of the block.
void comba_columns(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t k0, std::size_t k1,
                   limb_t carry[2]) noexcept;

}  // namespace parmod::limbs

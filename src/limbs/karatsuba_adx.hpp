// limbs/karatsuba_adx.hpp - Karatsuba's product and square over the mulx row
// kernels (limbs/basecase_adx.hpp), for the sizes just above the basecase
// range, where GMP's Toom-2 would bottom out in its own (slower here)
// basecase.
//
// Both require BMI2 + ADX (limbs::cpu_has_mulx_adx()); limbs::mul and
// limbs::sqr call them in [basecase limit, karatsuba limit) and GMP above.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// Scratch (limbs) of karatsuba_mul_adx / karatsuba_sqr_adx for n limbs:
// 6h + 1 per level, h = ceil(n/2), summed over the levels (< 6n + 2 log2 n).
constexpr std::size_t karatsuba_adx_scratch(std::size_t n) noexcept {
  std::size_t s = 1;
  for (; n >= 2; n = (n + 1) / 2) s += 6 * ((n + 1) / 2) + 1;
  return s;
}

// The largest limit the tuning table may set (the keys' maximum in
// config/tuning_keys.def, checked at compile time): limbs::mul and limbs::sqr keep
// karatsuba_adx_scratch(kKaratsubaAdxMaxLimit) limbs (24 KiB) on the stack.
constexpr std::size_t kKaratsubaAdxMaxLimit = 512;

// rp[0, 2n) = a * b for n-limb a, b; n >= 2, rp overlaps neither operand;
// scratch holds karatsuba_adx_scratch(n) limbs and does not overlap rp.  a = a0 + a1 beta^h,
// b = b0 + b1 beta^h (h = ceil(n/2)): z0 = a0 b0, z2 = a1 b1 and
// a0 b1 + a1 b0 = z0 + z2 - (a0 - a1)(b0 - b1) (Knuth 4.3.3, Karatsuba's
// identity with subtractions, as GMP's toom22 uses it).  The three half
// products recurse while above the basecase limit, else mul_basecase_adx.
// Cost: 3 M(n/2) + O(n).
void karatsuba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept;

// rp[0, 2n) = a^2; n >= 2; as above with z1 = z0 + z2 - (a0 - a1)^2.
// Cost: 3 S(n/2) + O(n).
void karatsuba_sqr_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept;

// Upper size limits (limbs) of the Karatsuba range: tuning keys
// mul.karatsuba_adx_max / sqr.karatsuba_adx_max (config/tuning.hpp; at most
// kKaratsubaAdxMaxLimit, 0 without BMI2 + ADX).
std::size_t mul_karatsuba_adx_limit() noexcept;
std::size_t sqr_karatsuba_adx_limit() noexcept;

}  // namespace parmod::limbs

// limbs/mul_ifma.hpp - schoolbook product and square on AVX-512 IFMA
// (vpmadd52luq / vpmadd52huq), in radix 2^52 (limbs/radix52.hpp).
//
// The operands are converted to 52-bit digits, the product is computed by
// output blocks of 8 V digits held in 2 V zmm accumulators (the low and the
// high halves of the 104-bit digit products), each block one loop over the
// digits of the shorter operand (broadcast) against the longer one loaded at
// the matching offset; the unnormalised 64-bit column sums are then carried
// and packed back into 64-bit limbs in one pass.  Eight digit products per
// instruction: on Zen 4 about 2.5x mpn_mul_n from ~16 limbs to a few hundred.
//
// All require AVX-512F + AVX-512 IFMA (limbs::cpu_has_avx512_ifma()); the
// caller checks.  limbs::mul and limbs::sqr call them in the tuned ranges
// below.  No allocation: scratch is the caller's (limbs::mul keeps it on the
// stack).  Variable time (sizes choose the branches, values do not).
#pragma once

#include <cstddef>
#include <cstdint>

#include "limbs/limbs.hpp"
#include "limbs/radix52.hpp"

namespace parmod::limbs {

// The largest operand (limbs of the shorter one for products, of a for
// squares) the kernels take, and the largest mul.ifma_max / sqr.ifma_max
// (their maximum in config/tuning_keys.def, checked at compile time):
// a 64-bit column sum stays exact up to 2048 digits = 1702 limbs (see
// mul_ifma.cpp); limbs::mul keeps mul_ifma_scratch(1024, 1024) words
// (41 KiB) on the stack.
constexpr std::size_t kIfmaMaxLimbs = 1024;

// Scratch words (64-bit) of mul_ifma for an x bn limbs (either order) and of
// sqr_ifma for n limbs: the digits of both operands with 32 zero digits on
// each side of the longer one, and the column sums rounded up to a block.
constexpr std::size_t mul_ifma_scratch(std::size_t an, std::size_t bn) noexcept {
  const std::size_t da = radix52_digits(64 * an), db = radix52_digits(64 * bn);
  return 2 * (da + db) + 160;
}
constexpr std::size_t sqr_ifma_scratch(std::size_t n) noexcept { return mul_ifma_scratch(n, n); }

// rp[0, an+bn) = a * b.  an >= 1, bn >= 1, min(an, bn) <= kIfmaMaxLimbs;
// rp overlaps neither operand nor scratch, which holds mul_ifma_scratch(an, bn) words.
// Cost: about da*db/4 IFMA instructions (da, db digits = 64 an / 52, 64 bn
// / 52; 1 per core cycle on Zen 4) + O(an + bn) for the conversions and the
// carries.
void mul_ifma(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
              std::uint64_t* scratch) noexcept;

// rp[0, 2n) = a^2.  1 <= n <= kIfmaMaxLimbs, rp does not overlap a or scratch,
// which holds sqr_ifma_scratch(n) words.  The cross products a_i a_j (i < j) once
// (masked loads on the blocks' diagonal), doubled, plus the squares a_i^2.
// Cost: about d^2/8 IFMA instructions (d = 64 n / 52 digits) + O(n).
void sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, std::uint64_t* scratch) noexcept;

// The range [min, max) of sizes (limbs of the shorter operand for products)
// in which limbs::mul / limbs::sqr use the functions above: tuning keys
// mul.ifma_min, mul.ifma_max, sqr.ifma_min, sqr.ifma_max (config/tuning.hpp;
// min >= max = never; max <= kIfmaMaxLimbs); all 0 without IFMA
// (cpu_has_avx512_ifma(), which PARMOD_NO_IFMA=1 turns off).
std::size_t mul_ifma_min() noexcept;
std::size_t mul_ifma_max() noexcept;
std::size_t sqr_ifma_min() noexcept;
std::size_t sqr_ifma_max() noexcept;

}  // namespace parmod::limbs

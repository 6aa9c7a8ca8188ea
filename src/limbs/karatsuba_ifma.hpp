// limbs/karatsuba_ifma.hpp - Karatsuba's product and square over the AVX-512
// IFMA schoolbook (limbs/mul_ifma.hpp), for the sizes just above the IFMA
// basecase range, where GMP's Toom-3/4 bottom out in its slower basecase.
//
// Both require AVX-512F + AVX-512 IFMA (limbs::cpu_has_avx512_ifma());
// limbs::mul and limbs::sqr call them in [IFMA max, IFMA Karatsuba max) and
// the other kernels or GMP above.
#pragma once

#include <cstddef>

#include "limbs/karatsuba_adx.hpp"
#include "limbs/limbs.hpp"
#include "limbs/mul_ifma.hpp"

namespace parmod::limbs {

// Scratch (64-bit words) of karatsuba_mul_ifma / karatsuba_sqr_ifma for n
// limbs: the levels' as karatsuba_adx_scratch(n), then the basecase's for
// the largest half, ceil(n/2) limbs (< 6n + 2 log2 n + 5n).
constexpr std::size_t karatsuba_ifma_scratch(std::size_t n) noexcept {
  return karatsuba_adx_scratch(n) + mul_ifma_scratch((n + 1) / 2, (n + 1) / 2);
}

// limbs::mul and limbs::sqr keep karatsuba_ifma_scratch(kKaratsubaIfmaStackLimit)
// words (78 KiB) on the stack; above, up to kKaratsubaIfmaMaxLimit (the
// largest limit the tuning table may set), a workspace per thread that grows
// once and is reused (272 KiB at 4096 limbs).
constexpr std::size_t kKaratsubaIfmaStackLimit = 1152;
constexpr std::size_t kKaratsubaIfmaMaxLimit = 8192;

// rp[0, 2n) = a * b for n-limb a, b; n >= 2, rp overlaps neither operand;
// scratch holds karatsuba_ifma_scratch(n) words and does not overlap rp.  One level of Karatsuba's
// identity with subtractions as karatsuba_mul_adx (limbs/karatsuba_adx.hpp);
// the three half products recurse while n >= mul_ifma_max(), else
// mul_ifma (which needs n <= kIfmaMaxLimbs at the leaves).
// Cost: 3 M(n/2) + O(n).
void karatsuba_mul_ifma(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept;

// rp[0, 2n) = a^2; n >= 2; as above with (a0 - a1)^2, leaves sqr_ifma below
// sqr_ifma_max().  Cost: 3 S(n/2) + O(n).
void karatsuba_sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept;

// Upper size limits (limbs) of the IFMA Karatsuba range: tuning keys
// mul.ifma_karatsuba_max / sqr.ifma_karatsuba_max (config/tuning.hpp; at
// most kKaratsubaIfmaMaxLimit, 0 without IFMA).  The range starts at
// mul_ifma_max() / sqr_ifma_max().
std::size_t mul_karatsuba_ifma_limit() noexcept;
std::size_t sqr_karatsuba_ifma_limit() noexcept;

}  // namespace parmod::limbs

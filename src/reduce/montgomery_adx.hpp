// reduce/montgomery_adx.hpp - Montgomery REDC, and the Montgomery product and
// square with their REDC folded in, on the mulx/adcx/adox register windows
// of limbs/window_adx.hpp (the same generated kernels).
//
// REDC takes the quotient digits in blocks of 8: the block's digit columns
// compute q_c = t_c mu0 mod beta in the window as it reaches position c
// (Montgomery 1985, word by word) and add q_c P[0, 8); the rest of the
// block's Q P goes in with the block's digits as the strip.  The product and
// square fold in: fully unrolled for limbs::window_adx_unrolled(n) (every
// limb product in one window, column by column, the digit chain overlapped
// with the product's groups); for n = 8m >= 32 the product in passes with
// the product strip and the digit or quotient group in each column;
// otherwise product strips between the REDC blocks (details in the
// generator, limbs/gen_window_adx.py).
//
// All require limbs::window_adx_enabled(); P odd in p[0, n) with
// p[n-1] != 0, n >= 1, mu0 = -P^-1 mod beta.
#pragma once

#include <cstddef>

#include "check/assert.hpp"
#include "limbs/window_adx.hpp"

namespace parmod::reduce {

// Where the folded product and REDC (montgomery_mul_adx, montgomery_sqr_adx)
// beat a product (Karatsuba over the window kernels) followed by the window
// REDC is a property of the CPU: the tuning keys montgomery.adx_folded_max,
// montgomery.adx_passes_max and montgomery.adx_sqr_passes_max
// (modmul/montgomery_mul.cpp decides; `parmod tune` measures them).

// Below these sizes the window kernels lose to the limb layer's product
// and the mulx rows of reduce::montgomery_reduce_words (call overhead and
// narrow strips): the Montgomery engine takes the window path from
// kMontgomeryAdxMin limbs, word REDC the window REDC from
// kMontgomeryRedcAdxMin (same measurements).
constexpr std::size_t kMontgomeryAdxMin = 8;
constexpr std::size_t kMontgomeryRedcAdxMin = 10;

// Scratch limbs of montgomery_mul_adx / montgomery_sqr_adx.
constexpr std::size_t montgomery_adx_scratch(std::size_t n) noexcept { return 2 * n + 1; }

#if PARMOD_WINDOW_ADX_ASM
// r[0, n) = a b beta^-n mod P for a, b in [0, P).  r may alias a or b; t
// holds montgomery_adx_scratch(n) limbs and overlaps nothing else (the
// unrolled sizes do not use it).  Cost: n^2 limb products for a b, n^2 + n
// for REDC, a conditional subtraction.
// `kernels` (limbs::WindowKernels): `unrolled` runs the fully unrolled
// kernel where limbs::window_adx_unrolled_tuned(n) names one, for other n
// the same as `entry` (the Montgomery engine says when: the tuning keys
// montgomery.adx_unrolled_max and montgomery.adx_sqr_unrolled_max,
// modmul/montgomery_mul.cpp); `zero_slot` requires
// limbs::window_adx_unrolled(n) (the kernel traps on other n) and runs the
// family of unrolled kernels that closes from the zero slot (tuning key
// montgomery.adx_small_zero_slot).
inline void montgomery_mul_adx(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* p, limb_t mu0,
                               std::size_t n, limb_t* t,
                               limbs::WindowKernels kernels = limbs::WindowKernels::entry) noexcept {
  switch (kernels) {
    case limbs::WindowKernels::entry:
      return parmod_montgomery_mul_adx(r, a, b, p, mu0, n, t);
    case limbs::WindowKernels::unrolled:
      return parmod_montgomery_mul_adx_unrolled(r, a, b, p, mu0, n, t);
    case limbs::WindowKernels::zero_slot:
      PARMOD_ASSERT(limbs::window_adx_unrolled(n));
      return parmod_montgomery_mul_adx_small_zs(r, a, b, p, mu0, n, t);
  }
}

// r[0, n) = a^2 beta^-n mod P for a in [0, P); as above.  Cost: about
// n^2 / 2 limb products for a^2 (unrolled: n (n + 3) / 2 - 1 with d = 2a),
// REDC as above.  For n = 8m in [32, 512] in passes: the triangle one
// 8-limb strip a pass, the doubling with the diagonal in one loop, then the
// REDC passes of montgomery_redc_adx.
inline void montgomery_sqr_adx(limb_t* r, const limb_t* a, const limb_t* p, limb_t mu0, std::size_t n,
                               limb_t* t, limbs::WindowKernels kernels = limbs::WindowKernels::entry) noexcept {
  switch (kernels) {
    case limbs::WindowKernels::entry:
      return parmod_montgomery_sqr_adx(r, a, p, mu0, n, t);
    case limbs::WindowKernels::unrolled:
      return parmod_montgomery_sqr_adx_unrolled(r, a, p, mu0, n, t);
    case limbs::WindowKernels::zero_slot:
      PARMOD_ASSERT(limbs::window_adx_unrolled(n));
      return parmod_montgomery_sqr_adx_small_zs(r, a, p, mu0, n, t);
  }
}

// r[0, n) = C beta^-n mod P, fully reduced, for C in c[0, 2n) with
// C < P beta^n.  c is destroyed; r may equal c or c + n, or be disjoint
// from c.  Cost: n^2 + n limb products, a conditional subtraction.  With
// `passes`, n = 8m in [16, 512] runs in passes: pass s adds Q_s P and, in
// its first 8 columns, computes the digits of block s + 1 (two groups per
// column there); otherwise, and for other n, block by block in columns
// (which is faster is a property of the CPU: the tuning key
// montgomery.adx_redc_passes_max, read by reduce::montgomery_reduce_words).
inline void montgomery_redc_adx(limb_t* r, limb_t* c, const limb_t* p, limb_t mu0, std::size_t n,
                                bool passes = true) noexcept {
  if (passes)
    parmod_montgomery_redc_adx(r, c, p, mu0, n);
  else
    parmod_montgomery_redc_adx_columns(r, c, p, mu0, n);
}
#endif

}  // namespace parmod::reduce

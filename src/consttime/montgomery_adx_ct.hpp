// consttime/montgomery_adx_ct.hpp - the constant-time Montgomery product and
// square on the mulx/adcx/adox register windows.
//
// The kernels of reduce/montgomery_adx.hpp generated a second time
// (limbs/gen_window_adx.py --constant-time -> consttime/montgomery_adx_ct_asm.cpp)
// with the final subtraction as a masked select: D = R - P is always
// computed and the result taken from R or D by a mask built from the borrow
// and the carry, so the instruction stream and every address depend on n
// only, never on a, b or P.  Used by consttime/montgomery_ct where the window
// kernels may run (limbs::window_adx_enabled()).
//
// Requires BMI2 + ADX; P odd in p[0, n) with p[n-1] != 0, n >= 1,
// mu0 = -P^-1 mod beta; a, b in [0, P).
#pragma once

#include <cstddef>

#include "check/assert.hpp"
#include "limbs/window_adx.hpp"

#if PARMOD_WINDOW_ADX_ASM
extern "C" {
void parmod_ct_montgomery_mul_adx(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                                  const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                                  parmod::limb_t* t) noexcept;
void parmod_ct_montgomery_sqr_adx(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                                  parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
void parmod_ct_montgomery_mul_adx_unrolled(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                                           const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                                           parmod::limb_t* t) noexcept;
void parmod_ct_montgomery_sqr_adx_unrolled(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                                           parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
void parmod_ct_montgomery_mul_adx_small_zs(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                                           const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                                           parmod::limb_t* t) noexcept;
void parmod_ct_montgomery_sqr_adx_small_zs(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                                           parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
}

namespace parmod::consttime {

// Scratch limbs of both (the same frame as reduce::montgomery_adx_scratch).
constexpr std::size_t montgomery_adx_ct_scratch(std::size_t n) noexcept { return 2 * n + 1; }

// r[0, n) = a b beta^-n mod P; r may alias a or b; t holds
// montgomery_adx_ct_scratch(n) limbs and overlaps nothing else.  Cost as
// reduce::montgomery_mul_adx plus about 4n for the select.  `kernels` as
// there (limbs::WindowKernels; zero_slot only where
// limbs::window_adx_unrolled(n)): a choice by the CPU and n, never by a value.
inline void montgomery_mul_adx_ct(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* p, limb_t mu0,
                                  std::size_t n, limb_t* t,
                                  limbs::WindowKernels kernels = limbs::WindowKernels::entry) noexcept {
  switch (kernels) {
    case limbs::WindowKernels::entry:
      return parmod_ct_montgomery_mul_adx(r, a, b, p, mu0, n, t);
    case limbs::WindowKernels::unrolled:
      return parmod_ct_montgomery_mul_adx_unrolled(r, a, b, p, mu0, n, t);
    case limbs::WindowKernels::zero_slot:
      PARMOD_ASSERT(limbs::window_adx_unrolled(n));
      return parmod_ct_montgomery_mul_adx_small_zs(r, a, b, p, mu0, n, t);
  }
}

// r[0, n) = a^2 beta^-n mod P; as above.
inline void montgomery_sqr_adx_ct(limb_t* r, const limb_t* a, const limb_t* p, limb_t mu0, std::size_t n,
                                  limb_t* t, limbs::WindowKernels kernels = limbs::WindowKernels::entry) noexcept {
  switch (kernels) {
    case limbs::WindowKernels::entry:
      return parmod_ct_montgomery_sqr_adx(r, a, p, mu0, n, t);
    case limbs::WindowKernels::unrolled:
      return parmod_ct_montgomery_sqr_adx_unrolled(r, a, p, mu0, n, t);
    case limbs::WindowKernels::zero_slot:
      PARMOD_ASSERT(limbs::window_adx_unrolled(n));
      return parmod_ct_montgomery_sqr_adx_small_zs(r, a, p, mu0, n, t);
  }
}

}  // namespace parmod::consttime
#endif

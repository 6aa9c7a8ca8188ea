#include "consttime/montgomery_ct.hpp"

#include <algorithm>

#include "config/tuning.hpp"

namespace parmod::consttime {
namespace {

// Whether the register-window kernels run (BMI2 + ADX, not turned off by the
// tuning row): a property of the CPU and the size class, never of a value.
bool window_kernels() noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return limbs::window_adx_enabled();
#else
  return false;
#endif
}

// Whether the product (square) of n limbs takes the unrolled kernel of a
// tuned size: the same keys as the Montgomery engine's
// (modmul/montgomery_mul.cpp), a property of the CPU and n only.
bool unrolled_kernel(const config::Tuning& t, std::size_t n, bool square) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return n < (square ? t.montgomery_adx_sqr_unrolled_max : t.montgomery_adx_unrolled_max) &&
         limbs::window_adx_unrolled_tuned(n) && window_kernels();
#else
  (void)t;
  (void)n;
  (void)square;
  return false;
#endif
}

// The kernels of the product (square) of n limbs: the unrolled kernel of a
// tuned size, the zero-slot family of the entry points' unrolled sizes, or
// the entry points (the same keys as the Montgomery engine's).
limbs::WindowKernels window_kernels_for(std::size_t n, bool square) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  const config::Tuning& t = config::tuning();  // one snapshot for both keys
  if (unrolled_kernel(t, n, square)) return limbs::WindowKernels::unrolled;
  if (t.montgomery_adx_small_zero_slot != 0 && limbs::window_adx_unrolled(n))
    return limbs::WindowKernels::zero_slot;
#else
  (void)n;
  (void)square;
#endif
  return limbs::WindowKernels::entry;
}

}  // namespace

std::size_t montgomery_ct_scratch(std::size_t n) noexcept {
  const auto sn = static_cast<mp_size_t>(n);
  const std::size_t mpn = 2 * n + static_cast<std::size_t>(std::max(mpn_sec_mul_itch(sn, sn), mpn_sec_sqr_itch(sn)));
#if PARMOD_WINDOW_ADX_ASM
  return std::max(mpn, montgomery_adx_ct_scratch(n));
#else
  return mpn;
#endif
}

const char* montgomery_ct_kernels() noexcept { return window_kernels() ? "mulx/adx windows" : "mpn_sec products"; }

MontgomeryCt::MontgomeryCt(const modmul::ModulusConstants& k) noexcept
    : k_(k),
      windows_(window_kernels()),
      kernels_mul_(window_kernels_for(k.n, false)),
      kernels_sqr_(window_kernels_for(k.n, true)) {}

void montgomery_redc_ct(limb_t* r, limb_t* c, const modmul::ModulusConstants& k) noexcept {
  const std::size_t n = k.n;
  const auto sn = static_cast<mp_size_t>(n);
  for (std::size_t i = 0; i < n; ++i) c[i] = mpn_addmul_1(c + i, k.p.data(), sn, c[i] * k.mu0);
  const limb_t carry = mpn_add_n(r, c + n, c, sn);
  // Subtract P when carry = 1 or r >= P.  The trial subtraction's borrow is
  // computed into c (free now); the condition is arithmetic, not a branch.
  const limb_t borrow = mpn_sub_n(c, r, k.p.data(), sn);
  mpn_cnd_sub_n(carry | (borrow ^ 1), r, r, k.p.data(), sn);
}

void montgomery_mul_ct(limb_t* r, const limb_t* a, const limb_t* b, const modmul::ModulusConstants& k,
                       limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (window_kernels())
    return montgomery_mul_adx_ct(r, a, b, k.p.data(), k.mu0, k.n, scratch, window_kernels_for(k.n, false));
#endif
  const auto sn = static_cast<mp_size_t>(k.n);
  mpn_sec_mul(scratch, a, sn, b, sn, scratch + 2 * k.n);
  montgomery_redc_ct(r, scratch, k);
}

void montgomery_sqr_ct(limb_t* r, const limb_t* a, const modmul::ModulusConstants& k, limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (window_kernels())
    return montgomery_sqr_adx_ct(r, a, k.p.data(), k.mu0, k.n, scratch, window_kernels_for(k.n, true));
#endif
  const auto sn = static_cast<mp_size_t>(k.n);
  mpn_sec_sqr(scratch, a, sn, scratch + 2 * k.n);
  montgomery_redc_ct(r, scratch, k);
}

}  // namespace parmod::consttime

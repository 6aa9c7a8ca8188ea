#include "modmul/montgomery_mul.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/window_adx.hpp"
#include "reduce/montgomery_adx.hpp"
#include "reduce/montgomery_reduce.hpp"

namespace parmod::modmul {
namespace {

#if PARMOD_WINDOW_ADX_ASM
// t[0, 2n) = a b (a^2 when a == b) on the window path: the AVX-512 IFMA
// kernels where limbs::mul picks them, Karatsuba over the window kernels
// below montgomery.karatsuba_window_max limbs (recursing from
// montgomery.karatsuba_window_mul_min / _sqr_min), limbs::mul above.
// scratch: karatsuba_adx_scratch(min(n, kKaratsubaAdxMaxLimit)) limbs.
void window_product(const config::Tuning& tuning, limb_t* t, const limb_t* a, const limb_t* b, std::size_t n,
                    limb_t* scratch) noexcept {
  static_assert(config::tuning_max::montgomery_karatsuba_window_max <= limbs::kKaratsubaAdxMaxLimit);
  const bool square = a == b;
  const limbs::MulKernel kernel = square ? limbs::sqr_kernel(tuning, n) : limbs::mul_kernel(tuning, n, n);
  if (limbs::is_ifma(kernel) || n >= tuning.montgomery_karatsuba_window_max) return limbs::mul(t, a, n, b, n);
  if (square)
    limbs::sqr_karatsuba_window_adx(t, a, n, tuning.montgomery_karatsuba_window_sqr_min, scratch);
  else
    limbs::mul_karatsuba_window_adx(t, a, b, n, tuning.montgomery_karatsuba_window_mul_min, scratch);
}

// The folded kernels (product and REDC in one call) where they are faster:
// the unrolled sizes, and below montgomery.adx_folded_max limbs unless
// limbs::mul would take the IFMA product (whose product then beats the
// window's); for n = 8m the passes, products below montgomery.adx_passes_max
// and squares below montgomery.adx_sqr_passes_max (tuning keys: the CPU
// decides).
bool folded(const config::Tuning& t, std::size_t n, bool square) {
  if (limbs::window_adx_unrolled(n)) return true;
  const bool passes = n % 8 == 0 && n < (square ? t.montgomery_adx_sqr_passes_max : t.montgomery_adx_passes_max);
  const bool small = passes || (n < t.montgomery_adx_folded_max && n % 8 != 0) ||
                     (!square && n < t.montgomery_adx_folded_max);
  return small && !limbs::is_ifma(square ? limbs::sqr_kernel(t, n) : limbs::mul_kernel(t, n, n));
}

// The unrolled kernels of the sizes beyond the entry points' table
// (limbs::window_adx_unrolled_tuned): below montgomery.adx_unrolled_max
// limbs for products, montgomery.adx_sqr_unrolled_max for squares.
// The key first: it is a field, the size test an out-of-line call.
bool unrolled(const config::Tuning& t, std::size_t n, bool square) {
  return n < (square ? t.montgomery_adx_sqr_unrolled_max : t.montgomery_adx_unrolled_max) &&
         limbs::window_adx_unrolled_tuned(n);
}

// The family of the unrolled kernels of the entry points' sizes
// (limbs::window_adx_unrolled) that closes from the zero slot, where the
// tuning key montgomery.adx_small_zero_slot takes it.  The key first: it is
// a field, the size test an out-of-line call.
bool small_zero_slot(const config::Tuning& t, std::size_t n) {
  return t.montgomery_adx_small_zero_slot != 0 && limbs::window_adx_unrolled(n);
}

// Whether products of n limbs take the window kernels (tuning key
// montgomery.window_adx_min, at least the kernels' own minimum).
bool window_path(const config::Tuning& t, std::size_t n) {
  const std::size_t min = t.montgomery_window_adx_min;
  return min > 0 && n >= std::max(min, reduce::kMontgomeryAdxMin);
}
#endif

}  // namespace

void to_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  montgomery_mul(r, a, k.r2_mod_p.data(), k, scratch);
}

void from_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a));
  const std::size_t n = k.n;
  limb_t* c = scratch;
  mpn_copyi(c, a, static_cast<mp_size_t>(n));
  mpn_zero(c + n, static_cast<mp_size_t>(n));
  montgomery_redc(r, c, k, scratch + 2 * n);
}

const limb_t* montgomery_one(const ModulusConstants& k) noexcept { return k.r_mod_p.data(); }

std::size_t redc_products_threshold() noexcept { return config::tuning().redc_products_threshold; }

std::size_t montgomery_scratch(std::size_t n) noexcept {
  // the product 2n, then REDC by products or Karatsuba over the window kernels (window_product)
  const std::size_t karatsuba = limbs::karatsuba_adx_scratch(std::min(n, limbs::kKaratsubaAdxMaxLimit));
  return 2 * n + std::max(reduce::montgomery_reduce_products_scratch(n), karatsuba);
}

void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept {
  PARMOD_ASSERT(k.odd);
  if (k.n >= redc_products_threshold())
    return reduce::montgomery_reduce_products(r, c, k.p.data(), k.mu.data(), k.n, scratch_after_c);
  reduce::montgomery_reduce_words(r, c, k.p.data(), k.n, k.mu0);
}

#if PARMOD_WINDOW_ADX_ASM
void montgomery_window_folded(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                              limb_t* scratch) noexcept {
  if (a == b) return reduce::montgomery_sqr_adx(r, a, k.p.data(), k.mu0, k.n, scratch);
  reduce::montgomery_mul_adx(r, a, b, k.p.data(), k.mu0, k.n, scratch);
}

void montgomery_window_unrolled(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                                limb_t* scratch) noexcept {
  constexpr auto kernels = limbs::WindowKernels::unrolled;
  if (a == b) return reduce::montgomery_sqr_adx(r, a, k.p.data(), k.mu0, k.n, scratch, kernels);
  reduce::montgomery_mul_adx(r, a, b, k.p.data(), k.mu0, k.n, scratch, kernels);
}

void montgomery_window_zero_slot(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                                 limb_t* scratch) noexcept {
  PARMOD_ASSERT(limbs::window_adx_unrolled(k.n));
  constexpr auto kernels = limbs::WindowKernels::zero_slot;
  if (a == b) return reduce::montgomery_sqr_adx(r, a, k.p.data(), k.mu0, k.n, scratch, kernels);
  reduce::montgomery_mul_adx(r, a, b, k.p.data(), k.mu0, k.n, scratch, kernels);
}

namespace {
// montgomery_window_split with the tuning snapshot its caller already holds.
void window_split(const config::Tuning& t, limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                  limb_t* scratch) noexcept {
  window_product(t, scratch, a, b, k.n, scratch + 2 * k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}
}  // namespace

void montgomery_window_split(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                             limb_t* scratch) noexcept {
  window_split(config::tuning(), r, a, b, k, scratch);
}
#endif

void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(k.odd && check::less(a, k.p.data(), k.n) && check::less(b, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && check::same_or_separate(r, b, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a, b));
#if PARMOD_WINDOW_ADX_ASM
  const config::Tuning& t = config::tuning();  // one snapshot for every decision
  if (window_path(t, k.n)) {
    if (a == b) return montgomery_sqr(r, a, k, scratch);
    if (unrolled(t, k.n, false)) return montgomery_window_unrolled(r, a, b, k, scratch);
    if (small_zero_slot(t, k.n)) return montgomery_window_zero_slot(r, a, b, k, scratch);
    return folded(t, k.n, false) ? montgomery_window_folded(r, a, b, k, scratch)
                                 : window_split(t, r, a, b, k, scratch);
  }
#endif
  limbs::mul(scratch, a, k.n, b, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
  PARMOD_ASSERT(k.odd && check::less(a, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, montgomery_scratch(k.n), k.n, r, a));
#if PARMOD_WINDOW_ADX_ASM
  const config::Tuning& t = config::tuning();  // one snapshot for every decision
  if (window_path(t, k.n)) {
    if (unrolled(t, k.n, true)) return montgomery_window_unrolled(r, a, a, k, scratch);
    if (small_zero_slot(t, k.n)) return montgomery_window_zero_slot(r, a, a, k, scratch);
    return folded(t, k.n, true) ? montgomery_window_folded(r, a, a, k, scratch)
                                : window_split(t, r, a, a, k, scratch);
  }
#endif
  limbs::sqr(scratch, a, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

const Engine montgomery_engine = {
    .name = "montgomery", .scratch_limbs = montgomery_scratch, .mul = montgomery_mul, .sqr = montgomery_sqr,
    .to_repr = to_montgomery, .from_repr = from_montgomery, .one = montgomery_one,
};

}  // namespace parmod::modmul

#include "modmul/montgomery_mul.hpp"

#include <algorithm>
#include <atomic>

#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/window_adx.hpp"
#include "reduce/montgomery_adx.hpp"
#include "reduce/montgomery_reduce.hpp"

namespace parmod::modmul {
namespace {

// Where REDC by products starts to win by default (the tuning key
// redc_products_threshold overrides it): against the window REDC, GMP's
// redc_n from about 112 limbs and mullo + the IFMA product from about 64 (AMD
// EPYC Zen 5, docs/bench/zen5-2026-11-26/montgomery_adx.md); against the mulx
// rows (PARMOD_MULX_KERNELS=0) from 224 limbs (AMD EPYC, Zen 4).
std::size_t default_redc_products_threshold() noexcept {
  if (!limbs::window_adx_enabled()) return 224;
  return limbs::cpu_has_avx512_ifma() ? 64 : 112;
}

std::atomic<std::size_t> g_redc_products_threshold{default_redc_products_threshold()};

bool accepts(const ModulusConstants& k) { return k.odd; }

void to_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  montgomery_mul(r, a, k.r2_mod_p.data(), k, scratch);
}

void from_montgomery(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  const std::size_t n = k.n;
  limb_t* c = scratch;
  mpn_copyi(c, a, static_cast<mp_size_t>(n));
  mpn_zero(c + n, static_cast<mp_size_t>(n));
  montgomery_redc(r, c, k, scratch + 2 * n);
}

const limb_t* montgomery_one(const ModulusConstants& k) { return k.r_mod_p.data(); }

#if PARMOD_WINDOW_ADX_ASM
bool ifma_kernel(limbs::MulKernel kernel) {
  return kernel == limbs::MulKernel::ifma || kernel == limbs::MulKernel::karatsuba_ifma;
}

// t[0, 2n) = a b (a^2 when a == b) on the window path: the AVX-512 IFMA
// kernels where limbs::mul picks them, Karatsuba over the window kernels up
// to limbs::kKaratsubaWindowAdxMax limbs, limbs::mul above.
void window_product(limb_t* t, const limb_t* a, const limb_t* b, std::size_t n, limb_t* scratch) noexcept {
  const bool square = a == b;
  const limbs::MulKernel kernel = square ? limbs::sqr_kernel(n) : limbs::mul_kernel(n, n);
  if (ifma_kernel(kernel) || n >= limbs::kKaratsubaWindowAdxMax) return limbs::mul(t, a, n, b, n);
  if (square)
    limbs::sqr_karatsuba_window_adx(t, a, n, limbs::kKaratsubaWindowAdxSqrMin, scratch);
  else
    limbs::mul_karatsuba_window_adx(t, a, b, n, limbs::kKaratsubaWindowAdxMulMin, scratch);
}

// The folded kernels (product and REDC in one call) where they are faster:
// the unrolled sizes, and below kMontgomeryAdxFoldedMax limbs unless
// limbs::mul would take the IFMA product (whose product then beats the
// window's); products of n = 8m below kMontgomeryAdxPassesMax (the passes),
// but squares of n = 8m take the square and the REDC passes.
bool folded(std::size_t n, bool square) {
  if (limbs::window_adx_unrolled(n)) return true;
  const bool small = square ? n < reduce::kMontgomeryAdxFoldedMax && n % 8 != 0
                            : n < reduce::kMontgomeryAdxFoldedMax || (n % 8 == 0 && n < reduce::kMontgomeryAdxPassesMax);
  return small && !ifma_kernel(square ? limbs::sqr_kernel(n) : limbs::mul_kernel(n, n));
}
#endif

}  // namespace

std::size_t redc_products_threshold() noexcept { return g_redc_products_threshold.load(std::memory_order_relaxed); }
void set_redc_products_threshold(std::size_t n) noexcept {
  g_redc_products_threshold.store(n, std::memory_order_relaxed);
}

std::size_t montgomery_scratch(std::size_t n) noexcept {
  // the product 2n, then REDC by products or Karatsuba over the window kernels (window_product)
  const std::size_t karatsuba = limbs::karatsuba_adx_scratch(std::min(n, limbs::kKaratsubaWindowAdxMax));
  return 2 * n + std::max(reduce::montgomery_reduce_products_scratch(n), karatsuba);
}

void montgomery_redc(limb_t* r, limb_t* c, const ModulusConstants& k, limb_t* scratch_after_c) noexcept {
  if (k.n >= redc_products_threshold())
    return reduce::montgomery_reduce_products(r, c, k.p.data(), k.mu.data(), k.n, scratch_after_c);
  reduce::montgomery_reduce_words(r, c, k.p.data(), k.n, k.mu0);
}

void montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (k.n >= reduce::kMontgomeryAdxMin && limbs::window_adx_enabled()) {
    if (a == b) return montgomery_sqr(r, a, k, scratch);
    if (folded(k.n, false)) return reduce::montgomery_mul_adx(r, a, b, k.p.data(), k.mu0, k.n, scratch);
    window_product(scratch, a, b, k.n, scratch + 2 * k.n);
    return montgomery_redc(r, scratch, k, scratch + 2 * k.n);
  }
#endif
  limbs::mul(scratch, a, k.n, b, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

void montgomery_sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) noexcept {
#if PARMOD_WINDOW_ADX_ASM
  if (k.n >= reduce::kMontgomeryAdxMin && limbs::window_adx_enabled()) {
    if (folded(k.n, true)) return reduce::montgomery_sqr_adx(r, a, k.p.data(), k.mu0, k.n, scratch);
    window_product(scratch, a, a, k.n, scratch + 2 * k.n);
    return montgomery_redc(r, scratch, k, scratch + 2 * k.n);
  }
#endif
  limbs::sqr(scratch, a, k.n);
  montgomery_redc(r, scratch, k, scratch + 2 * k.n);
}

const Engine montgomery_engine = {
    "montgomery", accepts, montgomery_scratch, montgomery_mul, montgomery_sqr, to_montgomery, from_montgomery,
    montgomery_one,
};

}  // namespace parmod::modmul

#include "limbs/karatsuba_adx.hpp"

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/karatsuba_steps.hpp"

namespace parmod::limbs {
static_assert(config::tuning_max::mul_karatsuba_adx_max == kKaratsubaAdxMaxLimit &&
              config::tuning_max::sqr_karatsuba_adx_max == kKaratsubaAdxMaxLimit);

void karatsuba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_adx_scratch(n), rp, 2 * n));
  karatsuba_steps::mul_recursive(rp, ap, bp, n, mul_karatsuba_adx_min(), scratch,
                                 [](limb_t* r, const limb_t* a, const limb_t* b, std::size_t m, limb_t*) {
                                   mul_basecase_adx(r, a, m, b, m);
                                 });
}

void karatsuba_sqr_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_adx_scratch(n), rp, 2 * n));
  karatsuba_steps::sqr_recursive(rp, ap, n, sqr_karatsuba_adx_min(), scratch,
                                 [](limb_t* r, const limb_t* a, std::size_t m, limb_t*) { sqr_basecase_adx(r, a, m); });
}

std::size_t mul_karatsuba_adx_limit() noexcept { return config::tuning().mul_karatsuba_adx_max; }
std::size_t sqr_karatsuba_adx_limit() noexcept { return config::tuning().sqr_karatsuba_adx_max; }

}  // namespace parmod::limbs

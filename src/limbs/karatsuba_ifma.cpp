#include "limbs/karatsuba_ifma.hpp"

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/karatsuba_steps.hpp"

namespace parmod::limbs {
static_assert(config::tuning_max::mul_ifma_karatsuba_max == kKaratsubaIfmaMaxLimit &&
              config::tuning_max::sqr_ifma_karatsuba_max == kKaratsubaIfmaMaxLimit);

void karatsuba_mul_ifma(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_ifma_scratch(n), rp, 2 * n));
  // mul_ifma_max() <= kIfmaMaxLimbs: every leaf fits the IFMA kernel.
  karatsuba_steps::mul_recursive(rp, ap, bp, n, mul_ifma_max(), scratch,
                                 [](limb_t* r, const limb_t* a, const limb_t* b, std::size_t m, limb_t* s) {
                                   mul_ifma(r, a, m, b, m, s);
                                 });
}

void karatsuba_sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_ifma_scratch(n), rp, 2 * n));
  karatsuba_steps::sqr_recursive(rp, ap, n, sqr_ifma_max(), scratch,
                                 [](limb_t* r, const limb_t* a, std::size_t m, limb_t* s) { sqr_ifma(r, a, m, s); });
}

std::size_t mul_karatsuba_ifma_limit() noexcept { return config::tuning().mul_ifma_karatsuba_max; }
std::size_t sqr_karatsuba_ifma_limit() noexcept { return config::tuning().sqr_ifma_karatsuba_max; }

}  // namespace parmod::limbs

#include "limbs/window_adx.hpp"

#include "config/tuning.hpp"

#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_steps.hpp"

namespace parmod::limbs {

bool window_adx_enabled() noexcept {
#if PARMOD_WINDOW_ADX_ASM
  return config::tuning().montgomery_window_adx_min > 0;  // 0 without BMI2 + ADX (config/tuning.hpp)
#else
  return false;
#endif
}

#if PARMOD_WINDOW_ADX_ASM
void mul_karatsuba_window_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t limit,
                              limb_t* scratch) noexcept {
  karatsuba_steps::mul_recursive(rp, ap, bp, n, limit, scratch,
                                 [](limb_t* r, const limb_t* a, const limb_t* b, std::size_t m, limb_t*) {
                                   parmod_mul_adx(r, a, m, b, m);
                                 });
}

void sqr_karatsuba_window_adx(limb_t* rp, const limb_t* ap, std::size_t n, std::size_t limit,
                              limb_t* scratch) noexcept {
  karatsuba_steps::sqr_recursive(rp, ap, n, limit, scratch,
                                 [](limb_t* r, const limb_t* a, std::size_t m, limb_t*) { parmod_sqr_adx(r, a, m); });
}
#endif

}  // namespace parmod::limbs

#include "limbs/addmul_1.hpp"

#include "check/assert.hpp"
#include "limbs/addmul_1_adx_row.hpp"
#include "limbs/cpu_features.hpp"

namespace parmod::limbs {

limb_t addmul_1_gmp(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept {
  return mpn_addmul_1(rp, ap, static_cast<mp_size_t>(n), b);
}

#if defined(__x86_64__)
limb_t addmul_1_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept {
  return addmul_1_adx_row(rp, ap, n, b);
}
#else
limb_t addmul_1_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept { return addmul_1_gmp(rp, ap, n, b); }
#endif

limb_t addmul_1(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(check::same_or_separate(rp, ap, n));
  static const bool adx = cpu_has_mulx_adx();
  return adx ? addmul_1_adx(rp, ap, n, b) : addmul_1_gmp(rp, ap, n, b);
}

}  // namespace parmod::limbs

// limbs/mul.cpp - the sequential product and square: own mulx/adx schoolbook
// (limbs/basecase_adx.hpp) and Karatsuba over it (limbs/karatsuba_adx.hpp)
// in the size ranges where they beat GMP, GMP's mpn_mul / mpn_sqr elsewhere.
#include <utility>

#include "limbs/basecase_adx.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/limbs.hpp"

namespace parmod::limbs {

void mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  if (an == bn && ap == bp) return sqr(rp, ap, an);
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  const std::size_t base = mul_basecase_adx_limit();
  if (bn >= mul_basecase_adx_min() && bn < base) return mul_basecase_adx(rp, ap, an, bp, bn);
  if (an == bn && base > 0 && bn >= base && bn < mul_karatsuba_adx_limit()) {
    limb_t scratch[karatsuba_adx_scratch(kKaratsubaAdxMaxLimit)];
    return karatsuba_mul_adx(rp, ap, bp, an, scratch);
  }
  if (an == bn)
    mpn_mul_n(rp, ap, bp, static_cast<mp_size_t>(an));
  else
    mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
}

void sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  const std::size_t base = sqr_basecase_adx_limit();
  if (n >= sqr_basecase_adx_min() && n < base) return sqr_basecase_adx(rp, ap, n);
  if (base > 0 && n >= base && n < sqr_karatsuba_adx_limit()) {
    limb_t scratch[karatsuba_adx_scratch(kKaratsubaAdxMaxLimit)];
    return karatsuba_sqr_adx(rp, ap, n, scratch);
  }
  mpn_sqr(rp, ap, static_cast<mp_size_t>(n));
}

}  // namespace parmod::limbs

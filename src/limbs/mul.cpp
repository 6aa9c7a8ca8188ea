// limbs/mul.cpp - the sequential product and square: own mulx/adx schoolbook
// below the measured limits (limbs/basecase_adx.hpp), GMP's mpn_mul / mpn_sqr
// above them.
#include <utility>

#include "limbs/basecase_adx.hpp"
#include "limbs/limbs.hpp"

namespace parmod::limbs {

void mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  if (an == bn && ap == bp) return sqr(rp, ap, an);
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  if (bn >= mul_basecase_adx_min() && bn < mul_basecase_adx_limit()) return mul_basecase_adx(rp, ap, an, bp, bn);
  if (an == bn)
    mpn_mul_n(rp, ap, bp, static_cast<mp_size_t>(an));
  else
    mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
}

void sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  if (n >= sqr_basecase_adx_min() && n < sqr_basecase_adx_limit()) return sqr_basecase_adx(rp, ap, n);
  mpn_sqr(rp, ap, static_cast<mp_size_t>(n));
}

}  // namespace parmod::limbs

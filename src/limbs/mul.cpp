// limbs/mul.cpp - the sequential product and square: GMP's mpn_mul / mpn_sqr.
#include "limbs/limbs.hpp"

namespace parmod::limbs {

void mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  if (an == bn) {
    if (ap == bp)
      mpn_sqr(rp, ap, static_cast<mp_size_t>(an));
    else
      mpn_mul_n(rp, ap, bp, static_cast<mp_size_t>(an));
  } else if (an > bn) {
    mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
  } else {
    mpn_mul(rp, bp, static_cast<mp_size_t>(bn), ap, static_cast<mp_size_t>(an));
  }
}

void sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept { mpn_sqr(rp, ap, static_cast<mp_size_t>(n)); }

}  // namespace parmod::limbs

// limbs/mullo.cpp - the low half of a product.
//
// GMP computes it with its mullo (basecase, then Mulders' short product on top
// of Karatsuba/Toom) but declares it only in its internal header; the symbol
// __gmpn_mullo_n is exported by every libgmp since 5.0 (and __gmpn_sqrlo, its
// square, since 6.2), so they are declared here.
#include "check/assert.hpp"
#include "limbs/limbs.hpp"

extern "C" void __gmpn_mullo_n(mp_ptr rp, mp_srcptr ap, mp_srcptr bp, mp_size_t n);
extern "C" void __gmpn_sqrlo(mp_ptr rp, mp_srcptr ap, mp_size_t n);

namespace parmod::limbs {

void mullo(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, n, ap, n) && !check::overlap(rp, n, bp, n));
  if (n == 1) {
    rp[0] = ap[0] * bp[0];
    return;
  }
  __gmpn_mullo_n(rp, ap, bp, static_cast<mp_size_t>(n));
}

void sqrlo(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, n, ap, n));
  if (n == 1) {
    rp[0] = ap[0] * ap[0];
    return;
  }
  __gmpn_sqrlo(rp, ap, static_cast<mp_size_t>(n));
}

}  // namespace parmod::limbs

// limbs/karatsuba_steps.hpp - the linear steps of one Karatsuba level
// (|a0 - a1| and the middle term), shared by the Karatsuba layers over the
// mulx row kernels (limbs/karatsuba_adx) and over the IFMA kernel
// (limbs/karatsuba_ifma).  Internal to the limb layer.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs::karatsuba_steps {

using sz = mp_size_t;

// r[0, h) = |x - y| for x of h limbs and y of l <= h limbs; returns 1 when x < y.
inline int abs_diff(limb_t* r, const limb_t* x, std::size_t h, const limb_t* y, std::size_t l) noexcept {
  bool x_smaller = false;
  if (normalized_size(x + l, h - l) == 0) x_smaller = mpn_cmp(x, y, sz(l)) < 0;
  if (x_smaller) {
    mpn_sub_n(r, y, x, sz(l));
    for (std::size_t i = l; i < h; ++i) r[i] = 0;
    return 1;
  }
  if (h > l)
    mpn_sub(r, x, sz(h), y, sz(l));
  else
    mpn_sub_n(r, x, y, sz(h));
  return 0;
}

// rp[h, 2n) += z0 + z2 -/+ d: the middle term of both identities.  rp holds
// z0 (2h limbs) then z2 (2l limbs); d has 2h limbs; t has 2h + 1 limbs.
inline void add_middle(limb_t* rp, std::size_t n, std::size_t h, const limb_t* d, bool subtract, limb_t* t) noexcept {
  const std::size_t l = n - h;
  mpn_copyi(t, rp, sz(2 * h));
  t[2 * h] = mpn_add(t, t, sz(2 * h), rp + 2 * h, sz(2 * l));
  if (subtract)
    mpn_sub(t, t, sz(2 * h + 1), d, sz(2 * h));  // no borrow: the middle term is a0 b1 + a1 b0 >= 0
  else
    t[2 * h] += mpn_add_n(t, t, d, sz(2 * h));
  std::size_t tn = 2 * h + 1;
  while (tn > n + l) --tn;  // the dropped limbs are zero: the middle term is below beta^(n + l)
  mpn_add(rp + h, rp + h, sz(n + l), t, sz(tn));
}

}  // namespace parmod::limbs::karatsuba_steps

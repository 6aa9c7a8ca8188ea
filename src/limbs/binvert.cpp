// limbs/binvert.cpp - the inverse of an odd number modulo beta^n (see limbs.hpp).
#include <algorithm>

#include "check/assert.hpp"
#include "limbs/limbs.hpp"

namespace parmod::limbs {

void binvert(limb_t* inv, const limb_t* a, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && a[0] % 2 == 1);
  PARMOD_ASSERT(!check::overlap(inv, n, a, n));
  PARMOD_ASSERT(!check::overlap(scratch, 2 * n, inv, n) && !check::overlap(scratch, 2 * n, a, n));
  // One limb: a a = 1 mod 8 for odd a, and each step doubles the correct
  // bits: 3, 6, 12, 24, 48, 96.
  limb_t x = a[0];
  for (int i = 0; i < 5; ++i) x *= 2 - a[0] * x;
  std::fill(inv, inv + n, limb_t(0));
  inv[0] = x;
  limb_t* t = scratch;       // a x, then 2 - a x
  limb_t* u = scratch + n;   // the next x
  // inv is correct mod beta^k; lift it to beta^min(2k, n).
  for (std::size_t k = 1; k < n;) {
    const std::size_t k2 = std::min(2 * k, n);
    mullo(t, a, inv, k2);
    mpn_neg(t, t, static_cast<mp_size_t>(k2));
    mpn_add_1(t, t, static_cast<mp_size_t>(k2), 2);
    mullo(u, inv, t, k2);
    mpn_copyi(inv, u, static_cast<mp_size_t>(k2));
    k = k2;
  }
}

}  // namespace parmod::limbs

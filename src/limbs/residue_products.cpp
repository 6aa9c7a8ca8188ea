// limbs/residue_products.cpp - products modulo beta^L -+ 1 and their CRT (see the header).
#include "limbs/residue_products.hpp"

#include "check/assert.hpp"

namespace parmod::limbs {

void fold_minus_one(limb_t* f, const limb_t* x, std::size_t xn, std::size_t L) noexcept {
  PARMOD_ASSERT(L >= 1 && xn >= L && xn <= 2 * L && !check::overlap(f, L, x, xn));
  const auto sL = static_cast<mp_size_t>(L);
  mpn_copyi(f, x, sL);
  if (xn == L) return;
  limb_t carry = mpn_add(f, f, sL, x + L, static_cast<mp_size_t>(xn - L));
  carry = mpn_add_1(f, f, sL, carry);  // beta^L = 1
  if (carry) mpn_add_1(f, f, sL, carry);  // f was beta^L - 1 plus 1: now 0, and beta^L = 1 again
}

void fold_plus_one(limb_t* f, const limb_t* x, std::size_t xn, std::size_t L) noexcept {
  PARMOD_ASSERT(L >= 1 && xn >= L && xn <= 2 * L && !check::overlap(f, L + 1, x, xn));
  const auto sL = static_cast<mp_size_t>(L);
  f[L] = 0;
  if (xn == L) {
    mpn_copyi(f, x, sL);
    return;
  }
  // x0 - x1 with x1 < beta^L: a borrow leaves x0 - x1 + beta^L, and beta^L = -1,
  // so one more: the result is at most beta^L.
  if (mpn_sub(f, x, sL, x + L, static_cast<mp_size_t>(xn - L))) f[L] = mpn_add_1(f, f, sL, 1);
}

void mulmod_minus_one(limb_t* x, const limb_t* a, const limb_t* b, std::size_t L, limb_t* scratch) noexcept {
  PARMOD_ASSERT(L >= 1 && !check::overlap(scratch, 2 * L, x, L) && !check::overlap(scratch, 2 * L, a, L) &&
                !check::overlap(scratch, 2 * L, b, L));
  if (a == b)
    sqr(scratch, a, L);
  else
    mul(scratch, a, L, b, L);
  fold_minus_one(x, scratch, 2 * L, L);
}

namespace {
// x[0, L] = -b mod (beta^L + 1) for b in [0, beta^L] on L + 1 limbs.
void negate_plus_one(limb_t* x, const limb_t* b, std::size_t L) noexcept {
  const auto sL = static_cast<mp_size_t>(L);
  x[L] = 0;
  if (b[L] != 0) {  // -beta^L = 1
    mpn_zero(x, sL);
    x[0] = 1;
  } else if (!any_nonzero(b, L)) {
    mpn_zero(x, sL);
  } else {  // beta^L + 1 - b: (beta^L - b) + 1 <= beta^L
    mpn_neg(x, b, sL);
    x[L] = mpn_add_1(x, x, sL, 1);
  }
}
}  // namespace

void mulmod_plus_one(limb_t* x, const limb_t* a, const limb_t* b, std::size_t L, limb_t* scratch) noexcept {
  PARMOD_ASSERT(L >= 1 && a[L] <= 1 && b[L] <= 1);
  PARMOD_ASSERT(!check::overlap(scratch, 2 * L, x, L + 1) && !check::overlap(scratch, 2 * L, a, L + 1) &&
                !check::overlap(scratch, 2 * L, b, L + 1));
  PARMOD_ASSERT(!check::overlap(x, L + 1, a, L + 1) && !check::overlap(x, L + 1, b, L + 1));
  if (a[L] != 0) return negate_plus_one(x, b, L);  // a = beta^L = -1
  if (b[L] != 0) return negate_plus_one(x, a, L);
  if (a == b)
    sqr(scratch, a, L);
  else
    mul(scratch, a, L, b, L);
  fold_plus_one(x, scratch, 2 * L, L);
}

void crt_minus_plus(limb_t* out, std::size_t hn, const limb_t* x1, limb_t* x2, std::size_t L) noexcept {
  PARMOD_ASSERT(L >= 1 && hn >= 1 && hn <= L && x2[L] <= 1);
  PARMOD_ASSERT(!check::overlap(out, L + hn, x1, L) && !check::overlap(out, L + hn, x2, L + 1));
  const auto sL = static_cast<mp_size_t>(L);
  limb_t* d = x2;  // X2, then X1 - X2 mod (beta^L + 1), then y
  // X1 - X2 = t - (borrow + top) beta^L = t + borrow + top (mod beta^L + 1), t = x1 - x2
  // mod beta^L.  top = 1 only for X2 = beta^L, whose low limbs are 0: no borrow then,
  // so the sum is at most beta^L.
  const limb_t top = d[L];
  const limb_t borrow = mpn_sub_n(d, x1, d, sL);
  d[L] = mpn_add_1(d, d, sL, borrow + top);
  PARMOD_ASSERT(d[L] == 0 || mpn_zero_p(d, sL));
  // y = d / 2 mod (beta^L + 1): for odd d, (d + beta^L + 1) / 2; y <= beta^L.
  if (d[0] & 1) d[L] += 1 + mpn_add_1(d, d, sL, 1);
  mpn_rshift(d, d, sL + 1, 1);
  // V = (X1 - y) + y beta^L: the low half (X1 - y[0, L)) mod beta^L with borrow b,
  // the high half y - b - y[L] from limb L (y[L] beta^L is subtracted there too).
  const limb_t b = mpn_sub_n(out, x1, d, sL);
  if (d[L] != 0) {  // y = beta^L: the high half is beta^L - 1 - b (hn = L: V >= beta^2L - beta^L)
    PARMOD_ASSERT(hn == L && mpn_zero_p(d, sL));
    for (std::size_t i = 0; i < L; ++i) out[L + i] = ~limb_t(0);
    out[L] -= b;
    return;
  }
  // y - b fits hn limbs: y's limbs above them are just the borrow taken from them.
  [[maybe_unused]] const limb_t under = mpn_sub_1(out + L, d, static_cast<mp_size_t>(hn), b);
  PARMOD_ASSERT(hn == L ? under == 0 : d[hn] == under && !any_nonzero(d + hn + 1, L - hn - 1));
}

}  // namespace parmod::limbs

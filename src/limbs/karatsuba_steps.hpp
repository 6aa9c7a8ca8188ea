// limbs/karatsuba_steps.hpp - Karatsuba's recursion over a base-case
// product and its linear steps (|a0 - a1| and the middle term), shared by the
// Karatsuba layers over the mulx row kernels (limbs/karatsuba_adx) and over
// the IFMA kernel (limbs/karatsuba_ifma), and the additive middle product
// and term of the parallel Toom products.  Internal to the limb layer.
#pragma once

#include <algorithm>
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

// The additive form's middle product, for the parallel Toom products' pieces:
// r[0, 2l + 2) = (x0 + x1)(y0 + y1) for x = x0 + x1 beta^h (x1 of l >= h
// limbs) and y likewise, the sums in xs and ys (l + 1 limbs each); a square
// (x == y) sums once and squares.
inline void product_of_sums(limb_t* r, const limb_t* x, const limb_t* y, std::size_t h, std::size_t l, limb_t* xs,
                            limb_t* ys) noexcept {
  xs[l] = mpn_add(xs, x + h, sz(l), x, sz(h));
  if (x == y) {
    ys = xs;
  } else {
    ys[l] = mpn_add(ys, y + h, sz(l), y, sz(h));
  }
  limbs::mul(r, xs, l + 1, ys, l + 1);
}

// r[off, total) += c, c of w limbs, its limbs from total - off up zero (a
// coefficient of a product of total limbs added in place; the sum fits).
inline void add_at(limb_t* r, std::size_t total, std::size_t off, const limb_t* c, std::size_t w) noexcept {
  const std::size_t len = std::min(normalized_size(c, w), total - off);
  if (len) mpn_add(r + off, r + off, sz(total - off), c, sz(len));
}

// The additive form's middle term, where the three products are separate
// tasks (the parallel Toom products' W(2), W(1/2)): rp holds z0 = x0 y0 (2h
// limbs) then z2 = x1 y1 (2l limbs, l >= h), m holds (x0 + x1)(y0 + y1) on
// 2l + 2 limbs; rp[h, 2h + 2l) += m - z0 - z2 (m is overwritten).  The middle
// term x0 y1 + x1 y0 has at most h + l + 1 limbs, and the sum x y fits rp.
inline void add_middle_of_sums(limb_t* rp, std::size_t h, std::size_t l, limb_t* m) noexcept {
  const std::size_t mn = 2 * l + 2, rn = 2 * h + 2 * l;
  mpn_sub(m, m, sz(mn), rp, sz(2 * h));
  mpn_sub(m, m, sz(mn), rp + 2 * h, sz(2 * l));
  add_at(rp, rn, h, m, mn);
}

// rp[0, 2n) = a b for n-limb a, b: Karatsuba (subtractive form) while
// n >= limit (and n >= 2), base(rp, ap, bp, n, scratch) below.  Halves
// h = ceil(n/2) and n - h; scratch holds 6h + 1 limbs per level (da, db, d,
// t), then the next level's.  rp does not overlap a, b or scratch.
template <class Base>
void mul_recursive(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t limit, limb_t* scratch,
                   const Base& base) noexcept {
  if (n < 2 || n < limit) {
    base(rp, ap, bp, n, scratch);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  limb_t* da = scratch;
  limb_t* db = da + h;
  limb_t* d = db + h;
  limb_t* t = d + 2 * h;
  limb_t* next = t + 2 * h + 1;
  const int sa = abs_diff(da, ap, h, ap + h, l);
  const int sb = abs_diff(db, bp, h, bp + h, l);
  mul_recursive(d, da, db, h, limit, next, base);                   // |a0 - a1| |b0 - b1|
  mul_recursive(rp, ap, bp, h, limit, next, base);                  // z0
  mul_recursive(rp + 2 * h, ap + h, bp + h, l, limit, next, base);  // z2
  add_middle(rp, n, h, d, sa == sb, t);  // (a0 - a1)(b0 - b1) >= 0: subtract it
}

// rp[0, 2n) = a^2 the same way, base(rp, ap, n, scratch) below limit; the
// same scratch layout as mul_recursive.
template <class Base>
void sqr_recursive(limb_t* rp, const limb_t* ap, std::size_t n, std::size_t limit, limb_t* scratch,
                   const Base& base) noexcept {
  if (n < 2 || n < limit) {
    base(rp, ap, n, scratch);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  limb_t* da = scratch;
  limb_t* d = da + 2 * h;  // keeps the layout of the product
  limb_t* t = d + 2 * h;
  limb_t* next = t + 2 * h + 1;
  abs_diff(da, ap, h, ap + h, l);
  sqr_recursive(d, da, h, limit, next, base);               // (a0 - a1)^2
  sqr_recursive(rp, ap, h, limit, next, base);              // z0
  sqr_recursive(rp + 2 * h, ap + h, l, limit, next, base);  // z2
  add_middle(rp, n, h, d, true, t);
}

}  // namespace parmod::limbs::karatsuba_steps

#include "limbs/karatsuba_adx.hpp"

#include <atomic>

#include "limbs/basecase_adx.hpp"
#include "limbs/kernel_limit.hpp"

namespace parmod::limbs {
namespace {

using sz = mp_size_t;

// r[0, h) = |x - y| for x of h limbs and y of l <= h limbs; returns 1 when x < y.
int abs_diff(limb_t* r, const limb_t* x, std::size_t h, const limb_t* y, std::size_t l) noexcept {
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
void add_middle(limb_t* rp, std::size_t n, std::size_t h, const limb_t* d, bool subtract, limb_t* t) noexcept {
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

std::atomic<long> g_mul_limit{-1}, g_sqr_limit{-1};
constexpr long kDefaultMulLimit = 176, kDefaultSqrLimit = 224;  // AMD EPYC (Zen 4), against Debian GMP 6.2.1
constexpr long kMaxLimit = static_cast<long>(kKaratsubaAdxMaxLimit);

}  // namespace

void karatsuba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  if (n < 2 || n < mul_basecase_adx_limit()) {
    mul_basecase_adx(rp, ap, n, bp, n);
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
  karatsuba_mul_adx(d, da, db, h, next);            // |a0 - a1| |b0 - b1|
  karatsuba_mul_adx(rp, ap, bp, h, next);           // z0
  karatsuba_mul_adx(rp + 2 * h, ap + h, bp + h, l, next);  // z2
  add_middle(rp, n, h, d, sa == sb, t);  // (a0 - a1)(b0 - b1) >= 0: subtract it
}

void karatsuba_sqr_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  if (n < 2 || n < sqr_basecase_adx_limit()) {
    sqr_basecase_adx(rp, ap, n);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  limb_t* da = scratch;
  limb_t* d = da + 2 * h;  // keeps the layout of the product
  limb_t* t = d + 2 * h;
  limb_t* next = t + 2 * h + 1;
  abs_diff(da, ap, h, ap + h, l);
  karatsuba_sqr_adx(d, da, h, next);        // (a0 - a1)^2
  karatsuba_sqr_adx(rp, ap, h, next);       // z0
  karatsuba_sqr_adx(rp + 2 * h, ap + h, l, next);  // z2
  add_middle(rp, n, h, d, true, t);
}

std::size_t mul_karatsuba_adx_limit() noexcept {
  return tuned_kernel_limit(g_mul_limit, "mul.karatsuba_adx_max", kDefaultMulLimit, kMaxLimit);
}
std::size_t sqr_karatsuba_adx_limit() noexcept {
  return tuned_kernel_limit(g_sqr_limit, "sqr.karatsuba_adx_max", kDefaultSqrLimit, kMaxLimit);
}

}  // namespace parmod::limbs

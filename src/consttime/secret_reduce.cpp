#include "consttime/secret_reduce.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "consttime/wiped_limbs.hpp"

namespace parmod::consttime {
namespace {

// x[0, n) < M  ->  x = 2x mod M; t: n limbs.  One pass shifts and
// subtracts, one selects under a mask.
inline void double_step(limb_t* x, const limb_t* m, std::size_t n, limb_t* t) noexcept {
  limb_t in = 0;  // the bit shifted into each limb
  limb_t borrow = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const limb_t s = (x[j] << 1) | in;
    in = x[j] >> (kLimbBits - 1);
    const unsigned __int128 d = static_cast<unsigned __int128>(s) - m[j] - borrow;
    t[j] = static_cast<limb_t>(d);
    borrow = static_cast<limb_t>(d >> kLimbBits) & 1;
    x[j] = s;
  }
  // 2x >= M exactly when the shift carried out (in) or the subtraction did not borrow.
  const limb_t take = limb_t(0) - (in | (borrow ^ 1));
  for (std::size_t j = 0; j < n; ++j) x[j] ^= (x[j] ^ t[j]) & take;
}

using u128 = unsigned __int128;

// 1 when x != 0, else 0, without a branch.
inline limb_t nonzero(limb_t x) noexcept { return (x | (limb_t(0) - x)) >> (kLimbBits - 1); }

// The borrow of x - y: 1 when y > x.
inline limb_t below(limb_t x, limb_t y) noexcept { return static_cast<limb_t>((u128(x) - y) >> kLimbBits) & 1; }

// v = floor((beta^2 - 1) / d) - beta for d >= beta / 2 (Moller and Granlund,
// "Improved division by invariant integers", 2011): the quotient of
// (beta - 1 - d) beta + beta - 1 by d, one bit per step, the subtraction
// kept under a mask.
limb_t reciprocal_ct(limb_t d) noexcept {
  limb_t r = ~d;  // beta - 1 - d < d
  limb_t v = 0;
  for (int i = kLimbBits - 1; i >= 0; --i) {
    const u128 t = (u128(r) << 1) | 1;  // the low limb of the dividend is all ones
    const u128 diff = t - d;
    const limb_t ge = 1 ^ static_cast<limb_t>(diff >> 127);  // t >= d
    const limb_t mask = limb_t(0) - ge;
    r = (static_cast<limb_t>(diff) & mask) | (static_cast<limb_t>(t) & ~mask);
    v |= ge << i;
  }
  return v;
}

// The quotient limb estimate of (nh beta + nl) / d for nh <= d, d >= beta / 2:
// floor((nh beta + nl) / d) when nh < d, beta - 1 when nh == d (Knuth's
// q-hat: at most 2 above the true quotient limb of the full division).  By
// the reciprocal (Moller-Granlund Alg. 4), its two adjustments by masks.
limb_t quotient_estimate_ct(limb_t nh, limb_t nl, limb_t d, limb_t v) noexcept {
  const limb_t full = 1 ^ nonzero(nh ^ d);  // nh == d
  const limb_t h = nh & (full - 1);         // 0 there: a valid input, its result discarded
  const u128 p = u128(v) * h + ((u128(h + 1) << kLimbBits) | nl);
  limb_t q = static_cast<limb_t>(p >> kLimbBits);
  const limb_t q0 = static_cast<limb_t>(p);
  limb_t r = nl - q * d;
  const limb_t m1 = limb_t(0) - below(q0, r);  // r > q0
  q += m1;                                     // q - 1
  r += d & m1;
  const limb_t m2 = limb_t(0) - (1 ^ below(r, d));  // r >= d
  q -= m2;                                          // q + 1
  return q | (limb_t(0) - full);
}

}  // namespace

std::size_t reduce_secret_scratch(std::size_t an, std::size_t n) noexcept { return an + n + 1; }

void reduce_secret(limb_t* r, const limb_t* a, std::size_t an, const limb_t* m, std::size_t n, std::size_t mbits,
                   limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && mbits > kLimbBits * (n - 1) && mbits <= kLimbBits * n);
  if (an < n) {  // A < beta^(n-1) <= M: A is its own remainder
    if (r != a) std::copy(a, a + an, r);
    std::fill(r + an, r + n, limb_t(0));
    return;
  }
  const auto sn = static_cast<mp_size_t>(n);
  const unsigned sh = static_cast<unsigned>((kLimbBits - mbits % kLimbBits) % kLimbBits);  // public
  limb_t* u = scratch;      // an + 1: A 2^sh
  limb_t* md = u + an + 1;  // n: M 2^sh, its top bit set
  if (sh) {
    u[an] = mpn_lshift(u, a, static_cast<mp_size_t>(an), sh);
    mpn_lshift(md, m, sn, sh);
  } else {
    std::copy(a, a + an, u);
    u[an] = 0;
    std::copy(m, m + n, md);
  }
  const limb_t d = md[n - 1];
  const limb_t v = reciprocal_ct(d);
  // u[an - n + 1, an] < 2^sh beta^(n-1) <= M 2^sh: each step brings down one
  // limb, takes q-hat times M 2^sh off the n + 1 limbs at j and adds M 2^sh
  // back once or twice under a mask while the result is negative.
  for (std::size_t j = an - n + 1; j-- > 0;) {
    const limb_t q = quotient_estimate_ct(u[j + n], u[j + n - 1], d, v);
    limb_t top = u[j + n] - mpn_submul_1(u + j, md, sn, q);
    for (int fix = 0; fix < 2; ++fix) top += mpn_cnd_add_n(top >> (kLimbBits - 1), u + j, u + j, md, sn);
    u[j + n] = top;  // 0
  }
  if (sh)
    mpn_rshift(r, u, sn, sh);
  else
    std::copy(u, u + n, r);
  wipe(scratch, reduce_secret_scratch(an, n));
}

void pow2_reduce_secret(limb_t* r, std::size_t k, const limb_t* m, std::size_t n, std::size_t mbits,
                        limb_t* scratch) noexcept {
  limb_t* x = scratch;
  limb_t* t = x + n;
  std::fill(x, x + n, limb_t(0));
  x[(mbits - 1) / kLimbBits] = limb_t(1) << ((mbits - 1) % kLimbBits);
  for (std::size_t i = mbits - 1; i < k; ++i) double_step(x, m, n, t);
  std::copy(x, x + n, r);
  wipe(scratch, 2 * n + 1);
}

}  // namespace parmod::consttime

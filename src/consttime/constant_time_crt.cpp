#include "consttime/constant_time_crt.hpp"

#include <algorithm>

#include "consttime/wiped_limbs.hpp"

namespace parmod::consttime {
namespace {

mp_size_t ms(std::size_t x) { return static_cast<mp_size_t>(x); }

}  // namespace

std::size_t reduce_ct_scratch(std::size_t an, std::size_t n) noexcept {
  const std::size_t nn = std::max(an, n);
  return nn + static_cast<std::size_t>(mpn_sec_div_r_itch(ms(nn), ms(n)));
}

void reduce_ct(limb_t* r, const limb_t* a, std::size_t an, const limb_t* p, std::size_t n, limb_t* scratch) noexcept {
  const std::size_t nn = std::max(an, n);
  limb_t* x = scratch;
  std::fill(x, x + nn, limb_t(0));
  if (an) mpn_copyi(x, a, ms(an));
  mpn_sec_div_r(x, ms(nn), p, ms(n), x + nn);
  mpn_copyi(r, x, ms(n));
  wipe(scratch, reduce_ct_scratch(an, n));
}

std::size_t prime_exponent_ct_scratch(std::size_t en, std::size_t n) noexcept {
  const std::size_t nn = std::max(en, n);
  return 2 * nn + n +
         std::max({reduce_ct_scratch(nn, n), static_cast<std::size_t>(mpn_sec_sub_1_itch(ms(nn))),
                   static_cast<std::size_t>(mpn_sec_add_1_itch(ms(n)))});
}

void prime_exponent_ct(limb_t* r, const limb_t* ep, std::size_t en, const limb_t* p, std::size_t n,
                       limb_t* scratch) noexcept {
  const std::size_t nn = std::max(en, n);
  limb_t* e1 = scratch;     // nn: e - 1
  limb_t* pm1 = e1 + nn;    // n: P - 1 (P odd: clear bit 0, no borrow)
  limb_t* t = pm1 + n;      // nn
  limb_t* work = t + nn;
  std::fill(e1, e1 + nn, limb_t(0));
  mpn_copyi(e1, ep, ms(en));
  mpn_sec_sub_1(e1, e1, ms(nn), 1, work);
  mpn_copyi(pm1, p, ms(n));
  pm1[0] &= ~limb_t(1);
  reduce_ct(t, e1, nn, pm1, n, work);
  mpn_sec_add_1(r, t, ms(n), 1, work);  // < P - 1 + 1: no carry
  wipe(scratch, prime_exponent_ct_scratch(en, n));
}

std::size_t inverse_ct_scratch(std::size_t nq, std::size_t np) noexcept {
  return 2 * np + std::max(reduce_ct_scratch(nq, np), static_cast<std::size_t>(mpn_sec_invert_itch(ms(np))));
}

bool inverse_ct(limb_t* r, const limb_t* q, std::size_t nq, const limb_t* p, std::size_t np, limb_t* scratch) noexcept {
  limb_t* a = scratch;     // np: Q mod P
  limb_t* m = a + np;      // np: P (mpn_sec_invert wants its own copies)
  limb_t* work = m + np;
  reduce_ct(a, q, nq, p, np, work);
  mpn_copyi(m, p, ms(np));
  const bool ok = mpn_sec_invert(r, a, m, ms(np), 2 * np * kLimbBits, work) != 0;
  wipe(scratch, inverse_ct_scratch(nq, np));
  return ok;
}

std::size_t garner_ct_scratch(std::size_t np, std::size_t nq) noexcept {
  const std::size_t big = std::max(np, nq);
  return 3 * np + 2 * np + (np + nq) +
         std::max({reduce_ct_scratch(nq, np), reduce_ct_scratch(2 * np, np),
                   static_cast<std::size_t>(mpn_sec_mul_itch(ms(np), ms(np))),
                   static_cast<std::size_t>(mpn_sec_mul_itch(ms(big), ms(std::min(np, nq)))),
                   static_cast<std::size_t>(mpn_sec_add_1_itch(ms(np + nq)))});
}

void garner_ct(limb_t* x, const limb_t* xp, const limb_t* xq, const limb_t* p, std::size_t np, const limb_t* q,
               std::size_t nq, const limb_t* qinv, limb_t* scratch) noexcept {
  limb_t* xq_p = scratch;      // np: x_q mod P
  limb_t* t = xq_p + np;       // np: (x_p - x_q) mod P
  limb_t* h = t + np;          // np: t q^-1 mod P
  limb_t* prod = h + np;       // 2 np
  limb_t* qh = prod + 2 * np;  // np + nq
  limb_t* work = qh + np + nq;
  reduce_ct(xq_p, xq, nq, p, np, work);
  const limb_t borrow = mpn_sub_n(t, xp, xq_p, ms(np));
  mpn_cnd_add_n(borrow, t, t, p, ms(np));
  mpn_sec_mul(prod, t, ms(np), qinv, ms(np), work);
  reduce_ct(h, prod, 2 * np, p, np, work);
  // x = x_q + Q h < Q + Q (P - 1) = PQ: no carry out of np + nq limbs.
  if (nq >= np)
    mpn_sec_mul(qh, q, ms(nq), h, ms(np), work);
  else
    mpn_sec_mul(qh, h, ms(np), q, ms(nq), work);
  const limb_t carry = mpn_add_n(x, qh, xq, ms(nq));
  mpn_copyi(x + nq, qh + nq, ms(np));
  mpn_sec_add_1(x + nq, x + nq, ms(np), carry, work);
  wipe(scratch, garner_ct_scratch(np, nq));
}

}  // namespace parmod::consttime

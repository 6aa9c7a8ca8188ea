#include "consttime/constant_time_crt.hpp"

#include <algorithm>

#include "check/assert.hpp"

#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm28.hpp"
#include "consttime/constant_time_powm52.hpp"
#include "consttime/montgomery_ct.hpp"
#include "consttime/secret_reduce.hpp"
#include "consttime/wiped_limbs.hpp"
#include "modmul/modulus_constants.hpp"

#include <sys/random.h>

#include <cerrno>

namespace parmod::consttime {
namespace {

mp_size_t ms(std::size_t x) { return static_cast<mp_size_t>(x); }

}  // namespace

std::size_t reduce_ct_scratch(std::size_t, std::size_t n) noexcept { return 5 * n + 3 + montgomery_ct_scratch(n); }

void reduce_ct(limb_t* r, const limb_t* a, std::size_t an, const SecretModulus& m, limb_t* scratch) noexcept {
  const modmul::ModulusConstants& k = m.k;
  const std::size_t n = k.n;
  const limb_t* p = k.p.data();
  limb_t* acc = scratch;     // n: the value so far, < P
  limb_t* t = acc + n;       // 2n: acc beta^n + the next chunk
  limb_t* x = t + 2 * n;     // n + 1
  limb_t* y = x + n + 1;     // n + 2: P 2^j
  limb_t* work = y + n + 2;  // montgomery_ct_scratch(n)
  std::fill(acc, acc + n, limb_t(0));
  // Horner over n-limb chunks from the top: acc = (acc beta^n + c_i) mod P,
  // as REDC (t beta^-n, below beta^n + P), a ladder of conditional
  // subtractions of P 2^j (j from 64 n - bits + 1 down to 0: beta^n < P 2^j
  // for the first), then a Montgomery product by R^2 (x beta^n).
  const std::size_t chunks = (an + n - 1) / n, s_top = n * kLimbBits - m.bits + 1;
  for (std::size_t i = chunks; i-- > 0;) {
    const std::size_t lo = i * n, len = std::min(n, an - lo);
    std::fill(t, t + n, limb_t(0));
    std::copy(a + lo, a + lo + len, t);
    std::copy(acc, acc + n, t + n);
    for (std::size_t j = 0; j < n; ++j) t[j] = mpn_addmul_1(t + j, p, ms(n), t[j] * k.mu0);
    x[n] = mpn_add_n(x, t + n, t, ms(n));
    for (std::size_t j = s_top + 1; j-- > 0;) {
      // y = P 2^j < 2^(64 n + 1): n + 1 limbs; j <= s_top <= 64 as P[n-1] != 0.
      std::fill(y, y + n + 2, limb_t(0));
      const std::size_t limb_shift = j / kLimbBits;
      const unsigned bit_shift = static_cast<unsigned>(j % kLimbBits);
      if (bit_shift)
        y[limb_shift + n] = mpn_lshift(y + limb_shift, p, ms(n), bit_shift);
      else
        mpn_copyi(y + limb_shift, p, ms(n));
      const limb_t borrow = mpn_sub_n(t, x, y, ms(n + 1));
      mpn_cnd_swap(borrow ^ 1, x, t, ms(n + 1));
    }
    montgomery_mul_ct(acc, x, k.r2_mod_p.data(), k, work);
  }
  std::copy(acc, acc + n, r);
  wipe(scratch, reduce_ct_scratch(an, n));
}

std::size_t prime_exponent_ct_scratch(std::size_t en, std::size_t n) noexcept {
  const std::size_t nn = std::max(en, n);
  return 2 * nn + n +
         std::max({reduce_secret_scratch(nn, n), static_cast<std::size_t>(mpn_sec_sub_1_itch(ms(nn))),
                   static_cast<std::size_t>(mpn_sec_add_1_itch(ms(n)))});
}

void prime_exponent_ct(limb_t* r, const limb_t* ep, std::size_t en, const limb_t* p, std::size_t n,
                       std::size_t pbits, limb_t* scratch) noexcept {
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
  reduce_secret(t, e1, nn, pm1, n, pbits, work);  // P - 1 has P's length (P >= 3 odd)
  mpn_sec_add_1(r, t, ms(n), 1, work);  // < P - 1 + 1: no carry
  wipe(scratch, prime_exponent_ct_scratch(en, n));
}

namespace {

// x[0, n) = uniform random limbs; false when getrandom fails.
bool random_limbs(limb_t* x, std::size_t n) noexcept {
  auto* bytes = reinterpret_cast<unsigned char*>(x);
  std::size_t len = n * sizeof(limb_t), got = 0;
  while (got < len) {
    const ssize_t k = getrandom(bytes + got, len - got, 0);
    if (k < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    got += static_cast<std::size_t>(k);
  }
  return true;
}

// r[0, n) = a[0, an) mod N for the public N in N[0, n) (N[n-1] != 0), by
// GMP's mpn_sec_div_r (silent about a, not about N).  Scratch:
// public_reduce_scratch(an, n) limbs.
std::size_t public_reduce_scratch(std::size_t an, std::size_t n) {
  const std::size_t nn = std::max(an, n);
  return nn + static_cast<std::size_t>(mpn_sec_div_r_itch(ms(nn), ms(n)));
}
void public_reduce(limb_t* r, const limb_t* a, std::size_t an, const limb_t* N, std::size_t n, limb_t* scratch) {
  const std::size_t nn = std::max(an, n);
  std::fill(scratch, scratch + nn, limb_t(0));
  mpn_copyi(scratch, a, ms(an));
  mpn_sec_div_r(scratch, ms(nn), N, ms(n), scratch + nn);
  mpn_copyi(r, scratch, ms(n));
  wipe(scratch, nn);
}

}  // namespace

bool blinded_inverse(limb_t* r, const limb_t* q, std::size_t nq, const SecretModulus& mp) {
  const limb_t* p = mp.k.p.data();
  const std::size_t np = mp.k.n;
  const std::size_t nn0 = np + nq;
  const std::size_t big = std::max(np, nq);
  // Buffers: N, s, t (nn0 + 1 random limbs each before reduction), s Q, t P,
  // their sum, w, and the scratch of the reductions and products.
  const std::size_t work_limbs =
      std::max({public_reduce_scratch(nn0 + big + 1, nn0), reduce_ct_scratch(nn0, np), montgomery_ct_scratch(np),
                static_cast<std::size_t>(mpn_sec_mul_itch(ms(nn0), ms(big))),
                static_cast<std::size_t>(mpn_sec_mul_itch(ms(np), ms(np)))});
  WipedLimbs buf(nn0 + 2 * (nn0 + 1) + 3 * (nn0 + big + 1) + 4 * np + work_limbs);
  limb_t* N = buf.data();
  limb_t* s = N + nn0;              // nn0 + 1
  limb_t* t = s + nn0 + 1;          // nn0 + 1
  limb_t* sq = t + nn0 + 1;         // nn0 + big + 1
  limb_t* tp = sq + nn0 + big + 1;  // nn0 + big + 1
  limb_t* w = tp + nn0 + big + 1;   // nn0 + big + 1
  limb_t* a = w + nn0 + big + 1;    // np
  limb_t* sp = a + np;              // np
  limb_t* prod = sp + np;           // 2 np
  limb_t* work = prod + 2 * np;
  if (np >= nq)
    mpn_sec_mul(N, p, ms(np), q, ms(nq), work);
  else
    mpn_sec_mul(N, q, ms(nq), p, ms(np), work);
  std::size_t nn = nn0;  // N's limbs: public (N is the RSA modulus)
  while (nn > 1 && N[nn - 1] == 0) --nn;
  mpz_class wz, winv, Nz;
  modmul::from_limbs(Nz, N, nn);
  // w is not a unit when s = 0 mod P or t = 0 mod Q: probability below 1/P + 1/Q per draw, which
  // matters only for tiny factors (P = 3, Q = 5: 7/15; eight draws failed one call in 400).
  // 64 draws: below 2^-70 for any factors >= 3 that are coprime.
  for (int attempt = 0; attempt < 64; ++attempt) {
    if (!random_limbs(s, nn0 + 1) || !random_limbs(t, nn0 + 1)) return false;
    public_reduce(s, s, nn + 1, N, nn, work);  // s, t in [0, N), bias below 2^-64
    public_reduce(t, t, nn + 1, N, nn, work);
    std::fill(sq, sq + 2 * (nn0 + big + 1), limb_t(0));
    mpn_sec_mul(sq, s, ms(nn), q, ms(nq), work);  // nn >= nq
    mpn_sec_mul(tp, t, ms(nn), p, ms(np), work);
    const std::size_t len = nn + big + 1;
    w[len - 1] = mpn_add_n(w, sq, tp, ms(len - 1));  // s Q + t P < 2 N big-limb: the carry is the top limb
    public_reduce(w, w, len, N, nn, work);
    // w is a uniform unit of Z_N, independent of the key: public from here.
    modmul::from_limbs(wz, w, nn);
    if (mpz_invert(winv.get_mpz_t(), wz.get_mpz_t(), Nz.get_mpz_t()) == 0) continue;  // s or t not a unit
    std::fill(w, w + nn, limb_t(0));
    modmul::to_limbs(w, nn, winv);
    reduce_ct(a, w, nn, mp, work);   // w^-1 mod P = (s Q)^-1 mod P
    reduce_ct(sp, s, nn, mp, work);  // s mod P
    montgomery_mul_ct(prod, a, sp, mp.k, work);              // a s R^-1
    montgomery_mul_ct(r, prod, mp.k.r2_mod_p.data(), mp.k, work);  // a s
    return true;
  }
  return false;
}

std::size_t garner_ct_scratch(std::size_t np, std::size_t nq) noexcept {
  const std::size_t big = std::max(np, nq);
  return 3 * np + (np + nq) +
         std::max({reduce_ct_scratch(nq, np), montgomery_ct_scratch(np),
                   static_cast<std::size_t>(mpn_sec_mul_itch(ms(big), ms(std::min(np, nq)))),
                   static_cast<std::size_t>(mpn_sec_add_1_itch(ms(np)))});
}

void garner_ct(limb_t* x, const limb_t* xp, const limb_t* xq, const SecretModulus& mp, const limb_t* q,
               std::size_t nq, const limb_t* qinv, limb_t* scratch) noexcept {
  const std::size_t np = mp.k.n;
  const limb_t* p = mp.k.p.data();
  limb_t* xq_p = scratch;      // np: x_q mod P
  limb_t* t = xq_p + np;       // np: (x_p - x_q) mod P
  limb_t* h = t + np;          // np: t q^-1 mod P
  limb_t* qh = h + np;         // np + nq
  limb_t* work = qh + np + nq;
  reduce_ct(xq_p, xq, nq, mp, work);
  const limb_t borrow = mpn_sub_n(t, xp, xq_p, ms(np));
  mpn_cnd_add_n(borrow, t, t, p, ms(np));
  montgomery_mul_ct(h, t, qinv, mp.k, work);                 // t q^-1 R^-1
  montgomery_mul_ct(h, h, mp.k.r2_mod_p.data(), mp.k, work);  // t q^-1
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

namespace {

std::size_t round8(std::size_t x) { return (x + 7) & ~std::size_t(7); }

}  // namespace

std::size_t rsa_half_ct_scratch(const SecretModulus& m, std::size_t bn, std::size_t en) noexcept {
  const std::size_t n = m.k.n;
  const std::size_t powm = m.with_digits     ? constant_time_powm52_scratch(m.c, n)
                           : m.with_digits28 ? constant_time_powm28_scratch(m.d, n)
                                             : constant_time_powm_scratch(n, n);
  return round8(n) + std::max({secret_modulus_scratch(n, n * kLimbBits), reduce_ct_scratch(bn, n),
                               prime_exponent_ct_scratch(en, n), powm});
}

std::size_t rsa_half_ct_steps(const SecretModulus& m) noexcept {
  if (m.with_digits) return 1;  // the radix-2^52 exponentiation as one step
  const std::size_t windows = constant_time_powm_window_count(m.k.n);  // the reduced exponent has n limbs
  return 1 + std::clamp<std::size_t>((windows + kHalfStepWindows - 1) / kHalfStepWindows, 1, kHalfMaxWindowSteps);
}

void rsa_half_ct_step(std::size_t step, limb_t* x, const limb_t* b, std::size_t bn, bool b_negative, const limb_t* ep,
                      std::size_t en, const limb_t* p, SecretModulus& m, limb_t* scratch) noexcept {
  const std::size_t n = m.k.n;
  limb_t* ex = scratch;               // n: the reduced exponent
  limb_t* work = scratch + round8(n);  // 64-byte aligned like scratch
  if (step == 0) {
    m.fill(p, work);
    reduce_ct(x, b, bn, m, work);
    if (b_negative) {  // x = (P - x) mod P, the last step a trial subtraction
      mpn_sub_n(x, p, x, ms(n));
      const limb_t borrow = mpn_sub_n(work, x, p, ms(n));
      mpn_cnd_sub_n(borrow ^ 1, x, x, p, ms(n));
    }
    prime_exponent_ct(ex, ep, en, p, n, m.bits, work);
    if (m.with_digits) {
      constant_time_powm52(x, x, ex, n, p, m.c, work);
      wipe(scratch, rsa_half_ct_scratch(m, bn, en));
      return;
    }
    if (m.with_digits28)
      constant_time_powm28_begin(x, ex, n, m.d, work);
    else
      constant_time_powm_begin(x, ex, n, m.k, work);
    return;
  }
  const std::size_t steps = rsa_half_ct_steps(m), windows = constant_time_powm_window_count(n);
  PARMOD_ASSERT(step < steps);
  const std::size_t first = windows * (step - 1) / (steps - 1), last = windows * step / (steps - 1);
  if (m.with_digits28)
    constant_time_powm28_windows(ex, n, m.d, first, last, work);
  else
    constant_time_powm_windows(ex, n, m.k, first, last, work);
  if (step + 1 < steps) return;
  if (m.with_digits28)
    constant_time_powm28_end(x, n, p, m.d, work);
  else
    constant_time_powm_end(x, n, m.k, work);
  wipe(scratch, rsa_half_ct_scratch(m, bn, en));
}

void rsa_half_ct(limb_t* x, const limb_t* b, std::size_t bn, bool b_negative, const limb_t* ep, std::size_t en,
                 const limb_t* p, SecretModulus& m, limb_t* scratch) noexcept {
  const std::size_t steps = rsa_half_ct_steps(m);
  for (std::size_t i = 0; i < steps; ++i) rsa_half_ct_step(i, x, b, bn, b_negative, ep, en, p, m, scratch);
}

}  // namespace parmod::consttime

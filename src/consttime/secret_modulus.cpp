#include "consttime/secret_modulus.hpp"

#include <algorithm>
#include <bit>

#include "consttime/montgomery_ct.hpp"
#include "consttime/secret_reduce.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/radix28.hpp"
#include "limbs/radix52.hpp"

namespace parmod::consttime {
namespace {

template <class V>
void wipe_vector(V& v) noexcept {
  if (!v.empty()) explicit_bzero(v.data(), v.size() * sizeof(v[0]));
}

}  // namespace

limb_t negated_inverse_limb(limb_t p0) noexcept {
  limb_t x = (3 * p0) ^ 2;                            // p0 x = 1 mod 2^5
  for (int i = 0; i < 4; ++i) x *= 2 - p0 * x;        // 10, 20, 40, 80 bits
  return limb_t(0) - x;
}

std::size_t secret_modulus_scratch(std::size_t n, std::size_t) noexcept {
  return 3 * n + std::max(2 * n + 1, montgomery_ct_scratch(n));
}

void SecretModulus::allocate(std::size_t n, std::size_t pbits, bool digits, bool digits28) {
  bits = pbits;
  k.n = n;
  k.odd = true;
  k.p.assign(n, 0);
  k.r_mod_p.assign(n, 0);
  k.r2_mod_p.assign(n, 0);
  with_digits = digits;
  with_digits28 = digits28 && !digits;
  if (with_digits28) modmul::montgomery28_allocate(d, n, pbits);
  if (!digits) return;
  c.n = n;
  c.bits = pbits;
  c.digits = limbs::radix52_digits(bits + 2);            // R = 2^(52 d) >= 4P, as Montgomery52Constants
  c.lanes = 8 * ((c.digits + 1 + 7) / 8);
  c.vectors = c.lanes / 8;
  c.words = modmul::montgomery52_element_words(n);
  c.p.assign(c.words, 0);
  c.r2.assign(c.words, 0);
  c.one.assign(c.words, 0);
  c.r_mod_p.assign(n, 0);
}

void SecretModulus::fill(const limb_t* p, limb_t* scratch) noexcept {
  const std::size_t n = k.n;
  limb_t* y = scratch;       // n
  limb_t* acc = y + n;       // n
  limb_t* a = acc + n;       // n
  limb_t* work = a + n;
  mpn_copyi(k.p.data(), p, static_cast<mp_size_t>(n));
  k.mu0 = negated_inverse_limb(p[0]);
  // R = beta^n mod P: 64 n - bits + 1 doublings of 2^(bits - 1).
  pow2_reduce_secret(k.r_mod_p.data(), n * kLimbBits, p, n, bits, work);
  // R^2 mod P: y = 2^64 R mod P (2^64 in Montgomery form), then y^n in the
  // Montgomery sense (mont(aR, bR) = abR): (2^64)^n R = R^2.  n is public.
  pow2_reduce_secret(y, (n + 1) * kLimbBits, p, n, bits, work);
  mpn_copyi(acc, y, static_cast<mp_size_t>(n));
  for (int i = std::bit_width(n) - 2; i >= 0; --i) {
    montgomery_sqr_ct(acc, acc, k, work);
    if ((n >> i) & 1) montgomery_mul_ct(acc, acc, y, k, work);
  }
  mpn_copyi(k.r2_mod_p.data(), acc, static_cast<mp_size_t>(n));
  if (with_digits) {
    // R' = 2^(52 d): A = R' mod P by doublings, then R'^2 mod P = mont(A, mont(A, R^2)).
    c.k0 = k.mu0 & limbs::kDigitMask;  // -P^-1 mod 2^52
    limbs::to_radix52(c.p.data(), c.words, p, n);
    pow2_reduce_secret(a, limbs::kDigitBits * c.digits, p, n, bits, work);
    mpn_copyi(c.r_mod_p.data(), a, static_cast<mp_size_t>(n));
    limbs::to_radix52(c.one.data(), c.words, a, n);
    montgomery_mul_ct(acc, a, k.r2_mod_p.data(), k, work);
    montgomery_mul_ct(acc, a, acc, k, work);
    limbs::to_radix52(c.r2.data(), c.words, acc, n);
  }
  if (with_digits28) {  // the same with R' = 2^(28 m)
    pow2_reduce_secret(a, limbs::kDigit28Bits * d.digits, p, n, bits, work);
    montgomery_mul_ct(acc, a, k.r2_mod_p.data(), k, work);
    montgomery_mul_ct(acc, a, acc, k, work);
    modmul::montgomery28_fill(d, p, a, acc);
  }
  wipe(scratch, secret_modulus_scratch(n, bits));
}

SecretModulus::~SecretModulus() {
  wipe_vector(k.p);
  wipe_vector(k.r_mod_p);
  wipe_vector(k.r2_mod_p);
  k.mu0 = 0;
  wipe_vector(c.p);
  wipe_vector(c.r2);
  wipe_vector(c.one);
  wipe_vector(c.r_mod_p);
  c.k0 = 0;
  wipe_vector(d.p_spread);
  wipe_vector(d.r2);
  wipe_vector(d.one);
  d.mu_lo = d.mu_hi = 0;
}

}  // namespace parmod::consttime

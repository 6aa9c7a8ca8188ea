#include "consttime/secret_modulus.hpp"

#include <algorithm>

#include "consttime/wiped_limbs.hpp"
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

std::size_t pow2_mod_scratch(std::size_t k, std::size_t n) noexcept {
  const std::size_t nn = std::max(k / kLimbBits + 1, n);
  return nn + static_cast<std::size_t>(mpn_sec_div_r_itch(static_cast<mp_size_t>(nn), static_cast<mp_size_t>(n)));
}

void pow2_mod(limb_t* r, std::size_t k, const limb_t* p, std::size_t n, limb_t* scratch) noexcept {
  const std::size_t nn = std::max(k / kLimbBits + 1, n);
  limb_t* x = scratch;
  std::fill(x, x + nn, limb_t(0));
  x[k / kLimbBits] = limb_t(1) << (k % kLimbBits);
  mpn_sec_div_r(x, static_cast<mp_size_t>(nn), p, static_cast<mp_size_t>(n), x + nn);
  mpn_copyi(r, x, static_cast<mp_size_t>(n));
  wipe(x, nn);
}

std::size_t secret_modulus_scratch(std::size_t n, std::size_t bits) noexcept {
  const std::size_t digits = limbs::radix52_digits(bits + 2);
  return std::max({pow2_mod_scratch(2 * n * kLimbBits, n), pow2_mod_scratch(2 * limbs::kDigitBits * digits, n)}) + n;
}

void SecretModulus::allocate(std::size_t n, std::size_t bits, bool digits) {
  k.n = n;
  k.odd = true;
  k.p.assign(n, 0);
  k.r_mod_p.assign(n, 0);
  k.r2_mod_p.assign(n, 0);
  with_digits = digits;
  if (!digits) return;
  c.n = n;
  c.bits = bits;
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
  mpn_copyi(k.p.data(), p, static_cast<mp_size_t>(n));
  k.mu0 = negated_inverse_limb(p[0]);
  pow2_mod(k.r_mod_p.data(), n * kLimbBits, p, n, scratch);
  pow2_mod(k.r2_mod_p.data(), 2 * n * kLimbBits, p, n, scratch);
  if (!with_digits) return;
  c.k0 = k.mu0 & limbs::kDigitMask;  // -P^-1 mod 2^52
  limbs::to_radix52(c.p.data(), c.words, p, n);
  pow2_mod(c.r_mod_p.data(), limbs::kDigitBits * c.digits, p, n, scratch);
  limbs::to_radix52(c.one.data(), c.words, c.r_mod_p.data(), n);
  limb_t* r2 = scratch;  // n limbs, below pow2_mod's own scratch
  pow2_mod(r2, 2 * limbs::kDigitBits * c.digits, p, n, scratch + n);
  limbs::to_radix52(c.r2.data(), c.words, r2, n);
  wipe(r2, n);
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
}

}  // namespace parmod::consttime

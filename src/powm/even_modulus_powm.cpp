#include "powm/even_modulus_powm.hpp"

#include <algorithm>

#include "powm/exponent_bits.hpp"
#include "powm/sliding_window.hpp"
#include "powm/split_powm.hpp"

namespace parmod::exponentiation {

EvenModulusConstants::EvenModulusConstants(const mpz_class& P, const modmul::EngineFactory& odd_factory) {
  n = mpz_size(P.get_mpz_t());
  s = mpz_scan1(P.get_mpz_t(), 0);
  n2 = (s + kLimbBits - 1) / kLimbBits;
  top_mask = s % kLimbBits ? (limb_t(1) << (s % kLimbBits)) - 1 : ~limb_t(0);
  mpz_class m_odd;
  mpz_tdiv_q_2exp(m_odd.get_mpz_t(), P.get_mpz_t(), s);
  if (m_odd == 1) return;
  odd = odd_factory.bind(m_odd, modmul::EngineOptions{});
  std::vector<limb_t> a(n2), scratch(2 * n2);
  for (std::size_t i = 0; i < n2; ++i) a[i] = mpz_getlimbn(m_odd.get_mpz_t(), static_cast<mp_size_t>(i));
  inv.resize(n2);
  limbs::binvert(inv.data(), a.data(), n2, scratch.data());
  inv[n2 - 1] &= top_mask;
}

std::size_t powlo_scratch(std::size_t n2, std::size_t exponent_bits) noexcept {
  const unsigned w = sliding_window_size(exponent_bits);
  return n2 * (2 + (std::size_t(1) << (w - 1)));  // x^2, the odd powers, the other accumulator
}

void powlo(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, std::size_t n2, limb_t* scratch) noexcept {
  const std::size_t bits = exponent_bit_length(ep, en);
  if (bits == 0) {
    std::fill(r, r + n2, limb_t(0));
    r[0] = 1;
    return;
  }
  const unsigned w = sliding_window_size(bits);
  const std::size_t table_size = std::size_t(1) << (w - 1);
  limb_t* x2 = scratch;
  limb_t* table = x2 + n2;  // table[i] = b^(2i+1) mod beta^n2
  limb_t* other = table + table_size * n2;
  mpn_copyi(table, b, static_cast<mp_size_t>(n2));
  if (table_size > 1) {
    limbs::sqrlo(x2, b, n2);
    for (std::size_t i = 1; i < table_size; ++i) limbs::mullo(table + i * n2, table + (i - 1) * n2, x2, n2);
  }
  // mullo / sqrlo may not write over their inputs: the accumulator alternates between r and other.
  limb_t* acc = r;
  limb_t* tmp = other;
  bool first = true;
  std::size_t i = bits;
  while (i > 0) {
    if (exponent_bit(ep, i - 1) == 0) {
      limbs::sqrlo(tmp, acc, n2);
      std::swap(acc, tmp);
      --i;
      continue;
    }
    std::size_t j = i >= w ? i - w : 0;
    while (exponent_bit(ep, j) == 0) ++j;
    const unsigned len = static_cast<unsigned>(i - j);
    const limb_t* power = table + static_cast<std::size_t>(exponent_bits(ep, en, j, len) >> 1) * n2;
    if (first) {
      mpn_copyi(acc, power, static_cast<mp_size_t>(n2));
      first = false;
    } else {
      for (unsigned q = 0; q < len; ++q) {
        limbs::sqrlo(tmp, acc, n2);
        std::swap(acc, tmp);
      }
      limbs::mullo(tmp, acc, power, n2);
      std::swap(acc, tmp);
    }
    i = j;
  }
  if (acc != r) mpn_copyi(r, acc, static_cast<mp_size_t>(n2));
}

namespace {

std::size_t odd_path_scratch(std::size_t n1, std::size_t en, const modmul::Engine& engine, int threads) noexcept {
  return threads > 1 ? split_powm_scratch(n1, en, engine, threads) : sliding_window_powm_scratch(n1, en, engine);
}

}  // namespace

std::size_t even_modulus_powm_scratch(const EvenModulusConstants& c, std::size_t en, int threads) noexcept {
  const std::size_t n = c.n, n1 = c.odd_limbs(), n2 = c.n2;
  // low, the cut exponent, r2, b mod m', r1, the quotient, m' t; then the
  // larger of the two powers' scratch.
  const std::size_t fixed = 3 * n2 + 2 * n1 + (n - n1 + 1) + (n1 + n2);
  const std::size_t lo = powlo_scratch(n2, std::min<std::size_t>(en * kLimbBits, c.s));
  const std::size_t hi = n1 ? odd_path_scratch(n1, en, *c.odd.engine, threads) : 0;
  return fixed + std::max(lo, hi);
}

void even_modulus_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const EvenModulusConstants& c,
                       int threads, double phi, limb_t* scratch) noexcept {
  const std::size_t n = c.n, n1 = c.odd_limbs(), n2 = c.n2, s = c.s;
  limb_t* low = scratch;      // b mod 2^s
  limb_t* ecut = low + n2;    // e mod 2^max(s-2, 1) (odd b)
  limb_t* r2 = ecut + n2;     // b^e mod 2^s
  limb_t* b1 = r2 + n2;       // b mod m'
  limb_t* r1 = b1 + n1;       // b^e mod m'
  limb_t* q = r1 + n1;        // quotient of b / m'
  limb_t* prod = q + (n - n1 + 1);  // m' t
  limb_t* rest = prod + (n1 + n2);
  en = limbs::normalized_size(ep, en);
  const std::size_t ebits = exponent_bit_length(ep, en);

  // b is read here only: r may alias it.
  mpn_copyi(low, b, static_cast<mp_size_t>(n2));  // P >= 2^s, so n >= n2
  low[n2 - 1] &= c.top_mask;
  if (n1) {
    const std::size_t bn = limbs::normalized_size(b, n);
    if (bn < n1) {
      std::fill(b1, b1 + n1, limb_t(0));
      mpn_copyi(b1, b, static_cast<mp_size_t>(bn));
    } else {
      mpn_tdiv_qr(q, b1, 0, b, static_cast<mp_size_t>(bn), c.odd.k->p.data(), static_cast<mp_size_t>(n1));
    }
    // r1 = b^e mod m' on the odd path.
    if (threads > 1)
      split_powm(r1, b1, ep, en, *c.odd.k, *c.odd.engine, threads, phi, rest);
    else
      sliding_window_powm(r1, b1, ep, en, *c.odd.k, *c.odd.engine, rest);
  }

  // r2 = b^e mod 2^s, computed mod beta^n2 and masked.
  const std::size_t ln = limbs::normalized_size(low, n2);
  if (ln == 0) {  // b = 0 mod 2^s: 0^e
    std::fill(r2, r2 + n2, limb_t(0));
    r2[0] = ebits == 0 ? 1 : 0;
  } else if ((low[0] & 1) == 0) {
    // b = 2^v u with 0 < v < s: b^e = 0 mod 2^s once e v >= s, so only
    // e < ceil(s / v) <= s needs a power (a one-limb exponent).
    std::size_t v = 0, i = 0;
    while (low[i] == 0) ++i, v += kLimbBits;
    v += static_cast<std::size_t>(__builtin_ctzll(low[i]));
    const std::size_t need = (s + v - 1) / v;
    if (ebits > kLimbBits || (ebits > 0 && ep[0] >= need)) {
      std::fill(r2, r2 + n2, limb_t(0));
    } else {
      powlo(r2, low, ep, en, n2, rest);
    }
  } else {
    // Odd b: its order mod 2^s divides 2^t, t = max(s - 2, 1).
    const std::size_t t = s > 3 ? s - 2 : 1;
    const std::size_t tb = std::min(ebits, t);
    const std::size_t tn = (tb + kLimbBits - 1) / kLimbBits;
    if (tn) {
      mpn_copyi(ecut, ep, static_cast<mp_size_t>(tn));
      if (tb % kLimbBits) ecut[tn - 1] &= (limb_t(1) << (tb % kLimbBits)) - 1;
    }
    powlo(r2, low, ecut, tn, n2, rest);
  }
  r2[n2 - 1] &= c.top_mask;

  if (!n1) {  // P = 2^s
    mpn_copyi(r, r2, static_cast<mp_size_t>(n2));
    std::fill(r + n2, r + n, limb_t(0));
    return;
  }
  // Garner: r = r1 + m' ((r2 - r1) m'^-1 mod 2^s), r < m' 2^s = P.
  limb_t* d = ecut;  // free again
  if (n1 >= n2)
    mpn_sub_n(d, r2, r1, static_cast<mp_size_t>(n2));
  else
    mpn_sub(d, r2, static_cast<mp_size_t>(n2), r1, static_cast<mp_size_t>(n1));
  limbs::mullo(r2, d, c.inv.data(), n2);
  r2[n2 - 1] &= c.top_mask;
  const std::size_t tn = limbs::normalized_size(r2, n2);
  std::fill(r, r + n, limb_t(0));
  if (tn) {
    limbs::mul(prod, c.odd.k->p.data(), n1, r2, tn);
    mpn_copyi(r, prod, static_cast<mp_size_t>(std::min(n, n1 + tn)));  // limbs beyond n are 0: m' t < P
  }
  mpn_add(r, r, static_cast<mp_size_t>(n), r1, static_cast<mp_size_t>(n1));
}

}  // namespace parmod::exponentiation

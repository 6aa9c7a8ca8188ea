#include "modmul/montgomery28.hpp"

#include <vector>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/radix28.hpp"

namespace parmod::modmul {

bool montgomery28_available(std::size_t bits) noexcept {
  return limbs::cpu_has_avx2() && bits >= 1 && bits <= kMontgomery28MaxBits;
}

bool montgomery28_for_constant_time(std::size_t bits) noexcept {
  const std::size_t from = config::tuning().powm_sec_digits28_min_bits;
  return from != 0 && bits >= from && bits <= kMontgomery28ConstantTimeMaxBits && montgomery28_available(bits);
}

void montgomery28_allocate(Montgomery28Constants& c, std::size_t n, std::size_t bits) {
  c.n = n;
  c.bits = bits;
  c.digits = montgomery28_digits(bits);
  c.p_spread.assign(montgomery28_spread_words(c.digits), 0);
  c.r2.assign(c.digits, 0);
  c.one.assign(c.digits, 0);
}

void montgomery28_fill(Montgomery28Constants& c, const limb_t* p, const limb_t* r_mod_p, const limb_t* r2_mod_p) noexcept {
  using u128 = unsigned __int128;
  const std::size_t m = c.digits, n = c.n;
  // P^-1 mod 2^128: (3P) xor 2 is right mod 2^5, each step doubles the bits (5 steps: 160).
  const u128 P = (static_cast<u128>(n > 1 ? p[1] : 0) << 64) | p[0];
  u128 x = (3 * P) ^ 2;
  for (int i = 0; i < 5; ++i) x *= 2 - P * x;
  const u128 mu = (u128(0) - x) & ((u128(1) << 112) - 1);
  c.mu_lo = static_cast<std::uint64_t>(mu);
  c.mu_hi = static_cast<std::uint64_t>(mu >> 64);
  limbs::to_radix28(c.r2.data(), m, p, n);
  montgomery28_spread(c.p_spread.data(), c.r2.data(), m);
  limbs::to_radix28(c.r2.data(), m, r2_mod_p, n);
  limbs::to_radix28(c.one.data(), m, r_mod_p, n);
}

Montgomery28Constants montgomery28_constants(const mpz_class& P) {
  const std::size_t n = mpz_size(P.get_mpz_t()), bits = mpz_sizeinbase(P.get_mpz_t(), 2);
  Montgomery28Constants c;
  montgomery28_allocate(c, n, bits);
  const mpz_class R = mpz_class(1) << (limbs::kDigit28Bits * c.digits), r = R % P, r2 = r * r % P;
  std::vector<limb_t> pl(n, 0), rl(n, 0), r2l(n, 0);
  mpz_export(pl.data(), nullptr, -1, sizeof(limb_t), 0, 0, P.get_mpz_t());
  mpz_export(rl.data(), nullptr, -1, sizeof(limb_t), 0, 0, r.get_mpz_t());
  mpz_export(r2l.data(), nullptr, -1, sizeof(limb_t), 0, 0, r2.get_mpz_t());
  montgomery28_fill(c, pl.data(), rl.data(), r2l.data());
  return c;
}

}  // namespace parmod::modmul

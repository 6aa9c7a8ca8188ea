#include "modmul/modulus_constants.hpp"

#include <vector>

#include "check/assert.hpp"
#include "modmul/engine.hpp"

namespace parmod::modmul {

void to_limbs(limb_t* out, std::size_t n, const mpz_class& x) noexcept {
  const std::size_t xn = mpz_size(x.get_mpz_t());
  PARMOD_ASSERT(mpz_sgn(x.get_mpz_t()) >= 0 && xn <= n);
  const limb_t* xp = mpz_limbs_read(x.get_mpz_t());
  for (std::size_t i = 0; i < xn; ++i) out[i] = xp[i];
  for (std::size_t i = xn; i < n; ++i) out[i] = 0;
}

void from_limbs(mpz_class& x, const limb_t* in, std::size_t n) {
  n = limbs::normalized_size(in, n);
  limb_t* xp = mpz_limbs_write(x.get_mpz_t(), static_cast<mp_size_t>(n ? n : 1));
  for (std::size_t i = 0; i < n; ++i) xp[i] = in[i];
  mpz_limbs_finish(x.get_mpz_t(), static_cast<mp_size_t>(n));
}

ModulusConstants::ModulusConstants(const mpz_class& P) : n(mpz_size(P.get_mpz_t())), p(n), odd(mpz_odd_p(P.get_mpz_t()) != 0) {
  PARMOD_ASSERT(P > 0);
  to_limbs(p.data(), n, P);
  const unsigned bits = static_cast<unsigned>(n) * kLimbBits;
  mpz_class beta_n;
  mpz_ui_pow_ui(beta_n.get_mpz_t(), 2, bits);

  // nu = floor(beta^2n / P).
  mpz_class beta_2n = beta_n * beta_n, nu_z;
  mpz_fdiv_q(nu_z.get_mpz_t(), beta_2n.get_mpz_t(), P.get_mpz_t());
  nu_n = mpz_size(nu_z.get_mpz_t());
  PARMOD_ASSERT(nu_n == n + 1 || nu_n == n + 2);
  nu.assign(nu_n, 0);
  to_limbs(nu.data(), nu_n, nu_z);

  one.assign(n, 0);
  one[0] = (P == 1) ? 0 : 1;

  if (odd) {
    // -P^-1 mod beta^n by Newton (limbs::binvert): mpz_invert's extended gcd
    // took 5.2 s for one 16.6-million-bit P (0.8 s for another of that size).
    mu.assign(n, 0);
    std::vector<limb_t> scratch(2 * n);
    limbs::binvert(mu.data(), p.data(), n, scratch.data());
    mpn_neg(mu.data(), mu.data(), static_cast<mp_size_t>(n));
    mu0 = mu[0];
    mpz_class r = beta_n % P, r2 = beta_2n % P;
    r_mod_p.assign(n, 0);
    r2_mod_p.assign(n, 0);
    to_limbs(r_mod_p.data(), n, r);
    to_limbs(r2_mod_p.data(), n, r2);
  }
}

std::shared_ptr<ModulusConstants> make_constants(const mpz_class& P) {
  return std::make_shared<ModulusConstants>(P);
}

}  // namespace parmod::modmul

#include "support/random_operands.hpp"

namespace parmod::test {

Rng::Rng() {
  gmp_randinit_default(state_);
  gmp_randseed_ui(state_, 0x9a3d0f11);
}
Rng::~Rng() { gmp_randclear(state_); }
mpz_class Rng::get_z_bits(unsigned long bits) {
  mpz_class x;
  mpz_urandomb(x.get_mpz_t(), state_, bits);
  return x;
}
mpz_class Rng::get_z_range(const mpz_class& bound) {
  mpz_class x;
  mpz_urandomm(x.get_mpz_t(), state_, bound.get_mpz_t());
  return x;
}

Rng& rng() {
  thread_local Rng r;
  return r;
}

mpz_class beta_pow(std::size_t k) {
  mpz_class x = 1;
  x <<= static_cast<mp_bitcnt_t>(64 * k);
  return x;
}

mpz_class rrandom_bits(std::size_t bits) {
  mpz_class x;
  if (bits == 0) return 0;
  if (rng().get_z_bits(1) == 0) {
    mpz_rrandomb(x.get_mpz_t(), rng().state(), bits);  // top bit set
  } else {
    x = rng().get_z_bits(bits);
    mpz_setbit(x.get_mpz_t(), bits - 1);
  }
  return x;
}

mpz_class random_below(const mpz_class& bound) {
  if (rng().get_z_bits(1) == 0) return rng().get_z_range(bound);
  mpz_class x;
  mpz_rrandomb(x.get_mpz_t(), rng().state(), mpz_sizeinbase(bound.get_mpz_t(), 2));
  mpz_fdiv_r(x.get_mpz_t(), x.get_mpz_t(), bound.get_mpz_t());
  return x;
}

mpz_class random_modulus(std::size_t n, bool odd) {
  mpz_class P = rrandom_bits(64 * n);
  if (odd)
    mpz_setbit(P.get_mpz_t(), 0);
  else
    mpz_clrbit(P.get_mpz_t(), 0);
  return P;
}

std::vector<mpz_class> edge_moduli(std::size_t n, bool odd) {
  const mpz_class lo = beta_pow(n - 1), hi = beta_pow(n);
  std::vector<mpz_class> v;
  auto add = [&](const mpz_class& p) {
    if (p >= lo && p < hi && p > 1 && (mpz_odd_p(p.get_mpz_t()) != 0) == odd) v.push_back(p);
  };
  // just above a power of beta, just below one, half-way, all-ones limbs
  for (int d = 0; d <= 3; ++d) {
    add(lo + d);
    add(hi - 1 - d);
  }
  add(lo + lo / 2 + 1);
  add(lo + lo / 2);
  add(hi - (mpz_class(1) << 63) - 1);
  add(hi - (mpz_class(1) << 63));
  mpz_class ones_low = lo - 1;  // all-ones in the low n-1 limbs
  add(lo + ones_low);
  add(lo + ones_low - 1);
  return v;
}

std::vector<mpz_class> edge_operands(const mpz_class& P) {
  std::vector<mpz_class> v = {0, 1, 2, P - 1, P - 2, P / 2, P / 2 + 1};
  const std::size_t n = mpz_size(P.get_mpz_t());
  if (n > 1) v.push_back(beta_pow(n - 1) - 1);  // all-ones limbs below P
  v.push_back((P - 1) / 3);
  std::vector<mpz_class> out;
  for (auto& x : v)
    if (x >= 0 && x < P) out.push_back(x);
  return out;
}

std::vector<limb_t> limbs_of(const mpz_class& x, std::size_t n) {
  std::vector<limb_t> v(n, 0);
  const std::size_t xn = mpz_size(x.get_mpz_t());
  for (std::size_t i = 0; i < xn && i < n; ++i) v[i] = mpz_getlimbn(x.get_mpz_t(), static_cast<mp_size_t>(i));
  return v;
}

mpz_class value_of(const limb_t* x, std::size_t n) {
  mpz_class v;
  mpz_import(v.get_mpz_t(), n, -1, sizeof(limb_t), 0, 0, x);
  return v;
}

mpz_class py_mod(const mpz_class& x, const mpz_class& m) {
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), m.get_mpz_t());
  return r;
}

mpz_class gmp_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  return r;
}

}  // namespace parmod::test

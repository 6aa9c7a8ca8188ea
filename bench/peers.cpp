#include "peers.hpp"

#include <thread>

namespace parmod::bench::peers {

mpz_class random_modulus(gmp_randclass& rng, std::size_t bits, bool odd) {
  mpz_class P = rng.get_z_bits(bits);
  mpz_setbit(P.get_mpz_t(), bits - 1);
  if (odd) mpz_setbit(P.get_mpz_t(), 0);
  return P;
}

GmpMulMod::GmpMulMod(const mpz_class& P_, const mpz_class& a_, const mpz_class& b_) : P(P_), a(a_), b(b_) {
  const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
  mpz_realloc2(prod.get_mpz_t(), 2 * bits + 64);
  mpz_realloc2(rem.get_mpz_t(), bits + 64);
}

GmpMontgomery::GmpMontgomery(const mpz_class& P_) : n(mpz_size(P_.get_mpz_t())), p(n), mu(n), P(P_) {
  mpz_export(p.data(), nullptr, -1, sizeof(mp_limb_t), 0, 0, P.get_mpz_t());
  const mpz_class beta_n = mpz_class(1) << (64 * n);
  mpz_class inv;
  mpz_invert(inv.get_mpz_t(), P.get_mpz_t(), beta_n.get_mpz_t());
  const mpz_class neg = beta_n - inv;  // -P^-1 mod beta^n
  mpz_export(mu.data(), nullptr, -1, sizeof(mp_limb_t), 0, 0, neg.get_mpz_t());
  mu0 = mu[0];
}

void GmpMontgomery::to_mont(mp_limb_t* r, const mpz_class& x) const {
  const mpz_class y = (x << (64 * n)) % P;
  mpn_zero(r, static_cast<mp_size_t>(n));
  mpz_export(r, nullptr, -1, sizeof(mp_limb_t), 0, 0, y.get_mpz_t());
}

mpz_class GmpMontgomery::from_mont(const mp_limb_t* x) const {
  mpz_class v, rinv;
  mpz_import(v.get_mpz_t(), n, -1, sizeof(mp_limb_t), 0, 0, x);
  const mpz_class R = mpz_class(1) << (64 * n);
  mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  return v * rinv % P;
}

RsaKey::RsaKey(gmp_randclass& rng, std::size_t bits) {
  mpz_class r1 = rng.get_z_bits(bits / 2), r2 = rng.get_z_bits(bits / 2);
  mpz_setbit(r1.get_mpz_t(), bits / 2 - 1);
  mpz_setbit(r2.get_mpz_t(), bits / 2 - 1);
  mpz_nextprime(p.get_mpz_t(), r1.get_mpz_t());
  mpz_nextprime(q.get_mpz_t(), r2.get_mpz_t());
  N = p * q;
  const mpz_class phi = (p - 1) * (q - 1), e = 65537;
  mpz_invert(d.get_mpz_t(), e.get_mpz_t(), phi.get_mpz_t());
  dp = d % (p - 1);
  dq = d % (q - 1);
  mpz_invert(qinv.get_mpz_t(), q.get_mpz_t(), p.get_mpz_t());
}

mpz_class gmp_multi_powm(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps,
                         const mpz_class& m) {
  mpz_class acc = 1, t;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    mpz_powm(t.get_mpz_t(), bases[i].get_mpz_t(), exps[i].get_mpz_t(), m.get_mpz_t());
    acc = acc * t % m;
  }
  return acc;
}

void gmp_powm_list_threads(std::vector<mpz_class>& out, const std::vector<mpz_class>& bases, const mpz_class& e,
                           const mpz_class& P, int threads) {
  const std::size_t count = bases.size(), T = static_cast<std::size_t>(threads < 1 ? 1 : threads);
  auto range = [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) mpz_powm(out[i].get_mpz_t(), bases[i].get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  };
  std::vector<std::thread> th;
  for (std::size_t c = 1; c < T; ++c) th.emplace_back(range, count * c / T, count * (c + 1) / T);
  range(0, count / T);
  for (auto& x : th) x.join();
}

#ifdef PARMOD_HAVE_OPENSSL

Bn::Bn() : v(BN_new()) {}
Bn::Bn(const mpz_class& x) : v(BN_new()) { set(x); }
Bn::~Bn() { BN_free(v); }
void Bn::set(const mpz_class& x) { BN_hex2bn(&v, x.get_str(16).c_str()); }
mpz_class Bn::get() const {
  char* hex = BN_bn2hex(v);
  mpz_class x(hex, 16);
  OPENSSL_free(hex);
  return x;
}

BnCtx::BnCtx() : v(BN_CTX_new()) {}
BnCtx::~BnCtx() { BN_CTX_free(v); }

BnMont::BnMont(const Bn& P, BnCtx& c) : v(BN_MONT_CTX_new()), ctx(c.v) { BN_MONT_CTX_set(v, P.v, ctx); }
BnMont::~BnMont() { BN_MONT_CTX_free(v); }
void BnMont::to_mont(Bn& x) const { BN_to_montgomery(x.v, x.v, v, ctx); }
mpz_class BnMont::from_mont(const Bn& x) const {
  Bn y;
  BN_from_montgomery(y.v, x.v, v, ctx);
  return y.get();
}

OpensslModMul::OpensslModMul(const mpz_class& P, const mpz_class& a_, const mpz_class& b_)
    : p(P), mont(p, ctx), a(a_), b(b_) {
  mont.to_mont(a);
  mont.to_mont(b);
}

OpensslPowm::OpensslPowm(const mpz_class& P, const mpz_class& b_, const mpz_class& e_)
    : p(P), mont(p, ctx), b(b_), e(e_) {}

OpensslRsaCrt::OpensslRsaCrt(const RsaKey& key, const mpz_class& m_)
    : p(key.p), q(key.q), mp(p, ctx), mq(q, ctx), m(m_), dp(key.dp), dq(key.dq), qinv(key.qinv) {}

void OpensslRsaCrt::run(bool consttime) {
  if (consttime) {
    BN_mod_exp_mont_consttime(m1.v, m.v, dp.v, p.v, ctx.v, mp.v);
    BN_mod_exp_mont_consttime(m2.v, m.v, dq.v, q.v, ctx.v, mq.v);
  } else {
    BN_mod_exp_mont(m1.v, m.v, dp.v, p.v, ctx.v, mp.v);
    BN_mod_exp_mont(m2.v, m.v, dq.v, q.v, ctx.v, mq.v);
  }
  BN_mod_sub(h.v, m1.v, m2.v, p.v, ctx.v);
  BN_mod_mul(h.v, h.v, qinv.v, p.v, ctx.v);
  BN_mul(out.v, h.v, q.v, ctx.v);
  BN_add(out.v, out.v, m2.v);
}

#endif  // PARMOD_HAVE_OPENSSL

}  // namespace parmod::bench::peers

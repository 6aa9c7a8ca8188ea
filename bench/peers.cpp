// RSA_private_decrypt and RSA_blinding_off: deprecated in OpenSSL 3, kept as
// the like-for-like peer with blinding off.
#define OPENSSL_SUPPRESS_DEPRECATED

#include "peers.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>

#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#endif

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

namespace {

std::vector<unsigned char> be_bytes(const mpz_class& x, std::size_t len) {
  std::vector<unsigned char> b(len, 0);
  std::size_t count = 0;
  std::vector<unsigned char> raw((mpz_sizeinbase(x.get_mpz_t(), 2) + 7) / 8 + 1);
  mpz_export(raw.data(), &count, 1, 1, 1, 0, x.get_mpz_t());
  std::copy(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(count), b.end() - static_cast<std::ptrdiff_t>(count));
  return b;
}

[[noreturn]] void openssl_failed(const char* what) {
  throw std::runtime_error(std::string("OpenSSL: ") + what + " failed");
}

}  // namespace

OpensslRsaPrivate::OpensslRsaPrivate(const RsaKey& key, const mpz_class& m) {
  len = (mpz_sizeinbase(key.N.get_mpz_t(), 2) + 7) / 8;
  in = be_bytes(m, len);
  out.assign(len, 0);
  Bn n(key.N), e(mpz_class(65537)), d(key.d), p(key.p), q(key.q), dp(key.dp), dq(key.dq), qinv(key.qinv);
  // OpenSSL 3: the key from parameters, decrypt without padding.
  OSSL_PARAM_BLD* bld = OSSL_PARAM_BLD_new();
  if (!bld || !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e.v) || !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_D, d.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR1, p.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR2, q.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT1, dp.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT2, dq.v) ||
      !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, qinv.v))
    openssl_failed("OSSL_PARAM_BLD");
  OSSL_PARAM* params = OSSL_PARAM_BLD_to_param(bld);
  OSSL_PARAM_BLD_free(bld);
  EVP_PKEY_CTX* from = EVP_PKEY_CTX_new_from_name(nullptr, "RSA", nullptr);
  EVP_PKEY* k = nullptr;
  if (!params || !from || EVP_PKEY_fromdata_init(from) <= 0 || EVP_PKEY_fromdata(from, &k, EVP_PKEY_KEYPAIR, params) <= 0)
    openssl_failed("EVP_PKEY_fromdata");
  OSSL_PARAM_free(params);
  EVP_PKEY_CTX_free(from);
  pkey = k;
  EVP_PKEY_CTX* c = EVP_PKEY_CTX_new(k, nullptr);
  if (!c || EVP_PKEY_decrypt_init(c) <= 0 || EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING) <= 0)
    openssl_failed("EVP_PKEY_decrypt_init");
  pctx = c;
  // The legacy RSA object (deprecated in OpenSSL 3, still its RSA code).
  RSA* r = RSA_new();
  BIGNUM *bn_n = BN_dup(n.v), *bn_e = BN_dup(e.v), *bn_d = BN_dup(d.v), *bn_p = BN_dup(p.v), *bn_q = BN_dup(q.v),
         *bn_dp = BN_dup(dp.v), *bn_dq = BN_dup(dq.v), *bn_qinv = BN_dup(qinv.v);
  if (!r || !RSA_set0_key(r, bn_n, bn_e, bn_d) || !RSA_set0_factors(r, bn_p, bn_q) ||
      !RSA_set0_crt_params(r, bn_dp, bn_dq, bn_qinv))
    openssl_failed("RSA_set0");
  rsa = r;
}

OpensslRsaPrivate::~OpensslRsaPrivate() {
  EVP_PKEY_CTX_free(static_cast<EVP_PKEY_CTX*>(pctx));
  EVP_PKEY_free(static_cast<EVP_PKEY*>(pkey));
  RSA_free(static_cast<RSA*>(rsa));
}

void OpensslRsaPrivate::evp() {
  std::size_t outlen = len;
  if (EVP_PKEY_decrypt(static_cast<EVP_PKEY_CTX*>(pctx), out.data(), &outlen, in.data(), len) <= 0 || outlen != len)
    openssl_failed("EVP_PKEY_decrypt");
}

void OpensslRsaPrivate::legacy(bool blinding) {
  RSA* r = static_cast<RSA*>(rsa);
  if (blinding != blinding_on) {
    if (blinding)
      RSA_blinding_on(r, nullptr);
    else
      RSA_blinding_off(r);
    blinding_on = blinding;
  }
  if (RSA_private_decrypt(static_cast<int>(len), in.data(), out.data(), r, RSA_NO_PADDING) != static_cast<int>(len))
    openssl_failed("RSA_private_decrypt");
}

mpz_class OpensslRsaPrivate::result() const {
  mpz_class x;
  mpz_import(x.get_mpz_t(), len, 1, 1, 1, 0, out.data());
  return x;
}

#endif  // PARMOD_HAVE_OPENSSL

}  // namespace parmod::bench::peers

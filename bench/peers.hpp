// bench/peers.hpp - the libraries parmod is measured against, set up once:
// GMP (mpz and mpn) and OpenSSL's libcrypto (BIGNUM).
//
// Every bench times its peers through these types, so a peer is set up the
// same way in every table: operands converted and preallocated outside the
// timed call, the timed call itself (inline here) doing only the library's
// work.  Each type also reads its result back as an mpz_class, for the
// checks against GMP (bench/check.hpp).
//
// OpenSSL is optional: its types exist when the build links libcrypto
// (PARMOD_HAVE_OPENSSL, CMake option PARMOD_WITH_OPENSSL); benches add their
// OpenSSL variants under #ifdef PARMOD_HAVE_OPENSSL and print "n/a" otherwise.
#pragma once

#include <gmp.h>
#include <gmpxx.h>

#include <cstddef>
#include <vector>

#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

extern "C" mp_limb_t __gmpn_redc_1(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_limb_t invm);

namespace parmod::bench::peers {

// A random modulus of exactly `bits` bits (top bit set), odd unless `odd` is false.
mpz_class random_modulus(gmp_randclass& rng, std::size_t bits, bool odd = true);

// ---- GMP -------------------------------------------------------------------

// (a * b) mod P by mpz_mul + mpz_tdiv_r into preallocated integers: GMP's
// modular multiplication as the paper timed it.
struct GmpMulMod {
  GmpMulMod(const mpz_class& P, const mpz_class& a, const mpz_class& b);
  void run() {
    mpz_mul(prod.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    mpz_tdiv_r(rem.get_mpz_t(), prod.get_mpz_t(), P.get_mpz_t());
  }
  const mpz_class& result() const { return rem; }
  mpz_class P, a, b, prod, rem;
};

// Montgomery multiplication from GMP's mpn functions, R = beta^n: the
// product (mpn_mul_n or mpn_sqr) then REDC, either GMP's word-by-word
// __gmpn_redc_1 (the REDC libgmp exports) or REDC by two mpn_mul_n products.
// Operands and results are n-limb values below beta^n (not always below P:
// values stay congruent, as inside GMP's mpz_powm); from_mont reduces.
struct GmpMontgomery {
  explicit GmpMontgomery(const mpz_class& P);
  std::size_t n;
  std::vector<mp_limb_t> p;   // P
  std::vector<mp_limb_t> mu;  // -P^-1 mod beta^n (REDC by products)
  mp_limb_t mu0;              // -P^-1 mod beta (__gmpn_redc_1)
  mpz_class P;

  std::size_t product_limbs() const { return 2 * n; }    // the t argument below
  std::size_t products_scratch() const { return 4 * n; }  // the w argument of mul_redc_products

  // r = t beta^-n, t of 2n limbs (destroyed).
  void redc_1(mp_limb_t* r, mp_limb_t* t) const {
    const mp_limb_t cy = __gmpn_redc_1(r, t, p.data(), static_cast<mp_size_t>(n), mu0);
    mpn_cnd_sub_n(cy, r, r, p.data(), static_cast<mp_size_t>(n));
  }
  // r = a b beta^-n by mpn_mul_n + __gmpn_redc_1; t: 2n limbs.
  void mul_redc_1(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b, mp_limb_t* t) const {
    mpn_mul_n(t, a, b, static_cast<mp_size_t>(n));
    redc_1(r, t);
  }
  // r = a^2 beta^-n by mpn_sqr + __gmpn_redc_1; t: 2n limbs.
  void sqr_redc_1(mp_limb_t* r, const mp_limb_t* a, mp_limb_t* t) const {
    mpn_sqr(t, a, static_cast<mp_size_t>(n));
    redc_1(r, t);
  }
  // r = a b beta^-n by mpn_mul_n and REDC by two mpn_mul_n products
  // (q = t mu mod beta^n, r = (t + q P) / beta^n); t: 2n limbs, w: 4n limbs.
  void mul_redc_products(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b, mp_limb_t* t, mp_limb_t* w) const {
    const mp_size_t sn = static_cast<mp_size_t>(n);
    mpn_mul_n(t, a, b, sn);
    mpn_mul_n(w, t, mu.data(), sn);        // low n limbs: q
    mpn_mul_n(w + 2 * n, w, p.data(), sn);  // q P
    const mp_limb_t cy = mpn_add_n(w + 2 * n, w + 2 * n, t, 2 * sn);
    if (cy || mpn_cmp(w + 3 * n, p.data(), sn) >= 0)
      mpn_sub_n(r, w + 3 * n, p.data(), sn);
    else
      mpn_copyi(r, w + 3 * n, sn);
  }
  // r = a + b mod P for a, b < P (mpn_add_n, then mpn_sub_n into s: n limbs).
  void add(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b, mp_limb_t* s) const {
    const mp_limb_t cy = mpn_add_n(r, a, b, static_cast<mp_size_t>(n));
    const mp_limb_t bw = mpn_sub_n(s, r, p.data(), static_cast<mp_size_t>(n));
    if (cy || !bw) mpn_copyi(r, s, static_cast<mp_size_t>(n));
  }
  // Conversions for set-up and checks: x beta^n mod P into n limbs, and back.
  void to_mont(mp_limb_t* r, const mpz_class& x) const;
  mpz_class from_mont(const mp_limb_t* x) const;
};

// An RSA key for the private operation by CRT: primes p, q of bits/2 bits.
struct RsaKey {
  RsaKey(gmp_randclass& rng, std::size_t bits);
  mpz_class p, q, N, d, dp, dq, qinv;  // dp = d mod p-1, dq = d mod q-1, qinv = q^-1 mod p
};

// m^d mod N by CRT with GMP: mpz_powm per prime and Garner's recombination.
struct GmpRsaCrt {
  GmpRsaCrt(const RsaKey& k, const mpz_class& m_) : key(k), m(m_) {}
  void run() {
    mpz_powm(m1.get_mpz_t(), m.get_mpz_t(), key.dp.get_mpz_t(), key.p.get_mpz_t());
    mpz_powm(m2.get_mpz_t(), m.get_mpz_t(), key.dq.get_mpz_t(), key.q.get_mpz_t());
    h = (m1 - m2) * key.qinv;
    mpz_mod(h.get_mpz_t(), h.get_mpz_t(), key.p.get_mpz_t());
    out = m2 + h * key.q;
  }
  const mpz_class& result() const { return out; }
  RsaKey key;
  mpz_class m, m1, m2, h, out;
};

// prod(bases[i]^exps[i]) mod m as n mpz_powm and a running product: the
// paper's EXP on GMP.
mpz_class gmp_multi_powm(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps,
                         const mpz_class& m);

// out[i] = bases[i]^e mod P for every i, the list cut in `threads`
// contiguous shares, each share a loop of mpz_powm on its own std::thread
// (the calling thread takes the first): "GMP on every core", the peer a user
// would write.
void gmp_powm_list_threads(std::vector<mpz_class>& out, const std::vector<mpz_class>& bases, const mpz_class& e,
                           const mpz_class& P, int threads);

// ---- OpenSSL (libcrypto) -----------------------------------------------------
#ifdef PARMOD_HAVE_OPENSSL

// An owned BIGNUM.
struct Bn {
  Bn();
  explicit Bn(const mpz_class& x);
  Bn(const Bn&) = delete;
  Bn& operator=(const Bn&) = delete;
  ~Bn();
  void set(const mpz_class& x);
  mpz_class get() const;
  BIGNUM* v;
};

struct BnCtx {
  BnCtx();
  BnCtx(const BnCtx&) = delete;
  BnCtx& operator=(const BnCtx&) = delete;
  ~BnCtx();
  BN_CTX* v;
};

// BN_MONT_CTX of an odd modulus, with the conversions.
struct BnMont {
  BnMont(const Bn& P, BnCtx& ctx);
  BnMont(const BnMont&) = delete;
  BnMont& operator=(const BnMont&) = delete;
  ~BnMont();
  void to_mont(Bn& x) const;                 // x -> x R mod P in place
  mpz_class from_mont(const Bn& x) const;    // x R^-1 mod P
  BN_MONT_CTX* v;
  BN_CTX* ctx;
};

// BN_mod_mul_montgomery on a, b in Montgomery form.
struct OpensslModMul {
  OpensslModMul(const mpz_class& P, const mpz_class& a, const mpz_class& b);
  void run() { BN_mod_mul_montgomery(r.v, a.v, b.v, mont.v, ctx.v); }
  // a^2: the same BIGNUM twice, so OpenSSL takes its dedicated squaring (bn_sqr8x_mont where it has one).
  void square() { BN_mod_mul_montgomery(r.v, a.v, a.v, mont.v, ctx.v); }
  mpz_class result() const { return mont.from_mont(r); }  // a b mod P (a^2 after square())
  BnCtx ctx;
  Bn p;
  BnMont mont;
  Bn a, b, r;
};

// b^e mod P by BN_mod_exp_mont and BN_mod_exp_mont_consttime, the modulus's
// BN_MONT_CTX built once.
struct OpensslPowm {
  OpensslPowm(const mpz_class& P, const mpz_class& b, const mpz_class& e);
  void exp_mont() { BN_mod_exp_mont(r.v, b.v, e.v, p.v, ctx.v, mont.v); }
  void exp_consttime() { BN_mod_exp_mont_consttime(r.v, b.v, e.v, p.v, ctx.v, mont.v); }
  mpz_class result() const { return r.get(); }
  BnCtx ctx;
  Bn p;
  BnMont mont;
  Bn b, e, r;
};

// m^d mod N by CRT with OpenSSL, as its RSA code does it: the two half-size
// powers (BN_mod_exp_mont, or the consttime variant), then Garner's
// recombination with BN_mod_sub, BN_mod_mul, BN_mul and BN_add.
struct OpensslRsaCrt {
  OpensslRsaCrt(const RsaKey& key, const mpz_class& m);
  void run(bool consttime);
  mpz_class result() const { return out.get(); }
  BnCtx ctx;
  Bn p, q;
  BnMont mp, mq;
  Bn m, dp, dq, qinv, m1, m2, h, out;
};

// OpenSSL's own RSA private operation on the key (N, 65537, d, p, q, dp, dq,
// qinv), no padding: m^d mod N for a byte string of N's length, the way a TLS
// server signs or decrypts (CRT with its constant-time exponentiation, the
// AVX-512 IFMA two-prime kernel where the CPU has it, blinding and the check
// of the result by the public exponent).  Three entry points:
//  - evp(): EVP_PKEY_decrypt with RSA_NO_PADDING on a key from EVP_PKEY_fromdata
//    (the OpenSSL 3 API; blinding on);
//  - legacy(blinding): RSA_private_decrypt with RSA_NO_PADDING on an RSA
//    object, with RSA_blinding_on or RSA_blinding_off (the part of the cost
//    that blinding adds).
struct OpensslRsaPrivate {
  OpensslRsaPrivate(const RsaKey& key, const mpz_class& m);
  OpensslRsaPrivate(const OpensslRsaPrivate&) = delete;
  OpensslRsaPrivate& operator=(const OpensslRsaPrivate&) = delete;
  ~OpensslRsaPrivate();
  void evp();
  void legacy(bool blinding);
  mpz_class result() const;  // the last output
  std::size_t len = 0;
  std::vector<unsigned char> in, out;
  void* pkey = nullptr;      // EVP_PKEY
  void* pctx = nullptr;      // EVP_PKEY_CTX, decrypt initialised, no padding
  void* rsa = nullptr;       // RSA (legacy)
  bool blinding_on = true;
};

#endif  // PARMOD_HAVE_OPENSSL

}  // namespace parmod::bench::peers

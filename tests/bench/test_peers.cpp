// Tests bench/peers: every peer set-up computes what it is timed as
// computing, against mpz arithmetic, on several sizes (one limb, uneven,
// all-ones limbs at the top).
#include "peers.hpp"

#include <gtest/gtest.h>

namespace parmod::bench::peers {
namespace {

std::vector<mpz_class> moduli(gmp_randclass& rng) {
  std::vector<mpz_class> v;
  for (std::size_t bits : {64u, 65u, 200u, 1024u, 1500u}) v.push_back(random_modulus(rng, bits));
  v.push_back((mpz_class(1) << 512) - 1);  // all-ones limbs
  v.push_back((mpz_class(1) << 256) + 1);  // just above a power of 2^64
  return v;
}

TEST(Peers, RandomModulus) {
  gmp_randclass rng(gmp_randinit_default);
  for (std::size_t bits : {2u, 64u, 1000u}) {
    const mpz_class odd = random_modulus(rng, bits), any = random_modulus(rng, bits, false);
    EXPECT_EQ(mpz_sizeinbase(odd.get_mpz_t(), 2), bits);
    EXPECT_TRUE(mpz_odd_p(odd.get_mpz_t()));
    EXPECT_EQ(mpz_sizeinbase(any.get_mpz_t(), 2), bits);
  }
}

TEST(Peers, GmpMulMod) {
  gmp_randclass rng(gmp_randinit_default);
  for (const auto& P : moduli(rng)) {
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
    GmpMulMod g(P, a, b);
    g.run();
    EXPECT_EQ(g.result(), a * b % P);
  }
}

TEST(Peers, GmpMontgomery) {
  gmp_randclass rng(gmp_randinit_default);
  for (const auto& P : moduli(rng)) {
    const GmpMontgomery g(P);
    const std::size_t n = g.n;
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
    std::vector<mp_limb_t> x(n), y(n), r(n), t(g.product_limbs()), w(g.products_scratch()), s(n);
    g.to_mont(x.data(), a);
    g.to_mont(y.data(), b);
    EXPECT_EQ(g.from_mont(x.data()), a);
    g.mul_redc_1(r.data(), x.data(), y.data(), t.data());
    EXPECT_EQ(g.from_mont(r.data()), a * b % P);
    g.mul_redc_products(r.data(), x.data(), y.data(), t.data(), w.data());
    EXPECT_EQ(g.from_mont(r.data()), a * b % P);
    g.sqr_redc_1(r.data(), x.data(), t.data());
    EXPECT_EQ(g.from_mont(r.data()), a * a % P);
    g.add(r.data(), x.data(), y.data(), s.data());
    EXPECT_EQ(g.from_mont(r.data()), (a + b) % P);
    // P - 1 squared: the largest operands.
    g.to_mont(x.data(), P - 1);
    g.mul_redc_1(r.data(), x.data(), x.data(), t.data());
    EXPECT_EQ(g.from_mont(r.data()), 1);
  }
}

TEST(Peers, GmpListsAndCrt) {
  gmp_randclass rng(gmp_randinit_default);
  const mpz_class P = random_modulus(rng, 300);
  std::vector<mpz_class> bases, exps;
  mpz_class want = 1;
  for (int i = 0; i < 5; ++i) {
    bases.push_back(rng.get_z_range(P));
    exps.push_back(rng.get_z_bits(100));
    mpz_class t;
    mpz_powm(t.get_mpz_t(), bases.back().get_mpz_t(), exps.back().get_mpz_t(), P.get_mpz_t());
    want = want * t % P;
  }
  EXPECT_EQ(gmp_multi_powm(bases, exps, P), want);
  EXPECT_EQ(gmp_multi_powm({}, {}, P), 1);
  for (int threads : {1, 2, 3, 7}) {
    std::vector<mpz_class> out(bases.size());
    gmp_powm_list_threads(out, bases, exps[0], P, threads);
    for (std::size_t i = 0; i < bases.size(); ++i) {
      mpz_class t;
      mpz_powm(t.get_mpz_t(), bases[i].get_mpz_t(), exps[0].get_mpz_t(), P.get_mpz_t());
      EXPECT_EQ(out[i], t) << i << " of " << threads << " threads";
    }
  }
  const RsaKey key(rng, 512);
  EXPECT_EQ(key.N, key.p * key.q);
  const mpz_class m = rng.get_z_range(key.N);
  mpz_class want_rsa;
  mpz_powm(want_rsa.get_mpz_t(), m.get_mpz_t(), key.d.get_mpz_t(), key.N.get_mpz_t());
  GmpRsaCrt g(key, m);
  g.run();
  EXPECT_EQ(g.result(), want_rsa);
#ifdef PARMOD_HAVE_OPENSSL
  OpensslRsaCrt o(key, m);
  for (bool ct : {false, true}) {
    o.run(ct);
    EXPECT_EQ(o.result(), want_rsa) << "consttime " << ct;
  }
#endif
}

#ifdef PARMOD_HAVE_OPENSSL
TEST(Peers, Openssl) {
  gmp_randclass rng(gmp_randinit_default);
  for (const auto& P : moduli(rng)) {
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P), e = rng.get_z_bits(200);
    EXPECT_EQ(Bn(a).get(), a);
    OpensslModMul m(P, a, b);
    m.run();
    EXPECT_EQ(m.result(), a * b % P);
    OpensslPowm pw(P, b, e);
    mpz_class want;
    mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
    pw.exp_mont();
    EXPECT_EQ(pw.result(), want);
    pw.exp_consttime();
    EXPECT_EQ(pw.result(), want);
  }
  EXPECT_EQ(Bn(mpz_class(0)).get(), 0);
}
#endif

}  // namespace
}  // namespace parmod::bench::peers

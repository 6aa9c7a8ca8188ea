// parmod::powm_sec_crt (the constant-time RSA-CRT private operation) against
// GMP: many sizes, unequal and equal factor sizes, edge bases and exponents,
// 1 and 2 threads, and its argument errors.  (Against keys made by openssl:
// tests/python/test_sec_crt.py.)
#include <gtest/gtest.h>

#include <parmod/parmod.hpp>

#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

mpz_class prime_of_bits(std::size_t bits) {
  mpz_class x = rrandom_bits(bits - 1) | (mpz_class(1) << (bits - 1)), p;
  mpz_nextprime(p.get_mpz_t(), x.get_mpz_t());
  return p;
}

mpz_class gmp_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  mpz_class r, bb = py_mod(b, m);
  mpz_powm(r.get_mpz_t(), bb.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  return r;
}

TEST(PowmSecCrt, AgainstGmp) {
  for (int threads : {1, 2}) {
    if (threads == 1 && threaded_cases_only()) continue;
    set_num_threads(threads);
    for (std::size_t pbits : {2u, 3u, 17u, 64u, 65u, 127u, 129u, 511u, 1024u, 2048u}) {
      for (std::size_t qbits : {pbits, pbits > 3 ? pbits - 1 : pbits + 2, pbits + 64}) {
        const mpz_class p = prime_of_bits(pbits), q = prime_of_bits(qbits);
        if (p == q) continue;
        const mpz_class N = p * q;
        for (const mpz_class& b : {random_below(N), mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(N - 1),
                                   mpz_class(p), mpz_class(q), mpz_class(2 * p), mpz_class(N + 5),
                                   mpz_class(-random_below(N)), mpz_class(-1), mpz_class(N * N + 3)}) {
          // Big sizes: fewer cases (the time goes to GMP's reference); fewer still with reduced_sizes().
          if (pbits >= 1024 && b != 0 && b != 1 && b != p && b != -1) continue;
          if (pbits >= 1024 && reduced_sizes() && qbits != pbits) continue;
          for (const mpz_class& e : {rrandom_bits(pbits + qbits), mpz_class(1), mpz_class(2), mpz_class(65537),
                                     mpz_class(p - 1), mpz_class((p - 1) * (q - 1)),
                                     rrandom_bits(pbits >= 512 ? 64 : 3 * (pbits + qbits))}) {
            if (pbits >= 1024 && reduced_sizes() && e != 65537 && mpz_sizeinbase(e.get_mpz_t(), 2) < pbits) continue;
            EXPECT_EQ(powm_sec_crt(b, e, p, q), gmp_powm(b, e, N))
                << "p=" << p << " q=" << q << " b=" << b << " e=" << e << " T=" << threads;
          }
        }
        EXPECT_EQ(powm_sec_crt(random_below(N), 0, p, q), 1);
      }
    }
  }
  set_num_threads(0);
}

TEST(PowmSecCrt, RsaRoundTrip) {
  for (std::size_t bits : {512u, 1024u, 2048u}) {
    const mpz_class p = prime_of_bits(bits), q = prime_of_bits(bits), N = p * q, phi = (p - 1) * (q - 1);
    mpz_class d;
    ASSERT_NE(mpz_invert(d.get_mpz_t(), mpz_class(65537).get_mpz_t(), phi.get_mpz_t()), 0);
    const mpz_class m = random_below(N);
    EXPECT_EQ(powm_sec_crt(gmp_powm(m, 65537, N), d, p, q), m);
    EXPECT_EQ(powm_sec_crt(gmp_powm(m, 65537, N), d, q, p), m);  // either order
  }
}

TEST(PowmSecCrt, Errors) {
  const mpz_class p = prime_of_bits(100), q = prime_of_bits(90);
  EXPECT_THROW(powm_sec_crt(2, -1, p, q), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, p, p), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, 2, q), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, p, 1), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, p, 0), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, -p, q), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, p, 2 * q), InvalidArgument);
  EXPECT_THROW(powm_sec_crt(2, 3, 3 * q, q), InvalidArgument);  // not coprime: no q^-1 mod p
  try {
    powm_sec_crt(2, -1, p, q);
  } catch (const InvalidArgument& x) {
    EXPECT_NE(std::string(x.what()).find("powm_sec_crt"), std::string::npos);
  }
}

}  // namespace
}  // namespace parmod::test

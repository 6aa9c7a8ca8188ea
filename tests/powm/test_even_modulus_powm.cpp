// powm/even_modulus_powm against GMP's mpz_powm: P = 2^s m' for s = 1..200
// (multiples of 64, s beyond 64 limbs(m')), m' = 1 (P a power of two) and m'
// of 1..70 limbs, rrandomb-style operands, edge bases and exponents, one and
// two threads.  Scratch is sized exactly (ASan catches overruns).
#include <gtest/gtest.h>

#include "modmul/montgomery_mul.hpp"
#include "powm/even_modulus_powm.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

using exponentiation::EvenModulusConstants;

// even_modulus_powm(b, e) through limbs, with exactly the scratch it asks for.
mpz_class split_pow(const EvenModulusConstants& c, const mpz_class& b, const mpz_class& e, int threads = 1) {
  const std::size_t en = mpz_size(e.get_mpz_t());
  const auto ev = limbs_of(e, en);
  auto x = limbs_of(b, c.n);
  std::vector<limb_t> s(exponentiation::even_modulus_powm_scratch(c, en, threads));
  exponentiation::even_modulus_powm(x.data(), x.data(), en ? ev.data() : nullptr, en, c, threads, 1.3, s.data());
  return value_of(x);
}

// A random odd m' of exactly `limbs` limbs (1 for limbs = 0).
mpz_class odd_part(std::size_t limbs) { return limbs ? random_modulus(limbs, true) : mpz_class(1); }

// Bases worth trying modulo P = 2^s m'.
std::vector<mpz_class> bases_for(const mpz_class& P, const mpz_class& m_odd, std::size_t s) {
  std::vector<mpz_class> v = edge_operands(P);
  v.push_back(random_below(P));
  v.push_back(random_below(P));
  v.push_back(mpz_class(3) % P);
  v.push_back(m_odd % P);                         // 0 mod m'
  v.push_back((mpz_class(1) << (s - 1)) % P);     // v2 = s - 1
  v.push_back((mpz_class(5) << (s / 2)) % P);     // v2 = s / 2
  v.push_back((m_odd << (s - 1)) % P);            // P / 2: 0 mod m', v2 = s - 1
  v.push_back(((random_below(P) | 1) << (s > 1 ? s - 1 : 0)) % P);
  return v;
}

TEST(EvenModulusPowm, Powlo) {
  for (std::size_t n2 : {1u, 2u, 3u, 7u}) {
    for (std::size_t ebits : {0u, 1u, 2u, 5u, 64u, 65u, 700u}) {
      const mpz_class b = rrandom_bits(64 * n2 - 3), e = rrandom_bits(ebits);
      const std::size_t en = mpz_size(e.get_mpz_t());
      const auto bv = limbs_of(b, n2), ev = limbs_of(e, en);
      std::vector<limb_t> r(n2), s(exponentiation::powlo_scratch(n2, ebits));
      exponentiation::powlo(r.data(), bv.data(), ev.data(), en, n2, s.data());
      EXPECT_EQ(value_of(r), gmp_powm(b, e, beta_pow(n2))) << n2 << " " << ebits;
    }
  }
}

TEST(EvenModulusPowm, EverySUpTo200) {
  // m' limbs cycle through 0 (P = 2^s), 1, 2, 3, 5; s covers 1..200 with
  // every multiple of 64 and s > 64 limbs(m').
  const std::size_t odd_limbs[] = {0, 1, 2, 3, 5};
  for (std::size_t s = 1; s <= 200; ++s) {
    const std::size_t l = odd_limbs[s % 5];
    const mpz_class m_odd = odd_part(l), P = m_odd << s;
    const EvenModulusConstants c(P);
    ASSERT_EQ(c.s, s);
    ASSERT_EQ(c.odd_limbs(), l);
    const std::vector<mpz_class> exps = {0, 1, 2, mpz_class(s), mpz_class(s + 1), (mpz_class(1) << 64) - 1,
                                         rrandom_bits(64 * mpz_size(P.get_mpz_t()))};
    for (const mpz_class& b : bases_for(P, m_odd, s))
      for (const mpz_class& e : exps) ASSERT_EQ(split_pow(c, b, e), gmp_powm(b, e, P)) << "s=" << s << " l=" << l << " b=" << b << " e=" << e;
  }
}

TEST(EvenModulusPowm, EvenBasesAroundTheZeroThreshold) {
  // b = 2^v u: b^e = 0 mod 2^s exactly from e = ceil(s / v).
  for (std::size_t s : {1u, 2u, 7u, 63u, 64u, 65u, 128u, 191u, 200u}) {
    for (std::size_t l : {0u, 1u, 2u}) {
      const mpz_class m_odd = odd_part(l), P = m_odd << s;
      const EvenModulusConstants c(P);
      for (std::size_t v = 1; v < s; v += 1 + v / 3) {
        const mpz_class b = ((rrandom_bits(40) | 1) << v) % P;
        const std::size_t need = (s + v - 1) / v;
        for (std::size_t e = need > 2 ? need - 2 : 0; e <= need + 1; ++e)
          ASSERT_EQ(split_pow(c, b, e), gmp_powm(b, e, P)) << "s=" << s << " v=" << v << " e=" << e;
      }
    }
  }
}

TEST(EvenModulusPowm, OddPartUpTo70Limbs) {
  for (std::size_t l : {1u, 2u, 4u, 8u, 16u, 33u, 70u}) {
    for (std::size_t s : {1u, 64u, 129u}) {
      const mpz_class m_odd = odd_part(l), P = m_odd << s;
      const EvenModulusConstants c(P);
      const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
      const mpz_class b = random_below(P);
      for (const mpz_class& e : std::vector<mpz_class>{mpz_class(0), mpz_class(2), (mpz_class(1) << 100) - 1,
                                 rrandom_bits(l <= 16 ? bits : 200)}) {
        ASSERT_EQ(split_pow(c, b, e), gmp_powm(b, e, P)) << "l=" << l << " s=" << s;
      }
      ASSERT_EQ(split_pow(c, P - 1, 65537), gmp_powm(P - 1, 65537, P));
    }
  }
}

TEST(EvenModulusPowm, PowersOfTwoAndEdgeModuli) {
  for (std::size_t n : {1u, 2u, 3u, 9u}) {
    std::vector<mpz_class> moduli = edge_moduli(n, false);
    moduli.push_back(beta_pow(n - 1) << 63);  // 2^(64n - 1)
    moduli.push_back(random_modulus(n, false));
    for (const mpz_class& P : moduli) {
      const EvenModulusConstants c(P);
      for (const mpz_class& b : edge_operands(P))
        for (const mpz_class& e : std::vector<mpz_class>{mpz_class(0), mpz_class(1), mpz_class(2), beta_pow(n) - 1, rrandom_bits(64 * n + 7)})
          ASSERT_EQ(split_pow(c, b, e), gmp_powm(b, e, P)) << "P=" << P << " b=" << b << " e=" << e;
    }
  }
  const EvenModulusConstants two(2);
  EXPECT_EQ(split_pow(two, 0, 0), 1);
  EXPECT_EQ(split_pow(two, 1, 5), 1);
  EXPECT_EQ(split_pow(two, 0, 5), 0);
}

TEST(EvenModulusPowm, TwoThreadsSplitTheOddPart) {
  for (std::size_t l : {1u, 4u, 16u}) {
    for (std::size_t s : {3u, 64u, 300u}) {
      const mpz_class m_odd = odd_part(l), P = m_odd << s;
      const EvenModulusConstants c(P);
      const mpz_class b = random_below(P), e = rrandom_bits(1500);
      for (int threads : {2, 3}) ASSERT_EQ(split_pow(c, b, e, threads), gmp_powm(b, e, P)) << l << " " << s;
    }
  }
}

}  // namespace
}  // namespace parmod::test

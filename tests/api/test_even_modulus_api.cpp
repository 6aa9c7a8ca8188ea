// Even moduli through the APIs (pow by the split P = 2^s m' under automatic,
// Barrett when asked for): Python's pow semantics (negative bases and
// exponents, the sign of m), the free function, the C API, two threads, and
// the other exponentiation entry points (lists, fixed base, powm_crt with an
// even factor) on even moduli.
#include <gtest/gtest.h>

#include "parmod.h"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

std::vector<mpz_class> even_moduli() {
  std::vector<mpz_class> v = {2, 4, 6, 12, mpz_class(1) << 64, mpz_class(1) << 200, mpz_class(3) << 64,
                              mpz_class(0xffffffffffffffffUL) << 1};
  // m' of 8 and 9 limbs: either side of montgomery52's range (9..640 limbs
  // with IFMA), which the odd part of an even modulus follows.
  for (std::size_t l : {1u, 2u, 8u, 9u, 12u, 33u})
    for (std::size_t s : {1u, 5u, 64u, 130u}) v.push_back(random_modulus(l, true) << s);
  return v;
}

// Python's pow(b, e, m) from GMP: inverse for e < 0, result with the sign of m.
mpz_class python_pow(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  const mpz_class P = abs(m);
  mpz_class base = py_mod(b, P);
  if (e < 0 && mpz_invert(base.get_mpz_t(), base.get_mpz_t(), P.get_mpz_t()) == 0) throw NotInvertible("none");
  return py_mod(gmp_powm(base, abs(e), P), m);
}

TEST(EvenModulusApi, PowMatchesPython) {
  for (const mpz_class& P : even_moduli()) {
    const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
    const Modulus mod(P), neg(-P), barrett(P, Algorithm::barrett);
    EXPECT_EQ(mod.algorithm(), Algorithm::barrett);  // products stay on Barrett
    for (const mpz_class& b : std::vector<mpz_class>{mpz_class(0), mpz_class(1), mpz_class(-1), P - 1, -P - 3, rrandom_bits(bits + 30),
                               -rrandom_bits(bits + 30), mpz_class(-2) << 70, mpz_class(3) << 100}) {
      for (const mpz_class& e : std::vector<mpz_class>{mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(-1), mpz_class(-5),
                                 (mpz_class(1) << 64) - 1, rrandom_bits(bits)}) {
        mpz_class want;
        try {
          want = python_pow(b, e, P);
        } catch (const NotInvertible&) {
          EXPECT_THROW(mod.pow(b, e), NotInvertible) << P << " " << b << " " << e;
          EXPECT_THROW(powm(b, e, -P), NotInvertible);
          continue;
        }
        EXPECT_EQ(mod.pow(b, e), want) << "P=" << P << " b=" << b << " e=" << e;
        EXPECT_EQ(barrett.pow(b, e), want);
        EXPECT_EQ(neg.pow(b, e), python_pow(b, e, -P));
        EXPECT_EQ(powm(b, e, -P), python_pow(b, e, -P));
      }
    }
    const mpz_class a = random_below(P), c = -rrandom_bits(bits + 3);
    EXPECT_EQ(mod.mul(a, c), py_mod(a * c, P));
  }
  EXPECT_EQ(powm(0, 0, 2), 1);
  EXPECT_EQ(powm(5, 3, -8), -3);   // pow(5, 3, -8) == -3
  EXPECT_EQ(powm(3, -1, 8), 3);
  EXPECT_THROW(powm(2, -1, 8), NotInvertible);
}

TEST(EvenModulusApi, TwoThreadsLongExponent) {
  set_num_threads(2);
  for (std::size_t s : {1u, 70u}) {
    // 9000-bit exponents: past the exponent split's 8192-bit threshold.
    const mpz_class P = random_modulus(40, true) << s, b = -rrandom_bits(3000), e = rrandom_bits(s == 1 ? 9000 : 6000);
    EXPECT_EQ(Modulus(P).pow(b, e), python_pow(b, e, P));
    const mpz_class odd_b = b | 1;  // invertible unless it shares a factor with m'
    mpz_class g;
    mpz_gcd(g.get_mpz_t(), odd_b.get_mpz_t(), P.get_mpz_t());
    if (g == 1)
      EXPECT_EQ(Modulus(P, Algorithm::automatic, 2).pow(odd_b, -e), python_pow(odd_b, -e, P));
    else
      EXPECT_THROW(Modulus(P, Algorithm::automatic, 2).pow(odd_b, -e), NotInvertible);
  }
  set_num_threads(0);
}

TEST(EvenModulusApi, CApi) {
  const mpz_class P = random_modulus(3, true) << 77, b = -rrandom_bits(250), e = rrandom_bits(300);
  mpz_class r;
  ASSERT_EQ(parmod_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t()), 0);
  EXPECT_EQ(r, python_pow(b, e, P));
  parmod_modulus_t ctx;
  ASSERT_EQ(parmod_modulus_init(&ctx, P.get_mpz_t(), PARMOD_AUTOMATIC, 0), 0);
  ASSERT_EQ(parmod_modulus_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), ctx), 0);
  EXPECT_EQ(r, python_pow(b, e, P));
  parmod_modulus_clear(ctx);
}

TEST(EvenModulusApi, OtherEntryPoints) {
  for (const mpz_class& P : std::vector<mpz_class>{mpz_class(1) << 130, random_modulus(4, true) << 64, random_modulus(2, true) << 3}) {
    std::vector<mpz_class> bases, exps;
    for (int i = 0; i < 7; ++i) {
      bases.push_back(rrandom_bits(1 + 45 * i) * (i % 2 ? -1 : 1));
      exps.push_back(rrandom_bits(1 + 50 * i));
    }
    const auto r1 = powm_base_list(bases, exps[4], P);
    const auto r2 = powm_exp_list(bases[3], exps, P);
    const auto r3 = powm_list(bases, exps, P);
    for (std::size_t i = 0; i < bases.size(); ++i) {
      EXPECT_EQ(r1[i], python_pow(bases[i], exps[4], P));
      EXPECT_EQ(r2[i], python_pow(bases[3], exps[i], P));
      EXPECT_EQ(r3[i], python_pow(bases[i], exps[i], P));
    }
    const FixedBase fb = Modulus(P).fixed_base(bases[5]);
    for (const mpz_class& e : exps) EXPECT_EQ(fb.pow(e), python_pow(bases[5], e, P));
  }
  // powm_crt with an even factor goes through Modulus::pow of each factor.
  mpz_class p;
  mpz_nextprime(p.get_mpz_t(), rrandom_bits(300).get_mpz_t());
  const mpz_class f2 = random_modulus(2, true) << 9;  // even, coprime to p
  const mpz_class b = -rrandom_bits(600), e = rrandom_bits(700);
  EXPECT_EQ(powm_crt(b, e, {p, f2}), python_pow(b, e, p * f2));
  EXPECT_EQ(powm_crt(b, e, {mpz_class(1) << 100, p}), python_pow(b, e, p << 100));
}

}  // namespace
}  // namespace parmod::test

// pow under automatic for moduli below montgomery52's range: odd moduli of 4
// to 8 limbs run on the field kernels (api/small_odd_pow), the other moduli
// below 9 limbs on GMP's mpz_powm (montgomery52 from 9 limbs with IFMA).  Modulus::pow and the one-shot powm (which
// builds no Modulus there) against Python's pow(b, e, m) from GMP, on edge
// moduli of 1 to 13 limbs (both sides of each boundary), edge and random
// bases of any sign, exponents 0, 1, 2, negative, all-ones words and longer
// than the modulus, and negative moduli; an explicit algorithm keeps parmod's
// own exponentiation and must agree.
#include <gtest/gtest.h>

#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// Python's pow(b, e, m): inverse for e < 0 (NotInvertible when none), the sign of m.
mpz_class python_pow(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  const mpz_class P = abs(m);
  if (P == 1) return 0;
  mpz_class base = py_mod(b, P);
  if (e < 0 && mpz_invert(base.get_mpz_t(), base.get_mpz_t(), P.get_mpz_t()) == 0) throw NotInvertible("none");
  return py_mod(gmp_powm(base, abs(e), P), m);
}

void check(const mpz_class& P) {
  const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
  SCOPED_TRACE(::testing::Message() << "P = " << P);
  const Modulus mod(P, Algorithm::automatic, 1), neg(-P), barrett(P, Algorithm::barrett, 1);
  std::vector<mpz_class> bases = edge_operands(P);
  bases.push_back(-1);
  bases.push_back(-P + 1);
  bases.push_back(P + 5);
  bases.push_back(-rrandom_bits(bits + 70));
  bases.push_back(rrandom_bits(bits));
  const std::vector<mpz_class> exps = {0, 1, 2, 3, -1, -2, (mpz_class(1) << 64) - 1, rrandom_bits(bits),
                                       rrandom_bits(3 * bits + 1), -rrandom_bits(bits / 2 + 1)};
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const mpz_class& b = bases[i];
    for (std::size_t j = 0; j < exps.size(); ++j) {
      const mpz_class& e = exps[j];
      if (j == 8 && i % 2 == 1) continue;  // the long exponent for half of the bases
      mpz_class want;
      try {
        want = python_pow(b, e, P);
      } catch (const NotInvertible&) {
        EXPECT_THROW(mod.pow(b, e), NotInvertible) << b << " " << e;
        EXPECT_THROW(powm(b, e, P), NotInvertible) << b << " " << e;
        continue;
      }
      ASSERT_EQ(mod.pow(b, e), want) << "b=" << b << " e=" << e;
      ASSERT_EQ(powm(b, e, P), want) << "b=" << b << " e=" << e;
      if ((i + j) % 2 == 0) {
        ASSERT_EQ(neg.pow(b, e), python_pow(b, e, -P)) << "b=" << b << " e=" << e;
        ASSERT_EQ(powm(b, e, -P), python_pow(b, e, -P)) << "b=" << b << " e=" << e;
      }
      if ((i + j) % 5 == 0) ASSERT_EQ(barrett.pow(b, e), want) << "b=" << b << " e=" << e;
    }
  }
}

// Both edge sweeps run on one thread (Modulus(P, automatic, 1), and powm
// below the team's sizes): the TSan build, which checks the threaded paths,
// leaves them to the Release and ASan builds.
TEST(SmallModulusPow, OddEdgeModuliOneToThirteenLimbs) {
  if (threaded_cases_only()) GTEST_SKIP() << "one thread only";
  for (std::size_t n = 1; n <= 13; ++n)
    for (const mpz_class& P : edge_moduli(n, true)) check(P);
}

TEST(SmallModulusPow, EvenEdgeModuliOneToThirteenLimbs) {
  if (threaded_cases_only()) GTEST_SKIP() << "one thread only";
  for (std::size_t n = 1; n <= 13; ++n) {
    const std::vector<mpz_class> ps = edge_moduli(n, false);
    for (std::size_t i = 0; i < ps.size(); i += 2) check(ps[i]);
  }
}

TEST(SmallModulusPow, TinyModuliAndRandomOnes) {
  for (long m : {2, 3, 4, 5, 7, 9, 15, 16, 17, 255, 257, 65535, 65537}) check(mpz_class(m));
  for (std::size_t n = 1; n <= 12; ++n)
    for (bool odd : {true, false}) check(random_modulus(n, odd));
  EXPECT_EQ(powm(5, 0, 1), 0);
  EXPECT_EQ(powm(5, 0, -1), 0);
  EXPECT_EQ(powm(0, 0, 7), 1);
  EXPECT_THROW(powm(3, 5, 0), DivisionByZero);
  EXPECT_THROW(Modulus(0), DivisionByZero);
}

}  // namespace
}  // namespace parmod::test

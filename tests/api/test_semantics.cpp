// Python semantics: results equal pow(b, e, m) and (a * b) % m for every input.
#include <gtest/gtest.h>

#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// Python's pow(b, e, m) computed with GMP.
mpz_class py_pow(mpz_class b, mpz_class e, const mpz_class& m) {
  const mpz_class P = abs(m);
  if (e < 0) {
    mpz_class inv;
    if (mpz_invert(inv.get_mpz_t(), b.get_mpz_t(), P.get_mpz_t()) == 0) throw NotInvertible("");
    b = inv;
    e = -e;
  }
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  return py_mod(r, m);
}

TEST(Semantics, HandPickedAgainstPython) {
  // Values printed by CPython 3.11.
  EXPECT_EQ(powm(2, 10, -1000), -976);
  EXPECT_EQ(powm(3, -1, 7), 5);
  EXPECT_EQ(powm(-3, 3, 7), 1);         // pow(-3, 3, 7) == 1
  EXPECT_EQ(powm(0, 0, 7), 1);
  EXPECT_EQ(powm(0, 0, 1), 0);
  EXPECT_EQ(powm(5, -3, 1), 0);         // pow(5, -3, 1) == 0
  EXPECT_EQ(powm(5, 3, -1), 0);
  EXPECT_EQ(powm(7, 2, -10), -1);       // pow(7, 2, -10) == -1
  EXPECT_EQ(mulmod(-7, 3, 10), 9);      // (-7 * 3) % 10 == 9
  EXPECT_EQ(mulmod(7, 3, -10), -9);     // (7 * 3) % -10 == -9
  EXPECT_EQ(mulmod(5, 2, -10), 0);
  EXPECT_EQ(mulmod(123, 456, 1), 0);
  EXPECT_EQ(powm(2, -1, 4096 + 1), 2049);
}

TEST(Semantics, RandomSignsAndSizesEveryAlgorithm) {
  for (int rep = 0; rep < reps(400); ++rep) {
    const std::size_t bits = 1 + rng().below(1200).get_ui();
    mpz_class m = rrandom_bits(bits);
    if (rep % 3 == 0) m = -m;
    if (m == 0) continue;
    const mpz_class a = (rep % 2 ? -1 : 1) * rrandom_bits(1 + rng().below(2 * bits + 5).get_ui());
    const mpz_class b = (rep % 5 ? 1 : -1) * rrandom_bits(1 + rng().below(bits + 5).get_ui());
    mpz_class e = rrandom_bits(1 + rng().below(150).get_ui());
    if (rep % 7 == 0) e = -e;
    for (Algorithm alg : {Algorithm::automatic, Algorithm::montgomery, Algorithm::barrett}) {
      if (alg == Algorithm::montgomery && mpz_even_p(m.get_mpz_t())) {
        EXPECT_THROW(Modulus(m, alg), UnsupportedAlgorithm);
        continue;
      }
      const Modulus mod(m, alg);
      EXPECT_EQ(mod.mul(a, b), py_mod(a * b, m));
      bool invertible = true;
      mpz_class want;
      try {
        want = py_pow(a, e, m);
      } catch (const NotInvertible&) {
        invertible = false;
      }
      if (invertible)
        EXPECT_EQ(mod.pow(a, e), want);
      else
        EXPECT_THROW(mod.pow(a, e), NotInvertible);
    }
  }
}

TEST(Semantics, Errors) {
  EXPECT_THROW(powm(2, 3, 0), DivisionByZero);
  EXPECT_THROW(mulmod(2, 3, 0), DivisionByZero);
  EXPECT_THROW(powm(2, -1, 4), NotInvertible);
  EXPECT_THROW(powm(0, -1, 7), NotInvertible);
  EXPECT_THROW(powm(6, -5, -9), NotInvertible);
  EXPECT_THROW(mulmod(2, 3, 4, Algorithm::montgomery), UnsupportedAlgorithm);
  EXPECT_EQ(mulmod(2, 3, 5, Algorithm::montgomery), 1);
  EXPECT_EQ(mulmod(2, 3, 4, Algorithm::barrett), 2);
}

}  // namespace
}  // namespace parmod::test

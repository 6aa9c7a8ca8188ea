// Tests of api/multi_powm and capi/multi_powm_c: Python's
// prod(pow(b, e, m)) % m semantics against GMP, and the bad inputs.
#include <gtest/gtest.h>

#include "parmod.h"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod {
namespace {

mpz_class python_multi(const std::vector<mpz_class>& b, const std::vector<mpz_class>& e, const mpz_class& m) {
  const mpz_class P = abs(m);
  mpz_class r = 1;
  for (std::size_t i = 0; i < b.size(); ++i) {
    mpz_class base = b[i], ex = e[i];
    if (ex < 0) {
      mpz_invert(base.get_mpz_t(), base.get_mpz_t(), P.get_mpz_t());
      ex = -ex;
    }
    r = r * test::gmp_powm(base, ex, P) % P;
  }
  return test::py_mod(r, m);
}

TEST(MultiPowmApi, RandomAgainstGmp) {
  for (int threads : {1, 2, 4})
    for (std::size_t limbs : {1u, 4u, 16u})
      for (bool odd : {true, false})
        for (std::size_t nb : {1u, 2u, 7u, 16u, 40u}) {
          mpz_class m = test::random_modulus(limbs, odd);
          if (nb == 7) m = -m;
          std::vector<mpz_class> b, e;
          for (std::size_t i = 0; i < nb; ++i) {
            mpz_class x = test::rrandom_bits(limbs * 64 + 10);
            if (i % 4 == 1) x = -x;
            b.push_back(x);
            e.push_back(test::rrandom_bits(1 + (i * 97 + limbs * 300) % 1500));
          }
          const Modulus mod(m, Algorithm::automatic, threads);
          EXPECT_EQ(mod.multi_pow(b, e), python_multi(b, e, m)) << nb << " " << limbs << " " << odd;
        }
}

TEST(MultiPowmApi, Edges) {
  const mpz_class m = 1000003;
  EXPECT_EQ(multi_powm({}, {}, m), 1);
  EXPECT_EQ(multi_powm({}, {}, mpz_class(1)), 0);
  EXPECT_EQ(multi_powm({}, {}, mpz_class(-5)), -4);  // 1 % -5 in Python
  EXPECT_EQ(multi_powm({0}, {0}, m), 1);               // pow(0, 0, m) = 1
  EXPECT_EQ(multi_powm({0, 5}, {0, 2}, m), 25);
  EXPECT_EQ(multi_powm({0, 5}, {3, 2}, m), 0);
  EXPECT_EQ(multi_powm({7}, {5}, mpz_class(1)), 0);
  EXPECT_EQ(multi_powm({2, 3}, {-1, 1}, mpz_class(7)), 4 * 3 % 7);  // 2^-1 = 4 mod 7
  EXPECT_EQ(multi_powm({m + 2, -1}, {3, 3}, m), python_multi({m + 2, -1}, {3, 3}, m));
  EXPECT_THROW(multi_powm({2, 4}, {1, -1}, mpz_class(8)), NotInvertible);
  EXPECT_THROW(multi_powm({2, 4}, {1}, m), InvalidArgument);
  EXPECT_THROW(multi_powm({2}, {1}, mpz_class(0)), DivisionByZero);
  const Modulus mod(m);
  EXPECT_THROW(mod.multi_pow({1}, {1, 2}), InvalidArgument);
  EXPECT_EQ(mod.multi_pow({3}, {0}), 1);
}

TEST(MultiPowmC, MatchesCppAndErrors) {
  mpz_t r, m, bases[3], exps[3];
  mpz_inits(r, m, nullptr);
  mpz_set_ui(m, 1000003);
  for (int i = 0; i < 3; ++i) {
    mpz_init_set_si(bases[i], 12345 * (i + 1));
    mpz_init_set_si(exps[i], 1000 + i);
  }
  ASSERT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_OK);
  EXPECT_EQ(mpz_class(r), multi_powm({12345, 24690, 37035}, {1000, 1001, 1002}, mpz_class(1000003)));
  ASSERT_EQ(parmod_multi_powm(r, 0, nullptr, nullptr, m), PARMOD_OK);
  EXPECT_EQ(mpz_cmp_ui(r, 1), 0);
  // Not invertible: r untouched.
  mpz_set_ui(r, 77);
  mpz_set_ui(m, 12345);
  mpz_set_si(exps[0], -1);
  EXPECT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_ERR_NOT_INVERTIBLE);
  EXPECT_EQ(mpz_cmp_ui(r, 77), 0);
  mpz_set_ui(m, 0);
  EXPECT_EQ(parmod_multi_powm(r, 3, bases, exps, m), PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(parmod_multi_powm(r, 3, nullptr, exps, m), PARMOD_ERR_INVALID_ARGUMENT);
  for (int i = 0; i < 3; ++i) mpz_clears(bases[i], exps[i], nullptr);
  mpz_clears(r, m, nullptr);
}

}  // namespace
}  // namespace parmod

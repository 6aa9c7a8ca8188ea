// Full REDC, both forms, against GMP: R = C beta^-n mod P, R < P.
#include <gtest/gtest.h>

#include "modmul/modulus_constants.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_redc(const mpz_class& P, const mpz_class& C) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  mpz_class binv;
  mpz_invert(binv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
  const mpz_class want = py_mod(C * binv, P);
  auto c = limbs_of(C, 2 * n);
  std::vector<limb_t> r(n + 1, 0x5a5a), scratch(reduce::montgomery_reduce_products_scratch(n));
  reduce::montgomery_reduce_products(r.data(), c.data(), k.p.data(), k.mu.data(), n, scratch.data());
  EXPECT_EQ(value_of(r.data(), n), want) << "products, n=" << n;
  EXPECT_EQ(r[n], 0x5a5au);
  reduce::montgomery_reduce_words(r.data(), c.data(), k.p.data(), n, k.mu0);
  EXPECT_EQ(value_of(r.data(), n), want) << "words, n=" << n;
  // Both ways of the REDC by products, whatever redc.ifma_max chooses (on a
  // fresh C: the word REDC destroyed it).
  c = limbs_of(C, 2 * n);
  reduce::montgomery_reduce_products(r.data(), c.data(), k.p.data(), k.mu.data(), n, scratch.data(),
                                     reduce::RedcWay::limbs);
  EXPECT_EQ(value_of(r.data(), n), want) << "products by limbs::mul, n=" << n;
  if (n > 8) {
    reduce::montgomery_reduce_products(r.data(), c.data(), k.p.data(), k.mu.data(), n, scratch.data(),
                                       reduce::RedcWay::gmp);
    EXPECT_EQ(value_of(r.data(), n), want) << "products by redc_n, n=" << n;
  }
}

TEST(MontgomeryReduce, RandomSizes1To300) {
  for (std::size_t n = 1; n <= 300; n += (n < 40 ? 1 : 7)) {
    const mpz_class P = random_modulus(n, true);
    check_redc(P, random_below(P * P));
    check_redc(P, (P - 1) * (P - 1));
    check_redc(P, P * beta_pow(n) - 1);  // the largest C the precondition allows
  }
}

TEST(MontgomeryReduce, EdgeModuli) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 7u, 16u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      for (const mpz_class& a : edge_operands(P))
        for (const mpz_class& b : {mpz_class(0), mpz_class(1), mpz_class(P - 1)}) check_redc(P, a * b);
      check_redc(P, P * beta_pow(n) - 1);
    }
  }
}

TEST(MontgomeryReduce, ModulusOne) { check_redc(1, 0); }

// Sizes around and above redc.ifma_max's measured values (the IFMA products
// run up to mul.ifma_karatsuba_max), rrandomb operands and the largest C.
TEST(MontgomeryReduce, LargeSizesBothWays) {
  for (std::size_t n : {511u, 1024u, 1025u, 1536u, 2049u}) {
    const mpz_class P = random_modulus(n, true);
    check_redc(P, random_below(P * P));
    check_redc(P, P * beta_pow(n) - 1);
  }
}

}  // namespace
}  // namespace parmod::test

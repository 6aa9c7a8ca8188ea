// Full Barrett reduction against GMP: R = C mod P for any C < beta^2n, any parity,
// with at most two final corrections (HAC Fact 14.43).
#include <gtest/gtest.h>

#include "modmul/modulus_constants.hpp"
#include "reduce/barrett_reduce.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_barrett(const mpz_class& P, const mpz_class& C) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  const auto c = limbs_of(C, 2 * n);
  std::vector<limb_t> r(n + 1, 0x77), scratch(reduce::barrett_reduce_scratch(n));
  const int corrections = reduce::barrett_reduce(r.data(), c.data(), k.p.data(), n, k.nu.data(), k.nu_n, scratch.data());
  EXPECT_EQ(value_of(r.data(), n), py_mod(C, P)) << "n=" << n;
  EXPECT_EQ(r[n], 0x77u);
  EXPECT_LE(corrections, 2);
}

TEST(BarrettReduce, RandomSizes1To300) {
  for (std::size_t n = 1; n <= 300; n += (n < 40 ? 1 : 7)) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      check_barrett(P, random_below(P * P));
      check_barrett(P, random_below(beta_pow(2 * n)));
      check_barrett(P, beta_pow(2 * n) - 1);
    }
  }
}

TEST(BarrettReduce, EdgeModuliIncludingPowersOfBeta) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 7u, 16u}) {
    for (bool odd : {true, false}) {
      for (const mpz_class& P : edge_moduli(n, odd)) {
        for (const mpz_class& a : edge_operands(P))
          for (const mpz_class& b : {mpz_class(1), mpz_class(P - 1), a}) check_barrett(P, a * b);
        check_barrett(P, beta_pow(2 * n) - 1);
        check_barrett(P, 0);
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

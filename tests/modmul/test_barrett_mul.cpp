// Barrett modular multiplication against GMP, odd and even moduli, 1..300 limbs.
#include <gtest/gtest.h>

#include "modmul/barrett_mul.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_barrett(const mpz_class& P, const mpz_class& a, const mpz_class& b) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  auto x = limbs_of(a, n), y = limbs_of(b, n);
  std::vector<limb_t> r(n), scratch(modmul::barrett_scratch(n));
  modmul::barrett_mul(r.data(), x.data(), y.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), py_mod(a * b, P)) << "mul n=" << n;
  modmul::barrett_sqr(r.data(), x.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), py_mod(a * a, P)) << "sqr n=" << n;
  modmul::barrett_engine.mul(x.data(), x.data(), y.data(), k, scratch.data());  // in place
  EXPECT_EQ(value_of(x), py_mod(a * b, P));
}

TEST(BarrettMul, RandomSizes1To300OddAndEven) {
  for (std::size_t n = 1; n <= 300; n += (n < 48 ? 1 : 9))
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      check_barrett(P, random_below(P), random_below(P));
      check_barrett(P, P - 1, P - 1);
    }
}

TEST(BarrettMul, EdgeModuliAndOperands) {
  for (std::size_t n : {1u, 2u, 3u, 5u, 8u, 41u})
    for (bool odd : {true, false})
      for (const mpz_class& P : edge_moduli(n, odd))
        for (const mpz_class& a : edge_operands(P))
          for (const mpz_class& b : edge_operands(P)) check_barrett(P, a, b);
}

TEST(BarrettMul, SmallModuli) {
  for (unsigned long p = 2; p < 300; ++p)
    for (unsigned long a = 0; a < p; a += 1 + p / 17) check_barrett(mpz_class(p), a, p - 1 - a / 2);
}

}  // namespace
}  // namespace parmod::test

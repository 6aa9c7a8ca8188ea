// PMR (Alg. 1) against GMP: Theorem 1 for every valid (n, m, t).
#include <gtest/gtest.h>

#include "modmul/modulus_constants.hpp"
#include "reduce/partial_montgomery_reduce.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// Checks R = C beta^-t mod P and R < beta^(m-t) (Theorem 1); returns the step-3 count.
int check_pmr(const mpz_class& P, const mpz_class& C, std::size_t m, std::size_t t) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  const auto c = limbs_of(C, m);
  std::vector<limb_t> r(m - t + 1, 0xdeadbeef), scratch(reduce::partial_montgomery_reduce_scratch(n, m, t));
  const int steps = reduce::partial_montgomery_reduce(r.data(), c.data(), m, k.p.data(), n, k.mu.data(), t, scratch.data());
  EXPECT_EQ(r[m - t], 0xdeadbeefu) << "wrote past m - t limbs";
  const mpz_class R = value_of(r.data(), m - t);
  EXPECT_LT(R, beta_pow(m - t)) << "Theorem 1 bound, n=" << n << " m=" << m << " t=" << t;
  // R beta^t = C (mod P)
  EXPECT_EQ(py_mod(R * beta_pow(t) - C, P), 0) << "congruence, n=" << n << " m=" << m << " t=" << t;
  EXPECT_TRUE(steps == 0 || steps == 1);
  return steps;
}

TEST(PartialMontgomeryReduce, EveryValidMAndTRandom) {
  for (std::size_t n = 1; n <= 10; ++n) {
    for (int rep = 0; rep < reps(6); ++rep) {
      const mpz_class P = random_modulus(n, true);
      for (std::size_t m = n + 1; m <= 2 * n; ++m)
        for (std::size_t t = 1; t <= m - n; ++t) {
          // C < min(P^2, beta^m)
          const mpz_class bound = min_z(P * P, beta_pow(m));
          check_pmr(P, random_below(bound), m, t);
        }
    }
  }
}

TEST(PartialMontgomeryReduce, EdgeModuliAndMaximalC) {
  for (std::size_t n : {1u, 2u, 3u, 5u, 8u, 17u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const mpz_class top = (P - 1) * (P - 1);  // the largest product of residues
      for (std::size_t m = n + 1; m <= 2 * n; ++m)
        for (std::size_t t = 1; t <= m - n; ++t) {
          const mpz_class bound = min_z(P * P, beta_pow(m));
          check_pmr(P, bound - 1, m, t);
          check_pmr(P, 0, m, t);
          if (top < beta_pow(m)) check_pmr(P, top, m, t);
          check_pmr(P, beta_pow(m - 1) < bound ? beta_pow(m - 1) : bound / 2, m, t);
        }
    }
  }
}

TEST(PartialMontgomeryReduce, LargeSizes) {
  for (std::size_t n : {31u, 64u, 97u, 150u}) {
    const mpz_class P = random_modulus(n, true);
    for (std::size_t t : {std::size_t(1), n / 2, n}) {
      const std::size_t m = 2 * n;
      check_pmr(P, random_below(P * P), m, t);
      check_pmr(P, P * P - 1, m, t);
    }
  }
}

TEST(PartialMontgomeryReduce, Step3IsReachable) {
  // The correction of step 3 must occur on hard inputs: C near beta^m, t = m - n.
  int corrections = 0;
  for (int rep = 0; rep < 2000 && corrections == 0; ++rep) {
    const std::size_t n = 2;
    const mpz_class P = beta_pow(n) - 1 - 2 * rng().bits(20);
    corrections += check_pmr(P, P * P - 1 - rng().bits(30), 2 * n, n);
  }
  EXPECT_GT(corrections, 0);
}

}  // namespace
}  // namespace parmod::test

// PBR (Alg. 2) against GMP: Theorem 2, with the step-3 loop counted over
// more than 10^5 trials, random and hard (C near P^2, P near beta^(n-1) and beta^n).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "modmul/modulus_constants.hpp"
#include "reduce/partial_barrett_reduce.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

struct Pbr {
  explicit Pbr(const mpz_class& P_) : P(P_), k(P_) {}
  // Runs PBR, checks Theorem 2, returns how often step 3 ran.
  int run(const mpz_class& C, std::size_t m, std::size_t t) {
    const std::size_t n = k.n;
    std::size_t nu_n = 0;
    const limb_t* nu = k.nu_t(t, &nu_n);
    const auto c = limbs_of(C, m);
    r.assign(m - t + 1, 0xfeedface);
    scratch.resize(reduce::partial_barrett_reduce_scratch(n, m, t));
    const int steps = reduce::partial_barrett_reduce(r.data(), c.data(), m, k.p.data(), n, nu, nu_n, t, scratch.data());
    EXPECT_EQ(r[m - t], 0xfeedfaceu);
    const mpz_class R = value_of(r.data(), m - t);
    EXPECT_LT(R, beta_pow(m - t)) << "Theorem 2 bound";
    EXPECT_EQ(py_mod(R - C, P), 0) << "Theorem 2 congruence";
    EXPECT_LE(steps, 2) << "Theorem 2: step 3 at most twice; n=" << n << " m=" << m << " t=" << t;
    return steps;
  }
  mpz_class P;
  modmul::ModulusConstants k;
  std::vector<limb_t> r, scratch;
};

TEST(PartialBarrettReduce, NuTIsFloorBetaNPlusTOverP) {
  for (std::size_t n : {1u, 2u, 5u}) {
    for (const mpz_class& P : edge_moduli(n, false)) {
      const modmul::ModulusConstants k(P);
      for (std::size_t t = 1; t <= n; ++t) {
        std::size_t nu_n = 0;
        const limb_t* nu = k.nu_t(t, &nu_n);
        EXPECT_EQ(value_of(nu, nu_n), mpz_class(beta_pow(n + t) / P));
      }
    }
  }
}

TEST(PartialBarrettReduce, EveryValidMAndTRandom) {
  for (std::size_t n = 1; n <= 10; ++n) {
    for (int rep = 0; rep < reps(6); ++rep) {
      Pbr pbr(random_modulus(n, rep % 2 == 0));
      for (std::size_t m = n + 1; m <= 2 * n; ++m)
        for (std::size_t t = 1; t <= m - n; ++t) pbr.run(random_below(min_z(pbr.P * pbr.P, beta_pow(m))), m, t);
    }
  }
}

TEST(PartialBarrettReduce, Theorem2LoopAtMostTwiceOver100kTrials) {
  std::size_t trials = 0;
  int max_steps = 0;
  std::array<std::size_t, 3> histogram{};
  auto record = [&](int s) {
    ++trials;
    max_steps = std::max(max_steps, s);
    if (s >= 0 && s <= 2) ++histogram[s];
  };
  // Random moduli and C.
  for (int rep = 0; rep < reps(40000); ++rep) {
    const std::size_t n = 1 + rep % 4;
    Pbr pbr(random_modulus(n, rep % 3 != 0));
    const std::size_t m = n + 1 + rng().below(n).get_ui();
    const std::size_t t = 1 + rng().below(m - n).get_ui();
    record(pbr.run(random_below(min_z(pbr.P * pbr.P, beta_pow(m))), m, t));
  }
  // Hard: P near beta^(n-1) (nu largest) and near beta^n, C near P^2 and near beta^m.
  for (int rep = 0; rep < reps(35000); ++rep) {
    const std::size_t n = 1 + rep % 3;
    const mpz_class delta = rng().bits(1 + rep % 40);
    mpz_class P = rep % 2 ? mpz_class(beta_pow(n - 1) + delta) : mpz_class(beta_pow(n) - 1 - delta);
    if (P < 2) P = 2;
    if (mpz_size(P.get_mpz_t()) != n) continue;
    Pbr pbr(P);
    for (std::size_t m = n + 1; m <= 2 * n; ++m) {
      const mpz_class bound = min_z(P * P, beta_pow(m));
      const std::size_t t = m - n;  // the largest reduction: the tightest bound
      record(pbr.run(bound - 1 - rng().bits(1 + rep % 64) % bound, m, t));
    }
  }
  // Exhaustive-ish search for the double correction: C1 and C0 both maximal.
  for (int rep = 0; rep < reps(30000); ++rep) {
    const std::size_t n = 1;
    const mpz_class P = beta_pow(0) * (mpz_class(1) << 63) + rng().bits(62);
    Pbr pbr(P);
    const mpz_class C = P * P - 1 - rng().bits(64) % (P * P);
    record(pbr.run(C, 2, 1));
  }
  std::printf("PBR step 3 over %zu trials: 0x %zu, 1x %zu, 2x %zu; max %d\n", trials, histogram[0], histogram[1],
              histogram[2], max_steps);
  EXPECT_GE(trials, 100000u);
  EXPECT_LE(max_steps, 2);
  EXPECT_GT(histogram[1], 0u) << "the corrections of step 3 were never exercised";
}

TEST(PartialBarrettReduce, LargeSizes) {
  for (std::size_t n : {31u, 64u, 97u, 150u}) {
    Pbr pbr(random_modulus(n, n % 2 == 1));
    for (std::size_t t : {std::size_t(1), n / 2, n}) {
      pbr.run(random_below(pbr.P * pbr.P), 2 * n, t);
      pbr.run(pbr.P * pbr.P - 1, 2 * n, t);
    }
  }
}

}  // namespace
}  // namespace parmod::test

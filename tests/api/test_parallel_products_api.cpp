// Montgomery and Barrett on a Modulus of T >= 2 threads with moduli large
// enough that each product is split over the team (modmul/parallel_classic,
// chosen by parallel_classic_engine where limbs::mul_route says
// parallel_mul): products, squares, conversions and pow against GMP, on edge
// moduli (just above and below powers of beta, all-ones limbs) and edge
// operands, odd and even sizes; and several user threads sharing one such
// Modulus (a caller that cannot have the team computes sequentially).  The
// tests set modmul.split_min_limbs to 0 (split wherever mul.par_min does),
// whatever the row of this CPU says; the last one tests the key.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "config/tuning.hpp"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// 448 limbs: the built-in parallel threshold with IFMA (192 without), so
// every size here takes the parallel engine on two threads.
constexpr std::size_t kSizes[] = {448, 451};

// The tuning in effect with modmul.split_min_limbs = limbs.
config::Tuning with_split_min(std::size_t limbs) {
  config::Tuning t = config::tuning();
  t.modmul_split_min_limbs = limbs;
  return t;
}

// Every third of edge_moduli(n, odd): for odd moduli one just below beta^n
// (all-ones limbs), one just above beta^(n-1) and one with all-ones low limbs.
// The TSan build, which checks the team's synchronisation (the same for every
// modulus of a size), takes the first two; the Release and ASan builds check
// the arithmetic on all three.
std::vector<mpz_class> every_third_edge_modulus(std::size_t n, bool odd) {
  const std::vector<mpz_class> ps = edge_moduli(n, odd);
  std::vector<mpz_class> out;
  for (std::size_t i = 0; i < ps.size() && out.size() < (threaded_cases_only() ? 2u : ps.size()); i += 3)
    out.push_back(ps[i]);
  return out;
}

void check_modulus(const mpz_class& P, Algorithm algorithm, int threads) {
  SCOPED_TRACE(::testing::Message() << mpz_sizeinbase(P.get_mpz_t(), 2) << "-bit P, " << algorithm_name(algorithm)
                                    << ", T = " << threads);
  // seq: the same representation on one thread (automatic may take another
  // algorithm on one thread than on two).
  const Modulus mod(P, algorithm, threads), seq(P, mod.algorithm(), 1);
  std::vector<mpz_class> xs = edge_operands(P);
  xs.push_back(random_below(P));
  xs.push_back(rrandom_bits(mpz_sizeinbase(P.get_mpz_t(), 2) - 1));
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const mpz_class& a = xs[i];
    const mpz_class& b = xs[(i * 5 + 3) % xs.size()];
    EXPECT_EQ(mod.mul(a, b), mpz_class(a * b % P));
    EXPECT_EQ(mod.mul(a, a), mpz_class(a * a % P));
    EXPECT_EQ(mod.mont_mul(a, b), seq.mont_mul(a, b));
    EXPECT_EQ(mod.from_mont(mod.to_mont(a)), a);
  }
  const mpz_class b = random_below(P);
  for (const mpz_class e : {mpz_class(0), mpz_class(1), mpz_class(65537), rrandom_bits(160)})
    EXPECT_EQ(mod.pow(b, e), gmp_powm(b, e, P));
}

TEST(ParallelProducts, MontgomeryOnEdgeModuli) {
  const config::ScopedTuning split(with_split_min(0));
  for (std::size_t n : kSizes) {
    for (const mpz_class& P : every_third_edge_modulus(n, true)) check_modulus(P, Algorithm::montgomery, 2);
    check_modulus(random_modulus(n, true), Algorithm::montgomery, 3);
  }
}

TEST(ParallelProducts, BarrettOnEdgeModuliOddAndEven) {
  const config::ScopedTuning split(with_split_min(0));
  for (std::size_t n : kSizes) {
    for (bool odd : {true, false}) {
      for (const mpz_class& P : every_third_edge_modulus(n, odd)) check_modulus(P, Algorithm::barrett, 2);
    }
  }
}

// Modulus::mul under automatic forms a b mod P by Barrett straight from the
// plain operands (split over the team from kSizes on two threads), whatever
// engine pow uses; small sizes on one thread take the sequential Barrett.
TEST(ParallelProducts, AutomaticPlainProductsOnEdgeModuli) {
  const config::ScopedTuning split(with_split_min(0));
  for (std::size_t n : kSizes) {
    for (const mpz_class& P : every_third_edge_modulus(n, true)) check_modulus(P, Algorithm::automatic, 2);
  }
  for (std::size_t n : {1, 2, 11, 12, 13, 40}) {
    const std::vector<mpz_class> ps = edge_moduli(n, true);
    for (std::size_t i = 0; i < ps.size(); i += 2) check_modulus(ps[i], Algorithm::automatic, 1);
  }
}

TEST(ParallelProducts, AutomaticEvenModulusProducts) {
  const config::ScopedTuning split(with_split_min(0));
  const mpz_class P = random_modulus(449, false);
  const Modulus mod(P, Algorithm::automatic, 2);
  const mpz_class a = random_below(P), b = random_below(P);
  EXPECT_EQ(mod.mul(a, b), mpz_class(a * b % P));
  EXPECT_EQ(mod.pow(a, 65537), gmp_powm(a, 65537, P));
}

TEST(ParallelProducts, FourUserThreadsShareOneModulus) {
  const config::ScopedTuning split(with_split_min(0));
  const mpz_class P = random_modulus(460, true);
  const Modulus mod(P, Algorithm::montgomery, 2);
  std::vector<mpz_class> as;
  for (int i = 0; i < 8; ++i) as.push_back(random_below(P));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int rep = 0; rep < 6; ++rep) {
        const mpz_class& a = as[(t + rep) % 8];
        const mpz_class& b = as[(t * 3 + rep + 1) % 8];
        if (mod.mul(a, b) != mpz_class(a * b % P)) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

// modmul.split_min_limbs: below it a Montgomery or Barrett modulus on two
// threads runs its products on the caller, from it they split (where
// mul.par_min splits the integer product); the results do not change.
TEST(ParallelProducts, SplitMinLimbsKeepsSmallerProductsOnTheCaller) {
  config::Tuning t = with_split_min(200);
  t.mul_par_min = t.mul_sqr_par_min = 96;
  t.modmul_scheduled_min = 1073741824;  // the scheduled Montgomery product splits from its own key
  const config::ScopedTuning scoped(t);
  for (Algorithm a : {Algorithm::montgomery, Algorithm::barrett}) {
    const mpz_class below = random_modulus(150, true), from = random_modulus(200, true);
    EXPECT_NE(Modulus(below, a, 2).describe().find("sequential products"), std::string::npos) << algorithm_name(a);
    EXPECT_NE(Modulus(from, a, 2).describe().find("products split over 2 threads"), std::string::npos)
        << algorithm_name(a);
    check_modulus(below, a, 2);
    check_modulus(from, a, 2);
  }
  config::Tuning zero = t;
  zero.modmul_split_min_limbs = 0;
  const config::ScopedTuning scoped_zero(zero);
  EXPECT_NE(Modulus(random_modulus(150, true), Algorithm::montgomery, 2).describe().find("products split over 2 threads"),
            std::string::npos);
  EXPECT_NE(Modulus(random_modulus(95, true), Algorithm::montgomery, 2).describe().find("sequential products"),
            std::string::npos);  // below mul.par_min
}

}  // namespace
}  // namespace parmod::test

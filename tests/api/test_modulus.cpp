// parmod::Modulus against GMP for every algorithm, and its representation API.
#include <gtest/gtest.h>

#include "limbs/cpu_features.hpp"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Modulus, MulSqrPowAgainstGmpEveryAlgorithm) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 8u, 17u, 40u, 41u, 64u, 100u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      for (Algorithm alg : {Algorithm::automatic, Algorithm::montgomery, Algorithm::barrett}) {
        if (alg == Algorithm::montgomery && !odd) continue;
        const Modulus mod(P, alg);
        EXPECT_NE(mod.algorithm(), Algorithm::automatic);
        EXPECT_EQ(mod.limbs(), n);
        const mpz_class a = rrandom_bits(64 * n + 70), b = -rrandom_bits(64 * n - 3);
        EXPECT_EQ(mod.mul(a, b), py_mod(a * b, P));
        EXPECT_EQ(mod.sqr(b), py_mod(b * b, P));
        const mpz_class e = rrandom_bits(n < 20 ? 64 * n : 300);
        EXPECT_EQ(mod.pow(a, e), gmp_powm(py_mod(a, P), e, P));
      }
    }
  }
}

TEST(Modulus, AutomaticTakesEvenModuli) {
  const Modulus even(mpz_class(1) << 200);
  EXPECT_EQ(even.algorithm(), Algorithm::barrett);
  EXPECT_EQ(even.pow(3, 1000), gmp_powm(3, 1000, mpz_class(1) << 200));
  const Modulus odd(mpz_class((mpz_class(1) << 200) + 1));
  EXPECT_EQ(odd.algorithm(), Algorithm::montgomery);
}

TEST(Modulus, MontgomeryRepresentation) {
  for (std::size_t n : {1u, 3u, 50u}) {
    const mpz_class P = random_modulus(n, true);
    const Modulus mod(P, Algorithm::montgomery);
    const mpz_class R = beta_pow(n);
    const mpz_class a = random_below(P), b = random_below(P);
    const mpz_class am = mod.to_mont(a), bm = mod.to_mont(b);
    EXPECT_EQ(am, py_mod(a * R, P));
    EXPECT_EQ(mod.from_mont(mod.mont_mul(am, bm)), py_mod(a * b, P));
    EXPECT_EQ(mod.from_mont(am), a);
    EXPECT_EQ(mod.to_mont(-a), py_mod(-a * R, P));
    EXPECT_THROW(mod.mont_mul(P, a), InvalidArgument);
    EXPECT_THROW(mod.mont_mul(a, -1), InvalidArgument);
    EXPECT_THROW(mod.from_mont(P + 1), InvalidArgument);
    // Barrett's representation is the identity (R = 1).
    const Modulus bar(P, Algorithm::barrett);
    EXPECT_EQ(bar.to_mont(a), a);
    EXPECT_EQ(bar.mont_mul(a, b), py_mod(a * b, P));
  }
}

// Modulus 1 (and -1): 0 is the only residue; the representation calls return it under every
// algorithm that takes an odd modulus (multipartite's q-values once broke their contract there:
// fuzz_capi, seed r6) and reject anything else.
TEST(Modulus, RepresentationModuloOne) {
  for (const mpz_class m : {mpz_class(1), mpz_class(-1)})
    for (const AlgorithmInfo& row : algorithms()) {
      if (row.algorithm == Algorithm::montgomery52) continue;  // needs AVX-512 IFMA (test_montgomery52_api)
      if (row.algorithm == Algorithm::montgomery28 && !limbs::cpu_has_avx2()) continue;  // (test_montgomery28_api)
      for (int threads : {1, 2}) {
        const Modulus mod(m, row.algorithm, threads);
        EXPECT_EQ(mod.to_mont(12345), 0) << row.name;
        EXPECT_EQ(mod.mont_mul(0, 0), 0) << row.name;
        EXPECT_EQ(mod.from_mont(0), 0) << row.name;
        EXPECT_EQ(mod.mul(7, 9), 0) << row.name;
        EXPECT_EQ(mod.pow(7, 9), 0) << row.name;
        EXPECT_THROW(mod.mont_mul(1, 0), InvalidArgument) << row.name;
        EXPECT_THROW(mod.from_mont(-1), InvalidArgument) << row.name;
      }
    }
}

TEST(Modulus, CopiesShareState) {
  const Modulus a(mpz_class(1000003));
  const Modulus b = a;
  EXPECT_EQ(b.mul(1000, 1000), mpz_class(1000000) % 1000003);
  EXPECT_EQ(a.value(), b.value());
}

TEST(Modulus, MillionBitOperands) {
  const mpz_class P = random_modulus(4, true);
  const mpz_class a = rrandom_bits(1000000), b = rrandom_bits(1000000);
  EXPECT_EQ(Modulus(P).mul(a, b), py_mod(a * b, P));
  const mpz_class big = random_modulus(16000, true);  // a 1,024,000-bit modulus
  const mpz_class x = random_below(big), y = random_below(big);
  EXPECT_EQ(Modulus(big).mul(x, y), py_mod(x * y, big));
  EXPECT_EQ(Modulus(big, Algorithm::barrett).mul(x, y), py_mod(x * y, big));
}

TEST(Modulus, Errors) {
  EXPECT_THROW(Modulus(0), DivisionByZero);
  EXPECT_THROW(Modulus(100, Algorithm::montgomery), UnsupportedAlgorithm);
  EXPECT_THROW(Modulus(101, Algorithm::automatic, -1), InvalidArgument);
  EXPECT_THROW(Modulus(101, static_cast<Algorithm>(42)), InvalidArgument);
  EXPECT_THROW(algorithm_from_name("fft"), InvalidArgument);
  EXPECT_EQ(algorithm_from_name("auto"), Algorithm::automatic);
  EXPECT_STREQ(algorithm_name(Algorithm::barrett), "barrett");
  try {
    Modulus(0);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::division_by_zero);
  }
}

}  // namespace
}  // namespace parmod::test

namespace parmod::test {
namespace {

// A thread count above what the multipartite plans' scratch allows (the
// engine's scratch is fixed per size) is lowered, never an error: found by an
// outside audit (128 threads on bipartite from 8192 bits, 64 on multipartite
// at 20000-32768 bits, 48 at 131072 failed with an internal error).
TEST(Modulus, MultipartiteEnginesTakeAnyThreadCount) {
  for (std::size_t bits : {8191u, 20000u, 32768u, 131072u}) {
    const mpz_class P = (mpz_class(1) << bits) - 1 - (bits % 2 == 0 ? 0 : 2);  // odd
    const mpz_class a = random_below(P), b = random_below(P);
    for (Algorithm alg : {Algorithm::bipartite, Algorithm::multipartite})
      for (int threads : {48, 64, 128, 1000}) {
        SCOPED_TRACE(::testing::Message() << bits << " bits, " << algorithm_name(alg) << ", " << threads << " threads");
        const Modulus mod(P, alg, threads);
        EXPECT_EQ(mod.mul(a, b), mpz_class(a * b % P));
        EXPECT_EQ(mod.pow(3, 5), 243);
      }
  }
}

}  // namespace
}  // namespace parmod::test

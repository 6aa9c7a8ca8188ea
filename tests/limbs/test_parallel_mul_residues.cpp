// Differential tests of limbs/parallel_mul_residues.cpp against GMP's mpn_mul:
// every shape the method takes, both thread counts, and the two edges of its
// CRT (X1 given as beta^L - 1 for the class of 0, X2 = beta^L).
#include "limbs/parallel_mul_residues.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check_values(const std::vector<limb_t>& a, const std::vector<limb_t>& b, int T, bool square) {
  const std::size_t an = a.size(), bn = b.size();
  ASSERT_TRUE(limbs::residues_applicable(an, bn)) << an << "x" << bn;
  const auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(an + bn + 1, 0x5a5a), scratch(limbs::mul_residues_scratch(an, bn));
  limbs::mul_residues(r.data(), a.data(), an, square ? a.data() : b.data(), bn, T, scratch.data());
  ASSERT_EQ(r[an + bn], limb_t(0x5a5a)) << "wrote past the product";
  r.pop_back();
  ASSERT_EQ(r, want) << an << "x" << bn << " T=" << T << " square=" << square
                     << " L=" << limbs::residues_length(an, bn);
}

void check(test::Rng& g, std::size_t an, std::size_t bn, int T, Fill fa, Fill fb) {
  check_values(g.limbs(an, fa), g.limbs(bn, fb), T, false);
}

TEST(ParallelMulResidues, Applicability) {
  EXPECT_FALSE(limbs::residues_applicable(15, 15));  // below 16 limbs
  EXPECT_FALSE(limbs::residues_applicable(1000, 10));
  EXPECT_FALSE(limbs::residues_applicable(16, 16));  // L = 32: no limb of the product above L
  EXPECT_TRUE(limbs::residues_applicable(17, 17));
  EXPECT_TRUE(limbs::residues_applicable(1024, 1024));
  EXPECT_EQ(limbs::residues_length(1024, 1024), 1024u);  // a size both GMP functions take
  EXPECT_EQ(limbs::mul_residues_scratch(15, 15), 0u);
  for (std::size_t n : {17, 100, 777, 1025, 3000, 5000}) {
    const std::size_t L = limbs::residues_length(n, n);
    EXPECT_GE(L, n);
    EXPECT_LT(L, 2 * n) << n;  // an + bn > L: the product reaches above L
  }
}

TEST(ParallelMulResidues, EveryShapeBothThreadCounts) {
  test::Rng g(81);
  for (int T = 1; T <= 2; ++T)
    for (std::size_t an : {16, 17, 31, 64, 100, 255, 512, 777, 1000, 1024, 1025, 2047, 2048, 3000}) {
      for (std::size_t bn : {an, an - 1, an / 2 + 9, (3 * an) / 4 + 1}) {
        if (!limbs::residues_applicable(an, bn)) continue;
        check(g, an, bn, T, Fill::rrandomb, Fill::rrandomb);
        check(g, bn, an, T, Fill::uniform, Fill::rrandomb);
        check(g, an, bn, T, Fill::ones, Fill::ones);
        check(g, an, bn, T, Fill::ones, Fill::rrandomb);
      }
    }
}

TEST(ParallelMulResidues, Squares) {
  test::Rng g(82);
  for (int T = 1; T <= 2; ++T)
    for (std::size_t n : {17, 33, 500, 1024, 1537, 4096})
      for (Fill fill : {Fill::rrandomb, Fill::ones, Fill::uniform}) {
        const auto a = g.limbs(n, fill);
        check_values(a, a, T, true);
      }
}

// L = 1024: A of L all-ones limbs is 0 mod beta^L - 1, which mulmod_bnm1
// returns as beta^L - 1; with B = 2^(64L - 1) + 1 = 1/2 mod beta^L + 1 the
// product is -1 mod beta^L + 1, which mul_fft returns as beta^L (its top bit).
TEST(ParallelMulResidues, CrtEdges) {
  const std::size_t L = 1024;
  ASSERT_EQ(limbs::residues_length(L, L), L);
  const std::vector<limb_t> ones(L, ~limb_t(0));
  std::vector<limb_t> half(L, 0);
  half[0] = 1;
  half[L - 1] = limb_t(1) << 63;
  test::Rng g(83);
  for (int T = 1; T <= 2; ++T) {
    check_values(ones, half, T, false);
    check_values(ones, ones, T, true);
    check_values(half, half, T, true);
    check_values(ones, g.limbs(L, Fill::rrandomb), T, false);
    std::vector<limb_t> power(L, 0);  // beta^(L-1): the product beta^(2L-2)
    power[L - 1] = 1;
    check_values(power, power, T, true);
    check_values(power, ones, T, false);
  }
}

// The wrapped product a b mod (beta^rn - 1) against GMP: operands up to rn
// limbs (those above rn / 2 folded before mulmod_bnm1), squares, and values
// whose residue is 0 (beta^rn - 1 may stand for it).
void check_wrapped(const std::vector<limb_t>& a, const std::vector<limb_t>& b, std::size_t rn, int T, bool square) {
  std::vector<limb_t> x(rn + 1, 0x5a5a), scratch(limbs::mul_wrapped_scratch(rn));
  limbs::mul_wrapped(x.data(), a.data(), a.size(), square ? a.data() : b.data(), b.size(), rn, T, scratch.data());
  ASSERT_EQ(x[rn], limb_t(0x5a5a)) << "wrote past the residue";
  const mpz_class M = test::beta_pow(rn) - 1;
  const mpz_class want = test::value_of(a.data(), a.size()) * test::value_of(b.data(), b.size()) % M;
  EXPECT_EQ(mpz_class(test::value_of(x.data(), rn) % M), want)
      << a.size() << "x" << b.size() << " mod beta^" << rn << " - 1, T=" << T << " square=" << square;
}

TEST(ParallelMulResidues, WrappedProduct) {
  test::Rng g(84);
  EXPECT_EQ(limbs::wrapped_length(31), 0u);
  for (std::size_t n : {32, 40, 64, 100, 129, 1000, 2048, 3001}) {
    const std::size_t rn = limbs::wrapped_length(n);
    ASSERT_GE(rn, n);
    ASSERT_EQ(rn % 2, 0u);
    EXPECT_EQ(limbs::residues_length(rn / 2, rn / 2), rn / 2);
    for (int T = 1; T <= 2; ++T) {
      for (std::size_t an : {n, rn, rn / 2 + 1, rn / 2}) {
        check_wrapped(g.limbs(an, Fill::rrandomb), g.limbs(n, Fill::uniform), rn, T, false);
        check_wrapped(g.limbs(an, Fill::ones), g.limbs(n, Fill::ones), rn, T, false);
        const auto a = g.limbs(an, Fill::rrandomb);
        check_wrapped(a, a, rn, T, true);
      }
      const std::vector<limb_t> ones(rn, ~limb_t(0));  // beta^rn - 1 = 0 mod itself
      check_wrapped(ones, g.limbs(n, Fill::rrandomb), rn, T, false);
      check_wrapped(ones, ones, rn, T, true);
    }
  }
}

TEST(ParallelMulResidues, DescribeShowsTwoResidues) {
  const std::string d = limbs::describe_mul_residues(2048, 2048, 2);
  EXPECT_NE(d.find("beta^L + 1"), std::string::npos) << d;
  EXPECT_NE(d.find("beta^L - 1"), std::string::npos) << d;
}

}  // namespace

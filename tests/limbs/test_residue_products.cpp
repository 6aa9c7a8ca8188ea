// limbs/residue_products: the folds mod beta^L -+ 1, the products mod
// beta^L -+ 1 on parmod's own products and their CRT, against GMP's mpz
// arithmetic: every L from 1 to 70 and a few larger, rrandomb runs, all-ones
// limbs and uniform limbs, the residues' edges (0, 1, beta^L - 1 for 0 and
// beta^L for -1), and nothing written past the outputs.
#include "limbs/residue_products.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::beta_pow;
using parmod::test::Fill;
using parmod::test::limbs_of;
using parmod::test::value_of;

constexpr limb_t kGuard = 0x5a5a5a5a5a5a5a5a;

mpz_class minus_one(std::size_t L) { return beta_pow(L) - 1; }
mpz_class plus_one(std::size_t L) { return beta_pow(L) + 1; }

// Operands for residues mod beta^L - 1 (L limbs) and beta^L + 1 (values up to beta^L).
std::vector<mpz_class> minus_operands(std::size_t L) {
  std::vector<mpz_class> v = {0, 1, 2, minus_one(L), mpz_class(minus_one(L) - 1), mpz_class(beta_pow(L) / 2)};
  for (Fill f : {Fill::rrandomb, Fill::uniform, Fill::ones}) v.push_back(value_of(test::rng().limbs(L, f)));
  return v;
}
std::vector<mpz_class> plus_operands(std::size_t L) {
  std::vector<mpz_class> v = minus_operands(L);
  v.push_back(beta_pow(L));  // -1
  return v;
}

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> s;
  for (std::size_t L = 1; L <= 70; ++L) s.push_back(L);
  for (std::size_t L : {96, 127, 128, 129, 200}) s.push_back(L);
  return s;
}

TEST(ResidueProducts, Folds) {
  for (std::size_t L : sizes()) {
    for (std::size_t xn : {L, L + 1, L + L / 2, 2 * L}) {
      if (xn > 2 * L) continue;
      for (Fill f : {Fill::rrandomb, Fill::uniform, Fill::ones}) {
        const auto x = test::rng().limbs(xn, f);
        const mpz_class X = value_of(x);
        std::vector<limb_t> m(L + 1, kGuard), p(L + 2, kGuard);
        limbs::fold_minus_one(m.data(), x.data(), xn, L);
        ASSERT_EQ(m[L], kGuard) << "L=" << L;
        m.pop_back();
        const mpz_class M = value_of(m);
        ASSERT_LE(M, minus_one(L));
        ASSERT_EQ(mpz_class(M % minus_one(L)), mpz_class(X % minus_one(L))) << "L=" << L << " xn=" << xn;
        limbs::fold_plus_one(p.data(), x.data(), xn, L);
        ASSERT_EQ(p[L + 1], kGuard) << "L=" << L;
        p.pop_back();
        const mpz_class Pv = value_of(p);
        ASSERT_LE(Pv, beta_pow(L));
        ASSERT_EQ(mpz_class(Pv % plus_one(L)), mpz_class(X % plus_one(L))) << "L=" << L << " xn=" << xn;
      }
    }
    // beta^L - 1 + beta^L (beta^L - 1): folds to the class of 0; beta^L * 1 folds to -1.
    const auto all = limbs_of(beta_pow(2 * L) - 1, 2 * L);
    std::vector<limb_t> m(L), p(L + 1);
    limbs::fold_minus_one(m.data(), all.data(), 2 * L, L);
    EXPECT_EQ(mpz_class(value_of(m) % minus_one(L)), 0);
    limbs::fold_plus_one(p.data(), all.data(), 2 * L, L);
    EXPECT_EQ(value_of(p), 0);  // (beta^L - 1) - (beta^L - 1)
    const auto top = limbs_of(beta_pow(L), 2 * L);
    limbs::fold_plus_one(p.data(), top.data(), 2 * L, L);
    EXPECT_EQ(value_of(p), beta_pow(L)) << "beta^L is -1, kept as beta^L";
  }
}

TEST(ResidueProducts, ProductsModMinusAndPlusOne) {
  for (std::size_t L : sizes()) {
    const auto ma = minus_operands(L), pa = plus_operands(L);
    std::vector<limb_t> w(2 * L + 1, kGuard);
    for (std::size_t i = 0; i < ma.size(); ++i) {
      for (std::size_t j = i; j < ma.size(); j += 3) {
        const auto a = limbs_of(ma[i], L), b = limbs_of(ma[j], L);
        std::vector<limb_t> x(L + 1, kGuard);
        limbs::mulmod_minus_one(x.data(), a.data(), i == j ? a.data() : b.data(), L, w.data());
        ASSERT_EQ(x[L], kGuard);
        ASSERT_EQ(w[2 * L], kGuard);
        x.pop_back();
        ASSERT_EQ(mpz_class(value_of(x) % minus_one(L)), mpz_class(ma[i] * ma[j] % minus_one(L))) << "L=" << L << " i=" << i << " j=" << j;
      }
    }
    for (std::size_t i = 0; i < pa.size(); ++i) {
      for (std::size_t j = i; j < pa.size(); j += (i + j) % 2 + 1) {
        const auto a = limbs_of(pa[i], L + 1), b = limbs_of(pa[j], L + 1);
        std::vector<limb_t> x(L + 2, kGuard);
        limbs::mulmod_plus_one(x.data(), a.data(), i == j ? a.data() : b.data(), L, w.data());
        ASSERT_EQ(x[L + 1], kGuard);
        ASSERT_EQ(w[2 * L], kGuard);
        x.pop_back();
        const mpz_class X = value_of(x);
        ASSERT_LE(X, beta_pow(L));
        ASSERT_EQ(X, mpz_class(pa[i] * pa[j] % plus_one(L))) << "L=" << L << " i=" << i << " j=" << j;
      }
    }
  }
}

TEST(ResidueProducts, CrtOfTheTwoResidues) {
  for (std::size_t L : sizes()) {
    const mpz_class M = beta_pow(2 * L) - 1;
    std::vector<mpz_class> values = {0, 1, mpz_class(M - 1), M, beta_pow(L), mpz_class(beta_pow(L) - 1), mpz_class(beta_pow(L) + 1)};
    for (Fill f : {Fill::rrandomb, Fill::uniform, Fill::ones}) values.push_back(value_of(test::rng().limbs(2 * L, f)));
    for (const mpz_class& V : values) {
      // The residues as the products give them: X1 any representative (beta^L - 1 for 0 too).
      mpz_class X1 = V % minus_one(L);
      if (X1 == 0 && V != 0) X1 = minus_one(L);
      const mpz_class X2 = V % plus_one(L);
      auto x1 = limbs_of(X1, L), x2 = limbs_of(X2, L + 1);
      std::vector<limb_t> out(2 * L + 1, kGuard);
      limbs::crt_minus_plus(out.data(), L, x1.data(), x2.data(), L);
      ASSERT_EQ(out[2 * L], kGuard);
      out.pop_back();
      const mpz_class got = value_of(out);
      ASSERT_LE(got, M);
      ASSERT_EQ(mpz_class(got % M), mpz_class(V % M)) << "L=" << L << " V=" << V.get_str(16);
    }
  }
}

}  // namespace

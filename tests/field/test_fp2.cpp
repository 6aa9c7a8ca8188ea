// tests/field/test_fp2.cpp - parmod::Fp2 (Karatsuba multiplication, complex
// squaring, add/sub/neg, +-i, xi, halving, inversion) against an mpz reference.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"
#include "ref_fp6.hpp"

using namespace fieldtest;

namespace {

template <int N>
void check_fp2(const mpz_class& p, parmod::FieldPath path, unsigned long seed) {
  parmod::Fp<N> f(p, path);
  parmod::Fp2<parmod::Fp<N>> f2(f);
  Rng rng(seed);
  auto val = [&](const auto& e) { return C{f.to_mpz(e.c0), f.to_mpz(e.c1)}; };
  auto eq = [](const C& a, const C& b) { return a.re == b.re && a.im == b.im; };
  for (int it = 0; it < reps(300); ++it) {
    C a{rng.below(p), rng.below(p)}, b{rng.below(p), rng.below(p)};
    if (it == 0) a = {0, 0};
    if (it == 1) a = {p - 1, p - 1};
    auto ea = f2.from_mpz(a.re, a.im), eb = f2.from_mpz(b.re, b.im);
    ASSERT_TRUE(eq(val(f2.mul(ea, eb)), cmul(a, b, p)));
    ASSERT_TRUE(eq(val(f2.sqr(ea)), cmul(a, a, p)));
    ASSERT_TRUE(eq(val(f2.add(ea, eb)), cadd(a, b, p)));
    ASSERT_TRUE(eq(val(f2.sub(ea, eb)), cnorm({a.re - b.re, a.im - b.im}, p)));
    ASSERT_TRUE(eq(val(f2.neg(ea)), cnorm({-a.re, -a.im}, p)));
    C i{0, 1};
    ASSERT_TRUE(eq(val(f2.mul_i(ea)), cmul(a, i, p)));
    ASSERT_TRUE(eq(val(f2.add_i(ea, eb)), cadd(a, cmul(i, b, p), p)));
    ASSERT_TRUE(eq(val(f2.sub_i(ea, eb)), cnorm({a.re + b.im, a.im - b.re}, p)));
    ASSERT_TRUE(eq(val(f2.dbl(f2.half(ea))), a));
    for (auto xi : {parmod::SmallComplex{1, 1}, parmod::SmallComplex{9, 1}, parmod::SmallComplex{0, 3},
                    parmod::SmallComplex{5, 0}})
      ASSERT_TRUE(eq(val(f2.mul_xi(ea, xi)), cmul(a, C{xi.re, xi.im}, p)));
    ASSERT_TRUE(eq(val(f2.mul_base(ea, eb.c0)), cmul(a, C{b.re, 0}, p)));
    if (it % 10 == 0 && (a.re != 0 || a.im != 0)) {
      ASSERT_TRUE(eq(cmul(val(f2.inv(ea)), a, p), C{1, 0}));
    }
    ASSERT_EQ(f2.equal(ea, eb), eq(a, b));
  }
}

}  // namespace

TEST(Fp2, AgreesWithReference) {
  std::vector<parmod::FieldPath> paths{parmod::FieldPath::portable};
  if (parmod::cpu_has_mulx_adx()) paths.push_back(parmod::FieldPath::mulx_adx);
  for_each_n([&]<int N>() {
    for (auto& [name, p] : moduli_for(N, 5))
      for (auto path : paths) {
        SCOPED_TRACE(name + " N=" + std::to_string(N));
        check_fp2<N>(p, path, 500 + N);
      }
  });
}

TEST(Fp2, NeedsThreeModFour) {
  parmod::Fp<2> f(mpz_class(13));
  EXPECT_THROW((parmod::Fp2<parmod::Fp<2>>(f)), parmod::InvalidArgument);
}

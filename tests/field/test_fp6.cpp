// tests/field/test_fp6.cpp - parmod::Fp6: schoolbook, Karatsuba-3 and
// Toom-Cook-3i agree with each other and with an mpz reference on random
// inputs; mul4/sqr4 give 4ab and 4a^2; the quarter representation works.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"
#include "ref_fp6.hpp"

using namespace fieldtest;

namespace {

template <int N>
void check_fp6(const mpz_class& p, parmod::SmallComplex xi, parmod::FieldPath path, unsigned long seed, int iters,
               parmod::BatchPath batch = parmod::BatchPath::scalar) {
  using F = parmod::Fp<N>;
  using F2 = parmod::Fp2<F>;
  F f(p, path, batch);
  F2 f2(f);
  parmod::Fp6<F2> f6(f2, xi);
  Rng rng(seed);
  C cxi{xi.re, xi.im};
  auto rnd = [&] { return C3{C{rng.below(p), rng.below(p)}, C{rng.below(p), rng.below(p)}, C{rng.below(p), rng.below(p)}}; };
  auto elem = [&](const C3& a) {
    typename parmod::Fp6<F2>::Element e;
    for (int k = 0; k < 3; ++k) e.c[k] = f2.from_mpz(a[k].re, a[k].im);
    return e;
  };
  auto val = [&](const typename parmod::Fp6<F2>::Element& e) {
    C3 r;
    for (int k = 0; k < 3; ++k) r[k] = C{f.to_mpz(e.c[k].c0), f.to_mpz(e.c[k].c1)};
    return r;
  };
  auto eq = [](const C3& a, const C3& b) {
    for (int k = 0; k < 3; ++k)
      if (a[k].re != b[k].re || a[k].im != b[k].im) return false;
    return true;
  };
  auto times = [&](const C3& a, long k) {
    C3 r;
    for (int j = 0; j < 3; ++j) r[j] = cnorm({a[j].re * k, a[j].im * k}, p);
    return r;
  };
  for (int it = 0; it < reps(iters); ++it) {
    C3 a = rnd(), b = rnd();
    if (it == 0) a = C3{C{p - 1, p - 1}, C{p - 1, p - 1}, C{p - 1, p - 1}};
    if (it == 1) b = C3{C{0, 0}, C{0, 0}, C{0, 0}};
    auto ea = elem(a), eb = elem(b);
    C3 want = fp6_ref_mul(a, b, cxi, p);
    ASSERT_TRUE(eq(val(f6.mul_schoolbook(ea, eb)), want)) << "schoolbook";
    ASSERT_TRUE(eq(val(f6.mul_karatsuba3(ea, eb)), want)) << "karatsuba3";
    ASSERT_TRUE(eq(val(f6.mul_toom3i(ea, eb)), want)) << "toom3i";
    ASSERT_TRUE(eq(val(f6.mul4_toom3i(ea, eb)), times(want, 4))) << "mul4";
    ASSERT_TRUE(eq(val(f6.sqr4_toom3i(ea)), times(fp6_ref_mul(a, a, cxi, p), 4))) << "sqr4";
    // quarter representation: 4 (a/4)(b/4) = ab/4
    auto q = f6.mul4_toom3i(f6.to_quarter(ea), f6.to_quarter(eb));
    ASSERT_TRUE(eq(val(f6.from_quarter(q)), want)) << "quarter";
    ASSERT_TRUE(f6.equal(f6.mul(ea, eb, parmod::Fp6Method::toom3i), f6.mul(ea, eb, parmod::Fp6Method::karatsuba3)));
  }
}

}  // namespace

TEST(Fp6, ThreeMethodsAgreeWithReference) {
  std::vector<parmod::FieldPath> paths{parmod::FieldPath::portable};
  if (parmod::cpu_has_mulx_adx()) paths.push_back(parmod::FieldPath::mulx_adx);
  auto named = named_primes();
  std::vector<parmod::BatchPath> batches{parmod::BatchPath::scalar};
  if (parmod::cpu_has_avx512_ifma()) batches.push_back(parmod::BatchPath::avx512_ifma);
  for (auto batch : batches) {
    SCOPED_TRACE(parmod::batch_path_name(batch));
    for (auto path : paths) {
      check_fp6<4>(named[2].p, {9, 1}, path, 600, 200, batch);   // BN254, xi = 9 + i
      check_fp6<6>(named[3].p, {1, 1}, path, 601, 200, batch);   // BLS12-381, xi = 1 + i
      check_fp6<4>(named[0].p, {1, 1}, path, 602, 100, batch);   // P-256 (strict representation)
    }
    for_each_n([&]<int N>() {
      for (auto& [name, p] : moduli_for(N, 6)) {
        SCOPED_TRACE(name + " N=" + std::to_string(N));
        check_fp6<N>(p, {1, 1}, paths.back(), 610 + N, 30, batch);
      }
    });
  }
}

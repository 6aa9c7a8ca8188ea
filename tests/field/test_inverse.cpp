// tests/field/test_inverse.cpp - Fp<N>::inv, the constant-time optimized
// binary GCD (field/inverse_bingcd.hpp), for N = 2..8 and both kernel paths:
// against mpz_invert and against the Fermat inverse (inv_fermat), on every
// test modulus of moduli_for plus primes just below 2^(64N) and just above
// 2^(64(N-1)) and p = 3, 5, 7; random values, mpz_rrandomb values (long runs
// of ones and zeros), 0, 1, 2, p-1, p-2, 2^(len(p)-1) (the longest GCD), and
// representations in [p, 2p) when lazy.  The x86-64 inner loop is also
// compared with the portable one, with a general numerator c.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"

using namespace fieldtest;
using u64 = std::uint64_t;

namespace {

// moduli_for(N) plus the edge moduli (just below 2^(64N), just above
// 2^(64(N-1)), just below R/4, and 3, 5, 7).
std::vector<std::pair<std::string, mpz_class>> inverse_moduli(int n) {
  auto v = moduli_for(n, 11);
  for (auto& m : edge_moduli(n)) v.push_back(m);
  return v;
}

template <int N>
void check_inverse(const std::string& name, const mpz_class& p, parmod::FieldPath path, Rng& rng, int randoms) {
  SCOPED_TRACE(name + " N=" + std::to_string(N) + " " + parmod::field_path_name(path));
  using F = parmod::Fp<N>;
  F f(p, path);
  const std::size_t bits = mpz_sizeinbase(p.get_mpz_t(), 2);
  const mpz_class bound = f.lazy() ? mpz_class(2 * p) : p;
  mpz_class R = mpz_class(1) << (64 * N), Ri;
  mpz_invert(Ri.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());

  // values x (the element is x R mod p), then raw representations y (the
  // element's limbs are y, x = y R^-1): the GCD runs on y, so the hard
  // inputs (2^(len(p)-1), long runs of ones and zeros) are given raw too.
  std::vector<mpz_class> xs = {0, 1, 2, p - 1, p - 2, (mpz_class(1) << (bits - 1)) % p, (p - 1) / 2};
  for (int i = 0; i < randoms; ++i) xs.push_back(rng.below(p));
  for (int i = 0; i < randoms; ++i) xs.push_back(rng.runs((unsigned)bits) % p);
  const std::size_t n_values = xs.size();
  for (mpz_class y : {mpz_class(1), mpz_class(2), mpz_class(p - 1), mpz_class(p - 2),
                      mpz_class((mpz_class(1) << (bits - 1)) % p), mpz_class(((mpz_class(1) << (bits - 1)) + 1) % p),
                      mpz_class((mpz_class(1) << (bits - 2)) % p), mpz_class((p - 1) / 2)})
    xs.push_back(y * Ri % p);
  for (int i = 0; i < randoms; ++i) xs.push_back(mpz_class(rng.runs((unsigned)bits) % p) * Ri % p);
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const mpz_class& x = xs[k];
    for (bool high : {false, true}) {
      if (high && !f.lazy()) continue;
      auto e = element(f, x, high);
      if (k >= n_values && !high) ASSERT_EQ(from_limbs(e.v, N) * Ri % p, x);
      auto r = f.inv(e);
      mpz_class raw = from_limbs(r.v, N);
      ASSERT_LT(raw, bound) << "result out of range, x = " << x;
      mpz_class want = 0;
      if (x != 0) ASSERT_NE(mpz_invert(want.get_mpz_t(), x.get_mpz_t(), p.get_mpz_t()), 0);
      // the Montgomery form of x^-1: raw = x^-1 R mod p
      ASSERT_EQ(raw * Ri % p, want) << "x = " << x << (high ? " (in [p, 2p))" : "");
      ASSERT_EQ(f.to_mpz(r), want);
      ASSERT_TRUE(f.equal(r, f.inv_fermat(e))) << "x = " << x;
      if (x != 0) ASSERT_TRUE(f.equal(f.mul(e, r), f.one()));
    }
  }
}

}  // namespace

TEST(Inverse, AgreesWithGmpAndFermatAllSizesBothPaths) {
  for_each_n([]<int N>() {
    Rng rng(500 + N);
    for (auto& [name, p] : inverse_moduli(N))
      for (auto path : paths()) check_inverse<N>(name, p, path, rng, reps(N <= 4 ? 150 : 60));
  });
}

TEST(Inverse, ZeroMapsToZero) {
  for_each_n([]<int N>() {
    for (auto& [name, p] : inverse_moduli(N))
      for (auto path : paths()) {
        parmod::Fp<N> f(p, path);
        auto r = f.inv(f.zero());
        for (int i = 0; i < N; ++i) ASSERT_EQ(r.v[i], 0u) << name;
        if (f.lazy()) {  // 0 represented by p
          typename parmod::Fp<N>::Element z;
          to_limbs(z.v, N, p);
          r = f.inv(z);
          for (int i = 0; i < N; ++i) ASSERT_EQ(r.v[i], 0u) << name;
        }
      }
  });
}

// The kernel itself: r = c / y mod p for a general c, the inline-assembly
// inner loop (x86-64) against the portable one, and r aliasing y.
TEST(Inverse, KernelGeneralNumeratorBothInnerLoops) {
  for_each_n([]<int N>() {
    Rng rng(600 + N);
    for (auto& [name, p] : inverse_moduli(N)) {
      SCOPED_TRACE(name + " N=" + std::to_string(N));
      parmod::Fp<N> f(p);
      const std::size_t bits = mpz_sizeinbase(p.get_mpz_t(), 2);
      for (int i = 0; i < reps(60); ++i) {
        mpz_class y = i == 0 ? mpz_class(0) : i & 1 ? rng.below(p) : mpz_class(rng.runs((unsigned)bits) % p);
        mpz_class c = i == 1 ? mpz_class(0) : rng.below(p);
        u64 Y[N], C[N], r1[N], r2[N];
        to_limbs(Y, N, y);
        to_limbs(C, N, c);
        parmod::field::bingcd::inverse<N>(r1, Y, f.modulus_limbs(), f.pinv(), C, bits);
        parmod::field::bingcd::inverse<N, true>(r2, Y, f.modulus_limbs(), f.pinv(), C, bits);
        mpz_class want = 0;
        if (y != 0) {
          mpz_invert(want.get_mpz_t(), y.get_mpz_t(), p.get_mpz_t());
          want = want * c % p;
        }
        ASSERT_EQ(from_limbs(r1, N), want) << "y = " << y << " c = " << c;
        ASSERT_EQ(from_limbs(r2, N), want) << "portable, y = " << y << " c = " << c;
        parmod::field::bingcd::inverse<N>(Y, Y, f.modulus_limbs(), f.pinv(), C, bits);  // r aliases y
        ASSERT_EQ(from_limbs(Y, N), want);
      }
    }
  });
}

// The iteration count ceil((2 len(p) - 2)/31) from Pornin's bound.
TEST(Inverse, IterationCount) {
  EXPECT_EQ(parmod::field::bingcd::outer_iterations(2), 1);
  EXPECT_EQ(parmod::field::bingcd::outer_iterations(17), 2);    // 32 steps
  EXPECT_EQ(parmod::field::bingcd::outer_iterations(256), 17);  // 510 steps
  EXPECT_EQ(parmod::field::bingcd::outer_iterations(384), 25);  // 766
  EXPECT_EQ(parmod::field::bingcd::outer_iterations(512), 33);  // 1022
}

// tests/field/test_batch.cpp - Fp<N>::mul_batch / sqr_batch (the AVX-512
// IFMA batch kernel, montgomery_ifma8) and Fp2::mul_many / sqr_many: bit for
// bit the same as the one-at-a-time kernels, and equal to GMP's
// a b R^-1 mod p, for N = 2..8, every batch length around the group of 8,
// aliasing, moduli at the edges of their limb count, and edge values.
#include <gtest/gtest.h>

#include <vector>

#include "field_test_util.hpp"
#include "parmod/field.hpp"

using namespace fieldtest;

namespace {

std::vector<parmod::BatchPath> batch_paths() {
  std::vector<parmod::BatchPath> v{parmod::BatchPath::scalar};
  if (parmod::cpu_has_avx512_ifma()) v.push_back(parmod::BatchPath::avx512_ifma);
  return v;
}

// Values in [0, M) for the representation bound M (p strict, 2p lazy): the
// edges (0, 1, p-1, M-1, p when lazy, all-ones words below M) first, then
// mpz_rrandomb-style values (long runs of ones and zeros) and uniform ones.
std::vector<mpz_class> test_values(const mpz_class& p, const mpz_class& M, int n, Rng& rng, int count) {
  std::vector<mpz_class> v{0, 1, p - 1, M - 1};
  if (M > p) v.push_back(p), v.push_back(p + 1);
  for (int k = 1; k <= n; ++k) {
    mpz_class ones = (mpz_class(1) << (64 * k)) - 1;
    if (ones < M) v.push_back(ones);
  }
  while ((int)v.size() < count) {
    mpz_class x;
    if (v.size() % 2) {
      x = rng.runs(64 * n) % M;
    } else {
      x = rng.below(M);
    }
    v.push_back(x);
  }
  return v;
}

template <int N>
void check_batch(const mpz_class& p, unsigned long seed) {
  using F = parmod::Fp<N>;
  using E = typename F::Element;
  F scalar(p, parmod::FieldPath::automatic, parmod::BatchPath::scalar);
  const mpz_class M = scalar.lazy() ? mpz_class(2 * p) : p;
  const mpz_class R = mpz_class(1) << (64 * N);
  mpz_class rinv;
  ASSERT_NE(mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t()), 0);
  Rng rng(seed);
  const int kCount = 70;
  auto va = test_values(p, M, N, rng, kCount), vb = test_values(p, M, N, rng, kCount);
  std::reverse(vb.begin(), vb.end());  // edges meet random values and each other
  std::vector<E> a(kCount), b(kCount), want(kCount), want_sqr(kCount);
  for (int i = 0; i < kCount; ++i) {
    to_limbs(a[i].v, N, va[i]);  // raw values: the kernels work on any input in [0, M)
    to_limbs(b[i].v, N, vb[i]);
    want[i] = scalar.mul(a[i], b[i]);
    want_sqr[i] = scalar.sqr(a[i]);
    mpz_class got = from_limbs(want[i].v, N);
    ASSERT_LT(got, M);
    ASSERT_EQ(got % p, va[i] * vb[i] * rinv % p);
  }
  for (auto path : batch_paths()) {
    F f(p, parmod::FieldPath::automatic, path);
    SCOPED_TRACE(parmod::batch_path_name(path));
    for (int n : {0, 1, 2, 7, 8, 9, 15, 16, 17, 23, 64, kCount}) {
      SCOPED_TRACE("n=" + std::to_string(n));
      std::vector<E> r(kCount + 1);
      for (auto& e : r) to_limbs(e.v, N, mpz_class(12345));
      f.mul_batch(r.data(), a.data(), b.data(), (std::size_t)n);
      for (int i = 0; i < n; ++i)
        for (int w = 0; w < N; ++w) ASSERT_EQ(r[i].v[w], want[i].v[w]) << "element " << i;
      for (int i = n; i <= kCount; ++i) ASSERT_EQ(from_limbs(r[i].v, N), 12345) << "wrote past n";
      f.sqr_batch(r.data(), a.data(), (std::size_t)n);
      for (int i = 0; i < n; ++i)
        for (int w = 0; w < N; ++w) ASSERT_EQ(r[i].v[w], want_sqr[i].v[w]) << "square " << i;
    }
    // in place: r = a, then r = b, then squares in place
    std::vector<E> x = a;
    f.mul_batch(x.data(), x.data(), b.data(), kCount);
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(from_limbs(x[i].v, N), from_limbs(want[i].v, N));
    x = b;
    f.mul_batch(x.data(), a.data(), x.data(), kCount);
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(from_limbs(x[i].v, N), from_limbs(want[i].v, N));
    x = a;
    f.sqr_batch(x.data(), x.data(), kCount);
    for (int i = 0; i < kCount; ++i) ASSERT_EQ(from_limbs(x[i].v, N), from_limbs(want_sqr[i].v, N));
  }
}

}  // namespace

TEST(Batch, MatchesScalarAndGmpForEveryN) {
  for_each_n([&]<int N>() {
    auto mods = moduli_for(N, 9);
    for (auto& m : edge_moduli(N)) mods.push_back(m);
    for (auto& [name, p] : mods) {
      SCOPED_TRACE(name + " N=" + std::to_string(N));
      check_batch<N>(p, 900 + N);
    }
  });
}

TEST(Batch, ManyRandomModuliAndLongBatches) {
  // more moduli of each size, 8 * 50 + 5 products each, against the scalar kernel
  if (!parmod::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA: the batch path is the scalar loop";
  for_each_n([&]<int N>() {
    Rng rng(950 + N);
    for (int m = 0; m < reps(12); ++m) {
      unsigned bits = 64 * (N - 1) + 2 + (unsigned)(rng.below(63).get_ui());
      mpz_class p = random_prime(rng, bits, false);
      SCOPED_TRACE(p.get_str(16));
      using F = parmod::Fp<N>;
      F s(p, parmod::FieldPath::automatic, parmod::BatchPath::scalar);
      F v(p, parmod::FieldPath::automatic, parmod::BatchPath::avx512_ifma);
      const mpz_class M = s.lazy() ? mpz_class(2 * p) : p;
      std::vector<typename F::Element> a(405), b(405), r(405);
      for (std::size_t i = 0; i < a.size(); ++i) {
        mpz_class x = rng.runs(64 * N), y = rng.below(M);
        to_limbs(a[i].v, N, x % M);
        to_limbs(b[i].v, N, y);
      }
      v.mul_batch(r.data(), a.data(), b.data(), a.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        auto w = s.mul(a[i], b[i]);
        for (int k = 0; k < N; ++k) ASSERT_EQ(r[i].v[k], w.v[k]) << "element " << i;
      }
    }
  });
}

TEST(Batch, Fp2ManyMatchesOneAtATime) {
  auto named = named_primes();
  for (int which : {2, 3}) {  // BN254, BLS12-381
    const mpz_class& p = named[which].p;
    auto run = [&]<int N>() {
      using F = parmod::Fp<N>;
      for (auto path : batch_paths()) {
        F f(p, parmod::FieldPath::automatic, path);
        parmod::Fp2<F> f2(f);
        Rng rng(970 + which);
        std::vector<typename parmod::Fp2<F>::Element> a(21), b(21), r(21), s(21);
        for (std::size_t i = 0; i < a.size(); ++i) {
          a[i] = f2.from_mpz(rng.below(p), rng.below(p));
          b[i] = f2.from_mpz(rng.below(p), rng.below(p));
        }
        a[0] = f2.from_mpz(p - 1, p - 1), b[1] = f2.zero();
        for (std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(8), std::size_t(9), a.size()}) {
          f2.mul_many(r.data(), a.data(), b.data(), n);
          f2.sqr_many(s.data(), a.data(), n);
          for (std::size_t i = 0; i < n; ++i) {
            ASSERT_TRUE(f2.equal(r[i], f2.mul(a[i], b[i]))) << i;
            ASSERT_TRUE(f2.equal(s[i], f2.sqr(a[i]))) << i;
          }
        }
        r = a;
        f2.mul_many(r.data(), r.data(), b.data(), r.size());  // in place
        for (std::size_t i = 0; i < r.size(); ++i) ASSERT_TRUE(f2.equal(r[i], f2.mul(a[i], b[i])));
      }
    };
    if (named[which].limbs == 4) run.template operator()<4>();
    else run.template operator()<6>();
  }
}

TEST(Batch, PathChoice) {
  mpz_class p = named_primes()[2].p;
  parmod::Fp<4> f(p);
  EXPECT_EQ(f.batch_path(),
            parmod::cpu_has_avx512_ifma() ? parmod::BatchPath::avx512_ifma : parmod::BatchPath::scalar);
  if (!parmod::cpu_has_avx512_ifma())
    EXPECT_THROW(parmod::Fp<4>(p, parmod::FieldPath::automatic, parmod::BatchPath::avx512_ifma),
                 parmod::InvalidArgument);
  EXPECT_STREQ(parmod::batch_path_name(parmod::BatchPath::avx512_ifma), "avx512_ifma");
}

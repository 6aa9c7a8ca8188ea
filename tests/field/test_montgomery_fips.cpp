// tests/field/test_montgomery_fips.cpp - the FIPS kernels (portable and
// mulx/adx) against GMP: r = a*b*R^-1 mod p, r in [0, p) with the final
// subtraction, r in [0, 2p) without it, and both paths bit-identical.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "field_test_util.hpp"
#include "parmod/field/cpu_features.hpp"
#include "parmod/field/montgomery_fips.hpp"
#include "parmod/field/montgomery_fips_adx.hpp"

using namespace fieldtest;
using u64 = std::uint64_t;

namespace {

template <int N>
void check_kernels(const mpz_class& p, Rng& rng, int iterations) {
  u64 pl[N];
  to_limbs(pl, N, p);
  mpz_class R = mpz_class(1) << (64 * N);
  mpz_class Rinv;
  mpz_invert(Rinv.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());
  mpz_class pinv_z;
  mpz_class beta = mpz_class(1) << 64;
  mpz_invert(pinv_z.get_mpz_t(), p.get_mpz_t(), beta.get_mpz_t());
  u64 pinv = (u64)0 - mpz_get_ui(pinv_z.get_mpz_t());
  const bool lazy = 4 * p < R;
  // operands: lazy kernels take [0, 2p), final-subtraction kernels [0, p)
  const mpz_class range = lazy ? mpz_class(2 * p) : p;
  std::vector<mpz_class> edge = {0, 1, 2, p - 1, p - 2};
  if (lazy) edge.insert(edge.end(), {p, p + 1, 2 * p - 1, 2 * p - 2});
  auto pick = [&](int i) { return i < (int)edge.size() ? edge[i] : rng.below(range); };
  for (int it = 0; it < reps(iterations); ++it) {
    mpz_class a = pick(it % 13 == 0 ? it / 13 % (int)edge.size() : 1000);
    mpz_class b = pick(it % 7 == 0 ? it / 7 % (int)edge.size() : 1000);
    u64 al[N], bl[N], r1[N], r2[N], s1[N], s2[N];
    to_limbs(al, N, a);
    to_limbs(bl, N, b);
    mpz_class want = a * b * Rinv % p;
    mpz_class want_sq = a * a * Rinv % p;
    if (lazy) {
      parmod::field::fips::mul_portable<N, false>(r1, al, bl, pl, pinv);
      parmod::field::fips::sqr_portable<N, false>(s1, al, pl, pinv);
    } else {
      parmod::field::fips::mul_portable<N, true>(r1, al, bl, pl, pinv);
      parmod::field::fips::sqr_portable<N, true>(s1, al, pl, pinv);
    }
    mpz_class r = from_limbs(r1, N), s = from_limbs(s1, N);
    ASSERT_EQ(r % p, want) << "p=" << p << " a=" << a << " b=" << b;
    ASSERT_EQ(s % p, want_sq) << "p=" << p << " a=" << a;
    ASSERT_LT(r, lazy ? mpz_class(2 * p) : p);
    ASSERT_LT(s, lazy ? mpz_class(2 * p) : p);
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
    if (parmod::cpu_has_mulx_adx()) {
      if (lazy) {
        parmod::field::fips::mul_adx<N, false>(r2, al, bl, pl, pinv);
        parmod::field::fips::sqr_adx<N, false>(s2, al, pl, pinv);
      } else {
        parmod::field::fips::mul_adx<N, true>(r2, al, bl, pl, pinv);
        parmod::field::fips::sqr_adx<N, true>(s2, al, pl, pinv);
      }
      for (int i = 0; i < N; ++i) {
        ASSERT_EQ(r1[i], r2[i]) << "paths differ, p=" << p << " a=" << a << " b=" << b;
        ASSERT_EQ(s1[i], s2[i]) << "paths differ (sqr), p=" << p << " a=" << a;
      }
      if constexpr (N == 4) {
        if (parmod::field::fips::is_p256(pl)) {  // the dedicated P-256 kernel, also in place (r = a, r = b)
          u64 r3[N], ra[N], rb[N], s3[N], sa[N];
          parmod::field::fips::mul_adx_p256(r3, al, bl, pl);
          parmod::field::fips::sqr_adx_p256(s3, al, pl);
          std::copy(al, al + N, sa);
          parmod::field::fips::sqr_adx_p256(sa, sa, pl);
          std::copy(al, al + N, ra);
          parmod::field::fips::mul_adx_p256(ra, ra, bl, pl);
          std::copy(bl, bl + N, rb);
          parmod::field::fips::mul_adx_p256(rb, al, rb, pl);
          for (int i = 0; i < N; ++i) {
            ASSERT_EQ(r1[i], r3[i]) << "P-256 kernel differs, a=" << a << " b=" << b;
            ASSERT_EQ(r1[i], ra[i]) << "P-256 kernel differs (r = a), a=" << a << " b=" << b;
            ASSERT_EQ(r1[i], rb[i]) << "P-256 kernel differs (r = b), a=" << a << " b=" << b;
            ASSERT_EQ(s1[i], s3[i]) << "P-256 squaring differs, a=" << a;
            ASSERT_EQ(s1[i], sa[i]) << "P-256 squaring differs (r = a), a=" << a;
          }
        }
      }
      if constexpr (N == 6) {
        if (parmod::field::fips::is_p384(pl)) {  // the dedicated P-384 kernel, also in place (r = a, r = b)
          u64 r3[N], ra[N], rb[N], s3[N];
          parmod::field::fips::mul_adx_p384(r3, al, bl);
          parmod::field::fips::mul_adx_p384(s3, al, al);
          std::copy(al, al + N, ra);
          parmod::field::fips::mul_adx_p384(ra, ra, bl);
          std::copy(bl, bl + N, rb);
          parmod::field::fips::mul_adx_p384(rb, al, rb);
          for (int i = 0; i < N; ++i) {
            ASSERT_EQ(r1[i], r3[i]) << "P-384 kernel differs, a=" << a << " b=" << b;
            ASSERT_EQ(s1[i], s3[i]) << "P-384 kernel differs (a*a), a=" << a;
            ASSERT_EQ(r1[i], ra[i]) << "P-384 kernel differs (r = a), a=" << a << " b=" << b;
            ASSERT_EQ(r1[i], rb[i]) << "P-384 kernel differs (r = b), a=" << a << " b=" << b;
          }
        }
      }
    }
#endif
  }
}

}  // namespace

TEST(MontgomeryFips, AgreesWithGmpBothPathsAllSizes) {
  for_each_n([]<int N>() {
    Rng rng(100 + N);
    for (auto& [name, p] : moduli_for(N, 1)) {
      SCOPED_TRACE(name + " N=" + std::to_string(N));
      check_kernels<N>(p, rng, 3000);
    }
  });
}

#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
// The dedicated P-256 kernels (multiplication and squaring) against GMP: many
// random operands, edge values, and operands with long runs of ones and zeros
// (carry propagation), plus the kernels are not taken for other moduli.
TEST(MontgomeryFips, P256KernelAgreesWithGmp) {
  if (!parmod::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2/ADX";
  const mpz_class p("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16);
  u64 pl[4];
  to_limbs(pl, 4, p);
  ASSERT_TRUE(parmod::field::fips::is_p256(pl));
  const mpz_class R = mpz_class(1) << 256;
  mpz_class Rinv;
  mpz_invert(Rinv.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());
  std::vector<mpz_class> edge = {0, 1, 2, p - 1, p - 2, (p - 1) / 2, (p + 1) / 2, R % p, (R * R) % p,
                                 (mpz_class(1) << 255) - 1, mpz_class(1) << 255, (mpz_class(1) << 224) - 1,
                                 mpz_class(1) << 192, (mpz_class(1) << 64) - 1, p - (mpz_class(1) << 96)};
  Rng rng(256);
  for (int it = 0; it < reps(200000); ++it) {
    mpz_class a = it < 400 ? edge[it % edge.size()] : rng.below(p);
    mpz_class b = it < 400 ? edge[it / edge.size() % edge.size()] : rng.below(p);
    u64 al[4], bl[4], r[4];
    to_limbs(al, 4, a);
    to_limbs(bl, 4, b);
    parmod::field::fips::mul_adx_p256(r, al, bl, pl);
    ASSERT_EQ(from_limbs(r, 4), a * b * Rinv % p) << "a=" << a << " b=" << b;
    parmod::field::fips::sqr_adx_p256(r, al, pl);
    ASSERT_EQ(from_limbs(r, 4), a * a * Rinv % p) << "a=" << a;
  }
  for (auto& [name, q] : moduli_for(4, 1)) {
    u64 ql[4];
    to_limbs(ql, 4, q);
    EXPECT_EQ(parmod::field::fips::is_p256(ql), q == p) << name;
  }
}

// The dedicated P-384 kernel against GMP, as for P-256: edge values (0, 1,
// p-1, R mod p, R^2 mod p, words of all ones or zeros), operands whose low
// word makes the reduction's q or its 32-bit halves extreme (q = 0, th + tl
// carrying or not), many random operands, and squares; and the kernel is
// not taken for other moduli.
TEST(MontgomeryFips, P384KernelAgreesWithGmp) {
  if (!parmod::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2/ADX";
  const mpz_class p("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", 16);
  u64 pl[6];
  to_limbs(pl, 6, p);
  ASSERT_TRUE(parmod::field::fips::is_p384(pl));
  const mpz_class R = mpz_class(1) << 384, beta = mpz_class(1) << 64;
  mpz_class Rinv;
  mpz_invert(Rinv.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());
  std::vector<mpz_class> edge = {0, 1, 2, p - 1, p - 2, (p - 1) / 2, (p + 1) / 2, R % p, (R * R) % p,
                                 (mpz_class(1) << 383) - 1, mpz_class(1) << 383, (mpz_class(1) << 320) - 1,
                                 mpz_class(1) << 192, beta - 1, beta - (mpz_class(1) << 32), (mpz_class(1) << 32) - 1,
                                 mpz_class(1) << 32, (mpz_class(1) << 32) + 1, p - (mpz_class(1) << 128),
                                 p - beta, (mpz_class(1) << 256) - 1};
  Rng rng(384);
  for (int it = 0; it < reps(200000); ++it) {
    mpz_class a, b;
    if (it < (int)(edge.size() * edge.size())) {
      a = edge[it % edge.size()];
      b = edge[it / edge.size()];
    } else {
      a = rng.below(p);
      b = rng.below(p);
      if (it % 5 == 0) b = rng.below(beta) << (64 * (it % 6));  // one nonzero word
      if (it % 7 == 0) a = p - 1 - rng.below(beta);             // near p
    }
    u64 al[6], bl[6], r[6];
    to_limbs(al, 6, a);
    to_limbs(bl, 6, b);
    parmod::field::fips::mul_adx_p384(r, al, bl);
    ASSERT_EQ(from_limbs(r, 6), a * b * Rinv % p) << "a=" << a << " b=" << b;
    parmod::field::fips::mul_adx_p384(r, al, al);
    ASSERT_EQ(from_limbs(r, 6), a * a * Rinv % p) << "a=" << a;
  }
  for (auto& [name, q] : moduli_for(6, 1)) {
    u64 ql[6];
    to_limbs(ql, 6, q);
    EXPECT_EQ(parmod::field::fips::is_p384(ql), q == p) << name;
  }
}
#endif

TEST(MontgomeryFips, AdxPathIsAvailableOnThisMachine) {
  // Not a requirement of the library; records whether the adx path was tested.
  RecordProperty("mulx_adx", parmod::cpu_has_mulx_adx() ? "yes" : "no");
  if (!parmod::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2/ADX: only the portable path ran";
}

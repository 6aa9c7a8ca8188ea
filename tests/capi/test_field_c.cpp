// tests/field/test_field_c.cpp - the C API (parmod_field.h) against GMP for
// every limb count 2..8 and both paths, plus its error codes.
#include <gtest/gtest.h>

#include <vector>

#include "field/field_test_util.hpp"
#include "parmod/field/cpu_features.hpp"
#include "parmod_field.h"

using namespace fieldtest;

namespace {

mpz_class get(parmod_field_t f, const parmod_fe& a) {
  mpz_class r;
  EXPECT_EQ(parmod_field_get_mpz(f, r.get_mpz_t(), &a), PARMOD_OK);
  return r;
}

}  // namespace

TEST(FieldC, AgreesWithGmp) {
  std::vector<parmod_field_path> paths{PARMOD_FIELD_PORTABLE};
  if (parmod::cpu_has_mulx_adx()) paths.push_back(PARMOD_FIELD_MULX_ADX);
  Rng rng(800);
  for (int n = 1; n <= 8; ++n)
    for (auto path : paths) {
      mpz_class p = random_prime(rng, n == 1 ? 61 : 64 * n - (n % 3), true);
      parmod_field_t f = nullptr;
      ASSERT_EQ(parmod_field_init(&f, p.get_mpz_t(), path), PARMOD_OK);
      EXPECT_EQ(parmod_field_limbs(f), n < 2 ? 2 : n);
      EXPECT_EQ(parmod_field_byte_length(f), (mpz_sizeinbase(p.get_mpz_t(), 2) + 7) / 8);
      for (int it = 0; it < reps(100); ++it) {
        mpz_class a = rng.below(p), b = rng.below(p);
        if (it == 0) a = 0;
        if (it == 1) b = p - 1;
        parmod_fe x, y, r;
        ASSERT_EQ(parmod_field_set_mpz(f, &x, a.get_mpz_t()), PARMOD_OK);
        ASSERT_EQ(parmod_field_set_mpz(f, &y, b.get_mpz_t()), PARMOD_OK);
        ASSERT_EQ(parmod_field_add(f, &r, &x, &y), PARMOD_OK);
        ASSERT_EQ(get(f, r), (a + b) % p);
        ASSERT_EQ(parmod_field_sub(f, &r, &x, &y), PARMOD_OK);
        ASSERT_EQ(get(f, r), ((a - b) % p + p) % p);
        ASSERT_EQ(parmod_field_neg(f, &r, &x), PARMOD_OK);
        ASSERT_EQ(get(f, r), (p - a) % p);
        ASSERT_EQ(parmod_field_mul(f, &r, &x, &y), PARMOD_OK);
        ASSERT_EQ(get(f, r), a * b % p);
        ASSERT_EQ(parmod_field_sqr(f, &r, &x), PARMOD_OK);
        ASSERT_EQ(get(f, r), a * a % p);
        int rc = parmod_field_inv(f, &r, &x);
        if (a == 0) {
          ASSERT_EQ(rc, PARMOD_ERR_NOT_INVERTIBLE);
        } else {
          ASSERT_EQ(rc, PARMOD_OK);
          ASSERT_EQ(get(f, r) * a % p, 1);
        }
        rc = parmod_field_sqrt(f, &r, &x);
        if (mpz_legendre(a.get_mpz_t(), p.get_mpz_t()) >= 0) {
          ASSERT_EQ(rc, PARMOD_OK);
          ASSERT_EQ(get(f, r) * get(f, r) % p, a);
        } else {
          ASSERT_EQ(rc, PARMOD_ERR_NOT_INVERTIBLE);
        }
        int eq = -1;
        ASSERT_EQ(parmod_field_equal(f, &eq, &x, &y), PARMOD_OK);
        ASSERT_EQ(eq, a == b ? 1 : 0);
        std::vector<unsigned char> bytes(parmod_field_byte_length(f));
        ASSERT_EQ(parmod_field_get_bytes(f, bytes.data(), bytes.size(), &x), PARMOD_OK);
        ASSERT_EQ(parmod_field_set_bytes(f, &r, bytes.data(), bytes.size()), PARMOD_OK);
        ASSERT_EQ(get(f, r), a);
      }
      parmod_field_clear(f);
    }
}

TEST(FieldC, ErrorCodes) {
  parmod_field_t f = nullptr;
  mpz_class even(100), big = (mpz_class(1) << 513) + 1, one(1), p(1000003);
  EXPECT_EQ(parmod_field_init(&f, even.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_field_init(&f, big.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_field_init(&f, one.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_field_init(nullptr, p.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_ERR_INVALID_ARGUMENT);
  ASSERT_EQ(parmod_field_init(&f, p.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_OK);
  parmod_fe x, r;
  ASSERT_EQ(parmod_field_set_ui(f, &x, 5), PARMOD_OK);
  EXPECT_EQ(parmod_field_add(f, nullptr, &x, &x), PARMOD_ERR_INVALID_ARGUMENT);
  unsigned char bytes[3] = {0xff, 0xff, 0xff};  // 16777215 >= p
  EXPECT_EQ(parmod_field_set_bytes(f, &r, bytes, 3), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_field_set_bytes(f, &r, bytes, 2), PARMOD_ERR_INVALID_ARGUMENT);
  parmod_field_clear(f);
  mpz_class q(13);  // 1 mod 4
  ASSERT_EQ(parmod_field_init(&f, q.get_mpz_t(), PARMOD_FIELD_PORTABLE), PARMOD_OK);
  ASSERT_EQ(parmod_field_set_ui(f, &x, 4), PARMOD_OK);
  EXPECT_EQ(parmod_field_sqrt(f, &r, &x), PARMOD_ERR_INVALID_ARGUMENT);
  parmod_field_clear(f);
}

// The C API takes any odd p, so inv must report gcd(a, p) > 1 for a composite
// p and agree with mpz_invert whenever the inverse exists.
TEST(FieldC, InverseOfCompositeModulus) {
  Rng rng(830);
  for (int n = 1; n <= 8; ++n) {
    const std::size_t bits = n == 1 ? 40 : 64 * n - 5 * (n % 2);
    for (int trial = 0; trial < 4; ++trial) {
      // p = q * s with small odd s, so that multiples of s are not invertible.
      const unsigned long s = trial == 0 ? 3 : trial == 1 ? 65537 : 1000003 + 2 * trial;
      mpz_class q = rng.runs(bits - 20) | 1;
      mpz_class p = q * s;
      if (mpz_sizeinbase(p.get_mpz_t(), 2) > 512) continue;
      parmod_field_t f = nullptr;
      ASSERT_EQ(parmod_field_init(&f, p.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_OK);
      for (int it = 0; it < reps(60); ++it) {
        mpz_class a = it % 3 == 0 ? mpz_class(rng.below(p / s) * s) : it % 3 == 1 ? rng.below(p) : mpz_class(p - 1);
        if (it == 3) a = q;  // shares q with p
        parmod_fe x, r;
        ASSERT_EQ(parmod_field_set_mpz(f, &x, a.get_mpz_t()), PARMOD_OK);
        ASSERT_EQ(parmod_field_set_ui(f, &r, 7), PARMOD_OK);
        mpz_class want;
        const bool invertible = mpz_invert(want.get_mpz_t(), a.get_mpz_t(), p.get_mpz_t()) != 0;
        const int rc = parmod_field_inv(f, &r, &x);
        if (invertible) {
          ASSERT_EQ(rc, PARMOD_OK) << a << " mod " << p;
          ASSERT_EQ(get(f, r), want) << a << " mod " << p;
        } else {
          ASSERT_EQ(rc, PARMOD_ERR_NOT_INVERTIBLE) << a << " mod " << p;
          ASSERT_EQ(get(f, r), 7) << "r changed on error";
        }
      }
      parmod_field_clear(f);
    }
  }
}

TEST(FieldC, MulBatch) {
  Rng rng(820);
  for (int n = 2; n <= 8; ++n) {
    mpz_class p = random_prime(rng, 64 * n - (n % 3), true);
    parmod_field_t f = nullptr;
    ASSERT_EQ(parmod_field_init(&f, p.get_mpz_t(), PARMOD_FIELD_AUTO), PARMOD_OK);
    const std::size_t count = 75;  // more than one 64-element chunk of the C layer, not a multiple of 8
    std::vector<parmod_fe> x(count), y(count), r(count);
    std::vector<mpz_class> a(count), b(count);
    for (std::size_t i = 0; i < count; ++i) {
      a[i] = i == 0 ? mpz_class(p - 1) : rng.below(p);
      b[i] = i == 1 ? mpz_class(0) : rng.below(p);
      ASSERT_EQ(parmod_field_set_mpz(f, &x[i], a[i].get_mpz_t()), PARMOD_OK);
      ASSERT_EQ(parmod_field_set_mpz(f, &y[i], b[i].get_mpz_t()), PARMOD_OK);
    }
    ASSERT_EQ(parmod_field_mul_batch(f, r.data(), x.data(), y.data(), count), PARMOD_OK);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(get(f, r[i]), a[i] * b[i] % p) << i;
    ASSERT_EQ(parmod_field_mul_batch(f, x.data(), x.data(), y.data(), count), PARMOD_OK);  // in place
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(get(f, x[i]), a[i] * b[i] % p) << i;
    EXPECT_EQ(parmod_field_mul_batch(f, nullptr, nullptr, nullptr, 0), PARMOD_OK);
    EXPECT_EQ(parmod_field_mul_batch(f, nullptr, x.data(), y.data(), 1), PARMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(parmod_field_mul_batch(nullptr, r.data(), x.data(), y.data(), 1), PARMOD_ERR_INVALID_ARGUMENT);
    parmod_field_clear(f);
  }
}

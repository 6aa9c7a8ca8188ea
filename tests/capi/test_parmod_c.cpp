// The C API: results, error codes, the untouched result on error, contexts.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "parmod.h"

namespace {

struct Z {
  Z() { mpz_init(v); }
  explicit Z(const char* s) { mpz_init_set_str(v, s, 0); }
  ~Z() { mpz_clear(v); }
  mpz_t v;
};

TEST(CApi, MulmodAndPowm) {
  Z r, a("123456789012345678901234567890"), b("-987654321"), m("1000000007");
  ASSERT_EQ(parmod_mulmod(r.v, a.v, b.v, m.v), PARMOD_OK);
  Z want;
  mpz_mul(want.v, a.v, b.v);
  mpz_fdiv_r(want.v, want.v, m.v);
  EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
  Z e("65537");
  ASSERT_EQ(parmod_powm(r.v, a.v, e.v, m.v), PARMOD_OK);
  mpz_powm(want.v, a.v, e.v, m.v);
  EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
  // The result may alias an input.
  ASSERT_EQ(parmod_powm(a.v, a.v, e.v, m.v), PARMOD_OK);
  EXPECT_EQ(mpz_cmp(a.v, want.v), 0);
}

TEST(CApi, ErrorsLeaveTheResultUnchanged) {
  Z r("42"), a("3"), zero("0"), four("4"), m1("-1"), e("-1");
  EXPECT_EQ(parmod_mulmod(r.v, a.v, a.v, zero.v), PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(parmod_powm(r.v, four.v, e.v, four.v), PARMOD_ERR_NOT_INVERTIBLE);
  EXPECT_EQ(mpz_cmp_ui(r.v, 42), 0);
  EXPECT_EQ(parmod_powm(r.v, a.v, e.v, m1.v), PARMOD_OK);
  EXPECT_EQ(mpz_sgn(r.v), 0);
  EXPECT_EQ(parmod_mulmod(nullptr, a.v, a.v, a.v), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_STREQ(parmod_strerror(PARMOD_ERR_DIVISION_BY_ZERO), "modulus is zero");
  EXPECT_STREQ(parmod_strerror(12345), "unknown error code");
}

TEST(CApi, ModulusContext) {
  Z m("0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff61"), even("0x10000000000000000");
  parmod_modulus_t ctx = nullptr;
  EXPECT_EQ(parmod_modulus_init(&ctx, even.v, PARMOD_MONTGOMERY, 0), PARMOD_ERR_UNSUPPORTED_ALGORITHM);
  EXPECT_EQ(parmod_modulus_init(&ctx, m.v, static_cast<parmod_algorithm>(99), 0), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_modulus_init(&ctx, m.v, PARMOD_AUTOMATIC, -2), PARMOD_ERR_INVALID_ARGUMENT);
  for (parmod_algorithm alg : {PARMOD_AUTOMATIC, PARMOD_MONTGOMERY, PARMOD_BARRETT}) {
    ASSERT_EQ(parmod_modulus_init(&ctx, m.v, alg, 2), PARMOD_OK);
    Z r, b("0x123456789abcdef"), e("0xfffffffffffffffffffff"), want;
    ASSERT_EQ(parmod_modulus_powm(r.v, b.v, e.v, ctx), PARMOD_OK);
    mpz_powm(want.v, b.v, e.v, m.v);
    EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
    ASSERT_EQ(parmod_modulus_mulmod(r.v, b.v, e.v, ctx), PARMOD_OK);
    mpz_mul(want.v, b.v, e.v);
    mpz_mod(want.v, want.v, m.v);
    EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
    parmod_modulus_clear(ctx);
  }
  ASSERT_EQ(parmod_modulus_init(&ctx, even.v, PARMOD_AUTOMATIC, 0), PARMOD_OK);
  parmod_modulus_clear(ctx);
  parmod_modulus_clear(nullptr);
}

TEST(CApi, Threads) {
  parmod_set_num_threads(3);
  EXPECT_EQ(parmod_get_num_threads(), 3);
  parmod_set_num_threads(0);
  EXPECT_GE(parmod_get_num_threads(), 1);
}

// The linked library's version is the headers' (both from the CMake project version;
// tests/install/test_version.sh checks it against the CLI, CMake package and soname).
TEST(CApi, Version) {
  EXPECT_STREQ(parmod_version(), PARMOD_VERSION);
  const std::string parts = std::to_string(PARMOD_VERSION_MAJOR) + "." + std::to_string(PARMOD_VERSION_MINOR) +
                            "." + std::to_string(PARMOD_VERSION_PATCH);
  EXPECT_EQ(parts, PARMOD_VERSION);
}

}  // namespace

namespace {

TEST(CApi, PowmSecCrtAndList) {
  Z r, b("0x1234567890abcdef1234567890"), e("0xffffffffffffffffff"), m("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
  Z want;
  ASSERT_EQ(parmod_powm_sec(r.v, b.v, e.v, m.v), PARMOD_OK);
  mpz_powm(want.v, b.v, e.v, m.v);
  EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
  Z even("1000");
  EXPECT_EQ(parmod_powm_sec(r.v, b.v, e.v, even.v), PARMOD_ERR_INVALID_ARGUMENT);
  Z p("1000000007"), q("998244353"), n;
  mpz_mul(n.v, p.v, q.v);
  ASSERT_EQ(parmod_powm_crt(r.v, b.v, e.v, p.v, q.v), PARMOD_OK);
  mpz_powm(want.v, b.v, e.v, n.v);
  EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
  EXPECT_EQ(parmod_powm_crt(r.v, b.v, e.v, p.v, p.v), PARMOD_ERR_INVALID_ARGUMENT);
  // The constant-time RSA-CRT: same result; r aliasing b; its argument errors.
  ASSERT_EQ(parmod_powm_sec_crt(r.v, b.v, e.v, p.v, q.v), PARMOD_OK);
  EXPECT_EQ(mpz_cmp(r.v, want.v), 0);
  Z b2("0x1234567890abcdef1234567890");
  ASSERT_EQ(parmod_powm_sec_crt(b2.v, b2.v, e.v, q.v, p.v), PARMOD_OK);
  EXPECT_EQ(mpz_cmp(b2.v, want.v), 0);
  Z neg("-1"), two("2");
  EXPECT_EQ(parmod_powm_sec_crt(r.v, b.v, neg.v, p.v, q.v), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_powm_sec_crt(r.v, b.v, e.v, p.v, p.v), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_powm_sec_crt(r.v, b.v, e.v, two.v, q.v), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_powm_sec_crt(nullptr, b.v, e.v, p.v, q.v), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_powm_sec_crt(r.v, b.v, e.v, p.v, nullptr), PARMOD_ERR_INVALID_ARGUMENT);

  mpz_t out[3], bases[3];
  for (int i = 0; i < 3; ++i) {
    mpz_init(out[i]);
    mpz_init_set_ui(bases[i], 7 + i);
  }
  ASSERT_EQ(parmod_powm_list(out, 3, bases, 3, &e.v, 1, m.v), PARMOD_OK);
  for (int i = 0; i < 3; ++i) {
    mpz_powm(want.v, bases[i], e.v, m.v);
    EXPECT_EQ(mpz_cmp(out[i], want.v), 0);
  }
  EXPECT_EQ(parmod_powm_list(out, 3, bases, 2, &e.v, 1, m.v), PARMOD_ERR_INVALID_ARGUMENT);
  Z zero("0");
  EXPECT_EQ(parmod_powm_list(out, 3, bases, 3, &e.v, 1, zero.v), PARMOD_ERR_DIVISION_BY_ZERO);
  for (int i = 0; i < 3; ++i) {
    mpz_clear(out[i]);
    mpz_clear(bases[i]);
  }
}

}  // namespace

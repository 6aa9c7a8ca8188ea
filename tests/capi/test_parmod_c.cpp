// The C API: results, error codes, the untouched result on error, contexts.
#include <gtest/gtest.h>

#include <cstring>

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
  EXPECT_GT(std::strlen(parmod_version()), 0u);
}

}  // namespace

// The C API's edges (parmod.h, parmod_field.h): every function with each
// pointer NULL, the empty context (NULL, as a failed init leaves it), and the
// result aliased to each input and to all of them (r == a == m), against GMP.
#include <gmp.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "parmod.h"
#include "parmod_field.h"
#include "parmod/field/montgomery_ifma8.hpp"

namespace {

struct Z {
  mpz_t v;
  Z() { mpz_init(v); }
  explicit Z(const char* s) { mpz_init_set_str(v, s, 0); }
  Z(const Z& o) { mpz_init_set(v, o.v); }
  ~Z() { mpz_clear(v); }
  std::string str() const;
};

std::string hex(mpz_srcptr x) {
  std::string out(mpz_sizeinbase(x, 16) + 2, '\0');
  mpz_get_str(out.data(), 16, x);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}
std::string Z::str() const { return hex(v); }

// Python's semantics on GMP: the sign of m.
void py_mod(mpz_t r, const mpz_t x, const mpz_t m) {
  if (mpz_sgn(m) == 0) return;
  mpz_t am;
  mpz_init(am);
  mpz_abs(am, m);
  mpz_mod(r, x, am);
  if (mpz_sgn(m) < 0 && mpz_sgn(r) != 0) mpz_sub(r, r, am);
  mpz_clear(am);
}

const char* kModuli[] = {"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff61",
                         "-0x1000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
                         "1000000007", "0x" "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                         "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                         "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff1"};

TEST(CApiEdges, NullPointersAreInvalidArguments) {
  Z a("12345"), b("678"), m("1000000007"), r("42"), p("1000000007"), q("998244353");
  const mpz_t* bases = &a.v;
  const mpz_t* exps = &b.v;
  const int E = PARMOD_ERR_INVALID_ARGUMENT;
  // Each call with one pointer NULL; r must stay 42.
  EXPECT_EQ(parmod_mulmod(nullptr, a.v, b.v, m.v), E);
  EXPECT_EQ(parmod_mulmod(r.v, nullptr, b.v, m.v), E);
  EXPECT_EQ(parmod_mulmod(r.v, a.v, nullptr, m.v), E);
  EXPECT_EQ(parmod_mulmod(r.v, a.v, b.v, nullptr), E);
  EXPECT_EQ(parmod_powm(nullptr, a.v, b.v, m.v), E);
  EXPECT_EQ(parmod_powm(r.v, nullptr, b.v, m.v), E);
  EXPECT_EQ(parmod_powm(r.v, a.v, nullptr, m.v), E);
  EXPECT_EQ(parmod_powm(r.v, a.v, b.v, nullptr), E);
  EXPECT_EQ(parmod_powm_sec(nullptr, a.v, b.v, m.v), E);
  EXPECT_EQ(parmod_powm_sec(r.v, nullptr, b.v, m.v), E);
  EXPECT_EQ(parmod_powm_sec(r.v, a.v, nullptr, m.v), E);
  EXPECT_EQ(parmod_powm_sec(r.v, a.v, b.v, nullptr), E);
  EXPECT_EQ(parmod_powm_crt(nullptr, a.v, b.v, p.v, q.v), E);
  EXPECT_EQ(parmod_powm_crt(r.v, nullptr, b.v, p.v, q.v), E);
  EXPECT_EQ(parmod_powm_crt(r.v, a.v, nullptr, p.v, q.v), E);
  EXPECT_EQ(parmod_powm_crt(r.v, a.v, b.v, nullptr, q.v), E);
  EXPECT_EQ(parmod_powm_crt(r.v, a.v, b.v, p.v, nullptr), E);
  EXPECT_EQ(parmod_mul(nullptr, a.v, b.v), E);
  EXPECT_EQ(parmod_mul(r.v, nullptr, b.v), E);
  EXPECT_EQ(parmod_mul(r.v, a.v, nullptr), E);
  mpz_t* rr = &r.v;
  EXPECT_EQ(parmod_powm_list(nullptr, 1, bases, 1, exps, 1, m.v), E);
  EXPECT_EQ(parmod_powm_list(rr, 1, nullptr, 1, exps, 1, m.v), E);
  EXPECT_EQ(parmod_powm_list(rr, 1, bases, 1, nullptr, 1, m.v), E);
  EXPECT_EQ(parmod_powm_list(rr, 1, bases, 1, exps, 1, nullptr), E);
  EXPECT_EQ(parmod_powm_list(nullptr, 0, nullptr, 0, nullptr, 0, m.v), PARMOD_OK);  // nothing to do
  EXPECT_EQ(parmod_multi_powm(nullptr, 1, bases, exps, m.v), E);
  EXPECT_EQ(parmod_multi_powm(r.v, 1, nullptr, exps, m.v), E);
  EXPECT_EQ(parmod_multi_powm(r.v, 1, bases, nullptr, m.v), E);
  EXPECT_EQ(parmod_multi_powm(r.v, 1, bases, exps, nullptr), E);
  EXPECT_EQ(mpz_cmp_ui(r.v, 42), 0);
  EXPECT_EQ(parmod_multi_powm(r.v, 0, nullptr, nullptr, m.v), PARMOD_OK);  // the empty product
  EXPECT_EQ(mpz_cmp_ui(r.v, 1), 0);
  EXPECT_EQ(parmod_modulus_init(nullptr, m.v, PARMOD_AUTOMATIC, 0), E);
  EXPECT_EQ(parmod_algorithm_name(static_cast<parmod_algorithm>(-1)), nullptr);
  EXPECT_STRNE(parmod_strerror(12345), nullptr);
}

TEST(CApiEdges, FailedInitLeavesTheEmptyContextEveryCallRejects) {
  Z zero("0"), even("1000000008"), m("1000000007"), a("5"), r("42");
  parmod_modulus_t ctx = reinterpret_cast<parmod_modulus_t>(0x1);  // garbage before init
  EXPECT_EQ(parmod_modulus_init(&ctx, zero.v, PARMOD_AUTOMATIC, 0), PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(ctx, nullptr);
  ctx = reinterpret_cast<parmod_modulus_t>(0x1);
  EXPECT_EQ(parmod_modulus_init(&ctx, even.v, PARMOD_MONTGOMERY, 0), PARMOD_ERR_UNSUPPORTED_ALGORITHM);
  EXPECT_EQ(ctx, nullptr);
  // montgomery52 on a CPU without AVX-512 IFMA in use (or with PARMOD_NO_IFMA):
  // unsupported for any odd m, the context left NULL (fuzz_capi's seed r5).
  ctx = reinterpret_cast<parmod_modulus_t>(0x1);
  const int rc52 = parmod_modulus_init(&ctx, m.v, PARMOD_MONTGOMERY52, 0);
  if (parmod::field::ifma8::available()) {
    EXPECT_EQ(rc52, PARMOD_OK);
    parmod_modulus_clear(ctx);
  } else {
    EXPECT_EQ(rc52, PARMOD_ERR_UNSUPPORTED_ALGORITHM);
    EXPECT_EQ(ctx, nullptr);
  }
  ctx = reinterpret_cast<parmod_modulus_t>(0x1);
  EXPECT_EQ(parmod_modulus_init(&ctx, m.v, static_cast<parmod_algorithm>(parmod_algorithm_count()), 0),
            PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(ctx, nullptr);
  ctx = reinterpret_cast<parmod_modulus_t>(0x1);
  EXPECT_EQ(parmod_modulus_init(&ctx, m.v, PARMOD_AUTOMATIC, -1), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(ctx, nullptr);
  ctx = reinterpret_cast<parmod_modulus_t>(0x1);
  EXPECT_EQ(parmod_modulus_init(&ctx, nullptr, PARMOD_AUTOMATIC, 0), PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(ctx, nullptr);
  // The empty context: every call says INVALID_ARGUMENT and leaves r alone.
  const int E = PARMOD_ERR_INVALID_ARGUMENT;
  EXPECT_EQ(parmod_modulus_mulmod(r.v, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_powm(r.v, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_to_mont(r.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_mont_mul(r.v, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_from_mont(r.v, a.v, ctx), E);
  EXPECT_EQ(mpz_cmp_ui(r.v, 42), 0);
  parmod_modulus_clear(ctx);  // clear(NULL): nothing
  // A good context, cleared and set to NULL as parmod.h asks: the empty one again.
  ASSERT_EQ(parmod_modulus_init(&ctx, m.v, PARMOD_AUTOMATIC, 0), PARMOD_OK);
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(parmod_modulus_mulmod(nullptr, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_mulmod(r.v, nullptr, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_mulmod(r.v, a.v, nullptr, ctx), E);
  EXPECT_EQ(parmod_modulus_powm(nullptr, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_powm(r.v, nullptr, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_powm(r.v, a.v, nullptr, ctx), E);
  EXPECT_EQ(parmod_modulus_to_mont(nullptr, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_to_mont(r.v, nullptr, ctx), E);
  EXPECT_EQ(parmod_modulus_mont_mul(nullptr, a.v, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_mont_mul(r.v, nullptr, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_mont_mul(r.v, a.v, nullptr, ctx), E);
  EXPECT_EQ(parmod_modulus_from_mont(nullptr, a.v, ctx), E);
  EXPECT_EQ(parmod_modulus_from_mont(r.v, nullptr, ctx), E);
  EXPECT_EQ(mpz_cmp_ui(r.v, 42), 0);
  parmod_modulus_clear(ctx);
  ctx = nullptr;
  EXPECT_EQ(parmod_modulus_powm(r.v, a.v, a.v, ctx), E);
}

// f(r, x, y, m) against want(x, y, m), with r aliased to none, x, y, m, and all.
void check_aliasing(const std::string& what, const std::function<int(mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr)>& f,
                    const Z& x, const Z& y, const Z& m, bool m_is_input = true) {
  Z want;
  ASSERT_EQ(f(want.v, x.v, y.v, m.v), PARMOD_OK) << what;
  for (int alias = 1; alias < 5; ++alias) {
    if (!m_is_input && alias == 3) continue;
    Z xx(x), yy(y), mm(m);
    mpz_ptr r = alias == 1 ? xx.v : alias == 2 ? yy.v : alias == 3 ? mm.v : xx.v;
    int rc;
    if (alias == 4) {  // r == x == y (== m when m is an input): one variable for all
      Z all(x);
      rc = f(all.v, all.v, all.v, m_is_input ? all.v : m.v);
      Z w;
      ASSERT_EQ(f(w.v, x.v, x.v, m_is_input ? x.v : m.v), rc == PARMOD_OK ? PARMOD_OK : rc) << what;
      if (rc == PARMOD_OK) EXPECT_EQ(all.str(), w.str()) << what << " r == all inputs";
      continue;
    }
    rc = f(r, xx.v, yy.v, mm.v);
    ASSERT_EQ(rc, PARMOD_OK) << what << " alias " << alias;
    EXPECT_EQ(hex(r), want.str()) << what << " r aliased to input " << alias;
  }
}

TEST(CApiEdges, ResultMayAliasAnyInput) {
  for (const char* ms : kModuli) {
    const Z m(ms);
    Z x, y;
    mpz_fdiv_q_ui(x.v, m.v, 3);
    mpz_fdiv_q_ui(y.v, m.v, 7);
    mpz_neg(y.v, y.v);
    check_aliasing(std::string("mulmod ") + ms, [](mpz_ptr r, mpz_srcptr a, mpz_srcptr b, mpz_srcptr mm) {
      return parmod_mulmod(r, a, b, mm);
    }, x, y, m);
    Z e("0x123456789abcdef0123");
    check_aliasing(std::string("powm ") + ms, [](mpz_ptr r, mpz_srcptr a, mpz_srcptr b, mpz_srcptr mm) {
      return parmod_powm(r, a, b, mm);
    }, x, e, m);
    check_aliasing(std::string("mul ") + ms, [](mpz_ptr r, mpz_srcptr a, mpz_srcptr b, mpz_srcptr) {
      return parmod_mul(r, a, b);
    }, x, y, m, false);
    if (mpz_odd_p(m.v)) {
      check_aliasing(std::string("powm_sec ") + ms, [](mpz_ptr r, mpz_srcptr a, mpz_srcptr b, mpz_srcptr mm) {
        return parmod_powm_sec(r, a, b, mm);
      }, x, e, m);
    }
    check_aliasing(std::string("multi_powm ") + ms, [](mpz_ptr r, mpz_srcptr a, mpz_srcptr b, mpz_srcptr mm) {
      const mpz_t* bases = reinterpret_cast<const mpz_t*>(a);
      const mpz_t* exps = reinterpret_cast<const mpz_t*>(b);
      return parmod_multi_powm(r, 1, bases, exps, mm);
    }, x, e, m);
    // Against GMP for the plain case.
    Z r, g;
    ASSERT_EQ(parmod_mulmod(r.v, x.v, y.v, m.v), PARMOD_OK);
    mpz_mul(g.v, x.v, y.v);
    py_mod(g.v, g.v, m.v);
    EXPECT_EQ(r.str(), g.str());
    // Contexts of every algorithm that takes m: r aliased to a and b.
    for (int alg = 0; alg < parmod_algorithm_count(); ++alg) {
      parmod_modulus_t ctx;
      if (parmod_modulus_init(&ctx, m.v, static_cast<parmod_algorithm>(alg), 2) != PARMOD_OK) {
        EXPECT_EQ(ctx, nullptr);
        continue;
      }
      const std::string tag = std::string(parmod_algorithm_name(static_cast<parmod_algorithm>(alg))) + " " + ms;
      check_aliasing("ctx mulmod " + tag, [ctx](mpz_ptr rr, mpz_srcptr a, mpz_srcptr b, mpz_srcptr) {
        return parmod_modulus_mulmod(rr, a, b, ctx);
      }, x, y, m, false);
      check_aliasing("ctx powm " + tag, [ctx](mpz_ptr rr, mpz_srcptr a, mpz_srcptr b, mpz_srcptr) {
        return parmod_modulus_powm(rr, a, b, ctx);
      }, x, e, m, false);
      Z xm, ym;
      mpz_abs(xm.v, m.v);
      mpz_fdiv_q_ui(ym.v, xm.v, 5);
      mpz_fdiv_q_ui(xm.v, xm.v, 3);
      check_aliasing("ctx mont_mul " + tag, [ctx](mpz_ptr rr, mpz_srcptr a, mpz_srcptr b, mpz_srcptr) {
        return parmod_modulus_mont_mul(rr, a, b, ctx);
      }, xm, ym, m, false);
      Z t(xm);
      ASSERT_EQ(parmod_modulus_to_mont(t.v, t.v, ctx), PARMOD_OK);
      ASSERT_EQ(parmod_modulus_from_mont(t.v, t.v, ctx), PARMOD_OK);
      EXPECT_EQ(t.str(), xm.str()) << "to_mont/from_mont in place " << tag;
      parmod_modulus_clear(ctx);
    }
  }
}

// Every odd-modulus row takes m = +-1 (a fuzz_capi finding: montgomery28
// refused moduli below 111 bits); montgomery28 needs AVX2.
TEST(CApiEdges, EveryRowTakesModuliPlusMinusOne) {
#if defined(__x86_64__)
  const bool avx2 = __builtin_cpu_supports("avx2");
#else
  const bool avx2 = false;
#endif
  for (const char* ms : {"1", "-1", "3", "-5"}) {
    Z m(ms), x("12345"), y("-777"), r;
    for (int alg = 1; alg < parmod_algorithm_count(); ++alg) {
      parmod_modulus_t ctx;
      const int rc = parmod_modulus_init(&ctx, m.v, static_cast<parmod_algorithm>(alg), 1);
      const std::string name = parmod_algorithm_name(static_cast<parmod_algorithm>(alg));
      if (rc != PARMOD_OK) {
        EXPECT_TRUE((name == "montgomery28" && !avx2) || name == "montgomery52") << name << " m=" << ms;
        continue;
      }
      ASSERT_EQ(parmod_modulus_mulmod(r.v, x.v, y.v, ctx), PARMOD_OK) << name;
      Z g;
      mpz_mul(g.v, x.v, y.v);
      mpz_fdiv_r(g.v, g.v, m.v);  // Python's sign: that of m
      EXPECT_EQ(r.str(), g.str()) << name << " m=" << ms;
      parmod_modulus_clear(ctx);
    }
  }
}

TEST(CApiEdges, PowmListAndCrtAliasing) {
  Z m("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff61");
  Z v[3] = {Z("12345678901234567890"), Z("-987654321987654321"), Z("0x10001")};
  Z want[2];
  mpz_powm(want[0].v, v[0].v, v[2].v, m.v);
  Z b1;
  mpz_mod(b1.v, v[1].v, m.v);
  mpz_powm(want[1].v, b1.v, v[2].v, m.v);
  // r[i] is bases[i]: the results overwrite the bases in place.
  mpz_t arr[2];
  mpz_init_set(arr[0], v[0].v);
  mpz_init_set(arr[1], v[1].v);
  const mpz_t* bases = arr;
  ASSERT_EQ(parmod_powm_list(arr, 2, bases, 2, &v[2].v, 1, m.v), PARMOD_OK);
  EXPECT_EQ(mpz_cmp(arr[0], want[0].v), 0);
  EXPECT_EQ(mpz_cmp(arr[1], want[1].v), 0);
  mpz_clear(arr[0]);
  mpz_clear(arr[1]);
  // powm_crt with r == b == p.
  Z p("1000000007"), q("998244353"), b("1000000007"), e("65537"), n, g;
  mpz_mul(n.v, p.v, q.v);
  mpz_powm(g.v, b.v, e.v, n.v);
  ASSERT_EQ(parmod_powm_crt(b.v, b.v, e.v, b.v, q.v), PARMOD_OK);
  EXPECT_EQ(b.str(), g.str());
}

TEST(CApiEdges, FieldNullEmptyAndAliasing) {
  Z p("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"), a("123456789"), r("42");
  const int E = PARMOD_ERR_INVALID_ARGUMENT;
  parmod_field_t f = reinterpret_cast<parmod_field_t>(0x1);
  EXPECT_EQ(parmod_field_init(nullptr, p.v, PARMOD_FIELD_AUTO), E);
  EXPECT_EQ(parmod_field_init(&f, nullptr, PARMOD_FIELD_AUTO), E);
  EXPECT_EQ(f, nullptr);
  f = reinterpret_cast<parmod_field_t>(0x1);
  Z even("0x100");
  EXPECT_EQ(parmod_field_init(&f, even.v, PARMOD_FIELD_AUTO), E);
  EXPECT_EQ(f, nullptr);
  // The empty field: every call rejects it.
  parmod_fe x{}, y{}, z{};
  unsigned char bytes[32] = {};
  int eq = 7;
  EXPECT_EQ(parmod_field_limbs(f), 0);
  EXPECT_EQ(parmod_field_byte_length(f), 0u);
  EXPECT_EQ(parmod_field_is_lazy(f), 0);
  EXPECT_EQ(parmod_field_set_mpz(f, &x, a.v), E);
  EXPECT_EQ(parmod_field_set_ui(f, &x, 5), E);
  EXPECT_EQ(parmod_field_set_bytes(f, &x, bytes, 32), E);
  EXPECT_EQ(parmod_field_get_mpz(f, r.v, &x), E);
  EXPECT_EQ(parmod_field_get_bytes(f, bytes, 32, &x), E);
  EXPECT_EQ(parmod_field_add(f, &z, &x, &y), E);
  EXPECT_EQ(parmod_field_sub(f, &z, &x, &y), E);
  EXPECT_EQ(parmod_field_mul(f, &z, &x, &y), E);
  EXPECT_EQ(parmod_field_neg(f, &z, &x), E);
  EXPECT_EQ(parmod_field_sqr(f, &z, &x), E);
  EXPECT_EQ(parmod_field_mul_batch(f, &z, &x, &y, 1), E);
  EXPECT_EQ(parmod_field_inv(f, &z, &x), E);
  EXPECT_EQ(parmod_field_sqrt(f, &z, &x), E);
  EXPECT_EQ(parmod_field_equal(f, &eq, &x, &y), E);
  EXPECT_EQ(eq, 7);
  parmod_field_clear(f);
  ASSERT_EQ(parmod_field_init(&f, p.v, PARMOD_FIELD_AUTO), PARMOD_OK);
  // NULL operands of a good field.
  EXPECT_EQ(parmod_field_set_mpz(f, nullptr, a.v), E);
  EXPECT_EQ(parmod_field_set_mpz(f, &x, nullptr), E);
  EXPECT_EQ(parmod_field_set_bytes(f, nullptr, bytes, 32), E);
  EXPECT_EQ(parmod_field_set_bytes(f, &x, nullptr, 32), E);
  EXPECT_EQ(parmod_field_get_mpz(f, nullptr, &x), E);
  EXPECT_EQ(parmod_field_get_mpz(f, r.v, nullptr), E);
  EXPECT_EQ(parmod_field_get_bytes(f, nullptr, 32, &x), E);
  EXPECT_EQ(parmod_field_get_bytes(f, bytes, 32, nullptr), E);
  for (auto* fn : {parmod_field_add, parmod_field_sub, parmod_field_mul}) {
    EXPECT_EQ(fn(f, nullptr, &x, &y), E);
    EXPECT_EQ(fn(f, &z, nullptr, &y), E);
    EXPECT_EQ(fn(f, &z, &x, nullptr), E);
  }
  for (auto* fn : {parmod_field_neg, parmod_field_sqr, parmod_field_inv, parmod_field_sqrt}) {
    EXPECT_EQ(fn(f, nullptr, &x), E);
    EXPECT_EQ(fn(f, &z, nullptr), E);
  }
  EXPECT_EQ(parmod_field_mul_batch(f, nullptr, &x, &y, 1), E);
  EXPECT_EQ(parmod_field_mul_batch(f, nullptr, nullptr, nullptr, 0), PARMOD_OK);
  EXPECT_EQ(parmod_field_equal(f, nullptr, &x, &y), E);
  EXPECT_EQ(parmod_field_equal(f, &eq, nullptr, &y), E);
  // Aliasing: r == a == b for every operation, against GMP.
  Z av("0xfedcba9876543210fedcba9876543210fedcba9876543210fedcba987654321"), got, g;
  auto check = [&](const char* what, int (*bin)(parmod_field_t, parmod_fe*, const parmod_fe*, const parmod_fe*),
                   void (*ref)(mpz_ptr, mpz_srcptr, mpz_srcptr)) {
    parmod_fe v;
    ASSERT_EQ(parmod_field_set_mpz(f, &v, av.v), PARMOD_OK);
    ASSERT_EQ(bin(f, &v, &v, &v), PARMOD_OK) << what;
    ASSERT_EQ(parmod_field_get_mpz(f, got.v, &v), PARMOD_OK);
    ref(g.v, av.v, av.v);
    mpz_mod(g.v, g.v, p.v);
    EXPECT_EQ(got.str(), g.str()) << what << " with r == a == b";
  };
  check("add", parmod_field_add, mpz_add);
  check("sub", parmod_field_sub, mpz_sub);
  check("mul", parmod_field_mul, mpz_mul);
  parmod_fe v;
  ASSERT_EQ(parmod_field_set_mpz(f, &v, av.v), PARMOD_OK);
  ASSERT_EQ(parmod_field_inv(f, &v, &v), PARMOD_OK);
  ASSERT_EQ(parmod_field_get_mpz(f, got.v, &v), PARMOD_OK);
  mpz_invert(g.v, av.v, p.v);
  EXPECT_EQ(got.str(), g.str()) << "inv in place";
  // mul_batch: r == a == b works; arrays that overlap at an offset are rejected.
  parmod_fe arr[9];
  for (int i = 0; i < 9; ++i) ASSERT_EQ(parmod_field_set_ui(f, &arr[i], 1000u + i), PARMOD_OK);
  ASSERT_EQ(parmod_field_mul_batch(f, arr, arr, arr, 8), PARMOD_OK);
  for (int i = 0; i < 8; ++i) {
    ASSERT_EQ(parmod_field_get_mpz(f, got.v, &arr[i]), PARMOD_OK);
    EXPECT_EQ(mpz_get_ui(got.v), (1000ul + i) * (1000ul + i));
  }
  EXPECT_EQ(parmod_field_mul_batch(f, arr + 1, arr, arr, 8), E);
  EXPECT_EQ(parmod_field_mul_batch(f, arr, arr + 1, arr + 1, 8), E);
  parmod_field_clear(f);
}

}  // namespace

// The register-window Montgomery kernels (reduce/montgomery_adx: REDC, and
// the product and square with REDC folded in, by the entry points and by the
// unrolled ones of the tuned sizes) against GMP at every size from
// 1 to 64 limbs and a few above: random and edge moduli (top limb 1, top
// limb all ones, all-ones limbs), operands 0, 1, P - 1, all-ones limbs,
// rrandomb runs, aliasing r == a, r == b, r == a == b; the unrolled sizes
// also by the family that closes from the zero slot.  Tested whenever the
// CPU has BMI2 + ADX, whatever PARMOD_MULX_KERNELS says (the engine's choice:
// tests/modmul/test_montgomery_mul.cpp).
#include <gtest/gtest.h>

#include "limbs/cpu_features.hpp"
#include "modmul/modulus_constants.hpp"
#include "reduce/montgomery_adx.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

#if PARMOD_WINDOW_ADX_ASM
constexpr limb_t kGuard = 0xa5a5a5a5a5a5a5a5ULL;

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> v;
  for (std::size_t n = 1; n <= 64; ++n) v.push_back(n);
  for (std::size_t n : {65, 71, 72, 100, 128}) v.push_back(n);
  return v;
}

struct Mont {
  explicit Mont(const mpz_class& modulus) : P(modulus), k(P), n(k.n) {
    mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
  }
  mpz_class P;
  modmul::ModulusConstants k;
  std::size_t n;
  mpz_class rinv;
  mpz_class want(const mpz_class& x) const { return py_mod(x * rinv, P); }
};

// r = a b beta^-n mod P by montgomery_mul_adx, disjoint and aliased; the
// square when a == b (also by montgomery_sqr_adx); by the entry points, by
// the unrolled ones (the same as the entry points for sizes without a tuned
// unrolled kernel) and, for the sizes with an unrolled kernel in the entry
// points' table, by the family that closes from the zero slot.
void check_mul_by(limbs::WindowKernels unrolled, const Mont& m, const mpz_class& a, const mpz_class& b) {
  const char* name = unrolled == limbs::WindowKernels::entry      ? "entry"
                     : unrolled == limbs::WindowKernels::unrolled ? "unrolled"
                                                                  : "zero slot";
  const std::size_t n = m.n;
  const limb_t* p = m.k.p.data();
  const mpz_class want = m.want(a * b);
  const auto x = limbs_of(a, n), y = limbs_of(b, n);
  std::vector<limb_t> r(n + 1, kGuard), t(reduce::montgomery_adx_scratch(n) + 1, kGuard);
  reduce::montgomery_mul_adx(r.data(), x.data(), y.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(r.data(), n), want) << name << " mul n=" << n;
  EXPECT_EQ(r[n], kGuard);
  EXPECT_EQ(t.back(), kGuard) << "scratch overrun";
  auto ra = x;  // r == a
  reduce::montgomery_mul_adx(ra.data(), ra.data(), y.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(ra), want) << name << " mul r == a, n=" << n;
  auto rb = y;  // r == b
  reduce::montgomery_mul_adx(rb.data(), x.data(), rb.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(rb), want) << name << " mul r == b, n=" << n;
  const mpz_class want_sq = m.want(a * a);
  auto rr = x;  // r == a == b
  reduce::montgomery_mul_adx(rr.data(), rr.data(), rr.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(rr), want_sq) << name << " mul r == a == b, n=" << n;
  reduce::montgomery_sqr_adx(r.data(), x.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(r.data(), n), want_sq) << name << " sqr n=" << n;
  EXPECT_EQ(r[n], kGuard);
  EXPECT_EQ(t.back(), kGuard) << "scratch overrun";
  rr = x;
  reduce::montgomery_sqr_adx(rr.data(), rr.data(), p, m.k.mu0, n, t.data(), unrolled);
  EXPECT_EQ(value_of(rr), want_sq) << name << " sqr r == a, n=" << n;
}

void check_mul(const Mont& m, const mpz_class& a, const mpz_class& b) {
  using K = limbs::WindowKernels;
  for (K kernels : {K::entry, K::unrolled, K::zero_slot})
    if (kernels != K::zero_slot || limbs::window_adx_unrolled(m.n)) check_mul_by(kernels, m, a, b);
}

// R = C beta^-n mod P for C < P beta^n: r disjoint from c, r == c, r == c + n;
// in passes (for n = 8m from 16) and in columns.
void check_redc(const Mont& m, const mpz_class& C) {
  const std::size_t n = m.n;
  const mpz_class want = m.want(C);
  for (bool passes : {true, false}) {
    const char* form = passes ? " (passes)" : " (columns)";
    std::vector<limb_t> c = limbs_of(C, 2 * n), r(n + 1, kGuard);
    c.push_back(kGuard);
    reduce::montgomery_redc_adx(r.data(), c.data(), m.k.p.data(), m.k.mu0, n, passes);
    EXPECT_EQ(value_of(r.data(), n), want) << "redc n=" << n << form;
    EXPECT_EQ(r[n], kGuard);
    EXPECT_EQ(c[2 * n], kGuard) << "wrote past c" << form;
    c = limbs_of(C, 2 * n);
    reduce::montgomery_redc_adx(c.data(), c.data(), m.k.p.data(), m.k.mu0, n, passes);
    EXPECT_EQ(value_of(c.data(), n), want) << "redc r == c, n=" << n << form;
    c = limbs_of(C, 2 * n);
    reduce::montgomery_redc_adx(c.data() + n, c.data(), m.k.p.data(), m.k.mu0, n, passes);
    EXPECT_EQ(value_of(c.data() + n, n), want) << "redc r == c + n, n=" << n << form;
  }
}

TEST(MontgomeryAdx, RandomModuliAtEverySize) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : sizes()) {
    for (int i = 0; i < 3; ++i) {
      const Mont m(random_modulus(n, true));
      const mpz_class& P = m.P;
      check_mul(m, random_below(P), random_below(P));
      check_mul(m, P - 1, P - 1);
      check_mul(m, P - 1, random_below(P));
      check_mul(m, 0, random_below(P));
      check_mul(m, 1, P - 1);
      if (n > 1) check_mul(m, beta_pow(n - 1) - 1, P - 1);  // all-ones limbs below P
      check_redc(m, random_below(P * beta_pow(n)));
      check_redc(m, P * beta_pow(n) - 1);  // the largest C the precondition allows
      check_redc(m, (P - 1) * (P - 1));
      check_redc(m, 0);
      check_redc(m, 1);
      check_redc(m, P);                        // C + QP = P beta^n: R = P before the subtraction
      check_redc(m, P * (beta_pow(n) - 1));  // the same with Q = 1
    }
  }
}

TEST(MontgomeryAdx, EdgeModuliAtEverySize) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : sizes()) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      const Mont m(P);
      const std::vector<mpz_class> ops = edge_operands(P);
      for (std::size_t i = 0; i < ops.size(); ++i) {
        check_mul(m, ops[i], ops[(i * 5 + 3) % ops.size()]);
        check_mul(m, ops[i], P - 1);
      }
      check_redc(m, P * beta_pow(n) - 1);
      check_redc(m, (P - 1) * (P - 1));
      check_redc(m, P);
    }
  }
}

// The passes take n = 8m up to 512 limbs (their frame holds b and p); the
// generic kernels above.
TEST(MontgomeryAdx, AroundTheLimitOfThePasses) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n : {504, 512, 520}) {
    const Mont m(random_modulus(n, true));
    check_mul(m, random_below(m.P), random_below(m.P));
    check_mul(m, m.P - 1, m.P - 1);
    check_redc(m, random_below(m.P * beta_pow(n)));
    check_redc(m, m.P * beta_pow(n) - 1);
  }
}

// The square's passes (n = 8m from 32): every such size to 256 limbs, with
// the operands whose triangle carries furthest (P - 1 under all-ones moduli,
// all-ones limbs) and random operands (rrandomb runs half of the time).
TEST(MontgomeryAdx, SquarePassesAtEveryMultipleOf8) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (std::size_t n = 32; n <= 256; n += 8) {
    for (const mpz_class P : std::vector<mpz_class>{random_modulus(n, true), beta_pow(n) - 1, beta_pow(n - 1) + 1}) {
      const Mont m(P);
      check_mul(m, random_below(P), random_below(P));
      check_mul(m, P - 1, P - 1);
      check_mul(m, beta_pow(n - 1) - 1, 1);
      check_mul(m, random_below(P), P - 1);
    }
  }
}

TEST(MontgomeryAdx, ProductsAndSquaresMatchAtRandom) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  for (int i = 0; i < 400; ++i) {
    const std::size_t n = 1 + static_cast<std::size_t>(rng().bits(6).get_ui());  // 1 .. 64
    const Mont m(random_modulus(n, true));
    const mpz_class& P = m.P;
    check_mul(m, random_below(P), random_below(P));
  }
}
#endif

}  // namespace
}  // namespace parmod::test

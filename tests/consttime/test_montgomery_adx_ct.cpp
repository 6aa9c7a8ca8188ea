// The constant-time register-window kernels (consttime/montgomery_adx_ct.hpp),
// by the entry points, by the unrolled ones (the tuned sizes' kernels) and by
// the family of the unrolled kernels that closes from the zero slot,
// against GMP at every size from 1 to 72 limbs and around the passes' limit:
// random and edge moduli, operands 0, 1, P - 1, all-ones limbs and rrandomb
// runs, r == a; the select must take R or R - P exactly where the
// variable-time kernels' branch does (their results agree).  Their timing
// evidence: ctgrind_montgomery_adx (valgrind) and parmod-bench ct.
#include <gtest/gtest.h>

#include "consttime/montgomery_adx_ct.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/modulus_constants.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

#if PARMOD_WINDOW_ADX_ASM
void check(const mpz_class& P, const mpz_class& a, const mpz_class& b) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  mpz_class rinv;
  mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
  const auto x = limbs_of(a, n), y = limbs_of(b, n);
  using K = limbs::WindowKernels;
  // the entry points, the unrolled ones (the same without a tuned size), the
  // zero-slot family (the sizes with an unrolled kernel in the entry points' table)
  for (K unrolled : {K::entry, K::unrolled, K::zero_slot}) {
    if (unrolled == K::zero_slot && !limbs::window_adx_unrolled(n)) continue;
    const char* name = unrolled == K::entry ? "entry" : unrolled == K::unrolled ? "unrolled" : "zero slot";
    std::vector<limb_t> r(n + 1, 7), t(consttime::montgomery_adx_ct_scratch(n) + 1, 7);
    consttime::montgomery_mul_adx_ct(r.data(), x.data(), y.data(), k.p.data(), k.mu0, n, t.data(), unrolled);
    EXPECT_EQ(value_of(r.data(), n), py_mod(a * b * rinv, P)) << name << " mul n=" << n;
    EXPECT_EQ(r[n], 7u);
    EXPECT_EQ(t.back(), 7u) << "scratch overrun";
    auto s = x;  // r == a
    consttime::montgomery_sqr_adx_ct(s.data(), s.data(), k.p.data(), k.mu0, n, t.data(), unrolled);
    EXPECT_EQ(value_of(s), py_mod(a * a * rinv, P)) << name << " sqr n=" << n;
    s = x;
    consttime::montgomery_mul_adx_ct(s.data(), s.data(), y.data(), k.p.data(), k.mu0, n, t.data(), unrolled);
    EXPECT_EQ(value_of(s), py_mod(a * b * rinv, P)) << name << " mul r == a, n=" << n;
  }
}

TEST(MontgomeryAdxCt, EveryKernelFamilyAgainstGmp) {
  if (!limbs::cpu_has_mulx_adx()) GTEST_SKIP() << "no BMI2+ADX";
  std::vector<std::size_t> sizes;
  for (std::size_t n = 1; n <= 72; ++n) sizes.push_back(n);
  for (std::size_t n : {128, 256, 504, 512, 520}) sizes.push_back(n);
  for (std::size_t n : sizes) {
    std::vector<mpz_class> moduli = edge_moduli(n, true);
    moduli.push_back(random_modulus(n, true));
    for (const mpz_class& P : moduli) {
      if (n > 72 && &P != &moduli.back()) continue;  // the large sizes: one random modulus
      const std::vector<mpz_class> ops = edge_operands(P);
      for (std::size_t i = 0; i < ops.size(); ++i) check(P, ops[i], ops[(i * 5 + 3) % ops.size()]);
      check(P, random_below(P), random_below(P));
      check(P, P - 1, P - 1);
    }
  }
}
#endif

}  // namespace
}  // namespace parmod::test

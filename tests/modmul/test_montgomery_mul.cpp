// Montgomery modular multiplication against GMP, both REDC forms, 1..300 limbs.
#include <gtest/gtest.h>

#include "config/tuning.hpp"
#include "limbs/window_adx.hpp"
#include "modmul/montgomery_mul.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// The tuning in use with REDC by products from `threshold` limbs.
config::Tuning with_redc_threshold(std::size_t threshold) {
  config::Tuning t = config::tuning();
  t.redc_products_threshold = threshold;
  return t;
}

void check_montgomery(const mpz_class& P, const mpz_class& a, const mpz_class& b) {
  const modmul::ModulusConstants k(P);
  const std::size_t n = k.n;
  const mpz_class R = beta_pow(n);
  mpz_class rinv;
  mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  auto x = limbs_of(a, n), y = limbs_of(b, n);
  std::vector<limb_t> r(n), scratch(modmul::montgomery_scratch(n));
  modmul::montgomery_mul(r.data(), x.data(), y.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), py_mod(a * b * rinv, P)) << "mul n=" << n;
  modmul::montgomery_sqr(r.data(), x.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), py_mod(a * a * rinv, P)) << "sqr n=" << n;
  // In-place (r aliases an operand), then the conversions through the engine.
  const auto& e = modmul::montgomery_engine;
  e.mul(x.data(), x.data(), y.data(), k, scratch.data());
  EXPECT_EQ(value_of(x), py_mod(a * b * rinv, P));
  x = limbs_of(a, n);
  e.to_repr(r.data(), x.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), py_mod(a * R, P)) << "to_repr";
  e.from_repr(r.data(), r.data(), k, scratch.data());
  EXPECT_EQ(value_of(r), a) << "from_repr";
  EXPECT_EQ(value_of(e.one(k), n), py_mod(R, P));
}

void run_sizes() {
  for (std::size_t n = 1; n <= 300; n += (n < 48 ? 1 : 9)) {
    const mpz_class P = random_modulus(n, true);
    check_montgomery(P, random_below(P), random_below(P));
    check_montgomery(P, P - 1, P - 1);
  }
}

TEST(MontgomeryMul, WordByWordRedc) {
  const config::ScopedTuning scoped(with_redc_threshold(1000000));
  run_sizes();
}

TEST(MontgomeryMul, RedcByProducts) {
  const config::ScopedTuning scoped(with_redc_threshold(1));
  run_sizes();
}

TEST(MontgomeryMul, EdgeModuliAndOperands) {
  for (std::size_t n : {1u, 2u, 3u, 5u, 8u, 41u}) {
    for (const mpz_class& P : edge_moduli(n, true))
      for (const mpz_class& a : edge_operands(P))
        for (const mpz_class& b : edge_operands(P)) check_montgomery(P, a, b);
  }
}

TEST(MontgomeryMul, FactoryRejectsEvenModuli) {
  EXPECT_NE(modmul::montgomery_factory.rejects(mpz_class(1000)), nullptr);
  EXPECT_EQ(modmul::montgomery_factory.rejects(mpz_class(1001)), nullptr);
  EXPECT_EQ(modmul::barrett_factory.rejects(mpz_class(1000)), nullptr);
}

// Every size the register-window kernels cover (1 .. 64 limbs) and a few
// above, through the engine, whichever path this process takes (the folded
// kernels, product + window REDC, or the rows; scripts/test.sh reruns this
// executable with PARMOD_MULX_KERNELS=0 and =1): edge moduli (top limb 1,
// top limb all ones), operands 0, 1, P - 1, all-ones limbs; r == a == b.
TEST(MontgomeryMul, EverySizeTo64WithEdgeModuli) {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 1; n <= 64; ++n) sizes.push_back(n);
  for (std::size_t n : {65, 72, 100, 128, 191, 192, 200}) sizes.push_back(n);
  for (std::size_t n : sizes) {
    std::vector<mpz_class> moduli = edge_moduli(n, true);
    moduli.push_back(random_modulus(n, true));
    for (const mpz_class& P : {moduli.front(), moduli[moduli.size() / 2], moduli.back()}) {
      const std::vector<mpz_class> ops = edge_operands(P);
      for (std::size_t i = 0; i < ops.size(); i += 2) check_montgomery(P, ops[i], ops[(i * 3 + 1) % ops.size()]);
      check_montgomery(P, random_below(P), P - 1);
      const modmul::ModulusConstants k(P);
      auto x = limbs_of(random_below(P), n);
      const mpz_class a = value_of(x);
      std::vector<limb_t> scratch(modmul::montgomery_scratch(n));
      mpz_class rinv;
      mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
      modmul::montgomery_mul(x.data(), x.data(), x.data(), k, scratch.data());  // r == a == b
      EXPECT_EQ(value_of(x), py_mod(a * a * rinv, P)) << "r == a == b, n=" << n;
    }
  }
}

#if PARMOD_WINDOW_ADX_ASM
// The ways of the window path (modmul::montgomery_window_folded, _split,
// _unrolled, and _zero_slot at the sizes it takes), products and squares
// (a == b, in place too), against GMP at sizes around the unrolled kernels,
// the passes (n = 8m) and the keys' defaults and row values; then
// montgomery_mul/sqr with the six keys at 0 (always split, closing from
// rax) and at their maximum (always folded, the unrolled kernels of the
// tuned sizes, the zero-slot family): the keys pick the way, never the
// result.
TEST(MontgomeryMul, WindowWaysAgreeAndTheKeysPickOne) {
  if (!limbs::window_adx_enabled()) GTEST_SKIP() << "no BMI2 + ADX window kernels here";
  for (std::size_t n : {8u, 9u, 16u, 17u, 24u, 25u, 31u, 32u, 33u, 40u, 47u, 48u, 49u, 56u, 63u, 64u, 65u, 72u, 80u, 129u}) {
    for (const mpz_class& P : {edge_moduli(n, true).front(), edge_moduli(n, true).back(), random_modulus(n, true)}) {
      const modmul::ModulusConstants k(P);
      mpz_class rinv;
      mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
      const mpz_class a = random_below(P), b = P - 1;
      std::vector<limb_t> r(n), scratch(modmul::montgomery_scratch(n));
      for (auto way :
           {modmul::montgomery_window_folded, modmul::montgomery_window_split, modmul::montgomery_window_unrolled}) {
        auto x = limbs_of(a, n), y = limbs_of(b, n);
        way(r.data(), x.data(), y.data(), k, scratch.data());
        EXPECT_EQ(value_of(r), py_mod(a * b * rinv, P)) << "n=" << n;
        way(x.data(), x.data(), x.data(), k, scratch.data());
        EXPECT_EQ(value_of(x), py_mod(a * a * rinv, P)) << "square in place, n=" << n;
      }
      if (limbs::window_adx_unrolled(n)) {
        auto x = limbs_of(a, n), y = limbs_of(b, n);
        modmul::montgomery_window_zero_slot(r.data(), x.data(), y.data(), k, scratch.data());
        EXPECT_EQ(value_of(r), py_mod(a * b * rinv, P)) << "zero slot, n=" << n;
        modmul::montgomery_window_zero_slot(x.data(), x.data(), x.data(), k, scratch.data());
        EXPECT_EQ(value_of(x), py_mod(a * a * rinv, P)) << "zero slot, square in place, n=" << n;
      }
      for (std::size_t key : {std::size_t(0), std::size_t(1048576)}) {
        config::Tuning t = config::tuning();
        t.montgomery_adx_folded_max = t.montgomery_adx_passes_max = t.montgomery_adx_sqr_passes_max = key;
        t.montgomery_adx_unrolled_max = t.montgomery_adx_sqr_unrolled_max = key;
        t.montgomery_adx_small_zero_slot = key == 0 ? 0 : 1;
        const config::ScopedTuning scoped(t);
        check_montgomery(P, a, b);
      }
    }
  }
}

// The split way's product under the keys montgomery.karatsuba_window_*:
// recursion limits from 2 (Karatsuba down to 1-limb halves) to 512 (the
// window kernel alone) and the maximum at 0 (always limbs::mul) and 512
// (Karatsuba over the windows up to 511 limbs), products and squares against GMP.
// With AVX-512 IFMA in use limbs::mul's IFMA kernels take most sizes (the
// suite's run with PARMOD_NO_IFMA=1 covers the windows there).
TEST(MontgomeryMul, KaratsubaWindowKeysPickTheProductNeverTheResult) {
  if (!limbs::window_adx_enabled()) GTEST_SKIP() << "no BMI2 + ADX window kernels here";
  struct Keys {
    std::size_t mul_min, sqr_min, max;
  };
  for (const Keys keys : {Keys{2, 2, 512}, Keys{5, 7, 512}, Keys{24, 33, 100}, Keys{512, 512, 512}, Keys{32, 48, 0}}) {
    config::Tuning t = config::tuning();
    t.montgomery_karatsuba_window_mul_min = keys.mul_min;
    t.montgomery_karatsuba_window_sqr_min = keys.sqr_min;
    t.montgomery_karatsuba_window_max = keys.max;
    const config::ScopedTuning scoped(t);
    for (std::size_t n : {8u, 11u, 33u, 64u, 99u, 100u, 101u, 191u, 192u, 255u}) {
      const mpz_class P = n % 2 ? edge_moduli(n, true).back() : random_modulus(n, true);
      const modmul::ModulusConstants k(P);
      mpz_class rinv;
      mpz_invert(rinv.get_mpz_t(), beta_pow(n).get_mpz_t(), P.get_mpz_t());
      const mpz_class a = random_below(P), b = n % 3 ? random_below(P) : P - 1;
      std::vector<limb_t> r(n), scratch(modmul::montgomery_scratch(n));
      auto x = limbs_of(a, n), y = limbs_of(b, n);
      modmul::montgomery_window_split(r.data(), x.data(), y.data(), k, scratch.data());
      EXPECT_EQ(value_of(r), py_mod(a * b * rinv, P)) << "n=" << n << " mul_min=" << keys.mul_min;
      modmul::montgomery_window_split(x.data(), x.data(), x.data(), k, scratch.data());
      EXPECT_EQ(value_of(x), py_mod(a * a * rinv, P)) << "square, n=" << n << " sqr_min=" << keys.sqr_min;
    }
  }
}
#endif

}  // namespace
}  // namespace parmod::test

// Radix-2^28 Montgomery on AVX2 (modmul/montgomery28) against GMP: products and
// squares at every digit count, the largest operands and moduli, edge moduli.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/radix28.hpp"
#include "modmul/montgomery28.hpp"
#include "support/engine_checks.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

using modmul::Montgomery28Constants;

#define REQUIRE_AVX2() \
  if (!limbs::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU"

Montgomery28Constants constants_of(const mpz_class& P) { return modmul::montgomery28_constants(P); }

using Digits = modmul::DigitVector;

Digits digits_of(const mpz_class& x, std::size_t m) {
  Digits d(m, 0);
  limbs::to_radix28(d.data(), m, mpz_limbs_read(x.get_mpz_t()), mpz_size(x.get_mpz_t()));
  return d;
}

// The rows of a spread element are its digits shifted up 0..3 places.
void check_spread(const Digits& s, std::size_t m) {
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t j = 0; j < m + 4; ++j)
      ASSERT_EQ(s[k * (m + 4) + j], (j >= k && j - k < m) ? s[j - k] : 0u) << "row " << k << " word " << j;
}

// The contract: a, b < 2P in, the spread of a b R^-1 mod P out, below 2P,
// digits below the bound; the square of a the same; out may alias as, b row 0
// of out.
void check_kernel(const Montgomery28Constants& c, const mpz_class& P, const mpz_class& a, const mpz_class& b) {
  const std::size_t m = c.digits;
  const mpz_class R = mpz_class(1) << (28 * m);
  ASSERT_GE(R, 4 * P);
  mpz_class rinv;
  ASSERT_NE(mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t()), 0);
  const Digits da = digits_of(a, m);
  Digits db = digits_of(b, m), as(modmul::montgomery28_spread_words(m)), t(modmul::montgomery28_scratch_words(m), 0x77),
         out(modmul::montgomery28_spread_words(m), 0x5a5a);
  modmul::montgomery28_spread(as.data(), da.data(), m);
  check_spread(as, m);
  const auto bits = mpz_sizeinbase(P.get_mpz_t(), 2);
  for (int square = 0; square < 2; ++square) {
    if (square)
      modmul::montgomery28_sqr(out.data(), as.data(), c, t.data());
    else
      modmul::montgomery28_mul(out.data(), as.data(), db.data(), c, t.data());
    check_spread(out, m);
    for (std::size_t j = 0; j < m; ++j) ASSERT_LT(out[j], modmul::kMontgomery28DigitBound) << "digit " << j;
    const mpz_class v = value_of_digits(out.data(), m, 28), want = py_mod((square ? a * a : a * b) * rinv, P);
    ASSERT_LT(v, 2 * P) << "bits=" << bits << " square=" << square;
    ASSERT_EQ(py_mod(v, P), want) << "bits=" << bits << " square=" << square << " a=" << a << " b=" << b;
    // The output as the next input: its (nearly normalised) digits, squared in place.
    Digits again = out;
    modmul::montgomery28_sqr(again.data(), again.data(), c, t.data());
    ASSERT_EQ(py_mod(value_of_digits(again.data(), m, 28), P), py_mod(v * v * rinv, P));
    Digits plain(out.begin(), out.begin() + m);
    ASSERT_EQ(modmul::montgomery28_normalize(plain.data(), m), 0u);
    for (std::size_t j = 0; j < m; ++j) ASSERT_LT(plain[j], std::uint64_t(1) << 28);
    ASSERT_EQ(value_of_digits(plain.data(), m, 28), v);
  }
  Digits s = as;
  modmul::montgomery28_mul(s.data(), s.data(), db.data(), c, t.data());  // out aliases as
  ASSERT_EQ(py_mod(value_of_digits(s.data(), m, 28), P), py_mod(a * b * rinv, P));
  s = as;
  modmul::montgomery28_mul(s.data(), s.data(), s.data(), c, t.data());  // b is row 0 of as and out
  ASSERT_EQ(py_mod(value_of_digits(s.data(), m, 28), P), py_mod(a * a * rinv, P));
}

TEST(Montgomery28, EveryDigitCount) {
  REQUIRE_AVX2();
  // Every digit count m = 8, 12, .. 264, each at its smallest, a middle and its largest P
  // (from 128 digits the columns of A B are carried once before the reduction, from 252
  // also every 56 blocks of B and of Q and every 28 of the square's triangle); above, the
  // counts around the second and third passes (m / 4 = 112 and 113 blocks, 140 and 141)
  // and the largest, odd and even block counts among them.
  const std::vector<std::size_t> large = {268, 300, 336, 448, 452, 456, 476, 560, 564, 588, 592};
  for (std::size_t m = 8; m <= modmul::kMontgomery28MaxDigits; m += 4) {
    if (m > 264 && std::find(large.begin(), large.end(), m) == large.end()) continue;
    for (std::size_t bits : {28 * (m - 4) - 1, 28 * m - 60, 28 * m - 2}) {
      if (modmul::montgomery28_digits(bits) != m || !modmul::montgomery28_available(bits)) continue;
      const mpz_class P = random_modulus_bits(bits, true);
      const Montgomery28Constants c = constants_of(P);
      ASSERT_EQ(c.digits, m);
      for (int i = 0; i < reps(3); ++i) {
        check_kernel(c, P, random_below(P), random_below(P));
        check_kernel(c, P, random_below(2 * P), random_below(2 * P));  // almost-reduced inputs in [0, 2P)
        check_kernel(c, P, rrandom_bits(bits + 1) % (2 * P), rrandom_bits(bits) % (2 * P));
      }
    }
  }
}

TEST(Montgomery28, LargestOperandsAndModuli) {
  REQUIRE_AVX2();
  // All-ones moduli and 2P - 1 operands make every column as large as it gets.
  for (std::size_t bits : {3u, 5u, 63u, 64u, 65u, 110u, 111u, 200u, 222u, 1022u, 1024u, 1536u, 2046u, 2048u, 3072u, 3470u,
                           3471u, 3472u, 4096u, 6942u, 6943u, 6944u, 7168u, 8192u, 10000u, 12544u, 16384u, 16574u}) {
    const mpz_class ones = (mpz_class(1) << bits) - 1;
    for (const mpz_class& P : std::vector<mpz_class>{ones, (mpz_class(1) << (bits - 1)) + 1, random_modulus_bits(bits, true)}) {
      const Montgomery28Constants c = constants_of(P);
      for (const mpz_class& a : std::vector<mpz_class>{0, 1, 2, P - 1, P, P + 1, 2 * P - 1})
        for (const mpz_class& b : std::vector<mpz_class>{0, 1, P - 1, 2 * P - 1}) check_kernel(c, P, a, b);
    }
  }
}

TEST(Montgomery28, EdgeModuli) {
  REQUIRE_AVX2();
  for (std::size_t n : {2u, 3u, 5u, 8u, 16u, 17u, 24u, 32u, 33u, 48u, 54u, 55u, 64u, 65u, 108u, 109u, 128u, 129u, 200u, 259u}) {
    if (reduced_sizes() && n % 2 == 0 && n != 2 && n != 128) continue;  // the odd counts and the ends
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (!modmul::montgomery28_available(mpz_sizeinbase(P.get_mpz_t(), 2))) continue;
      const Montgomery28Constants c = constants_of(P);
      for (const mpz_class& a : edge_operands(P))
        for (const mpz_class& b : edge_operands(P)) check_kernel(c, P, a, b);
    }
  }
}

// The engines of Algorithm::montgomery28 (modmul/montgomery28_engine): the
// residue engine on n-limb residues, and the element engine on spread
// elements, at 32-byte boundaries and off them (copied around the kernels),
// at every limb count the algorithm takes.
TEST(Montgomery28, EnginesAgainstGmp) {
  REQUIRE_AVX2();
  for (std::size_t n = 1; n <= 260; n += (n < 40 ? 1 : n < 110 ? 7 : 30)) {
    std::vector<mpz_class> moduli = {random_modulus(n, true), edge_moduli(n, true).front(), edge_moduli(n, true).back()};
    for (const mpz_class& P : moduli) {
      if (modmul::montgomery28_factory.rejects(P) != nullptr) {
        const auto bits = mpz_sizeinbase(P.get_mpz_t(), 2);
        ASSERT_GT(bits, modmul::kMontgomery28MaxBits) << "n=" << n;
        continue;
      }
      const modmul::BoundEngine bound = modmul::montgomery28_factory.bind(P, {});
      const modmul::ModulusConstants& k = *bound.k;
      const auto& e = modmul::montgomery28_engine;
      ASSERT_EQ(bound.engine, &e);
      const std::size_t m = modmul::montgomery28_digits(mpz_sizeinbase(P.get_mpz_t(), 2));
      const mpz_class R = mpz_class(1) << (28 * m);
      expect_residue_engine_matches_gmp(e, k, P, R, n);
      if (HasFatalFailure()) return;
      // The element engine, with its elements and scratch at every offset from a 32-byte boundary.
      const auto& d = *e.elements;
      const std::size_t w = modmul::element_size(d, n);
      ASSERT_GE(w, modmul::montgomery28_spread_words(m));
      // one is a whole element (loops copy element_size words of it): R mod P, zero-padded.
      ASSERT_EQ(value_of_digits(d.one(k), m, 28), py_mod(R, P));
      for (std::size_t j = modmul::montgomery28_spread_words(m); j < w; ++j) ASSERT_EQ(d.one(k)[j], 0u) << j;
      for (std::size_t off = 0; off < 4; ++off) {
        modmul::DigitVector xa(w + off), xb(w + off), ds(d.scratch_limbs(n) + off);
        std::vector<limb_t> out(n);
        limb_t* pa = xa.data() + off;
        limb_t* pb = xb.data() + off;
        limb_t* sc = ds.data() + (3 - off);
        const mpz_class a = random_below(P), b = random_below(P);
        auto al = limbs_of(a, n), bl = limbs_of(b, n);
        d.to_repr(pa, al.data(), k, sc);
        d.to_repr(pb, bl.data(), k, sc);
        d.mul(pa, pa, pb, k, sc);
        d.sqr(pa, pa, k, sc);
        d.mul(pa, pa, d.one(k), k, sc);
        d.mul(pb, pa, pb, k, sc);  // the output is the second operand
        d.from_repr(out.data(), pb, k, sc);
        ASSERT_EQ(value_of(out), py_mod(a * b * a * b * b, P)) << "element engine n=" << n << " offset " << off;
        // A product reads only the multiplier words of its second operand:
        // the rest of it poisoned, the same element comes out.
        const std::size_t mw = modmul::multiplier_size(d, n);
        ASSERT_GE(mw, m) << n;
        ASSERT_LT(mw, w) << n;
        modmul::DigitVector whole(w + off), shortened(w + off, ~limb_t(0));
        std::copy(pb, pb + mw, shortened.data() + off);
        d.mul(whole.data() + off, pa, pb, k, sc);
        d.mul(shortened.data() + off, pa, shortened.data() + off, k, sc);
        for (std::size_t j = 0; j < modmul::montgomery28_spread_words(m); ++j)
          ASSERT_EQ(shortened[off + j], whole[off + j]) << "n=" << n << " word " << j;
      }
    }
  }
}

TEST(Montgomery28, AvailableRange) {
  EXPECT_FALSE(modmul::montgomery28_available(0));
  EXPECT_FALSE(modmul::montgomery28_available(modmul::kMontgomery28MaxBits + 1));
  EXPECT_EQ(modmul::montgomery28_available(2), limbs::cpu_has_avx2());
  EXPECT_EQ(modmul::montgomery28_available(2048), limbs::cpu_has_avx2());
  for (std::size_t bits = 1; bits <= modmul::kMontgomery28MaxBits; ++bits) {
    const std::size_t m = modmul::montgomery28_digits(bits);
    ASSERT_EQ(m % 4, 0u);
    ASSERT_GE(m, 8u);
    ASSERT_GE(28 * m, bits + 2) << bits;  // R >= 4P
    if (m > 8) ASSERT_LT(28 * (m - 4), bits + 2) << bits;  // the fewest such digits
  }
}

// The constant-time exponentiations take radix 2^28 from their key up to
// kMontgomery28ConstantTimeMaxBits only (the sizes measured), though the
// kernels go further.
TEST(Montgomery28, ConstantTimeRange) {
  config::Tuning t = config::tuning();
  ASSERT_EQ(config::set_tuning_value(t, "powm_sec.digits28_min_bits", "1024"), "");
  const config::ScopedTuning scoped(t);
  const bool avx2 = limbs::cpu_has_avx2();
  EXPECT_FALSE(modmul::montgomery28_for_constant_time(1023));
  EXPECT_EQ(modmul::montgomery28_for_constant_time(1024), avx2);
  EXPECT_EQ(modmul::montgomery28_for_constant_time(modmul::kMontgomery28ConstantTimeMaxBits), avx2);
  EXPECT_FALSE(modmul::montgomery28_for_constant_time(modmul::kMontgomery28ConstantTimeMaxBits + 1));
  EXPECT_FALSE(modmul::montgomery28_for_constant_time(8192));
  EXPECT_EQ(modmul::montgomery28_available(8192), avx2);
}

}  // namespace
}  // namespace parmod::test

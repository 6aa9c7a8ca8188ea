// Radix-2^52 Montgomery (modmul/montgomery52) against GMP: the digit kernel for
// every register count, both engines, edge moduli and operands, the size limit.
#include <gtest/gtest.h>

#include "limbs/cpu_features.hpp"
#include "limbs/radix52.hpp"
#include "modmul/montgomery52.hpp"
#include "support/engine_checks.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

using modmul::Montgomery52Constants;

#define REQUIRE_IFMA()                                                                   \
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA on this CPU (or PARMOD_NO_IFMA set)"

std::vector<std::uint64_t> digits_of(const mpz_class& x, std::size_t words) {
  std::vector<std::uint64_t> d(words, 0);
  limbs::to_radix52(d.data(), words, mpz_limbs_read(x.get_mpz_t()), mpz_size(x.get_mpz_t()));
  return d;
}

mpz_class r_inverse(const Montgomery52Constants& c, const mpz_class& P) {
  mpz_class R = mpz_class(1) << (52 * c.digits), inv;
  mpz_invert(inv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  return inv;
}

// The kernel's contract: a, b < 2P in, a b R^-1 mod P out, below 2P, normalised, zero from digit d;
// for each form of the digit loop (automatic, classic, move_first), and the forms agree bit for bit.
void check_kernel_form(const mpz_class& P, const mpz_class& a, const mpz_class& b, modmul::DigitLoopForm form);
void check_kernel(const mpz_class& P, const mpz_class& a, const mpz_class& b) {
  for (auto form : {modmul::DigitLoopForm::automatic, modmul::DigitLoopForm::classic, modmul::DigitLoopForm::move_first})
    check_kernel_form(P, a, b, form);
}

void check_kernel_form(const mpz_class& P, const mpz_class& a, const mpz_class& b, modmul::DigitLoopForm form) {
  SCOPED_TRACE(form == modmul::DigitLoopForm::classic      ? "classic digit loop"
               : form == modmul::DigitLoopForm::move_first ? "move-first digit loop"
                                                           : "automatic digit loop");
  const Montgomery52Constants c(P);
  ASSERT_GE(mpz_class(1) << (52 * c.digits), 4 * P);
  ASSERT_GE(c.lanes, c.digits + 1);
  ASSERT_LE(c.lanes, c.words);
  auto da = digits_of(a, c.words), db = digits_of(b, c.words);
  std::vector<std::uint64_t> r(c.words, 0);
  modmul::montgomery52_mul_digits(r.data(), da.data(), db.data(), c, form);
  for (std::size_t j = 0; j < c.lanes; ++j) {
    ASSERT_LT(r[j], std::uint64_t(1) << 52) << "digit " << j;
    if (j >= c.digits) ASSERT_EQ(r[j], 0u) << "digit " << j << " of d=" << c.digits;
  }
  const mpz_class v = value_of_digits(r.data(), c.lanes, 52);
  ASSERT_LT(v, 2 * P) << "bits=" << mpz_sizeinbase(P.get_mpz_t(), 2);
  ASSERT_EQ(py_mod(v, P), py_mod(a * b * r_inverse(c, P), P)) << "bits=" << mpz_sizeinbase(P.get_mpz_t(), 2);
  // In place: r aliases a, then b.
  modmul::montgomery52_mul_digits(da.data(), da.data(), db.data(), c, form);
  ASSERT_EQ(value_of_digits(da.data(), c.lanes, 52), v);
  da = digits_of(a, c.words);
  modmul::montgomery52_mul_digits(db.data(), da.data(), db.data(), c, form);
  ASSERT_EQ(value_of_digits(db.data(), c.lanes, 52), v);
  // The forms compute the same accumulator: the same digits, not only the same residue.
  if (form != modmul::DigitLoopForm::classic) {
    auto ra = digits_of(a, c.words), rb = digits_of(b, c.words);
    std::vector<std::uint64_t> classic(c.words, 0);
    modmul::montgomery52_mul_digits(classic.data(), ra.data(), rb.data(), c, modmul::DigitLoopForm::classic);
    ASSERT_EQ(value_of_digits(classic.data(), c.lanes, 52), v);
  }
}

TEST(Montgomery52, MoveFirstEveryDigitCount) {
  REQUIRE_IFMA();
  // Every digit count the move-first loop takes (1 to 8 kMontgomery52MoveFirstVectors - 1),
  // rrandomb-style operands and moduli, squares included.
  for (std::size_t d = 1; d < 8 * modmul::kMontgomery52MoveFirstVectors; ++d) {
    const std::size_t bits = 52 * d - 2;  // d digits: R = 2^(52 d) >= 4P
    for (int k = 0; k < 3; ++k) {
      const mpz_class P = random_modulus_bits(bits, true);
      const mpz_class a = random_below(2 * P);
      check_kernel_form(P, a, random_below(2 * P), modmul::DigitLoopForm::move_first);
      check_kernel_form(P, a, a, modmul::DigitLoopForm::move_first);
    }
  }
}

TEST(Montgomery52, KernelEveryRegisterCount) {
  REQUIRE_IFMA();
  // Every digit count d from 1 to the limit: every register count V, and d
  // both just below and at a multiple of 8 lanes.
  for (std::size_t bits = 2; bits <= modmul::kMontgomery52MaxBits; bits += (bits < 700 ? 13 : bits < 12000 ? 97 : 1499)) {
    const mpz_class P = random_modulus_bits(bits, true);
    check_kernel(P, random_below(P), random_below(P));
    check_kernel(P, random_below(2 * P), random_below(2 * P));  // almost-reduced inputs in [0, 2P)
  }
}

TEST(Montgomery52, KernelLargestOperandsAndModuli) {
  REQUIRE_IFMA();
  // 2P - 1 operands (all-ones digits where P is all ones) make every lane as large as it gets.
  // 9930 and 9931 bits: the largest register kernel and the smallest memory one.
  for (std::size_t bits : {52u, 104u, 360u, 362u, 414u, 1024u, 2048u, 4096u, 8192u, 9930u, 9931u, 16384u,
                           static_cast<unsigned>(modmul::kMontgomery52MaxBits)}) {
    const mpz_class ones = (mpz_class(1) << bits) - 1;
    for (const mpz_class& P : std::vector<mpz_class>{ones, (mpz_class(1) << (bits - 1)) + 1, random_modulus_bits(bits, true)}) {
      for (const mpz_class& a : std::vector<mpz_class>{0, 1, P - 1, 2 * P - 1})
        for (const mpz_class& b : std::vector<mpz_class>{0, 1, P - 1, 2 * P - 1}) check_kernel(P, a, b);
    }
  }
}

TEST(Montgomery52, EnginesAgainstGmp) {
  REQUIRE_IFMA();
  for (std::size_t n = 1; n <= 824; n += (n < 40 ? 1 : n < 160 ? 7 : 83)) {
    for (const mpz_class& P : std::vector<mpz_class>{random_modulus(n, true), edge_moduli(n, true).front(), edge_moduli(n, true).back()}) {
      ASSERT_EQ(modmul::montgomery52_factory.rejects(P), nullptr) << "n=" << n;
      const modmul::BoundEngine bound = modmul::montgomery52_factory.bind(P, {});
      const modmul::ModulusConstants& k = *bound.k;
      const auto& e = modmul::montgomery52_engine;
      ASSERT_EQ(bound.engine, &e);
      const Montgomery52Constants& c = modmul::montgomery52_constants(k);
      const mpz_class R = mpz_class(1) << (52 * c.digits);
      expect_residue_engine_matches_gmp(e, k, P, R, n);
      if (HasFatalFailure()) return;
      // The digit engine: elements of element_words words in [0, 2P).
      const auto& d = *e.elements;
      const std::size_t w = modmul::element_size(d, n);
      ASSERT_EQ(w, c.words);
      std::vector<limb_t> xa(w), xb(w), out(n), dscratch(d.scratch_limbs(n));
      const mpz_class a = random_below(P), b = random_below(P);
      auto al = limbs_of(a, n), bl = limbs_of(b, n);
      d.to_repr(xa.data(), al.data(), k, dscratch.data());
      d.to_repr(xb.data(), bl.data(), k, dscratch.data());
      d.mul(xa.data(), xa.data(), xb.data(), k, dscratch.data());
      d.sqr(xa.data(), xa.data(), k, dscratch.data());
      d.mul(xa.data(), xa.data(), d.one(k), k, dscratch.data());
      d.from_repr(out.data(), xa.data(), k, dscratch.data());
      ASSERT_EQ(value_of(out), py_mod(a * b * a * b, P)) << "digit engine n=" << n;
    }
  }
}

TEST(Montgomery52, EdgeModuliAndOperands) {
  REQUIRE_IFMA();
  for (std::size_t n : {1u, 2u, 3u, 5u, 8u, 16u, 17u, 41u, 155u, 156u, 256u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (!modmul::montgomery52_available(mpz_sizeinbase(P.get_mpz_t(), 2))) continue;
      for (const mpz_class& a : edge_operands(P))
        for (const mpz_class& b : edge_operands(P)) check_kernel(P, a, b);
    }
  }
}

TEST(Montgomery52, SizeLimitAndAvailability) {
  REQUIRE_IFMA();
  EXPECT_TRUE(modmul::montgomery52_available(modmul::kMontgomery52MaxBits));
  EXPECT_FALSE(modmul::montgomery52_available(modmul::kMontgomery52MaxBits + 1));
  EXPECT_FALSE(modmul::montgomery52_available(0));
  const mpz_class big = (mpz_class(1) << modmul::kMontgomery52MaxBits) + 1;
  EXPECT_NE(modmul::montgomery52_factory.rejects(big), nullptr);
  EXPECT_EQ(modmul::montgomery52_factory.rejects(big - 2), nullptr);  // 2^max - 1
  EXPECT_NE(modmul::montgomery52_factory.rejects(mpz_class(1000)), nullptr);  // even
  // P = 1: everything is 0.
  check_kernel(mpz_class(1), mpz_class(0), mpz_class(1));
}

}  // namespace
}  // namespace parmod::test

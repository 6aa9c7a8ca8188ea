// support/engine_checks.hpp - checks shared by the tests of the digit
// algorithms (montgomery52, montgomery28): an engine on n-limb residues
// against GMP, and the list paths of layer 4 through the C++ API.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "config/tuning.hpp"
#include "modmul/engine.hpp"
#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {

// e (n-limb residues in [0, P), representation R) against GMP: products,
// squares, in place, to and from the representation, and its one.
inline void expect_residue_engine_matches_gmp(const modmul::Engine& e, const modmul::ModulusConstants& k,
                                              const mpz_class& P, const mpz_class& R, std::size_t n) {
  mpz_class rinv;
  ASSERT_NE(mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t()), 0);
  std::vector<limb_t> scratch(e.scratch_limbs(n) + 1, 0x99), r(n);
  for (const mpz_class& a : std::vector<mpz_class>{random_below(P), P - 1, 0, 1}) {
    const mpz_class b = random_below(P);
    auto x = limbs_of(a, n), y = limbs_of(b, n);
    e.mul(r.data(), x.data(), y.data(), k, scratch.data());
    ASSERT_EQ(value_of(r), py_mod(a * b * rinv, P)) << "mul n=" << n;
    e.sqr(r.data(), x.data(), k, scratch.data());
    ASSERT_EQ(value_of(r), py_mod(a * a * rinv, P)) << "sqr n=" << n;
    e.mul(x.data(), x.data(), y.data(), k, scratch.data());  // in place
    ASSERT_EQ(value_of(x), py_mod(a * b * rinv, P));
    x = limbs_of(a, n);
    e.to_repr(r.data(), x.data(), k, scratch.data());
    ASSERT_EQ(value_of(r), py_mod(a * R, P)) << "to_repr n=" << n;
    e.from_repr(r.data(), r.data(), k, scratch.data());
    ASSERT_EQ(value_of(r), a) << "from_repr n=" << n;
  }
  ASSERT_EQ(value_of(e.one(k), n), py_mod(R, P));
}

// pow of mod (modulus P of `bits` bits, `threads` threads) against GMP: full-length, split-length
// (>= 4096 bits splits with 2+ threads) and edge exponents and bases (fewer above `full_up_to`
// bits, where GMP's own powm is the slow part, and above 1024 bits with reduced_sizes()); on one
// thread also mul, sqr and a negative exponent.
inline void expect_pow_matches_gmp(const Modulus& mod, const mpz_class& P, std::size_t bits, int threads,
                                   std::size_t full_up_to) {
  if (reduced_sizes()) full_up_to = std::min<std::size_t>(full_up_to, 1024);
  std::vector<mpz_class> exps = {0, 1, 2, mpz_class(1) << 100, (mpz_class(1) << 4500) - 1, rrandom_bits(bits + 3),
                                 rrandom_bits(5000)};
  if (bits > full_up_to) exps = {0, 1, rrandom_bits(4200)};
  for (const mpz_class& e : exps) {
    for (const mpz_class& b : std::vector<mpz_class>{0, 1, P - 1, random_below(P), rrandom_bits(bits + 70)}) {
      ASSERT_EQ(mod.pow(b, e), gmp_powm(b, e, P)) << "bits=" << bits << " T=" << threads;
      if (bits > 2048) break;  // one base per exponent above
    }
  }
  if (threads == 1) {
    const mpz_class a = random_below(P), b = random_below(P);
    EXPECT_EQ(mod.mul(a, b), a * b % P);
    EXPECT_EQ(mod.sqr(P - 1), 1 % P);
    EXPECT_EQ(mod.mul(P - 1, P - 1), 1 % P);
    mpz_class inv;
    const mpz_class g = random_below(P);
    if (mpz_invert(inv.get_mpz_t(), g.get_mpz_t(), P.get_mpz_t())) EXPECT_EQ(mod.pow(g, -3), gmp_powm(inv, 3, P));
  }
}

// multi_pow, pow_list and a fixed base of mod (modulus P of `bits` bits) against GMP.
inline void expect_lists_match_gmp(const Modulus& mod, const mpz_class& P, std::size_t bits) {
  std::vector<mpz_class> bases, exps;
  mpz_class expect = 1;
  for (int i = 0; i < 5; ++i) {
    bases.push_back(rrandom_bits(bits + 8));
    exps.push_back(i == 0 ? mpz_class(0) : rrandom_bits(bits - i));
    expect = expect * gmp_powm(bases.back(), exps.back(), P) % P;
  }
  EXPECT_EQ(mod.multi_pow(bases, exps), expect);
  const auto list = mod.pow_list(bases, exps);
  for (std::size_t i = 0; i < bases.size(); ++i) EXPECT_EQ(list[i], gmp_powm(bases[i], exps[i], P));
  const FixedBase fb = mod.fixed_base(bases[1]);
  for (const mpz_class& e : exps) EXPECT_EQ(fb.pow(e), gmp_powm(bases[1], e, P));
}

// automatic follows the tuning keys modmul.odd / modmul.odd.parallel: with
// both set to take `a` from 9 to `top` limbs, whatever the row of this CPU
// says, it runs `a` there where this CPU has it (`available`), Montgomery
// elsewhere; P is a modulus of that range.  The table's name round-trips.
inline void expect_automatic_follows_the_table(Algorithm a, std::size_t top, bool available, const mpz_class& P) {
  config::Tuning t = config::tuning();
  const std::string table =
      "8:montgomery " + std::to_string(top) + ":" + algorithm_name(a) + " 18446744073709551615:montgomery";
  ASSERT_EQ(config::set_tuning_value(t, "modmul.odd", table), "");
  ASSERT_EQ(config::set_tuning_value(t, "modmul.odd.parallel", table), "");
  const config::ScopedTuning scoped(t);
  const Algorithm in_range = available ? a : Algorithm::montgomery;
  EXPECT_EQ(Modulus(P).algorithm(), in_range);
  EXPECT_EQ(Modulus(P, Algorithm::automatic, 2).algorithm(), in_range);
  EXPECT_EQ(Modulus(random_modulus_bits(512, true)).algorithm(), Algorithm::montgomery);  // below 9 limbs
  EXPECT_EQ(Modulus(random_modulus_bits(513, true)).algorithm(), in_range);
  EXPECT_EQ(Modulus(random_modulus_bits(top * 64, true)).algorithm(), in_range);  // the table's top
  EXPECT_EQ(Modulus(random_modulus_bits(top * 64 + 1, true)).algorithm(), Algorithm::montgomery);  // above
  if (!available) EXPECT_THROW(Modulus(P, a), UnsupportedAlgorithm);
  EXPECT_THROW(Modulus(P + 1, a), UnsupportedAlgorithm);  // even
  EXPECT_EQ(algorithm_from_name(algorithm_name(a)), a);
}

}  // namespace parmod::test

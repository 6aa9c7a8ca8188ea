// support/engine_checks.hpp - checks shared by the tests of the digit
// algorithms (montgomery52, montgomery28): an engine on n-limb residues
// against GMP, and the list paths of layer 4 through the C++ API.
#pragma once

#include <gtest/gtest.h>

#include <vector>

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

}  // namespace parmod::test

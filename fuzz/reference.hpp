// fuzz/reference.hpp - the oracle of the fuzz targets: Python's semantics of
// (a * b) % m, pow(b, e, m) and the product of powers, written with GMP's mpz
// functions only (no parmod code), and the error each input must give.
#pragma once

#include <gmpxx.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "parmod.h"

namespace parmod::fuzz {

// Stops the run with a message libFuzzer keeps beside the crashing input.
[[noreturn]] inline void mismatch(const std::string& what) {
  std::fprintf(stderr, "MISMATCH: %s\n", what.c_str());
  std::abort();
}
inline void expect(bool ok, const std::string& what) {
  if (!ok) mismatch(what);
}

struct Expected {
  int code = PARMOD_OK;
  mpz_class value;
};

// x mod m with the sign of m (Python's %); m != 0.
inline mpz_class py_mod(const mpz_class& x, const mpz_class& m) {
  mpz_class am = abs(m), r;
  mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), am.get_mpz_t());
  if (m < 0 && r != 0) r -= am;
  return r;
}

inline Expected ref_mulmod(const mpz_class& a, const mpz_class& b, const mpz_class& m) {
  if (m == 0) return {PARMOD_ERR_DIVISION_BY_ZERO, 0};
  return {PARMOD_OK, py_mod(a * b, m)};
}

// pow(b, e, m): e < 0 uses the inverse of b (none: NOT_INVERTIBLE; |m| = 1: 0).
inline Expected ref_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  if (m == 0) return {PARMOD_ERR_DIVISION_BY_ZERO, 0};
  const mpz_class am = abs(m);
  if (am == 1) return {PARMOD_OK, 0};
  mpz_class base = b, r;
  if (e < 0 && mpz_invert(base.get_mpz_t(), b.get_mpz_t(), am.get_mpz_t()) == 0) return {PARMOD_ERR_NOT_INVERTIBLE, 0};
  const mpz_class ae = abs(e);
  mpz_powm(r.get_mpz_t(), base.get_mpz_t(), ae.get_mpz_t(), am.get_mpz_t());
  return {PARMOD_OK, py_mod(r, m)};
}

inline Expected ref_multi_powm(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps,
                               const mpz_class& m) {
  if (m == 0) return {PARMOD_ERR_DIVISION_BY_ZERO, 0};
  mpz_class acc = 1;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const Expected t = ref_powm(bases[i], exps[i], m);
    if (t.code != PARMOD_OK) return t;
    acc *= t.value;
  }
  return {PARMOD_OK, py_mod(acc, m)};
}

inline std::string hex(const mpz_class& x) { return x.get_str(16); }

}  // namespace parmod::fuzz

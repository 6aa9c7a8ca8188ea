// bench/check.hpp - every benchmark checks its timed results against GMP
// once per size, before timing.
//
// A bench runs each variant it is about to time once on the size's operands
// and hands the result to check_result together with GMP's (or, where a
// result has no GMP counterpart, an mpz reference computed with GMP).  A
// mismatch throws CheckFailure: the bench stops, prints one line naming the
// bench, size and variant, and exits non-zero, so that no table is printed
// for code that computes the wrong thing.
//
// The checks cannot pass vacuously: with PARMOD_BENCH_CORRUPT_CHECK=K in the
// environment, the K-th check of the process flips the low bit of the result
// it is given before comparing, and must then fail (tests/bench runs every
// bench so).
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace parmod::bench {

struct CheckFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws CheckFailure("check failed: WHAT: wrong result (check K)") when
// got != want.  Counts the check (checks_made).
void check_result(const std::string& what, const mpz_class& got, const mpz_class& want);

// How many checks this process has made.
std::size_t checks_made() noexcept;

// n little-endian 64-bit limbs as an integer (results held in limb arrays).
mpz_class from_limbs(const mp_limb_t* limbs, std::size_t n);

}  // namespace parmod::bench

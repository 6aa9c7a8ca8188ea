// tests/support/random_operands.hpp - the random operands of every C++ test.
//
// Random numbers in the style of GMP's own tests (mpz_rrandomb: long runs of
// ones and zeros, which exercise carries), uniform ones, and the edge moduli
// and operands the project's guide lists.  One seed drives them all:
// PARMOD_TEST_SEED (decimal or 0x-hex; `random` for a fresh one; default
// kDefaultSeed), printed with every failed test so that the failure replays;
// PARMOD_TEST_REPS multiplies the iteration counts of the random tests (as
// GMP's GMP_CHECK_RANDOMIZE and GMP_CHECK_REPS do); reduced_sizes() trims
// the costliest differential loops where each instruction is slow (sanitizer
// builds, emulated CPUs).  See docs/testing.md.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "limbs/limbs.hpp"

namespace parmod::test {

inline constexpr std::uint64_t kDefaultSeed = 0x9a3d0f11;

// The seed of this run: PARMOD_TEST_SEED (read once; an invalid value stops
// the test program), or for the repetitions after the first of --gtest_repeat,
// a seed derived from it and the repetition's number.
std::uint64_t test_seed();
// Called by the test main at the start of every repetition (0, 1, ...).
void start_repetition(int repetition);
// PARMOD_TEST_REPS (an integer >= 1, default 1), read once.
std::size_t test_reps();
// n iterations of a random test, times PARMOD_TEST_REPS.
template <class T>
T reps(T n) {
  return static_cast<T>(n * static_cast<T>(test_reps()));
}
// True in the ASan and TSan builds (parmod/detail/sanitizers.h) and under
// PARMOD_TEST_REDUCED=1 (scripts/test_qemu.sh): there the heaviest
// differential loops keep every size class and edge case but fewer full-length
// exponents and top sizes.  ThreadSanitizer and AddressSanitizer handle each
// 32-byte AVX2 access of the radix-2^28 kernels out of line, which made those
// loops 15 to 40 times slower than in the Release build.
bool reduced_sizes();
// True under ThreadSanitizer: the costliest loops over thread counts skip one
// thread, the costliest one-thread sweeps and repeats of the same threaded
// case are skipped; the Release and ASan builds run them (TSan checks the
// threaded paths).
bool threaded_cases_only();
// "PARMOD_TEST_SEED=0x... [PARMOD_TEST_REPS=k]": what replays this run's tests.
std::string replay_line();

// How the limbs of Rng::limbs are filled.
enum class Fill { rrandomb, uniform, ones };

// A generator seeded by (PARMOD_TEST_SEED, stream): equal streams give equal
// sequences, different streams independent ones.
class Rng {
 public:
  explicit Rng(std::uint64_t stream = 0);
  ~Rng();
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;
  void seed(std::uint64_t stream);

  mpz_class bits(unsigned long b);             // uniform in [0, 2^b)
  mpz_class below(const mpz_class& bound);     // uniform in [0, bound), bound > 0
  mpz_class runs(unsigned long b);             // mpz_rrandomb: b bits (top bit set), long runs
  unsigned long below_ui(unsigned long n);     // uniform in [0, n), n > 0
  std::vector<limb_t> limbs(std::size_t n, Fill fill);  // n >= 1 limbs, the top limb nonzero

 private:
  gmp_randstate_t state_;
};
// This thread's generator.  The test main (test_main.cpp) reseeds the main
// thread's at the start of every test from the test's name, so a test draws
// the same operands whether it runs alone (--gtest_filter) or with the others.
Rng& rng();
// The stream of a test named suite.name (FNV-1a of the name).
std::uint64_t stream_of(const std::string& name);

// Exactly `bits` bits when bits > 0 (top bit set), rrandomb-style runs half of the time.
mpz_class rrandom_bits(std::size_t bits);
// Uniform in [0, bound) (bound > 0), rrandomb-style half of the time.
mpz_class random_below(const mpz_class& bound);
// A random modulus of exactly n limbs, odd if `odd`, mixing rrandomb and uniform.
mpz_class random_modulus(std::size_t n, bool odd);
// A random modulus of exactly `bits` bits (bits >= 2), odd if `odd`.
mpz_class random_modulus_bits(std::size_t bits, bool odd);
// Edge moduli of n limbs: beta^(n-1) + 1, beta^n - 1, beta^n - 2^63 - 1, all-ones
// limbs, beta^(n-1) + beta^(n-1)/2 + 1, ... (odd ones when `odd`; with !odd also
// the even ones: beta^(n-1), beta^n - 2, ...).
std::vector<mpz_class> edge_moduli(std::size_t n, bool odd);
// Edge operands for modulus P: 0, 1, 2, P-1, P-2, all-ones limbs below P, ...
std::vector<mpz_class> edge_operands(const mpz_class& P);
// The edge operands of P and randoms * PARMOD_TEST_REPS more below P (random_below).
std::vector<mpz_class> operands_for(const mpz_class& P, int randoms);

// beta^k.
mpz_class beta_pow(std::size_t k);

// Limbs of 0 <= x < beta^n, zero-padded.
std::vector<limb_t> limbs_of(const mpz_class& x, std::size_t n);
// The value of x[0, n).
mpz_class value_of(const limb_t* x, std::size_t n);
inline mpz_class value_of(const std::vector<limb_t>& x) { return value_of(x.data(), x.size()); }
// sum d_j 2^(bits j) over d[0, nd): the value of a digit vector (radix 2^52 or 2^28),
// any word values (unnormalised digits too).
mpz_class value_of_digits(const std::uint64_t* d, std::size_t nd, unsigned bits);

// The smaller of a and b (std::min does not take gmpxx expressions).
inline mpz_class min_z(const mpz_class& a, const mpz_class& b) { return a < b ? a : b; }

// Python's x % m (result has the sign of m): GMP's floor remainder.
mpz_class py_mod(const mpz_class& x, const mpz_class& m);

// GMP's b^e mod m for e >= 0, b any sign (the oracle of the exponentiation tests).
mpz_class gmp_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m);

// a b by GMP's mpn_mul (the oracle of the product tests; sizes >= 1, any order).
std::vector<limb_t> reference_mul(const std::vector<limb_t>& a, const std::vector<limb_t>& b);

}  // namespace parmod::test

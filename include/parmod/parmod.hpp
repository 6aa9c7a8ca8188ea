// parmod/parmod.hpp - the C++ API of parmod.
//
// Values cross the boundary as GMP's mpz_class.  Results follow Python's
// pow(b, e, m) and (a * b) % m for every integer input: negative operands are
// reduced, the result has the sign of the modulus (0 <= r < m for m > 0,
// m < r <= 0 for m < 0), |m| = 1 gives 0, and a negative exponent means the
// inverse of b raised to |e|.  Bad input throws a parmod::Error subclass.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

namespace parmod {

// The modular multiplication algorithm.  automatic picks the fastest for the
// modulus size from the tuned table (`parmod tune`), and never fails on a
// nonzero modulus: even moduli go to an algorithm that takes them.
enum class Algorithm {
  automatic = 0,
  montgomery = 1,  // REDC (word-by-word or by products); odd moduli only
  barrett = 2,     // Barrett reduction; any modulus
};

// "automatic", "montgomery", "barrett".
const char* algorithm_name(Algorithm a) noexcept;
// Parses a name as printed by algorithm_name ("auto" is accepted too);
// throws InvalidArgument for an unknown name.
Algorithm algorithm_from_name(const std::string& name);

// Error codes, shared with the C API (parmod.h).
enum class ErrorCode {
  ok = 0,
  invalid_argument = 1,
  division_by_zero = 2,
  not_invertible = 3,
  unsupported_algorithm = 4,
  out_of_memory = 5,
  internal = 6,
};

// Base of every exception parmod throws.
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& what) : std::runtime_error(what), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};
// A malformed argument (bad thread count, unknown name, ...).
struct InvalidArgument : Error {
  explicit InvalidArgument(const std::string& w) : Error(ErrorCode::invalid_argument, w) {}
};
// Modulus 0.
struct DivisionByZero : Error {
  explicit DivisionByZero(const std::string& w) : Error(ErrorCode::division_by_zero, w) {}
};
// Negative exponent with a base that has no inverse modulo m.
struct NotInvertible : Error {
  explicit NotInvertible(const std::string& w) : Error(ErrorCode::not_invertible, w) {}
};
// The algorithm cannot take this modulus (Montgomery with an even modulus).
struct UnsupportedAlgorithm : Error {
  explicit UnsupportedAlgorithm(const std::string& w) : Error(ErrorCode::unsupported_algorithm, w) {}
};
// An allocation failed; nothing was changed.
struct OutOfMemory : Error {
  explicit OutOfMemory(const std::string& w) : Error(ErrorCode::out_of_memory, w) {}
};

namespace detail {
struct ModulusState;
}

// A modulus with everything precomputed: built once, immutable afterwards,
// safe to share between threads (scratch is per call and per thread).
// Copies are cheap and share the precomputed state.
class Modulus {
 public:
  // Throws DivisionByZero for m = 0, UnsupportedAlgorithm when `algorithm`
  // cannot take m, InvalidArgument for threads < 0.  threads 0: the default rule.
  explicit Modulus(const mpz_class& m, Algorithm algorithm = Algorithm::automatic, int threads = 0);

  const mpz_class& value() const noexcept;  // m as given (sign kept)
  Algorithm algorithm() const noexcept;     // the algorithm in use (never automatic)
  int threads() const noexcept;             // threads this modulus may use
  std::size_t limbs() const noexcept;       // limbs of |m|

  mpz_class mul(const mpz_class& a, const mpz_class& b) const;  // (a*b) % m
  mpz_class sqr(const mpz_class& a) const;                      // (a*a) % m
  mpz_class pow(const mpz_class& b, const mpz_class& e) const;  // pow(b, e, m)

  // The algorithm's internal representation, as OpenSSL's BN_to_montgomery /
  // BN_mod_mul_montgomery: x -> xR mod |m| with R = beta^n for montgomery
  // (beta = 2^64, n = limbs()) and R = 1 for barrett.  to_mont reduces any
  // integer; mont_mul takes a, b in [0, |m|) and returns abR^-1 mod |m|;
  // from_mont takes a in [0, |m|).  Results are in [0, |m|).  Throws
  // InvalidArgument for operands out of range.
  mpz_class to_mont(const mpz_class& a) const;
  mpz_class mont_mul(const mpz_class& a, const mpz_class& b) const;
  mpz_class from_mont(const mpz_class& a) const;

 private:
  std::shared_ptr<const detail::ModulusState> state_;
};

// (a * b) % m and pow(b, e, m) without keeping a Modulus.
mpz_class mulmod(const mpz_class& a, const mpz_class& b, const mpz_class& m,
                 Algorithm algorithm = Algorithm::automatic);
mpz_class powm(const mpz_class& b, const mpz_class& e, const mpz_class& m,
               Algorithm algorithm = Algorithm::automatic);

// Process-wide default thread count; n <= 0 restores the environment rule
// (PARMOD_NUM_THREADS, then OMP_NUM_THREADS, then the core count).
void set_num_threads(int n);
int get_num_threads();
// The rule itself: `requested` if > 0, else the process default.
int resolve_num_threads(int requested);

const char* version() noexcept;

}  // namespace parmod

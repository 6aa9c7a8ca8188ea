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
#include <vector>

namespace parmod {

// The modular multiplication algorithm.  automatic picks the fastest for the
// modulus size from the tuned table (`parmod tune`), and never fails on a
// nonzero modulus: even moduli go to an algorithm that takes them.
enum class Algorithm {
  automatic = 0,
  montgomery = 1,  // REDC (word-by-word or by products); odd moduli only
  barrett = 2,     // Barrett reduction; any modulus
  bipartite = 3,     // Kaihara-Takagi bipartite (PMR + PBR in parallel), R = beta^floor(n/2); odd moduli only
  multipartite = 4,  // multipartite, k chunks chosen per size and threads, R = beta^floor(n/2); odd moduli only
  montgomery52 = 5,  // Montgomery in radix 2^52 on AVX-512 IFMA, R = 2^(52 d), d = ceil((bits + 2) / 52);
                     // odd moduli of up to 52778 bits, CPUs with AVX-512 IFMA only
};

// "automatic", "montgomery", "barrett", "bipartite", "multipartite", "montgomery52".
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
struct FixedBaseState;
}
class Modulus;
namespace api {
const detail::ModulusState* state_of(const Modulus& m) noexcept;
}

class FixedBase;

// A modulus with everything precomputed: built once, immutable afterwards,
// safe to share between threads (scratch is per call and per thread).
// Copies are cheap and share the precomputed state.
class Modulus {
 public:
  // Throws DivisionByZero for m = 0, UnsupportedAlgorithm when `algorithm`
  // cannot take m, InvalidArgument for threads < 0.  threads 0: the default rule.
  explicit Modulus(const mpz_class& m, Algorithm algorithm = Algorithm::automatic, int threads = 0);

  const mpz_class& value() const noexcept;  // m as given (sign kept)
  // The algorithm of the modulus's representation (never automatic).  Under
  // automatic, mul runs on Barrett from the plain operands, and pow for moduli
  // of at most 512 bits on the fixed-size field kernels (odd, 4-8 limbs) or
  // GMP's mpz_powm, whatever this names.
  Algorithm algorithm() const noexcept;
  int threads() const noexcept;             // threads this modulus may use
  std::size_t limbs() const noexcept;       // limbs of |m|

  mpz_class mul(const mpz_class& a, const mpz_class& b) const;  // (a*b) % m
  mpz_class sqr(const mpz_class& a) const;                      // (a*a) % m
  mpz_class pow(const mpz_class& b, const mpz_class& e) const;  // pow(b, e, m)

  // prod(pow(bases[i], exps[i], m)) % m as one multi-exponentiation (Lim-Lee
  // with precomputation or interleaved windows, parallel chunks on the team;
  // see multiexp/).  Python semantics: bases reduced, negative exponents via
  // inverses (NotInvertible), pow(0, 0) = 1, an empty list gives 1 % m;
  // InvalidArgument for lists of different lengths.
  mpz_class multi_pow(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps) const;

  // b^e mod m for a secret exponent and base: fixed window, every table entry
  // read by a masked full scan, no branch or address depending on b or e (the
  // sizes of m and e are public).  Needs an odd m and e >= 0 (InvalidArgument
  // otherwise, as GMP's mpz_powm_sec); b should be in [0, |m|): reducing a
  // larger or negative b is not constant time.  Result sign as pow.
  mpz_class pow_sec(const mpz_class& b, const mpz_class& e) const;

  // [pow(bases[i], exps[i], m)], a list of length 1 standing for every i,
  // spread over this modulus's threads (the thread team).  Signs and inverses
  // are settled before any work starts (NotInvertible, InvalidArgument for
  // mismatched lengths); one base with four exponents or more uses a fixed-base table.
  std::vector<mpz_class> pow_list(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps) const;

  // A table for raising g to many exponents of up to max_exponent_bits bits
  // (0: the modulus size): one multiplication per w-bit window and no
  // squaring.  Longer exponents fall back to pow.
  FixedBase fixed_base(const mpz_class& g, std::size_t max_exponent_bits = 0) const;

  // The algorithm's internal representation, as OpenSSL's BN_to_montgomery /
  // BN_mod_mul_montgomery: x -> xR mod |m| with R = beta^n for montgomery
  // (beta = 2^64, n = limbs()), R = beta^floor(n/2) for bipartite and
  // multipartite, R = 2^(52 d) with d = ceil((bits + 2) / 52) for
  // montgomery52, and R = 1 for barrett.  to_mont reduces any
  // integer; mont_mul takes a, b in [0, |m|) and returns abR^-1 mod |m|;
  // from_mont takes a in [0, |m|).  Results are in [0, |m|).  Throws
  // InvalidArgument for operands out of range.
  mpz_class to_mont(const mpz_class& a) const;
  mpz_class mont_mul(const mpz_class& a, const mpz_class& b) const;
  mpz_class from_mont(const mpz_class& a) const;

 private:
  friend const detail::ModulusState* api::state_of(const Modulus& m) noexcept;
  std::shared_ptr<const detail::ModulusState> state_;
};

// Precomputed powers of one base modulo one modulus (Modulus::fixed_base).
class FixedBase {
 public:
  mpz_class pow(const mpz_class& e) const;  // pow(g, e, m), any integer e
  std::size_t max_exponent_bits() const noexcept;
  unsigned window() const noexcept;

 private:
  friend class Modulus;
  std::shared_ptr<const detail::FixedBaseState> state_;
};

// (a * b) % m and pow(b, e, m) without keeping a Modulus.
mpz_class mulmod(const mpz_class& a, const mpz_class& b, const mpz_class& m,
                 Algorithm algorithm = Algorithm::automatic);
mpz_class powm(const mpz_class& b, const mpz_class& e, const mpz_class& m,
               Algorithm algorithm = Algorithm::automatic);

// pow_sec without keeping a Modulus.
mpz_class powm_sec(const mpz_class& b, const mpz_class& e, const mpz_class& m);

// pow(b, e, f_1 f_2 ... f_k) for pairwise coprime factors f_i > 1 (RSA: p, q;
// Paillier: p^2, q^2): one exponentiation modulo each factor, recombined by
// Garner's CRT.  The factors' exponentiations run in parallel on the thread
// team.  For a factor that is prime (GMP's BPSW test, cached for the last 32
// factors seen, so repeated calls with one key pay it once) and a base prime
// to it, e is first reduced modulo f - 1.  Throws InvalidArgument for an
// empty list, a factor < 2 or factors that are not coprime.  Result in
// [0, prod f_i).
mpz_class powm_crt(const mpz_class& b, const mpz_class& e, const std::vector<mpz_class>& factors);

// gmpy2's powmod_base_list / powmod_exp_list: [pow(b, e, m) for b in bases],
// [pow(b, e, m) for e in exps], with one Modulus for the whole list.
std::vector<mpz_class> powm_base_list(const std::vector<mpz_class>& bases, const mpz_class& e, const mpz_class& m);
std::vector<mpz_class> powm_exp_list(const mpz_class& b, const std::vector<mpz_class>& exps, const mpz_class& m);
// [pow(bases[i], exps[i], m)], a list of length 1 standing for every i.  All
// three list calls settle signs and inverses first (errors are thrown before
// any work starts), then spread the items over the thread team.
std::vector<mpz_class> powm_list(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps,
                                 const mpz_class& m);

// Modulus(m).multi_pow(bases, exps): prod(pow(bases[i], exps[i], m)) % m.
mpz_class multi_powm(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps, const mpz_class& m);

// Lara et al.'s balanced exponent split: for an n-bit exponent and phi = M/S
// (a multiplication's time over a squaring's), the optimal number of factors k
// (eq. 18) and the partition points p_1 < ... < p_k = n (eq. 13).
struct PartitionPoints {
  unsigned k = 1;
  std::vector<double> points;
};
PartitionPoints partition_points(double n_bits, double phi);

// The reduction counts of the multipartite multiplication with k chunks per
// operand (Giorgi, Imbert, Izard 2011, section 3.3-3.4, with the errata of the
// papers' README applied).  k >= 1, else InvalidArgument.
struct MultipartiteCounts {
  int pmr_calls;               // Lemma 1: products with d_ij < 0, one PMR each
  int pbr_calls;               // Lemma 2 (corrected): the same number of PBR
  int first_pbr_weight;        // Lemma 2: the first i + j reduced by PBR, floor(3k/2) - 1
  int unreduced_products;      // Corollary 1: k^2 - 2 * Lemma 1
  int grouped_pmr_calls;       // Lemma 3: equal weights summed first, ceil(k/2)
  int grouped_pbr_calls;       // Lemma 3: ceil(k/2)
};
MultipartiteCounts multipartite_counts(int k);  // 2 <= k <= 32768, else InvalidArgument

// Process-wide default thread count; n <= 0 restores the environment rule
// (PARMOD_NUM_THREADS, then OMP_NUM_THREADS, then the core count).  n >= 2
// also wakes the thread team's idle workers (they spin for up to 1 ms), so
// that the next parallel call finds them running.
void set_num_threads(int n);
int get_num_threads();
// The rule itself: `requested` if > 0, else the process default.
int resolve_num_threads(int requested);

const char* version() noexcept;

// The integer product a * b (any signs), on up to `threads` threads (0: the
// default rule above).  Sequential GMP or a parallel split (Toom-3 with
// parallel point products, k1 x k2 blocks), chosen per size by the tuned
// thresholds (`parmod tune`).  Throws InvalidArgument for threads < 0.
mpz_class mul(const mpz_class& a, const mpz_class& b, int threads = 0);

}  // namespace parmod

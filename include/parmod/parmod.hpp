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
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "parmod/error.hpp"

namespace parmod {

// The modular multiplication algorithm: one enumerator per row of the table
// parmod/algorithms.def (name, value, odd moduli only, representation R,
// description).  automatic picks the fastest path for the modulus size, CPU
// and thread count from the tuning table, and never fails on a nonzero
// modulus: even moduli go to an algorithm that takes them.
enum class Algorithm {
#define PARMOD_ALGORITHM(name, c_suffix, value, odd_only, representation, factory, description) name = value,
#include "parmod/algorithms.def"
};

// A row of the algorithm table.
struct AlgorithmInfo {
  Algorithm algorithm;
  const char* name;            // "montgomery"
  const char* c_name;          // "PARMOD_MONTGOMERY"
  bool odd_only;               // needs an odd modulus
  const char* representation;  // R of x -> x R mod |m| ("beta^n"; beta = 2^64, n = limbs of |m|)
  const char* description;     // one line
};
// Every row, in enum order (automatic first).
std::span<const AlgorithmInfo> algorithms() noexcept;
// The row of a; throws InvalidArgument for a value outside the table.
const AlgorithmInfo& algorithm_info(Algorithm a);
// The names of every row joined as "automatic, montgomery, ... or montgomery52" (for messages).
std::string algorithm_names(const char* last_separator = " or ");
// The row's name ("unknown" for a value outside the table).
const char* algorithm_name(Algorithm a) noexcept;
// Parses a row's name ("auto" is accepted for automatic); throws
// InvalidArgument, naming every row, for an unknown name.
Algorithm algorithm_from_name(const std::string& name);

// Error codes and exceptions: parmod/error.hpp.

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

  // What runs for this modulus and why, as text: the algorithm and its
  // engine's choices (threads per product, multipartite k), how mul and pow
  // run, and the tuning-table keys that decided (docs/tuning.md); with an
  // exponent e != 0 also how pow(b, e) would run (exponent split or not).
  // The same text as `parmod explain`.
  std::string describe(const mpz_class& e = 0) const;

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
  // montgomery52, R = 2^(28 m) with m = 4 ceil((bits + 2) / 112) for
  // montgomery28, and R = 1 for barrett.  to_mont reduces any
  // integer; mont_mul takes a, b in [0, |m|) and returns abR^-1 mod |m|;
  // from_mont takes a in [0, |m|).  Results are in [0, |m|).  Throws
  // InvalidArgument for operands out of range.
  mpz_class to_mont(const mpz_class& a) const;
  mpz_class mont_mul(const mpz_class& a, const mpz_class& b) const;
  mpz_class from_mont(const mpz_class& a) const;

  // The same products on limb arrays, for callers that keep their operands
  // in the representation between products (as OpenSSL's
  // BN_mod_mul_montgomery works on preallocated BIGNUMs): no allocation, no
  // conversion and no range check per product.  An element is
  // element_limbs() 64-bit words, least significant first: limbs() words for
  // every algorithm except montgomery52, whose elements are its radix-2^52
  // digits, and montgomery28, whose elements are its radix-2^28 digits in
  // four shifted copies (on 32-byte boundaries they are read in place, else
  // copied per product).  to_mont_limbs writes the element of a R mod |m| (any integer
  // a); mont_mul_limbs sets r to the element of a b R^-1 mod |m| for
  // elements a and b made by to_mont_limbs or mont_mul_limbs (r may alias a
  // or b; scratch: mont_mul_scratch_limbs() words, not overlapping the
  // others); from_mont_limbs returns a R^-1 mod |m| in [0, |m|).
  std::size_t element_limbs() const noexcept;
  std::size_t mont_mul_scratch_limbs() const noexcept;
  void to_mont_limbs(mp_limb_t* r, const mpz_class& a) const;
  void mont_mul_limbs(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b, mp_limb_t* scratch) const noexcept;
  mpz_class from_mont_limbs(const mp_limb_t* a) const;

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

// pow(b, e, f_1 f_2 ... f_k) for pairwise coprime factors f_i > 1 (Paillier:
// p^2, q^2): one exponentiation modulo each factor, recombined by Garner's
// CRT.  VARIABLE TIME (sliding window, mpz arithmetic): not for private keys,
// use powm_sec_crt.  The factors' exponentiations run in parallel on the
// thread team.  When e has more than 6 times the bits of a factor, the
// factor is prime (GMP's BPSW test on every call: nothing is cached) and the
// base is prime to it, e is first reduced modulo f - 1.  Throws InvalidArgument for an
// empty list, a factor < 2 or factors that are not coprime.  Result in
// [0, prod f_i).
mpz_class powm_crt(const mpz_class& b, const mpz_class& e, const std::vector<mpz_class>& factors);

// pow(b, e, p q) for the secret primes p != q of an RSA private key (b the
// ciphertext or padded message, e the private exponent d): constant time in
// the values of b, e, p and q (the limb counts, the sign of b and whether e =
// 0 are public).  Each half runs a fixed-window exponentiation with masked
// table reads and constant-time Montgomery products (radix 2^52 on AVX-512
// IFMA, else GMP's mpn_sec functions), with e reduced mod p - 1 and q - 1;
// the halves run on two threads of the team; the Garner recombination and the
// Montgomery constants use GMP's mpn_sec functions; q^-1 mod p is taken by
// blinding (w = s q + t p mod pq for random s, t is a uniform unit, whose
// inverse GMP's ordinary mpz_invert may compute; random bytes from
// getrandom).  Nothing about the key is cached; buffers that held secrets are
// wiped before they are freed.  p and q must be prime (not checked: a
// primality test would take time depending on them): for composite factors the
// result is wrong.  No base blinding inside: the operation is constant time,
// and a caller that wants blinding as well multiplies b by r^e_pub first and
// the result by r^-1 (docs/security.md).  Throws InvalidArgument for e < 0,
// a factor that is even or < 3, p == q, or p and q not coprime.  Result in
// [0, p q).
mpz_class powm_sec_crt(const mpz_class& b, const mpz_class& e, const mpz_class& p, const mpz_class& q);

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

// The phi = M/S the library's exponent split balances with: the tuning key
// "powm.phi_percent" / 100 of the current tuning snapshot (docs/tuning.md;
// measured by `parmod tune`), never below 1.  For callers that split an
// exponent themselves (parmod_mpi) or model the split.
double exponent_split_phi();

// The integer bit boundaries 0 = b_0 < b_1 < ... < b_k' = bits of an exponent
// of `bits` bits cut into k' <= k factors (k lowered until the rounded points
// of eq. 13 are strictly increasing; k' = 1 for bits < 2): factor i is
// (g^(2^b_(i-1)))^(bits [b_(i-1), b_i) of e).  The points balance p_i squarings
// plus the factor's sliding-window multiplications at phi (the library's own
// split uses the same points; bits = 0 gives {0, 0}).  InvalidArgument for
// k < 1, phi <= 0 or not finite.
std::vector<std::size_t> exponent_split_boundaries(std::size_t bits, unsigned k, double phi);

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

// The list schedule of one bipartite or multipartite product (the same
// paper, section 4): its task graph as the library builds it for a modulus of
// `bits` bits, list-scheduled onto `threads` threads (critical path first,
// earliest start), as `parmod schedule` prints it.  Costs are nanoseconds from
// the measured cost table (`parmod tune`, else built-in defaults) or, with
// model_costs, the paper's quadratic model M(m, n) = m n (in limb products).
// k: chunks per operand of multipartite, 0 for the k the library would
// choose for (limbs, threads).  square: multipartite's squaring graph.
// InvalidArgument for bits = 0, threads < 1, an algorithm other than
// bipartite or multipartite, k outside 2..16, or k or square with bipartite.
struct ScheduledTask {
  std::string name;   // "A0B1" (a partial product), "Qm(l=0)" (a Q-value), ...
  int thread;         // 0 .. threads-1
  double start, finish, cost;
};
struct ProductSchedule {
  Algorithm algorithm;
  std::size_t limbs;    // n
  std::size_t r_limbs;  // h: the representation is R = beta^h
  int k;                // multipartite: chunks per operand; bipartite: 0
  bool square;
  int threads;
  std::vector<ScheduledTask> tasks;  // in schedule order
  double makespan, sequential_total, critical_path;
  std::string plan;  // the plan's chunks, products and reduction groups, as text
};
ProductSchedule product_schedule(std::size_t bits, Algorithm algorithm, int threads, int k = 0, bool square = false,
                                 bool model_costs = false);

// Process-wide default thread count; n <= 0 restores the environment rule
// (PARMOD_NUM_THREADS, then OMP_NUM_THREADS, then the CPUs this process may use).  n >= 2
// also wakes the thread team's idle workers (they spin for up to 1 ms), so
// that the next parallel call finds them running.
void set_num_threads(int n);
int get_num_threads();
// The rule itself: `requested` if > 0, else the process default.
int resolve_num_threads(int requested);

// Runs task(context, i) for every i in [0, count) on up to `threads`
// threads (0: the rule above) of parmod's thread team, the calling thread
// included, and returns when all have run: for callers with independent work
// of their own (the CLI's `batch` lines) on the threads parmod already
// keeps.  No thread is started per call.  The indices are cut into at most
// 96 contiguous ranges, each run by one thread in increasing order.  Called
// from inside a task, or while another caller runs on the team, the tasks
// run on the calling thread.  InvalidArgument for threads < 0.
using ParallelTask = void (*)(void* context, std::size_t index) noexcept;
void parallel_for(std::size_t count, int threads, ParallelTask task, void* context);

const char* version() noexcept;

// The processor and the kernels parmod runs on it, one "name: value" line
// each: "cpu:" (brand string, vendor, family and model as CPUID gives them,
// the family name that picks the tuning row, the CPUs of this process),
// "AVX-512 IFMA:" (in use or not, and why not when PARMOD_NO_IFMA is set),
// "mulx/adcx/adox:" (whether the register-window Montgomery and row product
// kernels run, and from/up to which size), "GMP:" (the linked libgmp's
// version) and "tuning:" (the tuning row and file in use).  For benchmark
// headers and bug reports; the wording may change between versions.
std::string describe_cpu();

// The integer product a * b (any signs), on up to `threads` threads (0: the
// default rule above).  Sequential GMP or a parallel split (Toom-3 with
// parallel point products, k1 x k2 blocks), chosen per size by the tuned
// thresholds (`parmod tune`).  Throws InvalidArgument for threads < 0.
mpz_class mul(const mpz_class& a, const mpz_class& b, int threads = 0);

}  // namespace parmod

// api/plan.hpp - the one decision point: what runs for a modulus.
//
// A ModulusPlan is chosen once per (modulus, requested algorithm, thread
// count) from the algorithm table (api/algorithm_table) and the tuning table
// (api/algorithm_choice reads its keys): which engine represents residues and
// with which options (threads per product, multipartite k), how Modulus::mul
// forms a plain product, and how pow runs (GMP's mpz_powm, the fixed-size
// field kernels, the split P = 2^s m' for even moduli, or the engine's sliding
// window with the exponent split from a tuned exponent length).  Modulus, the
// free functions (powm, mulmod), the C API, Python and the CLI's batch all go
// through it; `parmod explain` and Modulus::describe print it.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <string>
#include <vector>

#include "api/algorithm_choice.hpp"
#include "modmul/engine.hpp"
#include "parmod/parmod.hpp"

namespace parmod::api {

// How pow runs.
enum class PowPath {
  engine,         // sliding window on the plan's engine; the exponent split on the team per split_min_bits
  even_split,     // P = 2^s m' (powm/even_modulus_powm): m' on even_odd_algorithm's engine
  field_kernels,  // odd P of a few limbs on the fixed-size field kernels (api/small_odd_pow)
  gmp,            // GMP's mpz_powm
};
const char* pow_path_name(PowPath p) noexcept;

// A tuning-table key that took part in a decision, its value and what it decided.
struct TuningUse {
  std::string key;
  std::string value;
  std::string effect;
};

struct ModulusPlan {
  Algorithm requested = Algorithm::automatic;
  Algorithm algorithm = Algorithm::barrett;  // the row whose engine holds the representation (never automatic)
  int threads = 1;                           // threads the modulus may use
  modmul::EngineOptions engine_options;     // for the row's factory
  // Modulus::mul: under automatic a b mod P by Barrett from the plain operands
  // (plain_product_threads > 0: on that many threads), else one conversion
  // into the engine's representation and a product there (0).
  int plain_product_threads = 0;
  PowPath pow = PowPath::engine;
  Algorithm even_odd_algorithm = Algorithm::montgomery;  // m' of an even P (PowPath::even_split)
  // The row whose engine runs multi_pow: `algorithm`, except under automatic
  // on two threads or more modulo an odd P of at least
  // multi_pow.sequential_engine_min_limbs limbs, where it is the one-thread
  // choice (modmul.odd) and the multi-exponentiation's chunks, not its
  // products, use the threads.
  Algorithm multi_pow_algorithm = Algorithm::barrett;
  // Under automatic on two threads or more, an odd P with PowPath::engine
  // and powm.square_chain_min_bits > 0, up to powm.square_chain_max_limbs
  // limbs: pow with an exponent of at least square_chain_min_bits bits runs
  // the squaring chain beside the digit products (powm/square_chain_powm) on
  // chain_algorithm's engine, pow's one-thread choice
  // (api::choose_pow_algorithm) with sequential products.
  bool square_chain = false;
  Algorithm chain_algorithm = Algorithm::barrett;
  // The row whose engine runs pow's window: `algorithm`, except under
  // automatic modulo an odd P with PowPath::engine on one thread, or on two
  // threads or more up to powm.sequential_engine_max_limbs limbs, where it is
  // api::choose_pow_algorithm (powm.montgomery28_min_limbs).
  Algorithm pow_algorithm = Algorithm::barrett;
  // On two threads or more up to powm.sequential_engine_max_limbs: pow's
  // window runs on pow_algorithm's engine with sequential products (the
  // exponent split and the squaring chain still take the threads).
  bool pow_sequential = false;
};

// The threads of each product in pow's window under plan p, whose modulus
// engine splits its products over `bound_product_threads` threads.
inline int pow_product_threads(const ModulusPlan& p, int bound_product_threads) {
  return p.pow_sequential ? 1 : bound_product_threads;
}

// The plan for P > 0 under `requested` on `threads` threads (>= 1).  Throws
// UnsupportedAlgorithm with the row's reason when the requested row cannot
// take P.  No allocation beyond `uses`: it records, when given, the tuning
// keys that decided and what they decided (for describe).
ModulusPlan plan_modulus(const mpz_class& P, Algorithm requested, int threads, std::vector<TuningUse>* uses = nullptr);

// How pow runs an exponent of `exponent_bits` bits under plan p, for an
// engine (of the modulus, or of m' under PowPath::even_split) whose products
// use product_threads threads: the squaring chain where p.square_chain and
// the exponent is long enough (while the team is healthy; below
// powm.square_chain_asleep_min_bits only while the worker is awake: else it
// wakes the worker and runs the window), else
// api::choose_powm_plan's rule (tuning key powm.split_min_bits,
// powm.phi_percent).
PowmPlan pow_split(const ModulusPlan& p, std::size_t exponent_bits, int product_threads);

// A readable account of the plan for P: the algorithm and engine detail, the
// paths of mul and pow, the tuning keys that decided; `exponent_bits` > 0 adds
// the decision for one exponent.  bound: the engine the plan's row bound to P.
std::string describe_plan(const mpz_class& P, const ModulusPlan& p, const std::vector<TuningUse>& uses,
                          const modmul::BoundEngine& bound, std::size_t exponent_bits = 0);

}  // namespace parmod::api

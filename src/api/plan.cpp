// api/plan.cpp - the one decision point (see plan.hpp).
#include "api/plan.hpp"

#include <sstream>

#include "api/algorithm_table.hpp"
#include "api/small_odd_pow.hpp"
#include "config/tuning.hpp"
#include "modmul/parallel_classic.hpp"
#include "runtime/team.hpp"

namespace parmod::api {
namespace {

// The value of a tuning key in the current snapshot, as a file writes it.
std::string tuning_text(const char* key) { return config::format_tuning_value(config::tuning(), key); }

struct Recorder {
  std::vector<TuningUse>* uses;
  void operator()(const char* key, std::string effect) const {
    if (uses) uses->push_back({key, tuning_text(key), std::move(effect)});
  }
};

// Whether plan p runs an exponent of `bits` bits by the squaring chain when
// the team is healthy.
bool chain_length(const ModulusPlan& p, std::size_t bits) {
  return p.square_chain && p.pow == PowPath::engine && bits >= config::tuning().powm_square_chain_min_bits;
}

// False when the worker sleeps and the exponent is below
// powm.square_chain_asleep_min_bits: the call would be over (or nearly) before
// the worker runs, so it runs the window and wakes the worker for the next.
bool chain_worth_waking(std::size_t bits) {
  const std::size_t asleep_min = config::tuning().powm_square_chain_asleep_min_bits;
  if (asleep_min == 0 || bits >= asleep_min || !runtime::team_likely_asleep(2)) return true;
  runtime::prewake(2);
  return false;
}

}  // namespace

const char* pow_path_name(PowPath p) noexcept {
  switch (p) {
    case PowPath::engine: return "sliding window on the engine";
    case PowPath::even_split: return "split P = 2^s m' (even modulus)";
    case PowPath::field_kernels: return "fixed-size field kernels";
    case PowPath::gmp: return "GMP mpz_powm";
  }
  return "unknown";
}

ModulusPlan plan_modulus(const mpz_class& P, Algorithm requested, int threads, std::vector<TuningUse>* uses) {
  const Recorder use{uses};
  ModulusPlan p;
  p.requested = requested;
  p.threads = threads;
  p.engine_options.threads = threads;
  const std::size_t n = mpz_size(P.get_mpz_t());
  const bool odd = mpz_odd_p(P.get_mpz_t()) != 0;
  if (requested != Algorithm::automatic) {
    if (const char* why = algorithm_rejects(requested, P)) throw UnsupportedAlgorithm(why);
    p.algorithm = p.multi_pow_algorithm = p.pow_algorithm = requested;
    return p;
  }
  p.algorithm = p.multi_pow_algorithm = p.pow_algorithm = choose_algorithm(n, odd, threads);
  if (odd) use(threads >= 2 ? "modmul.odd.parallel" : "modmul.odd", std::string(algorithm_name(p.algorithm)) +
                                                                            " for " + std::to_string(n) + " limbs");
  else if (uses) uses->push_back({"(none)", "", "even modulus: barrett, the one algorithm that takes it"});
  if (odd && threads >= 2) {
    const std::size_t min_limbs = config::tuning().multi_pow_sequential_engine_min_limbs;
    if (min_limbs > 0 && n >= min_limbs) {
      p.multi_pow_algorithm = choose_algorithm(n, true, 1);
      use("multi_pow.sequential_engine_min_limbs", "multi_pow on " + std::string(algorithm_name(p.multi_pow_algorithm)) +
                                                       " (modmul.odd), its chunks on the threads");
    }
  }
  p.plain_product_threads = modmul::parallel_products_pay(n, threads) ? threads : 1;
  if (threads >= 2) {
    use("mul.par_min", p.plain_product_threads > 1 ? "products split over the threads" : "sequential products");
    use("modmul.split_min_limbs", "Montgomery and Barrett products split from this size (0: from mul.par_min)");
    use("team.slow_link_check", "while the team's link is slow, pow and split products run the faster of their "
                                "plan and one thread, by measurement (1: on)");
  }
  if (small_odd_pow_pays(n, odd)) {
    p.pow = PowPath::field_kernels;
    use("powm.field_min_limbs", "odd moduli from this size: pow on the field kernels");
    use("powm.field_max_limbs", "up to this size");
  } else if (gmp_powm_pays(n)) {
    p.pow = PowPath::gmp;
    use("powm.gmp_below_limbs", "pow by mpz_powm below it");
  } else if (!odd && even_split_pays(n)) {
    p.pow = PowPath::even_split;
    use("powm.even_split_min_limbs", "even modulus: pow by the split P = 2^s m'");
    const std::size_t odd_limbs = (mpz_sizeinbase(P.get_mpz_t(), 2) - mpz_scan1(P.get_mpz_t(), 0) + 63) / 64;
    if (odd_limbs > 0 && choose_algorithm(odd_limbs, true, threads) == Algorithm::montgomery52) {
      mpz_class m_odd;
      mpz_tdiv_q_2exp(m_odd.get_mpz_t(), P.get_mpz_t(), mpz_scan1(P.get_mpz_t(), 0));
      if (!algorithm_rejects(Algorithm::montgomery52, m_odd)) p.even_odd_algorithm = Algorithm::montgomery52;
    }
    use(threads >= 2 ? "modmul.odd.parallel" : "modmul.odd",
        std::string(algorithm_name(p.even_odd_algorithm)) + " for m' of " + std::to_string(odd_limbs) + " limbs");
  }
  if (p.pow == PowPath::engine && odd && threads == 1) {
    p.pow_algorithm = choose_pow_algorithm(n);
    if (p.pow_algorithm != p.algorithm) {
      use("powm.montgomery28_min_limbs", "pow from this size on montgomery28, below on montgomery: here on " +
                                             std::string(algorithm_name(p.pow_algorithm)));
      use("powm.montgomery28_max_limbs", "and up to this size");
    }
  }
  if (p.pow == PowPath::engine && odd && threads >= 2 && n <= config::tuning().powm_sequential_engine_max_limbs) {
    p.pow_algorithm = choose_pow_algorithm(n);
    p.pow_sequential = true;
    use("powm.sequential_engine_max_limbs", "pow's window up to this size on " +
                                                std::string(algorithm_name(p.pow_algorithm)) +
                                                " with sequential products");
  }
  if (p.pow == PowPath::engine && odd && threads >= 2 && square_chain_pays(n)) {
    p.square_chain = true;
    p.chain_algorithm = choose_pow_algorithm(n);
    if (p.chain_algorithm != choose_algorithm(n, true, 1)) {
      use("powm.montgomery28_min_limbs", "the chain from this size on montgomery28, below on montgomery");
      use("powm.montgomery28_max_limbs", "and up to this size");
    }
    use("powm.square_chain_min_bits", "pow from this exponent length: a squaring chain beside the digit products");
    use("powm.square_chain_max_limbs", "up to this size, on " + std::string(algorithm_name(p.chain_algorithm)) +
                                           " with sequential products");
    use("powm.square_chain_asleep_min_bits", "shorter exponents run the window when the worker sleeps");
  }
  return p;
}

PowmPlan pow_split(const ModulusPlan& p, std::size_t exponent_bits, int product_threads) {
  if (chain_length(p, exponent_bits) && runtime::team_worth_planning(0.5) && chain_worth_waking(exponent_bits)) {
    PowmPlan chain;
    chain.square_chain = true;
    return chain;
  }
  const Algorithm a = p.pow == PowPath::even_split ? p.even_odd_algorithm : p.pow_algorithm;
  return choose_powm_plan(0, exponent_bits, p.threads, a, product_threads > 1);
}

std::string describe_plan(const mpz_class& P, const ModulusPlan& p, const std::vector<TuningUse>& uses,
                          const modmul::BoundEngine& bound, std::size_t exponent_bits) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2), n = mpz_size(P.get_mpz_t());
  o << "modulus: " << bits << " bits, " << n << " limbs, " << (mpz_odd_p(P.get_mpz_t()) ? "odd" : "even") << "; "
    << p.threads << (p.threads == 1 ? " thread" : " threads") << "\n";
  o << "algorithm: " << algorithm_name(p.algorithm);
  if (p.requested == Algorithm::automatic) o << " (chosen by automatic)";
  o << "; " << bound.detail << "\n";
  o << "mul: "
    << (p.plain_product_threads > 0
            ? "Barrett from the plain operands" +
                  (p.plain_product_threads > 1 ? ", split over " + std::to_string(p.plain_product_threads) + " threads"
                                               : std::string())
            : "one conversion and a product in " + std::string(algorithm_name(p.algorithm)) + "'s representation")
    << "\n";
  o << "pow: " << pow_path_name(p.pow);
  if (p.pow == PowPath::even_split) o << ", m' on " << algorithm_name(p.even_odd_algorithm);
  if (p.pow_algorithm != p.algorithm || p.pow_sequential)
    o << ", on " << algorithm_name(p.pow_algorithm) << (p.pow_sequential ? " with sequential products" : "");
  o << "\n";
  if (p.multi_pow_algorithm != p.algorithm)
    o << "multi_pow: on " << algorithm_name(p.multi_pow_algorithm) << ", the chunks of its plan on the threads\n";
  if (exponent_bits > 0 && (p.pow == PowPath::engine || p.pow == PowPath::even_split)) {
    const PowmPlan split =
        pow_split(p, exponent_bits, p.pow == PowPath::even_split ? 1 : pow_product_threads(p, bound.product_threads));
    o << "pow with a " << exponent_bits << "-bit exponent: "
      << (chain_length(p, exponent_bits) ? "a squaring chain beside the digit products on two threads, on " +
                                               std::string(algorithm_name(p.chain_algorithm)) +
                                               " (while the team is healthy" +
                                               (exponent_bits < config::tuning().powm_square_chain_asleep_min_bits
                                                    ? std::string(" and its worker awake)")
                                                    : std::string(")"))
          : split.split_threads > 1 ? "exponent split over " + std::to_string(split.split_threads) + " threads" +
                                          " (phi " + std::to_string(split.phi).substr(0, 4) + ")"
                                    : std::string("one sliding window"))
      << "\n";
  }
  o << "tuning keys:\n";
  for (const TuningUse& u : uses) {
    if (u.key == "(none)")
      o << "  " << u.effect << "\n";
    else
      o << "  " << u.key << " = " << u.value << ": " << u.effect << "\n";
  }
  if (p.threads >= 2 && (p.pow == PowPath::engine || p.pow == PowPath::even_split))
    o << "  powm.split_min_bits = " << tuning_text("powm.split_min_bits")
      << ": exponents from this length split over the threads (0: never)\n";
  const config::Tuning& t = config::tuning();
  o << "tuning: the " << t.row << " row of this CPU's family"
    << (t.file.empty() ? " (no tuning file)" : ", then the file " + t.file) << "\n";
  return o.str();
}

}  // namespace parmod::api

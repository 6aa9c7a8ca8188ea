#include "api/algorithm_choice.hpp"

#include <vector>

#include "config/tuning.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
#include "runtime/team.hpp"

namespace parmod::api {

bool parse_size_table(const std::string& text, std::vector<std::pair<std::size_t, Algorithm>>* out) {
  config::Tuning t;
  out->clear();
  if (!config::set_tuning_value(t, "modmul.odd", text).empty()) return false;
  *out = t.modmul_odd;
  return true;
}

PowmPlan choose_powm_plan(std::size_t, std::size_t bits, int threads, Algorithm algorithm, bool products_split) {
  const config::Tuning& tuning = config::tuning();
  const std::size_t split_min_bits = tuning.powm_split_min_bits;
  PowmPlan plan;
  plan.phi = static_cast<double>(tuning.powm_phi_percent) / 100.0;
  const bool parallel_products =
      products_split || algorithm == Algorithm::bipartite || algorithm == Algorithm::multipartite;
  // Not while the team is busy or unhealthy (a partner that stalls mid-factor
  // makes the split slower than the sequential window), probing one call in eight.
  if (threads >= 2 && !parallel_products && split_min_bits > 0 && bits >= split_min_bits &&
      runtime::team_worth_planning(0.5))
    plan.split_threads = threads;
  return plan;
}

double phi_for(const modmul::Engine& engine) {
  if (engine.square_is_product) return 1.0;
  const double tuned = static_cast<double>(config::tuning().powm_phi_percent) / 100.0;  // > 0
  return tuned >= 1.0 ? tuned : 1.0;
}

bool gmp_powm_pays(std::size_t n) {
  return n < config::tuning().powm_gmp_below_limbs;  // 0: never
}

bool square_chain_pays(std::size_t n) {
  const config::Tuning& t = config::tuning();
  return t.powm_square_chain_min_bits > 0 && n <= t.powm_square_chain_max_limbs;
}

bool even_split_pays(std::size_t n) {
  const std::size_t min_limbs = config::tuning().powm_even_split_min_limbs;
  return min_limbs > 0 && n >= min_limbs;
}

namespace {

Algorithm lookup(const std::vector<std::pair<std::size_t, Algorithm>>& table, std::size_t n) {
  for (const auto& [limbs, algorithm] : table)
    if (n <= limbs) return algorithm;
  return table.back().second;
}

}  // namespace

Algorithm choose_algorithm(std::size_t n, bool odd, int threads) {
  if (!odd) return Algorithm::barrett;
  const config::Tuning& t = config::tuning();
  const Algorithm a = lookup(threads >= 2 ? t.modmul_odd_parallel : t.modmul_odd, n);
  // A table tuned elsewhere may name montgomery52 where this CPU lacks it.
  if (a == Algorithm::montgomery52 && !modmul::montgomery52_available(n * kLimbBits)) return Algorithm::montgomery;
  // Or montgomery28 where this CPU lacks AVX2 or a P of n limbs may exceed its kMontgomery28MaxBits.
  if (a == Algorithm::montgomery28 && !modmul::montgomery28_available(n * kLimbBits)) return Algorithm::montgomery;
  return a;
}

Algorithm choose_pow_algorithm(std::size_t n) {
  const Algorithm a = choose_algorithm(n, true, 1);
  const config::Tuning& t = config::tuning();
  const std::size_t from = t.powm_montgomery28_min_limbs;
  if (from == 0 || (a != Algorithm::montgomery && a != Algorithm::montgomery28)) return a;
  return n >= from && n <= t.powm_montgomery28_max_limbs && modmul::montgomery28_available(n * kLimbBits)
             ? Algorithm::montgomery28
             : Algorithm::montgomery;
}

}  // namespace parmod::api

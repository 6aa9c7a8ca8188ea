#include "api/algorithm_choice.hpp"

#include <mutex>
#include <sstream>
#include <vector>

#include "config/tuning_table.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "runtime/team.hpp"

namespace parmod::api {

bool parse_size_table(const std::string& text, std::vector<std::pair<std::size_t, Algorithm>>* out) {
  std::istringstream in(text);
  std::string item;
  out->clear();
  while (in >> item) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) return false;
    char* end = nullptr;
    const unsigned long limbs = std::strtoul(item.c_str(), &end, 10);
    if (end != item.c_str() + colon) return false;
    try {
      const Algorithm a = algorithm_from_name(item.substr(colon + 1));
      if (a == Algorithm::automatic) return false;
      out->emplace_back(limbs, a);
    } catch (const Error&) {
      return false;
    }
  }
  return !out->empty();
}

void apply_tuning_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    const long t = config::tuning_integer("redc_products_threshold", -1);
    if (t > 0) modmul::set_redc_products_threshold(static_cast<std::size_t>(t));

  });
}

PowmPlan choose_powm_plan(std::size_t, std::size_t bits, int threads, Algorithm algorithm, bool products_split) {
  static const long split_min_bits = config::tuning_integer("powm.split_min_bits", 8192);
  static const double phi = static_cast<double>(config::tuning_integer("powm.phi_percent", 130)) / 100.0;
  PowmPlan plan;
  plan.phi = phi > 0 ? phi : 1.3;
  const bool parallel_products =
      products_split || algorithm == Algorithm::bipartite || algorithm == Algorithm::multipartite;
  // Not while the team is busy or unhealthy (a partner that stalls mid-factor
  // makes the split slower than the sequential window), probing one call in eight.
  if (threads >= 2 && !parallel_products && split_min_bits > 0 && bits >= static_cast<std::size_t>(split_min_bits) &&
      runtime::team_worth_planning(0.5))
    plan.split_threads = threads;
  return plan;
}

double phi_for(const modmul::Engine& engine) {
  if (engine.square_is_product) return 1.0;
  static const double tuned = static_cast<double>(config::tuning_integer("powm.phi_percent", 130)) / 100.0;
  return tuned >= 1.0 ? tuned : tuned > 0 ? 1.0 : 1.3;
}

bool gmp_powm_pays(std::size_t n) {
  static const long below = config::tuning_integer("powm.gmp_below_limbs", 9);
  return below > 0 && n < static_cast<std::size_t>(below);
}

bool even_split_pays(std::size_t n) {
  static const long min_limbs = config::tuning_integer("powm.even_split_min_limbs", 1);
  return min_limbs > 0 && n >= static_cast<std::size_t>(min_limbs);
}

namespace {

// montgomery52 (AVX-512 IFMA) from 9 to 640 limbs (513 to 40960 bits), where
// it measured faster than montgomery (whose products also run on IFMA);
// montgomery elsewhere.  Zen 4, 2026-11-24, pow with 1024-bit exponents,
// medians of 7 interleaved rounds, T = 1 (T = 2 alike): 32768 bits 74.1 vs
// 84.5 ms, 40960 bits 112.9 vs 120.9, 45056 bits 136.1 vs 140.0, 49152
// bits 161.1 vs 157.4; at the low end, full-length exponents, medians of 9
// rounds (pow at 8 limbs and below runs on the field kernels or GMP, see
// gmp_powm_pays): 576 bits 60.3 us vs montgomery 70.7 (mpz_powm 63.4), 640
// bits 70.2 vs 90.6, 704 bits 81.7 vs 116.3 (mpz_powm 114.8).
constexpr const char* kBuiltinOddTable = "8:montgomery 640:montgomery52 18446744073709551615:montgomery";

std::vector<std::pair<std::size_t, Algorithm>> size_table(const char* key, const char* builtin) {
  std::vector<std::pair<std::size_t, Algorithm>> t;
  const auto v = config::tuning_value(key);
  if (!v || !parse_size_table(*v, &t)) parse_size_table(builtin, &t);
  return t;
}

Algorithm lookup(const std::vector<std::pair<std::size_t, Algorithm>>& table, std::size_t n) {
  for (const auto& [limbs, algorithm] : table)
    if (n <= limbs) return algorithm;
  return table.back().second;
}

}  // namespace

Algorithm choose_algorithm(std::size_t n, bool odd, int threads) {
  if (!odd) return Algorithm::barrett;
  static const auto sequential = size_table("modmul.odd", kBuiltinOddTable);
  static const auto parallel = size_table("modmul.odd.parallel", kBuiltinOddTable);
  const Algorithm a = lookup(threads >= 2 ? parallel : sequential, n);
  // A table tuned elsewhere may name montgomery52 where this CPU lacks it.
  if (a == Algorithm::montgomery52 && !modmul::montgomery52_available(n * kLimbBits)) return Algorithm::montgomery;
  return a;
}

}  // namespace parmod::api

#include "runtime/cost_table.hpp"

#include <gmp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <sstream>
#include <string>

#include "config/tuning_table.hpp"


namespace parmod::runtime {
namespace {

// Built-in defaults: mpn_mul_n on an AMD EPYC (this project's CI machine), ns.
CostTable::Points default_points() {
  CostTable::Points p;
  p.sizes = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
  p.square_ns = {6, 9, 18, 45, 140, 450, 1350, 3900, 11500, 32000, 88000, 235000, 580000, 1350000};
  p.add_ns_per_limb = 0.3;
  p.mullo_ratio = 0.65;
  return p;
}

std::mutex g_mutex;

// The table `parmod tune` stored (keys "costs.mul_ns": "s:ns,s:ns,...",
// "costs.add_ns_per_limb"), else the built-in defaults.
CostTable::Points stored_or_default_points() {
  CostTable::Points p = default_points();
  if (auto v = config::tuning_value("costs.mul_ns")) {
    CostTable::Points q = p;
    q.sizes.clear();
    q.square_ns.clear();
    std::istringstream in(*v);
    std::string item;
    while (std::getline(in, item, ',')) {
      const auto colon = item.find(':');
      if (colon == std::string::npos) break;
      q.sizes.push_back(std::stoul(item.substr(0, colon)));
      q.square_ns.push_back(std::stod(item.substr(colon + 1)));
    }
    if (q.sizes.size() >= 2 && std::is_sorted(q.sizes.begin(), q.sizes.end())) p = q;
  }
  if (auto v = config::tuning_value("costs.add_ns_per_limb")) p.add_ns_per_limb = std::atof(v->c_str());
  return p;
}

CostTable::Points& global_points() {
  static CostTable::Points p = stored_or_default_points();
  return p;
}

double elapsed_ns(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::nano>(b - a).count();
}

}  // namespace

CostTable CostTable::quadratic() { return CostTable{}; }

CostTable CostTable::measured() {
  CostTable t;
  t.model_ = false;
  std::lock_guard<std::mutex> lock(g_mutex);
  t.pts_ = global_points();
  return t;
}

void set_measured_costs(const CostTable::Points& p) {
  if (p.sizes.empty() || p.sizes.size() != p.square_ns.size()) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  global_points() = p;
}

double CostTable::square(std::size_t s) const noexcept {
  const auto& z = pts_.sizes;
  const auto& y = pts_.square_ns;
  if (s <= z.front()) return y.front() * static_cast<double>(s) / static_cast<double>(z.front());
  if (s >= z.back()) {  // extrapolate with the last slope (log-log)
    const std::size_t k = z.size() - 1;
    const double e = std::log(y[k] / y[k - 1]) / std::log(static_cast<double>(z[k]) / static_cast<double>(z[k - 1]));
    return y[k] * std::pow(static_cast<double>(s) / static_cast<double>(z[k]), e);
  }
  const std::size_t k = static_cast<std::size_t>(std::upper_bound(z.begin(), z.end(), s) - z.begin());
  const double x0 = std::log(static_cast<double>(z[k - 1])), x1 = std::log(static_cast<double>(z[k]));
  const double f = (std::log(static_cast<double>(s)) - x0) / (x1 - x0);
  return std::exp(std::log(y[k - 1]) + f * (std::log(y[k]) - std::log(y[k - 1])));
}

double CostTable::mul(std::size_t m, std::size_t n) const noexcept {
  if (m == 0 || n == 0) return 0;
  if (model_) return static_cast<double>(m) * static_cast<double>(n);
  if (m > n) std::swap(m, n);
  // An unbalanced m x n product costs about n/m balanced m x m ones (GMP's toom splits).
  return square(m) * static_cast<double>(n) / static_cast<double>(m);
}

double CostTable::mullo(std::size_t n) const noexcept {
  if (model_) return static_cast<double>(n) * static_cast<double>(n);
  return pts_.mullo_ratio * square(n);
}

double CostTable::add(std::size_t n) const noexcept {
  if (model_) return 0;
  return pts_.add_ns_per_limb * static_cast<double>(n);
}

std::string format_cost_points(const CostTable::Points& p) {
  std::ostringstream o;
  for (std::size_t i = 0; i < p.sizes.size(); ++i) o << (i ? "," : "") << p.sizes[i] << ':' << p.square_ns[i];
  return o.str();
}

CostTable::Points measure_costs() {
  CostTable::Points p = default_points();
  const std::size_t maxn = p.sizes.back();
  std::vector<mp_limb_t> a(maxn), b(maxn), r(2 * maxn);
  for (std::size_t i = 0; i < maxn; ++i) {
    a[i] = 0x9e3779b97f4a7c15ULL * (i + 1);
    b[i] = 0xc2b2ae3d27d4eb4fULL * (i + 7);
  }
  auto time_it = [](auto&& f, std::size_t reps) {
    double best = 1e300;
    for (int round = 0; round < 5; ++round) {
      const auto t0 = std::chrono::steady_clock::now();
      for (std::size_t i = 0; i < reps; ++i) f();
      const auto t1 = std::chrono::steady_clock::now();
      best = std::min(best, elapsed_ns(t0, t1) / static_cast<double>(reps));
    }
    return best;
  };
  for (std::size_t k = 0; k < p.sizes.size(); ++k) {
    const std::size_t s = p.sizes[k];
    const std::size_t reps = std::max<std::size_t>(1, 2000000 / (s * s + 64));
    p.square_ns[k] = time_it([&] { mpn_mul_n(r.data(), a.data(), b.data(), static_cast<mp_size_t>(s)); }, reps);
  }
  {
    const std::size_t s = 256;
    (void)s;  // mullo/mul keeps its default: the runtime layer does not call the limb layer
    const double add = time_it([&] { mpn_add_n(r.data(), a.data(), b.data(), 4096); }, 2000);
    p.add_ns_per_limb = add / 4096.0;
  }
  return p;
}

}  // namespace parmod::runtime

#include "runtime/cost_table.hpp"

#include <algorithm>
#include <cmath>

#include "config/tuning.hpp"

namespace parmod::runtime {
namespace {

// The tuning keys costs.mul_ns and costs.add_ns_per_limb.
CostTable::Points tuned_points() {
  const config::Tuning& t = config::tuning();
  CostTable::Points p;
  for (const config::CostPoint& c : t.costs_mul_ns) {
    p.sizes.push_back(c.limbs);
    p.square_ns.push_back(c.ns);
  }
  p.add_ns_per_limb = t.costs_add_ns_per_limb;
  return p;
}

}  // namespace

CostTable CostTable::quadratic() { return CostTable{}; }

CostTable CostTable::measured() {
  CostTable t;
  t.model_ = false;
  t.pts_ = tuned_points();
  return t;
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

}  // namespace parmod::runtime

// limbs/mul_cost.hpp - the planner's estimate of M(m, n), for task costs.
//
// Contract: a rough nanosecond estimate of GMP's mpn_mul on m x n limbs
// (m >= n >= 1) on a ~3 GHz x86-64: quadratic below ~30 limbs, then the
// Toom range, modelled as m * n^0.5 with a constant fitted to this machine's
// mpn_mul_n timings (M(1024) ~ 100 us).  Used only to label and order
// tasks in printed schedules; the automatic choice uses measured thresholds.
#pragma once

#include <cmath>
#include <cstddef>

namespace parmod::limbs {

inline double mul_cost_estimate(std::size_t m, std::size_t n) noexcept {
  if (m < n) {
    std::size_t t = m;
    m = n;
    n = t;
  }
  if (n == 0) return 0;
  double q = 0.45 * double(m) * double(n) / (n < 30 ? 1.0 : std::sqrt(double(n) / 30.0));
  return q;
}

}  // namespace parmod::limbs

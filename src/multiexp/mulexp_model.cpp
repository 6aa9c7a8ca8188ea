#include "multiexp/mulexp_model.hpp"

#include <algorithm>
#include <cmath>

namespace parmod::multiexp {

std::size_t group_start(std::size_t n, std::size_t k, std::size_t i) noexcept { return i * n / k; }

std::size_t group_size(std::size_t n, std::size_t k, std::size_t i) noexcept {
  return group_start(n, k, i + 1) - group_start(n, k, i);
}

double mulexp_precomputation_count(std::size_t n, std::size_t k) noexcept {
  double c = 0;
  for (std::size_t i = 0; i < k; ++i) c += std::ldexp(1.0, static_cast<int>(group_size(n, k, i)));
  return c;
}

double mulexp_operation_count(std::size_t n, std::size_t b, std::size_t k) noexcept {
  double c = static_cast<double>(b);  // one squaring per bit location
  for (std::size_t i = 0; i < k; ++i) {
    const int g = static_cast<int>(group_size(n, k, i));
    c += std::ldexp(1.0, g) + (1.0 - std::ldexp(1.0, -g)) * static_cast<double>(b);
  }
  return c;
}

double exp_operation_count(std::size_t n, std::size_t b) noexcept {
  return 1.5 * static_cast<double>(b) * static_cast<double>(n);
}

std::size_t best_group_count(std::size_t n, std::size_t b, unsigned max_group_bits) noexcept {
  std::size_t best = n;
  double best_cost = 1e300;
  for (std::size_t k = 1; k <= n; ++k) {
    if ((n + k - 1) / k > max_group_bits) continue;
    const double c = mulexp_operation_count(n, b, k);
    if (c < best_cost) {
      best_cost = c;
      best = k;
    }
  }
  return best;
}

std::vector<long> equal_chunk_ends(std::size_t b, std::size_t /*k*/, unsigned tau) {
  std::vector<long> ends(tau);
  for (unsigned i = 0; i < tau; ++i) ends[i] = static_cast<long>((i + 1) * b / tau) - 1;
  return ends;
}

std::vector<long> balanced_chunk_ends(std::size_t b, double k, unsigned tau) {
  std::vector<long> ends(tau);
  // l_i + 1 = b (q^(i+1) - 1) / (q^tau - 1), q = (k + 1) / k: Theorem 1 divided by k^tau.
  const double q = (k + 1.0) / k;
  const double denom = std::expm1(static_cast<double>(tau) * std::log(q));
  long prev = -1;
  for (unsigned i = 0; i < tau; ++i) {
    const double frac = std::expm1(static_cast<double>(i + 1) * std::log(q)) / denom;
    long e = std::lround(static_cast<double>(b) * frac) - 1;
    if (i + 1 == tau) e = static_cast<long>(b) - 1;
    e = std::clamp(e, prev, static_cast<long>(b) - 1);
    ends[i] = e;
    prev = e;
  }
  return ends;
}

std::vector<long> speed_balanced_chunk_ends(std::size_t b, double k, const std::vector<double>& speeds) {
  const std::size_t tau = speeds.size();
  if (tau == 0) return {};
  // Bits per chunk for W = 1 (everything is linear in W).
  std::vector<double> n(tau);
  double below = 0;
  for (std::size_t i = tau; i-- > 0;) {
    n[i] = (speeds[i] - below) / (k + 1.0);
    if (!(n[i] > 0)) return balanced_chunk_ends(b, k, static_cast<unsigned>(tau));
    below += n[i];
  }
  const double scale = static_cast<double>(b) / below;
  std::vector<long> ends(tau);
  double top = 0;
  long prev = -1;
  for (std::size_t i = 0; i < tau; ++i) {
    top += n[i] * scale;
    long e = i + 1 == tau ? static_cast<long>(b) - 1 : std::lround(top) - 1;
    e = std::clamp(e, prev, static_cast<long>(b) - 1);
    ends[i] = e;
    prev = e;
  }
  return ends;
}

std::vector<double> modelled_chunk_work(const std::vector<long>& ends, std::size_t b, double k) {
  std::vector<double> w(ends.size());
  long prev = -1;
  for (std::size_t i = 0; i < ends.size(); ++i) {
    w[i] = (k + 1.0) * static_cast<double>(ends[i] - prev) + static_cast<double>(static_cast<long>(b) - 1 - ends[i]);
    prev = ends[i];
  }
  return w;
}

double lim_lee_bit_multiplications(std::size_t n, std::size_t k) noexcept {
  double a = 0;
  for (std::size_t i = 0; i < k; ++i) a += 1.0 - std::ldexp(1.0, -static_cast<int>(group_size(n, k, i)));
  return a;
}

double lim_lee_nonzero_column_probability(std::size_t n) noexcept {
  return 1.0 - std::ldexp(1.0, -static_cast<int>(n));  // prod_i 2^(-g_i) = 2^(-n)
}

std::size_t offload_low_positions(std::size_t b, double a, double q1, double phi, double speed) noexcept {
  const double inv_phi = 1.0 / phi, alpha = inv_phi + q1, beta = a - q1;
  const double l = static_cast<double>(b) * (speed * alpha - beta) / (speed * q1 + inv_phi + q1);
  return static_cast<std::size_t>(std::clamp(std::round(l), 0.0, static_cast<double>(b)));
}

double offload_chain_work(std::size_t b, std::size_t l, double q1, double phi) noexcept {
  return static_cast<double>(b - l) * (1.0 / phi + q1) + static_cast<double>(l) / phi;
}

double offload_partner_work(std::size_t b, std::size_t l, double a, double q1, double phi) noexcept {
  return static_cast<double>(b - l) * (a - q1) + static_cast<double>(l) * (1.0 / phi + a);
}

}  // namespace parmod::multiexp

#include "powm/exponent_split.hpp"

#include <cmath>

#include "powm/exponent_bits.hpp"
#include "powm/sliding_window.hpp"

namespace parmod::exponentiation {

double split_lambda(double phi) noexcept { return phi / (2.0 + phi); }

double split_gamma(double n_bits, double phi) noexcept {
  const double lambda = split_lambda(phi);
  return std::log(1.0 / (1.0 + 2.0 * n_bits * (1.0 - lambda))) / std::log(lambda);
}

unsigned optimal_split_count(double n_bits, double phi) noexcept {
  // eq. (18): k = [gamma + 1/2], the integer nearest to gamma + 1/2 (so the
  // one integer in the open interval (gamma, gamma + 1) of eq. (16)).
  const double k = std::round(split_gamma(n_bits, phi) + 0.5);
  if (!(k >= 1)) return 1;  // also NaN
  return k > 4096 ? 4096u : static_cast<unsigned>(k);
}

bool split_count_feasible(double n_bits, double phi, unsigned k) noexcept {
  const double lambda = split_lambda(phi);
  return n_bits > (1.0 - std::pow(lambda, k)) / (2.0 * std::pow(lambda, k - 1.0) * (1.0 - lambda));
}

std::vector<double> balanced_partition_points(double n_bits, double phi, unsigned k) {
  const double lambda = split_lambda(phi);
  const double alpha = n_bits / (1.0 - std::pow(lambda, k));
  std::vector<double> p(k);
  for (unsigned i = 1; i <= k; ++i) p[i - 1] = alpha * (1.0 - std::pow(lambda, i));
  p[k - 1] = n_bits;
  return p;
}

PartitionPoints partition_points(double n_bits, double phi) {
  PartitionPoints out;
  out.k = optimal_split_count(n_bits, phi);
  out.points = balanced_partition_points(n_bits, phi, out.k);
  return out;
}

std::vector<std::size_t> split_boundaries(std::size_t bits, double phi, unsigned k) {
  if (k < 1) k = 1;
  for (;; --k) {
    std::vector<std::size_t> b = {0};
    bool increasing = true;
    const auto p = balanced_partition_points(static_cast<double>(bits), phi, k);
    for (double x : p) {
      const auto v = static_cast<std::size_t>(std::llround(x));
      increasing = increasing && v > b.back();
      b.push_back(v);
    }
    b.back() = bits;
    if (increasing || k == 1) return b;
  }
}

std::size_t exponent_split_factor_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept {
  return modmul::element_size(engine, n) + sliding_window_powm_repr_scratch(n, en, engine) + en;
}

void exponent_split_factor(limb_t* out, const limb_t* x, const limb_t* ep, std::size_t en, std::size_t lo,
                           std::size_t hi, const modmul::ModulusConstants& k, const modmul::Engine& engine,
                           limb_t* scratch) noexcept {
  const std::size_t n = modmul::element_size(engine, k.n);  // words per element
  limb_t* base = scratch;                    // x^(2^lo)
  limb_t* bits = base + n;                   // e_[lo, hi) as limbs: en limbs at most
  limb_t* work = bits + en;
  mpn_copyi(base, x, static_cast<mp_size_t>(n));
  for (std::size_t s = 0; s < lo; ++s) engine.sqr(base, base, k, work);
  // Extract bits [lo, hi) into bits[0, bn).
  const std::size_t count = hi - lo, bn = (count + kLimbBits - 1) / kLimbBits;
  for (std::size_t i = 0; i < bn; ++i) {
    const unsigned take = static_cast<unsigned>(std::min<std::size_t>(kLimbBits, count - i * kLimbBits));
    limb_t v = 0;
    const std::size_t at = lo + i * kLimbBits;
    // two 32-bit halves keep exponent_bits' count <= 32
    const unsigned low = take < 32 ? take : 32;
    v = exponent_bits(ep, en, at, low);
    if (take > 32) v |= static_cast<limb_t>(exponent_bits(ep, en, at + 32, take - 32)) << 32;
    bits[i] = v;
  }
  sliding_window_powm_repr(out, base, bits, bn, k, engine, work);
}

}  // namespace parmod::exponentiation

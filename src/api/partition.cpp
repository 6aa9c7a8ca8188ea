// api/partition.cpp - the public face of Lara et al.'s partition points and of
// the exponent split's bit boundaries.
#include <algorithm>
#include <cmath>

#include "api/boundary.hpp"
#include "config/tuning.hpp"
#include "parmod/parmod.hpp"
#include "powm/exponent_split.hpp"
#include "powm/split_powm.hpp"

namespace parmod {

PartitionPoints partition_points(double n_bits, double phi) {
  // Finite, and small enough that lambda = phi / (2 + phi) stays below 1 in doubles.
  if (!(n_bits >= 1) || !(n_bits <= 1e12) || !(phi > 0) || !(phi <= 1e12))
    throw InvalidArgument("partition_points needs 1 <= n_bits <= 1e12 and 0 < phi <= 1e12");
  return api::guarded([&] {
    const auto p = exponentiation::partition_points(n_bits, phi);
    return PartitionPoints{p.k, p.points};
  });
}

double exponent_split_phi() {
  return std::max(1.0, static_cast<double>(config::tuning().powm_phi_percent) / 100.0);
}

std::vector<std::size_t> exponent_split_boundaries(std::size_t bits, unsigned k, double phi) {
  if (k < 1 || !(phi > 0) || !(phi <= 1e12))
    throw InvalidArgument("exponent_split_boundaries needs k >= 1 and 0 < phi <= 1e12");
  if (bits < 2) return {0, bits};
  k = static_cast<unsigned>(std::min<std::size_t>(k, bits));
  return api::guarded(
      [&] { return exponentiation::split_boundaries(bits, exponentiation::split_phi_effective(phi, bits), k); });
}

}  // namespace parmod

// api/partition.cpp - the public face of Lara et al.'s partition points.
#include <cmath>

#include "api/boundary.hpp"
#include "parmod/parmod.hpp"
#include "powm/exponent_split.hpp"

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

}  // namespace parmod

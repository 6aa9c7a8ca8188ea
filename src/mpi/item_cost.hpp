// mpi/item_cost.hpp - the cost of one exponentiation, for balancing blocks.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace parmod::mpi {

// cost[i] = bits of exps[i or 0] + 1 for i < count (exps_count 1: the same
// exponent for every i).  The modulus, common to the list, scales every item
// alike (squarings of |m|-sized numbers), so it drops out of the balance.
std::vector<std::uint64_t> exponent_costs(std::size_t count, const mpz_t* exps, std::size_t exps_count);

}  // namespace parmod::mpi

// mpi/item_cost.cpp - the cost of one exponentiation.
#include "mpi/item_cost.hpp"

namespace parmod::mpi {

std::vector<std::uint64_t> exponent_costs(std::size_t count, const mpz_t* exps, std::size_t exps_count) {
  std::vector<std::uint64_t> cost(count);
  for (std::size_t i = 0; i < count; ++i) {
    const mpz_srcptr e = exps[exps_count == 1 ? 0 : i];
    cost[i] = (mpz_sgn(e) == 0 ? 0 : mpz_sizeinbase(e, 2)) + 1;
  }
  return cost;
}

}  // namespace parmod::mpi

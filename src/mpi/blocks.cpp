// mpi/blocks.cpp - contiguous blocks of equal cost.
#include "mpi/blocks.hpp"

namespace parmod::mpi {

std::vector<std::size_t> balanced_blocks(const std::vector<std::uint64_t>& cost, int parts) {
  const std::size_t n = cost.size();
  const auto p = static_cast<std::uint64_t>(parts < 1 ? 1 : parts);
  std::uint64_t total = 0;
  for (std::uint64_t c : cost) total += c;
  std::vector<std::size_t> b(p + 1, n);
  b[0] = 0;
  if (total == 0) {  // by count
    for (std::uint64_t r = 1; r < p; ++r) b[r] = static_cast<std::size_t>(n * r / p);
    return b;
  }
  std::uint64_t prefix = 0;
  std::size_t i = 0;
  for (std::uint64_t r = 1; r < p; ++r) {
    // The first i with prefix(i) * p >= r * total; the item straddling the
    // target goes to the block whose share it mostly falls in.
    using wide = unsigned __int128;  // prefix * parts and r * total may pass 2^64
    while (i < n && wide(prefix + cost[i] / 2) * p < wide(r) * total) prefix += cost[i++];
    b[r] = i;
  }
  return b;
}

}  // namespace parmod::mpi

// mpi/blocks.hpp - contiguous blocks of equal cost, one per rank.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace parmod::mpi {

// Boundaries 0 = b_0 <= b_1 <= ... <= b_parts = cost.size() cutting the items
// into `parts` contiguous blocks of about equal total cost: b_r is the first
// index whose prefix cost (items before it) times parts reaches r times the
// total.  Integer arithmetic only, so every rank computes the same blocks.
// parts >= 1; the total must fit in 64 bits.  All costs 0 cuts by count.
std::vector<std::size_t> balanced_blocks(const std::vector<std::uint64_t>& cost, int parts);

}  // namespace parmod::mpi

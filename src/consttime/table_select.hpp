// consttime/table_select.hpp - reading a table entry at a secret index.
//
// Every entry is read in full and kept under an all-ones or all-zero mask
// (index == i computed arithmetically, not by a branch), so the loads and
// their addresses are the same for every index: GMP's mpn_sec_tabselect,
// eight limbs at a time in SSE2 registers on x86-64 (part of the baseline).
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::consttime {

// r[0, n) = table[index n, index n + n) for index < entries (secret), n >= 1;
// r does not overlap the table.  Cost: entries n limb loads.
void table_select_ct(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries, std::size_t index) noexcept;

}  // namespace parmod::consttime

// consttime/table_select.hpp - reading a table entry at a secret index.
//
// Every entry is read in full and kept under an all-ones or all-zero mask
// (index == i computed arithmetically, not by a branch), so the loads and
// their addresses are the same for every index, as GMP's mpn_sec_tabselect.
// On x86-64: 16 limbs at a time in AVX2 registers where the CPU has AVX2
// (chosen by CPUID, never by the value), else 8 at a time in SSE2 (part of
// the baseline); GMP's function elsewhere.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::consttime {

// r[0, n) = table[index n, index n + n) for index < entries (secret), n >= 1;
// r does not overlap the table.  Cost: entries n limb loads.
void table_select_ct(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries, std::size_t index) noexcept;

#if defined(__x86_64__)
// The x86-64 builds of table_select_ct, same contract (tests call each;
// table_select_ct_avx2 needs limbs::cpu_has_avx2()).  table_select_ct_avx512
// needs AVX-512F and at most 64 entries; the radix-2^52 exponentiation
// (consttime/constant_time_powm52, on IFMA CPUs only) calls it directly: up
// to 32 limbs an entry in zmm accumulators, one load and one vpternlogq
// (acc | (entry & mask)) per 8 limbs.
void table_select_ct_sse2(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries,
                          std::size_t index) noexcept;
void table_select_ct_avx2(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries,
                          std::size_t index) noexcept;
void table_select_ct_avx512(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries,
                            std::size_t index) noexcept;
#endif

}  // namespace parmod::consttime

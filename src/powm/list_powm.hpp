// powm/list_powm.hpp - many independent exponentiations modulo one P, spread
// over the thread team.
//
// The list is cut into chunks (up to 4 per thread, at most the schedule's
// task limit), one task each; the team's participants claim ready chunks, so
// a stalled core leaves its remaining chunks to the others.  Each chunk runs
// sliding_window_powm on its items with its own slice of the scratch.
#pragma once

#include "modmul/engine.hpp"
#include "powm/fixed_base.hpp"

namespace parmod::exponentiation {

struct PowmItem {
  const limb_t* base;  // n limbs, in [0, P), plain form
  const limb_t* exp;   // en limbs
  std::size_t en;
  limb_t* out;         // n limbs; may equal base
};

// Number of chunks list_powm uses for `count` items on `threads` threads.
std::size_t list_powm_chunks(std::size_t count, int threads) noexcept;
// Scratch for list_powm: a slice per chunk (the sliding window's or the fixed
// base's scratch, whichever is larger), each on whole cache lines.
std::size_t list_powm_scratch(std::size_t n, std::size_t max_en, const modmul::Engine& engine, std::size_t chunks) noexcept;

// out_i = base_i^exp_i mod P for every item (each en_i <= max_en), on up to
// `threads` threads (the runtime's team; 1 runs in the caller).  With a
// fixed-base table (exponents within its range) the items' bases are ignored
// and out_i = g^exp_i by fixed_base_powm.  No allocation.
void list_powm(const PowmItem* items, std::size_t count, std::size_t max_en, const modmul::ModulusConstants& k,
               const modmul::Engine& engine, int threads, limb_t* scratch,
               const FixedBaseTable* fixed_base = nullptr) noexcept;

}  // namespace parmod::exponentiation

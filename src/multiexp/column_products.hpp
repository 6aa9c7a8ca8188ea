// multiexp/column_products.hpp - the top chunk's column products computed
// ahead of its chain by another thread (beyond the paper; Plan::offload).
//
// In MULEXP's chunk of the highest bits, position p costs one squaring and
// one multiplication per group with a nonzero digit (mulexp_bits).  The
// product of those entries, the column product Q_p, does not depend on the
// chain, so a partner thread can form it ahead of time (z - 1 products for z
// nonzero digits) and the chain then pays one squaring and at most one
// multiplication per position.  With two threads and k = 2 groups the chain
// holds b squarings and 2b/3 multiplications instead of 1.8 b operations
// (Theorem 1's two chunks): a two-thread bound of 1.8x one thread instead
// of 1.67x (counts with a squaring as dear as a product).
//
// A ring of kColumnRingSlots products, one producer (the thread of the
// other chunk, which interleaves producing with its own chunk's positions,
// and waits for a free slot only when it has nothing else to do) and one
// consumer (the top chunk's chain, which never waits: a product not ready
// when the chain reaches it is done the plain way, and the producer's copy
// is dropped).  Lock-free: each slot is one atomic word (position << 2 |
// state), and the chain publishes the lowest position it has finished; a
// slot is free for reuse once the chain is past its position.  The end is
// balanced as it goes: a chain that finishes first takes the lowest of the
// partner's own positions still untaken (steal_own_positions; one atomic
// word holds the untaken range, and each side takes from its end).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

constexpr std::size_t kColumnRingSlots = 32;

struct ColumnRing {
  std::atomic<std::uint64_t>* slots = nullptr;  // kColumnRingSlots words: position << 2 | state
  std::atomic<std::uint64_t>* done_above = nullptr;  // the chain has finished every position >= this
  // The partner's own positions not yet taken, [floor, next), as floor << 32 | next: the partner
  // takes them from the top, one at a time; steal_own_positions takes a block from the bottom.
  std::atomic<std::uint64_t>* own_range = nullptr;
  limb_t* elements = nullptr;  // kColumnRingSlots elements, `stride` words apart
  std::size_t stride = 0;
};

// Words a ring of elements of `element_words` words takes (its slots and
// counter included, each part on its own cache lines).
std::size_t column_ring_limbs(std::size_t element_words) noexcept;

// Lays a ring out in `space` (column_ring_limbs words, 8-byte aligned) and
// empties it for a chain starting at position `top` (exclusive) and a
// partner with own positions [own_lo, own_hi) (below 2^32).
ColumnRing column_ring_init(limb_t* space, std::size_t element_words, std::size_t top, std::size_t own_lo,
                            std::size_t own_hi) noexcept;

// The chain of the top chunk, positions [lo, hi) on acc (as mulexp_bits),
// taking each column product from the ring when it is ready there and
// multiplying the entries one by one when not.  Publishes its progress to
// the ring after every position.  Scratch: engine.scratch_limbs(n).
void mulexp_bits_with_columns(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k,
                              const limb_t* const* ep, const std::size_t* en, std::size_t lo, std::size_t hi,
                              const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                              ColumnRing& ring, OpCount* count) noexcept;

// The partner: the column products of the top chunk's positions [col_lo,
// col_hi), from the highest down, each into a free slot ahead of the chain
// (skipping the positions the chain has reached and columns with fewer than
// two nonzero digits), interleaved with its own positions (ring.own_range,
// set up as [lo, hi) by column_ring_init) on acc, taken from the top one at
// a time (mulexp_bits) whenever the ring is full.  With no own position
// left it waits for a free slot while the chain runs (not before the chain
// has started: the partner never waits for a task that might need its own
// thread).  If the chain's thread took the lowest own positions [lo, x)
// (steal_own_positions), acc is completed by x - lo squarings: acc = (prod
// over the positions it ran)^(2^(x - lo)), the chunk's partial as
// mulexp_chunk's with lo = x.  Scratch: engine.scratch_limbs(n).
void mulexp_bits_producing_columns(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k,
                                   const limb_t* const* ep, const std::size_t* en, std::size_t lo,
                                   std::size_t col_lo, std::size_t col_hi, const modmul::ModulusConstants& kc,
                                   const modmul::Engine& engine, limb_t* scratch, ColumnRing& ring,
                                   OpCount* count) noexcept;

// The chain's thread, once its own work is done: if the partner still has
// at least `min_positions` own positions left, takes the lowest
// ceil(R (1 + a) / (1 + 2a)) of the R left (a = multiplications per
// position), so that it (running them, R' (1 + a)) and the partner (the rest,
// then R' completing squarings) finish together.  Returns the positions
// taken, [lo, x) with lo the range's floor before (x = lo: none); run them
// with mulexp_bits on a fresh partial, no completing squarings needed when
// lo is the chunk's lowest position.
std::size_t steal_own_positions(ColumnRing& ring, double a, std::size_t min_positions, std::size_t* lo) noexcept;

}  // namespace parmod::multiexp

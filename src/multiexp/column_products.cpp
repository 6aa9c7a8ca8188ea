#include "multiexp/column_products.hpp"

#include <new>

#include "multiexp/column_entries.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/parallel_multiexp.hpp"

namespace parmod::multiexp {
namespace {

enum : std::uint64_t { kEmpty = 0, kBusy = 1, kReady = 2 };

std::uint64_t tag(std::size_t pos, std::uint64_t state) noexcept { return (static_cast<std::uint64_t>(pos) << 2) | state; }

// The words the slots and the counter take, on whole lines.
std::size_t control_words() noexcept { return line_words((kColumnRingSlots + 1) * sizeof(std::uint64_t) / sizeof(limb_t)); }

}  // namespace

std::size_t column_ring_limbs(std::size_t element_words) noexcept {
  return control_words() + kColumnRingSlots * line_words(element_words);
}

ColumnRing column_ring_init(limb_t* space, std::size_t element_words, std::size_t top) noexcept {
  static_assert(sizeof(std::atomic<std::uint64_t>) == sizeof(limb_t) && std::atomic<std::uint64_t>::is_always_lock_free);
  ColumnRing ring;
  ring.slots = reinterpret_cast<std::atomic<std::uint64_t>*>(space);
  for (std::size_t s = 0; s < kColumnRingSlots; ++s) new (&ring.slots[s]) std::atomic<std::uint64_t>(kEmpty);
  ring.done_above = new (space + kColumnRingSlots) std::atomic<std::uint64_t>(top);
  ring.elements = space + control_words();
  ring.stride = line_words(element_words);
  return ring;
}

void mulexp_bits_with_columns(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k,
                              const limb_t* const* ep, const std::size_t* en, std::size_t lo, std::size_t hi,
                              const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                              ColumnRing& ring, OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n);
  for (std::size_t pos = hi; pos-- > lo;) {
    // The partner wrote this position's product on its core: fetch it into
    // this core's cache during the squaring (its lines would otherwise be
    // missed one after another at the start of the product).
    const limb_t* q = ring.elements + (pos % kColumnRingSlots) * ring.stride;
    for (std::size_t w = 0; w < n; w += kLineWords) __builtin_prefetch(q + w, 0, 3);
    engine.sqr(acc, acc, kc, scratch);
    if (count) ++count->sqr;
    const limb_t* single = nullptr;
    const std::size_t z = for_each_column_entry(table, n, nb, k, ep, en, pos, [&](const limb_t* e) { single = e; });
    if (z == 1) {
      engine.mul(acc, single, acc, kc, scratch);
      if (count) ++count->mul;
    } else if (z > 1) {
      const std::size_t s = pos % kColumnRingSlots;
      if (ring.slots[s].load(std::memory_order_acquire) == tag(pos, kReady)) {
        engine.mul(acc, q, acc, kc, scratch);
        if (count) ++count->mul;
      } else {  // not ready: the entries one by one (the producer's copy, if any, is dropped)
        for_each_column_entry(table, n, nb, k, ep, en, pos,
                              [&](const limb_t* e) { engine.mul(acc, e, acc, kc, scratch); });
        if (count) count->mul += z;
      }
    }
    // Every read of this position's slot is done: the producer may reuse it.
    ring.done_above->store(pos, std::memory_order_release);
  }
}

void mulexp_bits_producing_columns(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k,
                                   const limb_t* const* ep, const std::size_t* en, std::size_t lo, std::size_t hi,
                                   std::size_t col_lo, std::size_t col_hi, const modmul::ModulusConstants& kc,
                                   const modmul::Engine& engine, limb_t* scratch, ColumnRing& ring,
                                   OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n);
  std::size_t next = col_hi;  // positions [col_lo, next) are still to produce
  std::size_t own = hi;       // own positions [lo, own) are still to run
  bool producing = col_lo < col_hi;
  for (;;) {
    bool produced = false;
    if (producing) {
      // The chain is at done_above - 1: produce below it, from done_above - 2.
      const std::uint64_t done = ring.done_above->load(std::memory_order_acquire);
      if (done < 2 || done - 2 < col_lo) {
        producing = false;
      } else {
        if (next > done - 1) next = static_cast<std::size_t>(done - 1);
        if (next <= col_lo) {
          producing = false;
        } else {
          const std::size_t pos = next - 1;
          const std::size_t s = pos % kColumnRingSlots;
          const std::uint64_t w = ring.slots[s].load(std::memory_order_acquire);
          const std::size_t z = for_each_column_entry(table, n, nb, k, ep, en, pos, [](const limb_t*) {});
          if (z < 2) {  // the chain multiplies by one entry or none: nothing to form
            next = pos;
            produced = true;
          } else if ((w & 3) == kEmpty || (w >> 2) >= done) {  // free: unused, or the chain is past it
            limb_t* q = ring.elements + s * ring.stride;
            bool first = true;
            ring.slots[s].store(tag(pos, kBusy), std::memory_order_relaxed);
            for_each_column_entry(table, n, nb, k, ep, en, pos, [&](const limb_t* e) {
              if (first)
                mpn_copyi(q, e, static_cast<mp_size_t>(n));
              else
                engine.mul(q, e, q, kc, scratch);
              first = false;
            });
            ring.slots[s].store(tag(pos, kReady), std::memory_order_release);
            if (count) count->mul += z - 1;
            next = pos;
            produced = true;
          }
        }
      }
    }
    if (produced) continue;
    if (own > lo) {  // the ring is full (or production over): one of our own positions
      mulexp_bits(acc, table, nb, k, ep, en, own - 1, own, kc, engine, scratch, count);
      --own;
    } else {
      break;  // own positions done and the ring full: the chain does the rest its own way
    }
  }
}

}  // namespace parmod::multiexp

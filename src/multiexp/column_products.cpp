#include "multiexp/column_products.hpp"

#include <algorithm>
#include <cmath>
#include <new>

#include "multiexp/column_entries.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "runtime/spin_wait.hpp"

namespace parmod::multiexp {
namespace {

enum : std::uint64_t { kEmpty = 0, kBusy = 1, kReady = 2 };

std::uint64_t tag(std::size_t pos, std::uint64_t state) noexcept { return (static_cast<std::uint64_t>(pos) << 2) | state; }

// The words the slots and the two counters take, on whole lines.
std::size_t control_words() noexcept { return line_words((kColumnRingSlots + 2) * sizeof(std::uint64_t) / sizeof(limb_t)); }

std::uint64_t range(std::uint64_t floor, std::uint64_t next) noexcept { return floor << 32 | next; }
std::uint64_t range_floor(std::uint64_t w) noexcept { return w >> 32; }
std::uint64_t range_next(std::uint64_t w) noexcept { return w & 0xffffffffu; }

// Takes the partner's highest own position left; -1 when none is.
long take_own_position(ColumnRing& ring) noexcept {
  std::uint64_t w = ring.own_range->load(std::memory_order_acquire);
  for (;;) {
    if (range_next(w) <= range_floor(w)) return -1;
    if (ring.own_range->compare_exchange_weak(w, range(range_floor(w), range_next(w) - 1), std::memory_order_acq_rel))
      return static_cast<long>(range_next(w) - 1);
  }
}

}  // namespace

std::size_t column_ring_limbs(std::size_t element_words) noexcept {
  return control_words() + kColumnRingSlots * line_words(element_words);
}

ColumnRing column_ring_init(limb_t* space, std::size_t element_words, std::size_t top, std::size_t own_lo,
                            std::size_t own_hi) noexcept {
  static_assert(sizeof(std::atomic<std::uint64_t>) == sizeof(limb_t) && std::atomic<std::uint64_t>::is_always_lock_free);
  ColumnRing ring;
  ring.slots = reinterpret_cast<std::atomic<std::uint64_t>*>(space);
  for (std::size_t s = 0; s < kColumnRingSlots; ++s) new (&ring.slots[s]) std::atomic<std::uint64_t>(kEmpty);
  ring.done_above = new (space + kColumnRingSlots) std::atomic<std::uint64_t>(top);
  ring.own_range = new (space + kColumnRingSlots + 1) std::atomic<std::uint64_t>(range(own_lo, own_hi));
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
                                   const limb_t* const* ep, const std::size_t* en, std::size_t lo,
                                   std::size_t col_lo, std::size_t col_hi, const modmul::ModulusConstants& kc,
                                   const modmul::Engine& engine, limb_t* scratch, ColumnRing& ring,
                                   OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n);
  std::size_t next = col_hi;  // positions [col_lo, next) are still to produce
  bool producing = col_lo < col_hi;
  runtime::Backoff idle;  // waits for a free slot since the last useful step
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
    if (produced) {
      idle.reset();
      continue;
    }
    if (const long q = take_own_position(ring); q >= 0) {  // the ring is full (or production over)
      const auto pos = static_cast<std::size_t>(q);
      mulexp_bits(acc, table, nb, k, ep, en, pos, pos + 1, kc, engine, scratch, count);
    } else if (producing && ring.done_above->load(std::memory_order_acquire) < col_hi) {
      // No own position left: wait for the running chain to free a slot
      // (pause hints, then yield the core in case the chain's thread is
      // queued behind this one on it).
      idle.pause();
      continue;
    } else {  // production over, or the chain not started yet (its thread late): leave it to the chain
      break;
    }
  }
  // Positions below the floor went to the chain's thread: complete down to lo.
  const std::size_t floor = range_floor(ring.own_range->load(std::memory_order_acquire));
  for (std::size_t s = lo; s < floor; ++s) engine.sqr(acc, acc, kc, scratch);
  if (count && floor > lo) count->sqr += floor - lo;
}

std::size_t steal_own_positions(ColumnRing& ring, double a, std::size_t min_positions, std::size_t* lo) noexcept {
  std::uint64_t w = ring.own_range->load(std::memory_order_acquire);
  for (;;) {
    const std::uint64_t floor = range_floor(w), next = range_next(w);
    *lo = static_cast<std::size_t>(floor);
    if (next <= floor || next - floor < min_positions) return *lo;
    const double left = static_cast<double>(next - floor);
    const auto take = static_cast<std::uint64_t>(std::ceil(left * (1.0 + a) / (1.0 + 2.0 * a)));
    const std::uint64_t x = floor + std::min<std::uint64_t>(take, next - floor - 1);
    if (ring.own_range->compare_exchange_weak(w, range(x, next), std::memory_order_acq_rel))
      return static_cast<std::size_t>(x);
  }
}

}  // namespace parmod::multiexp

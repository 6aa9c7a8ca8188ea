// runtime/slow_link_choice.cpp - measured fallback while the link is slow (see slow_link_choice.hpp).
#include "runtime/slow_link_choice.hpp"

#include <algorithm>
#include <bit>

#include "runtime/link_speed.hpp"

namespace parmod::runtime {
namespace {

// A form's average: the least of its first kFirstTimes times (the first
// call at a size may pay for page faults and cold caches), then an
// exponential average of weight 1/kWeight over times clamped to twice the
// average (times of single calls scatter by 20% and more on a shared host,
// and forms 5% apart must still come out in order).
constexpr std::uint64_t kWeight = 16;

void average_in(std::atomic<std::uint64_t>& avg, std::atomic<std::uint32_t>& count, std::uint64_t ns) noexcept {
  const std::uint32_t c = count.load(std::memory_order_relaxed);
  const std::uint64_t old = avg.load(std::memory_order_relaxed);
  std::uint64_t now;
  if (c == 0)
    now = ns;
  else if (c < SlowLinkChoice::kFirstTimes)
    now = std::min(old, ns);
  else
    now = old - old / kWeight + std::min(ns, 2 * old) / kWeight;
  avg.store(now == 0 ? 1 : now, std::memory_order_relaxed);
  count.store(c + 1, std::memory_order_relaxed);
}

}  // namespace

SlowLinkChoice::Pick SlowLinkChoice::pick(unsigned c, bool enabled) noexcept {
  if (!enabled || !link_slow()) return {};
  Entry& e = e_[c < kClasses ? c : kClasses - 1];
  const std::uint64_t par = e.par_ns.load(std::memory_order_relaxed), seq = e.seq_ns.load(std::memory_order_relaxed);
  const std::uint32_t par_n = e.par_count.load(std::memory_order_relaxed),
                      seq_n = e.seq_count.load(std::memory_order_relaxed);
  if (par_n < kFirstTimes || seq_n < kFirstTimes) return {par_n <= seq_n, true};  // the less measured form
  // The form that ran last keeps running until the other's average is 3% lower.
  bool parallel_wins = !e.sequential_runs.load(std::memory_order_relaxed);
  if (parallel_wins ? 100 * seq < 97 * par : 100 * par < 97 * seq) {
    parallel_wins = !parallel_wins;
    e.sequential_runs.store(!parallel_wins, std::memory_order_relaxed);
  }
  const std::uint64_t lo = parallel_wins ? par : seq, hi = parallel_wins ? seq : par;
  const unsigned every = 4 * hi >= 5 * lo ? kProbeRarely : kProbeEvery;  // the loser 1.25x slower or more: rarely
  const bool probe = e.calls.fetch_add(1, std::memory_order_relaxed) % every == every - 1;
  return {parallel_wins != probe, true};
}

void SlowLinkChoice::record(unsigned c, bool parallel, std::uint64_t ns) noexcept {
  Entry& e = e_[c < kClasses ? c : kClasses - 1];
  if (parallel)
    average_in(e.par_ns, e.par_count, ns);
  else
    average_in(e.seq_ns, e.seq_count, ns);
}

std::uint64_t SlowLinkChoice::parallel_ns(unsigned c) const noexcept {
  return e_[c < kClasses ? c : kClasses - 1].par_ns.load(std::memory_order_relaxed);
}
std::uint64_t SlowLinkChoice::sequential_ns(unsigned c) const noexcept {
  return e_[c < kClasses ? c : kClasses - 1].seq_ns.load(std::memory_order_relaxed);
}

void SlowLinkChoice::reset() noexcept {
  for (Entry& e : e_) {
    e.par_ns.store(0, std::memory_order_relaxed);
    e.seq_ns.store(0, std::memory_order_relaxed);
    e.calls.store(0, std::memory_order_relaxed);
    e.par_count.store(0, std::memory_order_relaxed);
    e.seq_count.store(0, std::memory_order_relaxed);
    e.sequential_runs.store(false, std::memory_order_relaxed);
  }
}

unsigned SlowLinkChoice::size_class(std::uint64_t size, unsigned kind, unsigned kinds) noexcept {
  if (size == 0) size = 1;
  if (size > (std::uint64_t(1) << 31)) size = std::uint64_t(1) << 31;
  const unsigned octave = static_cast<unsigned>(std::bit_width(size)) - 1;  // 0 .. 31
  const unsigned half = octave > 0 && ((size >> (octave - 1)) & 1) ? 1 : 0;
  const unsigned k = kind < kinds ? kind : kinds - 1;
  return (2 * octave + half) * kinds + k;
}

}  // namespace parmod::runtime

// runtime/link_speed.cpp - the recent mean of sampled joins against its floor (see link_speed.hpp).
#include "runtime/link_speed.hpp"

#include <algorithm>
#include <atomic>

namespace parmod::runtime {
namespace {

// Fixed point: nanoseconds x 1024.
constexpr std::uint64_t kScale = 1024;
// The weights of a sample in the recent mean (1/kWeight) and in the settled
// mean (1/kSettledWeight), and the clamp of a sample (x the floor).
constexpr std::uint64_t kWeight = 16, kSettledWeight = 256, kClamp = 4;
// The floor's drift towards a higher settled mean: 1/kDrift of the gap per sample.
constexpr std::uint64_t kDrift = 65536;
std::atomic<std::uint64_t> g_recent{0}, g_settled{0}, g_floor{0}, g_slow_entries{0};
std::atomic<bool> g_slow{false};

}  // namespace

void link_observe(std::uint64_t join_ns) noexcept {
  const std::uint64_t floor = g_floor.load(std::memory_order_relaxed);
  std::uint64_t x = join_ns * kScale;
  if (floor != 0) x = std::min(x, kClamp * floor);
  const std::uint64_t old = g_recent.load(std::memory_order_relaxed);
  const std::uint64_t recent = old == 0 ? x : old - old / kWeight + x / kWeight;
  g_recent.store(recent, std::memory_order_relaxed);
  const std::uint64_t old_settled = g_settled.load(std::memory_order_relaxed);
  const std::uint64_t settled = old_settled == 0 ? x : old_settled - old_settled / kSettledWeight + x / kSettledWeight;
  g_settled.store(settled, std::memory_order_relaxed);
  const std::uint64_t new_floor = floor == 0 || settled < floor ? settled : floor + (settled - floor) / kDrift;
  g_floor.store(new_floor, std::memory_order_relaxed);
  const bool slow = g_slow.load(std::memory_order_relaxed);
  if (!slow && double(recent) >= kSlowEnter * double(new_floor)) {
    g_slow.store(true, std::memory_order_relaxed);
    g_slow_entries.fetch_add(1, std::memory_order_relaxed);
  } else if (slow && double(recent) < kSlowLeave * double(new_floor)) {
    g_slow.store(false, std::memory_order_relaxed);
  }
}

bool link_slow() noexcept { return g_slow.load(std::memory_order_relaxed); }

LinkSpeed link_speed() noexcept {
  LinkSpeed s;
  s.recent_ns = double(g_recent.load(std::memory_order_relaxed)) / kScale;
  s.settled_ns = double(g_settled.load(std::memory_order_relaxed)) / kScale;
  s.floor_ns = double(g_floor.load(std::memory_order_relaxed)) / kScale;
  s.slow = g_slow.load(std::memory_order_relaxed);
  s.slow_entries = g_slow_entries.load(std::memory_order_relaxed);
  return s;
}

void link_reset() noexcept {
  g_recent.store(0, std::memory_order_relaxed);
  g_settled.store(0, std::memory_order_relaxed);
  g_floor.store(0, std::memory_order_relaxed);
  g_slow.store(false, std::memory_order_relaxed);
}

}  // namespace parmod::runtime

// runtime/spin_wait.hpp - spin briefly, then sleep: the idle policy of the thread team.
//
// Contract: a waiter spins on a 32-bit atomic word for at most spin_budget_ns()
// nanoseconds (Backoff: pause hints, then yields), then sleeps in the kernel (Linux
// futex) until a waker changes the word and calls wake().  An idle process
// therefore uses no CPU after the budget.  Waker and waiter follow the
// Dekker pattern: the waker stores the word (seq_cst) and then checks the
// waiter's `sleeping` flag; the waiter sets `sleeping` (seq_cst) and then
// re-checks the word before sleeping, so no wake-up is lost.
// Used by src/runtime/ and by the multi-exponentiation's column-product ring
// (multiexp/column_products: its partner waits for a free slot with Backoff).
#pragma once

#include <atomic>
#include <cstdint>

namespace parmod::runtime {

// The CPU's spin-loop hint (x86 `pause`); a compiler barrier elsewhere.
inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
}

// Monotonic clock in nanoseconds (vDSO, about 20 ns).
std::uint64_t monotonic_ns() noexcept;

// How long a waiter spins before sleeping.  Default 1 millisecond (libgomp
// spins for milliseconds too): on this cloud VM a sleeping worker takes 0.1 to
// 1 ms to run again, so a shorter budget let workers fall asleep between
// back-to-back calls whose parts end up to a few hundred microseconds apart;
// PARMOD_SPIN_US (0..100000) overrides it, read once.
std::uint64_t spin_budget_ns() noexcept;

// Sleeps while word == expected (returns at once if it differs; may return
// spuriously).  Cost: one futex system call.
void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept;
// Wakes every thread sleeping in futex_wait on `word`.
void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept;

// How long a busy wait (Backoff) spins with the pause hint alone; after it,
// a change is seen up to a system call late.
inline constexpr std::uint64_t kPauseOnlyNs = 2000;

// One step of a busy wait for another thread: the CPU's pause hint for the
// first kPauseOnlyNs, then sched_yield() at every step, so that a partner
// sharing this core (an oversubscribed or shared cloud host: the thread we
// wait for may be queued behind us) runs at once instead of after our time
// slice.  Without such a partner sched_yield returns immediately.
class Backoff {
 public:
  void pause() noexcept;
  // Nanoseconds since the first pause() (0 before).
  std::uint64_t waited_ns() const noexcept { return start_ ? monotonic_ns() - start_ : 0; }
  void reset() noexcept {
    start_ = 0;
    steps_ = 0;
  }

 private:
  std::uint64_t start_ = 0;
  unsigned steps_ = 0;
};

// A word one thread waits on and another changes.  Cache-line aligned so
// two waiters never share a line.
struct alignas(64) WaitWord {
  // `sleeping`: kAwake, kAsleep (in or entering futex_wait) or kWoken (a
  // publish has woken it and it has not run yet: a second publish makes no
  // second system call).
  enum : std::uint32_t { kAwake = 0, kAsleep = 1, kWoken = 2 };
  std::atomic<std::uint32_t> value{0};
  std::atomic<std::uint32_t> sleeping{kAwake};

  // Waits until value != old; spins for the budget first, then sleeps.
  // Returns the new value (acquire); *slept (if given) says whether it slept.
  std::uint32_t wait_change(std::uint32_t old, bool* slept = nullptr) noexcept;
  // Stores v (seq_cst) and wakes the waiter if it sleeps (one futex system
  // call, none when an earlier publish woke it and it has not run yet);
  // returns true when the waiter was asleep (it then runs again only after
  // the kernel's wake-up latency, 0.1-1 ms on a cloud VM).
  bool publish(std::uint32_t v) noexcept;
};

}  // namespace parmod::runtime

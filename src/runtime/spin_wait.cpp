// runtime/spin_wait.cpp - spin-then-sleep waiting on a 32-bit word (see spin_wait.hpp).
#include "runtime/spin_wait.hpp"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>

namespace parmod::runtime {

std::uint64_t monotonic_ns() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::uint64_t spin_budget_ns() noexcept {
  static const std::uint64_t budget = [] {
    std::uint64_t us = 1000;
    if (const char* s = std::getenv("PARMOD_SPIN_US"); s && *s) {
      char* end = nullptr;
      long v = std::strtol(s, &end, 10);
      if (end != s && *end == '\0' && v >= 0 && v <= 100000) us = static_cast<std::uint64_t>(v);
    }
    return us * 1000u;
  }();
  return budget;
}

static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));

void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}

void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, 0x7fffffff, nullptr, nullptr, 0);
}

void Backoff::pause() noexcept {
  if (++steps_ < 32) {
    cpu_relax();
    return;
  }
  if (start_ == 0) start_ = monotonic_ns();
  if (monotonic_ns() - start_ < kPauseOnlyNs) {
    cpu_relax();
    return;
  }
  sched_yield();
}

std::uint32_t WaitWord::wait_change(std::uint32_t old, bool* slept) noexcept {
  if (slept) *slept = false;
  std::uint32_t v = value.load(std::memory_order_acquire);
  if (v != old) return v;
  const std::uint64_t budget = spin_budget_ns();
  Backoff b;
  for (;;) {
    b.pause();
    v = value.load(std::memory_order_acquire);
    if (v != old) return v;
    if (b.waited_ns() > budget) break;
  }
  if (slept) *slept = true;
  for (;;) {
    sleeping.store(kAsleep, std::memory_order_seq_cst);
    v = value.load(std::memory_order_seq_cst);
    if (v != old) break;
    futex_wait(value, old);
    v = value.load(std::memory_order_acquire);
    if (v != old) break;
  }
  sleeping.store(kAwake, std::memory_order_relaxed);
  return v;
}

bool WaitWord::publish(std::uint32_t v) noexcept {
  value.store(v, std::memory_order_seq_cst);
  std::uint32_t s = sleeping.load(std::memory_order_seq_cst);
  if (s == kAwake) return false;
  // Asleep: wake it, unless an earlier publish already did (kWoken: the
  // waiter has not run yet and will read the new value when it does).
  if (s == kAsleep && sleeping.compare_exchange_strong(s, kWoken, std::memory_order_seq_cst)) futex_wake_all(value);
  return s != kAwake;
}

}  // namespace parmod::runtime

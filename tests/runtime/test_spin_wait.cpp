// Tests for runtime/spin_wait.cpp: wake-ups are never lost, sleeping waiters wake.
#include "runtime/spin_wait.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace {
using namespace parmod::runtime;

TEST(SpinWait, ReturnsAtOnceWhenChanged) {
  WaitWord w;
  w.publish(3);
  EXPECT_EQ(w.wait_change(0), 3u);
}

TEST(SpinWait, PingPongNeverLosesAWakeUp) {
  WaitWord a, b;
  constexpr std::uint32_t kRounds = 2000;
  std::thread t([&] {
    std::uint32_t seen = 0;
    while (seen < kRounds) {
      seen = a.wait_change(seen);
      b.publish(seen);
    }
  });
  std::uint32_t seen = 0;
  for (std::uint32_t i = 1; i <= kRounds; ++i) {
    a.publish(i);
    while (seen != i) seen = b.wait_change(seen);
  }
  t.join();
  EXPECT_EQ(seen, kRounds);
}

TEST(SpinWait, SleepingWaiterIsWoken) {
  WaitWord w;
  std::thread t([&] { EXPECT_EQ(w.wait_change(0), 7u); });
  // Longer than the spin budget: the waiter is asleep in the kernel by now.
  std::this_thread::sleep_for(std::chrono::nanoseconds(spin_budget_ns() * 3 + 2000000));
  w.publish(7);
  t.join();
}

TEST(SpinWait, BudgetIsSane) { EXPECT_LE(spin_budget_ns(), 100000000u); }
}  // namespace

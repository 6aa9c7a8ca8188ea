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

// Two publishes to a sleeping waiter before it runs: the second makes no
// system call (the first one's wake-up is on its way) and is not lost: the
// waiter sees the newer value now or on its next wait.
TEST(SpinWait, SecondPublishToAWokenWaiterIsNotLost) {
  for (int rep = 0; rep < 20; ++rep) {
    WaitWord w;
    std::uint32_t got = 0;
    bool slept = false;
    std::thread t([&] {
      got = w.wait_change(0, &slept);
      if (got == 1) got = w.wait_change(1);
    });
    while (w.sleeping.load() != WaitWord::kAsleep) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(w.publish(1));  // asleep: woken
    w.publish(2);               // most often woken but not yet running: no second wake-up call
    t.join();
    EXPECT_EQ(got, 2u);
    EXPECT_TRUE(slept);
    EXPECT_EQ(w.sleeping.load(), WaitWord::kAwake);
  }
}

TEST(SpinWait, BudgetIsSane) { EXPECT_LE(spin_budget_ns(), 100000000u); }
}  // namespace

// Tests for runtime/schedule.cpp: sequential order, dependencies, printing.
#include "runtime/schedule.hpp"

#include <stdexcept>
#include <string>

#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

namespace {
using parmod::runtime::Schedule;

struct Log {
  std::vector<int> order;
};
void record(const void* ctx, unsigned arg) { const_cast<Log*>(static_cast<const Log*>(ctx))->order.push_back(int(arg)); }

TEST(Schedule, SequentialRunsInIndexOrder) {
  Log log;
  Schedule s(3);
  for (unsigned i = 0; i < 7; ++i) {
    int t = s.add(&record, &log, i, 1.0 + i, int(i), "t");
    if (i >= 3) s.depend(t, int(i) - 3);
  }
  s.run_sequential();
  ASSERT_EQ(log.order.size(), 7u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(log.order[i], i);
  EXPECT_DOUBLE_EQ(s.total_cost(), 7 + 21);
  EXPECT_EQ(s.ran_on(6), 0);
}

TEST(Schedule, DescribeListsThreadsAndDependencies) {
  Log log;
  Schedule s(2);
  s.add(&record, &log, 0, 2.0, 0, "A0*B0");
  s.add(&record, &log, 1, 2.0, 1, "A1*B0");
  int sum = s.add(&record, &log, 2, 0.5, 0, "sum");
  s.depend(sum, 0);
  s.depend(sum, 1);
  std::string d = s.describe();
  EXPECT_NE(d.find("thread 0: [0] A0*B0 (2) [2] sum (0.5)"), std::string::npos) << d;
  EXPECT_NE(d.find("thread 1: [1] A1*B0 (2)"), std::string::npos) << d;
  EXPECT_NE(d.find("[2] after 0 1"), std::string::npos) << d;
  EXPECT_EQ(d.find("last run"), std::string::npos);
  s.run_sequential();
  EXPECT_NE(s.describe().find("last run: [0]@0 [1]@0 [2]@0"), std::string::npos);
}

TEST(Schedule, ThreadIndexIsTakenModuloThreads) {
  Log log;
  Schedule s(2);
  s.add(&record, &log, 0, 1, 5, "x");
  EXPECT_NE(s.describe().find("thread 1: [0] x"), std::string::npos);
}

TEST(Schedule, RejectsBadEdgesWithAnException) {
  Log log;
  Schedule s(2);
  s.add(&record, &log, 0, 1, 0, "a");
  EXPECT_THROW(s.depend(0, 0), std::logic_error);   // not an earlier task
  s.add(&record, &log, 1, 1, 0, "b");
  EXPECT_THROW(s.depend(0, 0), std::logic_error);   // not the last task added
  EXPECT_THROW(s.depend(1, -1), std::logic_error);
  EXPECT_EQ(s.size(), 2);
}

// Beyond the inline arrays (the former limits of 96 tasks and 512 edges, at
// which the process aborted) the schedule moves to the heap and runs as
// before, sequentially and on the team.
void bump(const void* ctx, unsigned arg) {
  auto* when = const_cast<std::atomic<int>*>(static_cast<const std::atomic<int>*>(ctx));
  // when[0] is the clock; when[1 + arg] the tick at which task arg ran.
  when[1 + arg].store(when[0].fetch_add(1) + 1);
}
TEST(Schedule, GrowsBeyondTheInlineSize) {
  constexpr int kTasks = 5 * Schedule::kInlineTasks + 3;
  for (int threads : {1, 2}) {
    static std::atomic<int> when[1 + kTasks];
    for (auto& w : when) w.store(0);
    Schedule s(threads);
    int edges = 0;
    for (int i = 0; i < kTasks; ++i) {
      const int t = s.add(&bump, when, static_cast<unsigned>(i), 1.0, i, "t");
      EXPECT_EQ(t, i);
      for (int d = 1; d <= 8 && d <= i; d += 3) {  // 3 edges a task: > kInlineDeps in all
        s.depend(t, i - d);
        ++edges;
      }
    }
    ASSERT_GT(edges, Schedule::kInlineDeps);
    ASSERT_EQ(s.size(), kTasks);
    if (threads == 1) {
      s.run_sequential();
    } else {
      parmod::runtime::run(s, threads);
    }
    for (int i = 0; i < kTasks; ++i) {
      ASSERT_GT(when[1 + i].load(), 0) << i;
      for (int d = 1; d <= 8 && d <= i; d += 3) EXPECT_GT(when[1 + i].load(), when[1 + i - d].load()) << i;
    }
    EXPECT_NE(s.describe().find("[" + std::to_string(kTasks - 1) + "] after"), std::string::npos);
  }
}

// Two participants driven by hand (no team): every task runs exactly once and
// no task starts before its dependencies.
struct Chain {
  std::atomic<int> stamp{0};
  int when[Schedule::kInlineTasks];
};
void stamp_task(const void* ctx, unsigned arg) {
  auto* c = const_cast<Chain*>(static_cast<const Chain*>(ctx));
  c->when[arg] = c->stamp.fetch_add(1);
}

TEST(Schedule, ExecuteByTwoParticipantsRespectsDependencies) {
  for (int rep = 0; rep < 50; ++rep) {
    Chain c;
    Schedule s(2);
    for (unsigned i = 0; i < 40; ++i) {
      int t = s.add(&stamp_task, &c, i, 1, int(i % 2), "t");
      if (i >= 1) s.depend(t, int(i) - 1);  // a chain alternating between the lists
    }
    s.prepare_run();
    std::thread other([&] { s.execute(1, 2); });
    s.execute(0, 2);
    other.join();
    for (int i = 1; i < 40; ++i) EXPECT_EQ(c.when[i], c.when[i - 1] + 1);
    for (int i = 0; i < 40; ++i) EXPECT_GE(s.ran_on(i), 0);
  }
}
}  // namespace

namespace {
TEST(Schedule, StrictListsStillFinishWhenThePartnerIsMissing) {
  // Participant 1 never shows up: participant 0 must take list 1's tasks after
  // its spin budget instead of waiting forever.
  Chain c;
  Schedule s(2);
  s.set_strict(true);
  for (unsigned i = 0; i < 6; ++i) {
    int t = s.add(&stamp_task, &c, i, 1, int(i % 2), "t");
    if (i >= 1) s.depend(t, int(i) - 1);
  }
  s.prepare_run();
  s.execute(0, 2);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(s.ran_on(i), 0);
  for (int i = 1; i < 6; ++i) EXPECT_EQ(c.when[i], c.when[i - 1] + 1);
}
}  // namespace

namespace {
// Task 0 absorbs tasks 1 and 2 when they are still free; task 3 depends on 0.
struct Absorbing {
  Schedule* s = nullptr;
  std::atomic<int> ran[4] = {0, 0, 0, 0};
  bool absorbed_1 = false, absorbed_2 = false, absorbed_3 = false;
};
void absorbing_task(const void* ctx, unsigned arg) {
  auto* a = const_cast<Absorbing*>(static_cast<const Absorbing*>(ctx));
  a->ran[arg].fetch_add(1);
  if (arg == 0) {
    a->absorbed_1 = a->s->absorb(1);
    a->absorbed_2 = a->s->absorb(2);
    a->absorbed_3 = a->s->absorb(3);  // allowed: task 3 depends on task 0, nothing depends on task 3
  }
}

TEST(Schedule, AbsorbTakesOverFreeTasksOnly) {
  Absorbing a;
  Schedule s(2);
  a.s = &s;
  for (unsigned i = 0; i < 4; ++i) s.add(&absorbing_task, &a, i, 1, 0, "t");
  s.depend(3, 0);
  // Sequentially: task 0 runs first and absorbs 1, 2 and 3 (free, nothing depends on them).
  s.run_sequential();
  EXPECT_EQ(a.ran[0].load(), 1);
  EXPECT_EQ(a.ran[1].load() + a.ran[2].load() + a.ran[3].load(), 0);
  EXPECT_TRUE(a.absorbed_1 && a.absorbed_2 && a.absorbed_3);
  EXPECT_EQ(s.ran_on(0), 0);
  EXPECT_EQ(s.ran_on(1), -1);
  // A second run starts afresh; a task that has run cannot be absorbed.
  s.run_sequential();
  EXPECT_EQ(a.ran[0].load(), 2);
  EXPECT_FALSE(s.absorb(0));
}

TEST(Schedule, AbsorbRefusesTasksOthersDependOn) {
  Absorbing a;
  Schedule s(1);
  a.s = &s;
  s.add(&absorbing_task, &a, 1, 1, 0, "t");  // task 0 (arg 1)
  s.add(&absorbing_task, &a, 2, 1, 0, "t");  // task 1 (arg 2), depends on task 0
  s.depend(1, 0);
  s.prepare_run();
  EXPECT_FALSE(s.absorb(0));  // task 1 waits for it
  EXPECT_TRUE(s.absorb(1));
  EXPECT_FALSE(s.absorb(1));  // taken already
  EXPECT_FALSE(s.absorb(7));  // no such task
}
}  // namespace

namespace {
// A task that spins for `arg` microseconds, so that its recorded duration is known from below.
void spin_task(const void*, unsigned us) {
  const std::uint64_t until = parmod::runtime::monotonic_ns() + 1000ull * us;
  while (parmod::runtime::monotonic_ns() < until) {
  }
}

// Task times (set_timed): none before a timed run; then each task lasts at
// least its spin and starts after its dependencies finished, on the team and
// in order on one thread; an untimed run keeps the last timed run's times.
TEST(Schedule, TimedRunsRecordEachTaskAfterItsDependencies) {
  Schedule s(2);
  const int a = s.add(&spin_task, nullptr, 30, 1, 0, "a");
  const int b = s.add(&spin_task, nullptr, 20, 1, 1, "b");
  s.depend(b, a);
  const int c = s.add(&spin_task, nullptr, 20, 1, 0, "c");
  s.depend(c, a);
  const int d = s.add(&spin_task, nullptr, 10, 1, 1, "d");
  s.depend(d, b);
  s.depend(d, c);
  EXPECT_FALSE(s.timed());
  parmod::runtime::run(s, 2);
  for (int i = 0; i < s.size(); ++i) EXPECT_EQ(s.finished_ns(i), 0u) << i;
  s.set_timed(true);
  for (int threads : {2, 1}) {
    parmod::runtime::run(s, threads);
    const unsigned spin[] = {30, 20, 20, 10};
    for (int i = 0; i < s.size(); ++i) EXPECT_GE(s.finished_ns(i), s.started_ns(i) + 1000 * spin[i]) << i;
    EXPECT_GE(s.started_ns(b), s.finished_ns(a));
    EXPECT_GE(s.started_ns(c), s.finished_ns(a));
    EXPECT_GE(s.started_ns(d), std::max(s.finished_ns(b), s.finished_ns(c)));
    if (threads == 1)
      for (int i = 1; i < s.size(); ++i) EXPECT_GE(s.started_ns(i), s.finished_ns(i - 1)) << "in order, " << i;
  }
  EXPECT_STREQ(s.name(c), "c");
  EXPECT_EQ(s.planned_thread(d), 1);
  const std::uint32_t last = s.finished_ns(d);
  s.set_timed(false);
  parmod::runtime::run(s, 2);
  EXPECT_EQ(s.finished_ns(d), last);
}
}  // namespace

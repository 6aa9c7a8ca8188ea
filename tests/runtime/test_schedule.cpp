// Tests for runtime/schedule.cpp: sequential order, dependencies, printing.
#include "runtime/schedule.hpp"

#include <gtest/gtest.h>

#include <atomic>
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

TEST(ScheduleDeathTest, RejectsForwardDependency) {
  Log log;
  Schedule s(2);
  s.add(&record, &log, 0, 1, 0, "a");
  EXPECT_DEATH(s.depend(0, 0), "earlier task");
}

// Two participants driven by hand (no team): every task runs exactly once and
// no task starts before its dependencies.
struct Chain {
  std::atomic<int> stamp{0};
  int when[Schedule::kMaxTasks];
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

// Tests for runtime/team.cpp: schedules run completely and in dependency order
// on the persistent team, concurrent callers, nested calls, idle CPU, fork().
#include "runtime/team.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#include "parmod/detail/sanitizers.h"
#include "runtime/spin_wait.hpp"

namespace {
using namespace parmod::runtime;

struct Counters {
  std::atomic<int> stamp{0};
  int when[Schedule::kInlineTasks] = {};
  long work[Schedule::kInlineTasks] = {};
};
void busy_task(const void* ctx, unsigned arg) {
  auto* c = const_cast<Counters*>(static_cast<const Counters*>(ctx));
  volatile long x = 0;
  for (int i = 0; i < 200 * int(arg % 5 + 1); ++i) x = x + i;
  c->work[arg] = x;
  c->when[arg] = c->stamp.fetch_add(1);
}

// A layered graph: each task of layer L depends on two tasks of layer L-1.
void build_layers(Schedule& s, Counters& c, int layers, int width) {
  for (int l = 0; l < layers; ++l)
    for (int w = 0; w < width; ++w) {
      int i = s.add(&busy_task, &c, unsigned(l * width + w), 1, w, "t");
      if (l > 0) {
        s.depend(i, (l - 1) * width + w);
        s.depend(i, (l - 1) * width + (w + 1) % width);
      }
    }
}

void check_layers(const Counters& c, int layers, int width) {
  for (int l = 1; l < layers; ++l)
    for (int w = 0; w < width; ++w) {
      int i = l * width + w;
      EXPECT_GT(c.when[i], c.when[(l - 1) * width + w]);
      EXPECT_GT(c.when[i], c.when[(l - 1) * width + (w + 1) % width]);
    }
  for (int i = 0; i < layers * width; ++i) EXPECT_NE(c.work[i], 0);
}

TEST(Team, RunsEveryTaskInDependencyOrderForThreadCounts1To4) {
  for (int T = 1; T <= 4; ++T) {
    for (int rep = 0; rep < 20; ++rep) {
      Counters c;
      Schedule s(T);
      build_layers(s, c, 8, 4);
      int used = run(s, T);
      EXPECT_GE(used, 1);
      EXPECT_LE(used, T);
      EXPECT_EQ(c.stamp.load(), 32);
      check_layers(c, 8, 4);
    }
  }
  EXPECT_GE(team_size(), 4);
  EXPECT_EQ(teams_created(), 1);
}

TEST(Team, OneTaskRunsOnTheCaller) {
  Counters c;
  Schedule s(2);
  s.add(&busy_task, &c, 0, 1, 1, "only");
  EXPECT_EQ(run(s, 2), 1);
  EXPECT_EQ(s.ran_on(0), 0);
}

struct Nested {
  std::atomic<int> ran{0};
  std::atomic<int> nested_used{0};
  std::atomic<int> inside{0};
};
void inner_task(const void* ctx, unsigned) { const_cast<Nested*>(static_cast<const Nested*>(ctx))->ran++; }
void outer_task(const void* ctx, unsigned) {
  auto* n = const_cast<Nested*>(static_cast<const Nested*>(ctx));
  if (inside_task()) n->inside++;
  Schedule inner(2);
  inner.add(&inner_task, n, 0, 1, 0, "in0");
  inner.add(&inner_task, n, 1, 1, 1, "in1");
  n->nested_used += run(inner, 2);
}

TEST(Team, CallFromInsideATaskRunsSequentially) {
  Nested n;
  Schedule s(2);
  s.add(&outer_task, &n, 0, 1, 0, "out0");
  s.add(&outer_task, &n, 1, 1, 1, "out1");
  run(s, 2);
  EXPECT_EQ(n.ran.load(), 4);
  EXPECT_EQ(n.nested_used.load(), 2);  // each nested run used 1 thread
  EXPECT_EQ(n.inside.load(), 2);
  EXPECT_FALSE(inside_task());
}

TEST(Team, EightUserThreadsAtOnce) {
  std::vector<std::thread> users;
  std::atomic<int> failures{0};
  for (int u = 0; u < 8; ++u)
    users.emplace_back([&, u] {
      for (int rep = 0; rep < 100; ++rep) {
        Counters c;
        Schedule s(2 + u % 3);
        build_layers(s, c, 4, 4);
        run(s, 2 + u % 3);
        if (c.stamp.load() != 16) failures++;
        for (int l = 1; l < 4; ++l)
          for (int w = 0; w < 4; ++w)
            if (c.when[l * 4 + w] < c.when[(l - 1) * 4 + w]) failures++;
      }
    });
  for (auto& t : users) t.join();
  EXPECT_EQ(failures.load(), 0);
}

double process_cpu_seconds() {
  rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

TEST(Team, IdleProcessUsesNoCpu) {
  Counters c;
  Schedule s(2);
  build_layers(s, c, 2, 2);
  run(s, 2);
  // Let the workers pass their spin budget, then measure an idle interval.
  std::this_thread::sleep_for(std::chrono::nanoseconds(spin_budget_ns() * 2 + 20000000));
  double before = process_cpu_seconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  double used = process_cpu_seconds() - before;
  EXPECT_LT(used, 0.03) << "idle workers burned " << used << " s of CPU in 0.3 s";
}

// Runs child() in a forked child process; the test fails unless child()
// returns true there (the child exits 0).
void expect_forked_child_succeeds(const std::function<bool()>& child) {
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) _exit(child() ? 0 : 1);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(Team, ForkedChildCanRunSchedules) {
#if defined(PARMOD_UNDER_TSAN)
  GTEST_SKIP() << "ThreadSanitizer cannot start threads in a child of a multi-threaded fork";
#endif
  Counters c0;
  Schedule s0(2);
  build_layers(s0, c0, 2, 2);
  run(s0, 2);  // the parent's team exists now
  ASSERT_GE(teams_created(), 1);
  expect_forked_child_succeeds([&] {
    int bad = teams_created() != 0;  // the child forgot the parent's team
    for (int rep = 0; rep < 10; ++rep) {
      Counters c;
      Schedule s(2);
      build_layers(s, c, 4, 2);
      run(s, 2);
      bad |= c.stamp.load() != 8;
    }
    bad |= teams_created() != 1;
    return bad == 0;
  });
  // The parent's team is untouched.
  Counters c1;
  Schedule s1(2);
  build_layers(s1, c1, 2, 2);
  run(s1, 2);
  EXPECT_EQ(c1.stamp.load(), 4);
}

TEST(Team, WorkersConfinedToTheCallersCpuStillFinish) {
  // A worker that shares its caller's CPU tries to move off it
  // (step_off_cpu); with one allowed CPU there is nowhere to go, and runs must
  // still finish, in order.  In a child, so that its team is built under the
  // one-CPU affinity its workers inherit.
#if defined(PARMOD_UNDER_TSAN)
  GTEST_SKIP() << "ThreadSanitizer cannot start threads in a child of a multi-threaded fork";
#endif
  expect_forked_child_succeeds([&] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu() >= 0 ? sched_getcpu() : 0, &one);
    int bad = sched_setaffinity(0, sizeof one, &one) != 0;
    for (int rep = 0; rep < 20 && !bad; ++rep) {
      Counters c;
      Schedule s(3);
      build_layers(s, c, 4, 3);
      run(s, 3);
      bad |= c.stamp.load() != 12;
    }
    return bad == 0;
  });
}

TEST(Team, WarmUpBuildsTheTeam) {
  EXPECT_GE(warm_up(3), 3);
  EXPECT_GE(team_size(), 3);
}
}  // namespace

namespace {
struct Probe {
  std::atomic<int> seen_busy{0};
};
void probe_task(const void* ctx, unsigned) {
  auto* p = const_cast<Probe*>(static_cast<const Probe*>(ctx));
  if (!parmod::runtime::team_free()) p->seen_busy++;
}
TEST(Team, TeamFreeIsFalseWhileAScheduleRuns) {
  using namespace parmod::runtime;
  warm_up(2);
  EXPECT_TRUE(team_free());
  Probe p;
  Schedule s(2);
  s.add(&probe_task, &p, 0, 1, 0, "a");
  s.add(&probe_task, &p, 1, 1, 1, "b");
  EXPECT_EQ(run(s, 2), 2);
  EXPECT_EQ(p.seen_busy.load(), 2);
  EXPECT_TRUE(team_free());
}
}  // namespace

namespace {
void tiny_task(const void*, unsigned) {}
TEST(Team, HealthStaysInRangeAndAllParticipatedCounts) {
  using namespace parmod::runtime;
  Schedule s(2);
  s.add(&tiny_task, nullptr, 0, 1, 0, "a");
  s.add(&tiny_task, nullptr, 1, 1, 1, "b");
  s.set_strict(true);  // each list by its owner: both participate, unless the worker gets
                       // no core within the spin budget (another process on it), when the
                       // caller takes its task: so some run, not every run, must show both
  bool both = false;
  for (int i = 0; i < 400 && !both; ++i) {
    run(s, 2);
    both = s.all_participated(2);
  }
  EXPECT_TRUE(both);
  EXPECT_GE(team_health(), 0.0);
  EXPECT_LE(team_health(), 1.0);
  Schedule one(2);
  one.add(&tiny_task, nullptr, 0, 1, 0, "a");
  one.run_sequential();
  EXPECT_TRUE(one.all_participated(1));
  EXPECT_FALSE(one.all_participated(2));
}
}  // namespace

namespace {
void spin_40us(const void*, unsigned) {
  const std::uint64_t until = parmod::runtime::monotonic_ns() + 40000;
  while (parmod::runtime::monotonic_ns() < until) parmod::runtime::cpu_relax();
}
TEST(Team, RunsThatWakeSleepingWorkersDoNotLowerHealth) {
  // A worker sleeps after its spin budget (1 ms); a short run that has to
  // wake it is over before the kernel runs it again (0.1-1 ms here), and the
  // caller does every task.  Such runs say nothing about the host: were they
  // counted, a planner that went sequential on low health would find the
  // workers asleep at each probe and never see health recover.
  using namespace parmod::runtime;
#if defined(PARMOD_UNDER_TSAN)
  // Under ThreadSanitizer a futex wake-up on a slow host (Zen 1) took longer
  // than kWakeNs (2 ms) in more than half of the runs: the rule is about real
  // wake-up latencies, which this build does not have.
  GTEST_SKIP() << "wake-up latency under ThreadSanitizer is not the host's";
#endif
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  // The rule, not the host: every run that had to wake a worker (the
  // counters say which) and that the test itself timed under 2 ms must count
  // as good, whatever else the host does.  A run the host made slower than
  // that may count either way, so the bound is the number of such woken, short
  // runs among the last 32 (the history's length).  On a quiet host that is
  // nearly all of them; without the rule a woken run whose worker missed the
  // job would count as bad and the bound would fail.
  constexpr int kRuns = 40;  // more than the 32 runs of the history
  constexpr std::uint64_t kWakeRuleNs = 2000000;
  bool counted_good[kRuns] = {};
  for (int i = 0; i < kRuns; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // the worker falls asleep
    Schedule s(2);
    s.add(&spin_40us, nullptr, 0, 1, 0, "a");
    s.add(&spin_40us, nullptr, 1, 1, 1, "b");
    const std::uint64_t woken_before = team_counters().woken_runs;
    const std::uint64_t t0 = monotonic_ns();
    run(s, 2);
    const std::uint64_t elapsed = monotonic_ns() - t0;
    counted_good[i] = team_counters().woken_runs > woken_before && elapsed < kWakeRuleNs;
  }
  int must_be_good = 0;
  for (int i = kRuns - 32; i < kRuns; ++i) must_be_good += counted_good[i] ? 1 : 0;
  EXPECT_GE(team_health() * 32.0, must_be_good) << must_be_good << " of the last 32 runs woke a worker and took under 2 ms";
  // The test says something only if some runs did wake a worker in time.
  EXPECT_GT(must_be_good, 0) << "no run woke a sleeping worker within 2 ms";
}
}  // namespace

namespace {
void spin_12us(const void*, unsigned) {
  const std::uint64_t until = parmod::runtime::monotonic_ns() + 12000;
  while (parmod::runtime::monotonic_ns() < until) parmod::runtime::cpu_relax();
}
void spin_200us(const void*, unsigned) {
  const std::uint64_t until = parmod::runtime::monotonic_ns() + 200000;
  while (parmod::runtime::monotonic_ns() < until) parmod::runtime::cpu_relax();
}
TEST(Team, HealthCountsARunByItsWorkNotByHowLongItTook) {
  // Two tasks of 12 us: 24 us of work, about 13 us on two threads, 24 us when
  // the caller runs both.  Counting only runs that lasted over 20 us would
  // count such a schedule only when its partner missed it, so health would
  // fall on a free host and planners would go sequential.  Each of these
  // runs counts, and one where both threads worked and that took at most
  // 24 us (so the caller waited at most half of it) counts as good.  On a
  // loaded host (ctest -j) the worker may get no core for a whole series:
  // the series is repeated until one shows something, else the test skips.
  using namespace parmod::runtime;
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  const auto slow_runs = [] {  // runs where the caller waits for a slow partner
    for (int i = 0; i < 40; ++i) {  // (busy, so that the worker stays awake for the runs below)
      Schedule s(2);
      s.add(&spin_12us, nullptr, 0, 1, 0, "own");
      s.add(&spin_200us, nullptr, 1, 1, 1, "slow");
      run(s, 2);
    }
  };
  bool low = false;
  for (int attempt = 0; attempt < 5 && !low; ++attempt) {
    slow_runs();
    low = team_health() < 0.75;
  }
  if (!low) GTEST_SKIP() << "the host let runs with a slow partner look good five times";
  const double before = team_health();
  constexpr int kRuns = 40;
  int good = 0;
  for (int series = 0; series < 50 && good == 0; ++series) {
    bool must_be_good[kRuns] = {};
    for (int i = 0; i < kRuns; ++i) {
      Schedule s(2);
      s.add(&spin_12us, nullptr, 0, 1, 0, "a");
      s.add(&spin_12us, nullptr, 1, 1, 1, "b");
      const std::uint64_t t0 = monotonic_ns();
      run(s, 2);
      must_be_good[i] = s.all_participated(2) && monotonic_ns() - t0 <= 24000;
      // Below 3/4 a good run counts four times (health recovers within a few
      // probes): from a history of bad runs only, the first run adds 4/32.
      if (series == 0 && i == 0 && before == 0.0 && must_be_good[0]) EXPECT_EQ(team_health() * 32.0, 4.0);
    }
    for (int i = kRuns - 32; i < kRuns; ++i) good += must_be_good[i] ? 1 : 0;
    if (good > 0)
      EXPECT_GE(team_health() * 32.0, good) << good << " of the last 32 runs had both threads working within 24 us";
  }
  if (good == 0) GTEST_SKIP() << "no run had both threads working within 24 us in 50 series (a loaded host)";
}
}  // namespace

namespace {
void stall_5ms(const void*, unsigned) { std::this_thread::sleep_for(std::chrono::milliseconds(5)); }
TEST(Team, APartnerStalledMidTaskLowersHealth) {
  // The task of list 1 stands for a worker whose core another process took
  // for 5 ms in the middle of a 40 us task: the caller, done with its own
  // task, waits (or runs it itself).  Either way the run is no parallel win,
  // and health must say so, so that planners fall back to sequential code.
  using namespace parmod::runtime;
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  for (int i = 0; i < 40; ++i) {
    Schedule s(2);
    s.add(&spin_40us, nullptr, 0, 1, 0, "own");
    s.add(&stall_5ms, nullptr, 1, 1, 1, "stalled");
    run(s, 2);
  }
  EXPECT_LT(team_health(), 0.75);
  // Planners then plan sequentially, probing on one call in eight.
  int yes = 0;
  const std::uint64_t declines = team_counters().health_declines;
  for (int i = 0; i < 64; ++i) yes += team_worth_planning(0.75) ? 1 : 0;
  EXPECT_EQ(yes, 8);
  EXPECT_EQ(team_counters().health_declines - declines, 56u);  // the other calls, counted
  EXPECT_TRUE(team_worth_planning(0.0));
}

std::atomic<int> g_planned_inside{0};
void plan_inside(const void*, unsigned) {
  if (team_worth_planning(0.0)) ++g_planned_inside;
}
TEST(Team, NoParallelPlanInsideATask) {
  using namespace parmod::runtime;
  Schedule s(2);  // two tasks: the team runs them (one alone would run sequentially)
  s.add(&plan_inside, nullptr, 0, 1, 0, "a");
  s.add(&plan_inside, nullptr, 1, 1, 1, "b");
  EXPECT_GE(run(s, 2), 1);
  EXPECT_EQ(g_planned_inside.load(), 0);
}
}  // namespace

namespace {
using namespace parmod::runtime;

// Polls `done` every 2 ms for up to 10 s (no timing is asserted: a loaded
// host only makes the wait longer).
template <class F>
bool eventually(F done) {
  for (int i = 0; i < 5000; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return done();
}

TEST(Team, PrewakeWakesASleepingWorkerAndRunsStillComplete) {
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  Counters c0;
  Schedule s0(2);
  build_layers(s0, c0, 2, 2);
  run(s0, 2);
  const std::uint64_t runs = team_counters().parallel_runs;
  // The worker sleeps once past its spin budget; a prewake then wakes it,
  // without any job (it enters no gate).  On a loaded host the worker may
  // have been preempted in its spin rather than asleep, and see the prewake
  // without sleeping: then try again.
  bool woke = false;
  for (int attempt = 0; attempt < 50 && !woke; ++attempt) {
    ASSERT_TRUE(eventually([] { return team_likely_asleep(2); }));
    const std::uint64_t wakes = team_counters().wakes;
    prewake(2);
    for (int i = 0; i < 100 && !woke; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      woke = team_counters().wakes > wakes;
    }
  }
  EXPECT_TRUE(woke);
  EXPECT_EQ(team_counters().parallel_runs, runs);
  // ... and schedules run completely after it, whether it still spins or sleeps again.
  for (int rep = 0; rep < 20; ++rep) {
    Counters c;
    Schedule s(2);
    build_layers(s, c, 4, 2);
    run(s, 2);
    EXPECT_EQ(c.stamp.load(), 8);
    check_layers(c, 4, 2);
  }
}

void prewake_task(const void* ctx, unsigned arg) {
  prewake(2 + static_cast<int>(arg % 3));  // inside a task: does nothing
  busy_task(ctx, arg);
}
TEST(Team, PrewakeInsideATaskAndWhileAnotherCallerRuns) {
  Counters c;
  Schedule s(2);
  for (unsigned i = 0; i < 8; ++i) s.add(&prewake_task, &c, i, 1, static_cast<int>(i % 2), "prewake");
  std::atomic<bool> stop{false};
  std::thread other([&] {  // prewakes while the schedule below owns the team
    while (!stop.load()) prewake(3);
  });
  for (int rep = 0; rep < 50; ++rep) {
    c.stamp.store(0);
    run(s, 2);
    EXPECT_EQ(c.stamp.load(), 8);
  }
  stop.store(true);
  other.join();
}

// Several user threads switch between thread counts, prewake, run schedules
// and pause past the spin budget (so that runs find the workers asleep or
// half-awake): every run completes, in dependency order; no deadlock.
TEST(Team, UserThreadsSwitchingCountsPrewakingAndPausing) {
  std::atomic<int> failures{0};
  std::vector<std::thread> users;
  for (int u = 0; u < 4; ++u)
    users.emplace_back([&, u] {
      unsigned x = 12345u + 977u * static_cast<unsigned>(u);
      for (int rep = 0; rep < 60; ++rep) {
        x = x * 1103515245u + 12345u;
        const int T = 1 + static_cast<int>((x >> 16) % 3);
        if ((x >> 20) % 3 == 0) prewake(T);
        if ((x >> 24) % 8 == 0) std::this_thread::sleep_for(std::chrono::microseconds(1500 + (x >> 8) % 2000));
        Counters c;
        Schedule s(T);
        build_layers(s, c, 4, 3);
        const int used = run(s, T);
        if (used < 1 || used > T || c.stamp.load() != 12) failures++;
        for (int l = 1; l < 4; ++l)
          for (int w = 0; w < 3; ++w)
            if (c.when[l * 3 + w] < c.when[(l - 1) * 3 + w]) failures++;
      }
    });
  for (auto& t : users) t.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(Team, PrewakeBuildsTheTeamInAForkedChild) {
#if defined(PARMOD_UNDER_TSAN)
  GTEST_SKIP() << "ThreadSanitizer cannot start threads in a child of a multi-threaded fork";
#endif
  warm_up(2);
  prewake(2);  // the parent's workers spin (or wake) while it forks
  expect_forked_child_succeeds([&] {
    int bad = teams_created() != 0;
    bad |= team_counters().parallel_runs != 0;  // the child counts its own
    prewake(2);                                 // builds the child's team
    bad |= teams_created() != 1;
    for (int rep = 0; rep < 10; ++rep) {
      Counters c;
      Schedule s(2);
      build_layers(s, c, 4, 2);
      run(s, 2);
      bad |= c.stamp.load() != 8;
    }
    return bad == 0;
  });
}

TEST(Team, LikelyAsleepFollowsTheWorkers) {
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  ASSERT_TRUE(eventually([] { return team_likely_asleep(2); }));
  prewake(2);
  // Once the worker runs (it marks itself waiting anew), it is not asleep
  // for a spin budget; poll with prewakes, since it may sleep again before
  // this thread looks.
  EXPECT_TRUE(eventually([] {
    prewake(2);
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    return !team_likely_asleep(2);
  }));
}
}  // namespace

namespace {
// A worker that spins between back-to-back runs notes, on one run in sixteen,
// how long after the publication it entered (team_counters().joins, join_ns).
TEST(Team, JoinsOfASpinningWorkerAreSampled) {
  warm_up(2);
  if (team_size() < 2) GTEST_SKIP() << "no worker";
  Schedule s(2);
  s.add(&spin_40us, nullptr, 0, 1, 0, "a");
  s.add(&spin_40us, nullptr, 1, 1, 1, "b");
  s.set_strict(true);  // each list by its owner, as long as the worker gets a core
  const TeamCounters before = team_counters();
  int both = 0;
  for (int i = 0; i < 400; ++i) {
    run(s, 2);
    both += s.all_participated(2);
  }
  const TeamCounters after = team_counters();
  if (both < 64) GTEST_SKIP() << "the worker joined only " << both << " of 400 runs (no free core)";
  EXPECT_GE(after.joins - before.joins, 1u);
  EXPECT_LE(after.joins - before.joins, 400u / 16 + 1);
  EXPECT_GE(after.join_ns - before.join_ns, after.joins - before.joins);  // each at least 1 ns
}
}  // namespace

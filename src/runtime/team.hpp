// runtime/team.hpp - the one persistent thread team of the process.
//
// The only place parmod starts, wakes or waits on threads.  The team is
// created on first use with default_thread_count() - 1 workers (the caller is
// participant 0) and grows, once, if a call asks for more threads; nothing is
// allocated and no thread is started per operation.  Idle workers spin for
// spin_budget_ns() (1 ms by default) and then sleep in the kernel.
//
// Concurrency: one caller at a time owns the team (a try-lock).  A caller
// that cannot get it, and any call made from inside a task or a worker, runs
// the schedule sequentially on its own thread: never a deadlock, never
// oversubscription.  fork(): a pthread_atfork handler makes the child forget
// the parent's team (its threads do not exist there); the child builds a new
// team on first use, so the child stays usable.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/schedule.hpp"

namespace parmod::runtime {

// Runs every task of `s` using up to `threads` threads (<= 0: the default
// rule), the caller included, and returns when all tasks have finished.
// Returns how many threads took part (1 = ran sequentially).
int run(Schedule& s, int threads) noexcept;

// The one way the parallel products run their task graphs: a schedule for
// max(threads, 1) threads, filled by build(s), then run (or described, for
// `parmod-bench mul --schedule`).
// build() may throw (std::bad_alloc from a schedule beyond its inline size).
template <class Build>
int run_built(int threads, Build&& build) {
  const int t = threads < 1 ? 1 : threads;
  Schedule s(t);
  build(s);
  return run(s, t);
}
template <class Build>
std::string describe_built(int threads, Build&& build) {
  Schedule s(threads < 1 ? 1 : threads);
  build(s);
  return s.describe();
}

// True on a team worker and on a caller while it executes a schedule.
bool inside_task() noexcept;

// A hint: false while another caller owns the team (a run() now would most
// likely execute sequentially), true otherwise.  Planners use it to pick a
// sequential algorithm instead of a sequentially executed parallel one.
bool team_free() noexcept;

// How well parallel runs went lately: the share (0..1) of good runs in a
// history of the last 32 counted parallel runs.  A run counts when its work
// (the caller's busy time times the participants that worked) exceeds 20 us,
// or when the caller waited over 20 us for a partner; shorter runs are not
// counted (the caller may rightly finish them alone), and whether a run
// counts does not depend on how it went.  A run is good when every
// participant ran at least one task and the caller waited for the others at
// most half of the run; a run that had to wake a sleeping worker and lasted
// under 2 ms counts as good too (the kernel's wake-up latency is no sign of a
// busy host, and probes after a sequential spell always find workers
// asleep).  While the share is below 3/4 a good run enters the history four
// times, so that it recovers within a few probes after a burst of misses.
// Near 1 on free cores; low when the workers rarely get a core in time (an
// oversubscribed or shared host), so that planners can fall back to
// sequential algorithms (they should still probe now and then).
double team_health() noexcept;

// Whether a planner should plan a parallel run now: false while another
// caller owns the team or the caller runs inside a task (a run would execute
// sequentially), and while team_health() < min_health except on one call in
// eight (a probe, so that health can recover).  One probe counter per
// process.
bool team_worth_planning(double min_health) noexcept;

// A hint: true when a worker that a run on `threads` threads (<= 0: the
// default rule) would use has waited for a job longer than its spin budget
// (spin_budget_ns), so that it sleeps and a run now starts only after the
// kernel wakes it (0.1-1 ms on a cloud VM); true before the team exists.
// Planners that balance work for the workers' measured speed keep such runs
// apart from back-to-back ones.
bool team_likely_asleep(int threads = 0) noexcept;

// Wakes the workers a run on `threads` threads (<= 0: the default rule)
// would use, without a job: a sleeping worker starts running now (one futex
// system call each), and every one spins its budget anew, so that a parallel
// run that follows within the budget finds them awake.  Call it as soon as a
// call knows it will go parallel (before its conversions and set-up), and on
// set_num_threads(n >= 2).  Builds the team if it does not exist.  Does
// nothing inside a task or while another caller owns the team (its workers
// are up).  Cost: nothing when the workers spin; one system call per
// sleeping worker; they then spin at most spin_budget_ns() if no run comes.
void prewake(int threads = 0) noexcept;

// Threads in the team now (workers + the caller's slot); 0 before first use.
int team_size() noexcept;

// How many teams this process has built (1 after first use; a forked child
// that used parmod counts its own).  For tests and diagnostics.
int teams_created() noexcept;

// What the team did since the process started (relaxed counters, for
// benchmarks and diagnostics; a forked child starts from zero).
struct TeamCounters {
  std::uint64_t parallel_runs = 0;   // run() calls given to two or more participants
  std::uint64_t woken_runs = 0;      // of them, runs that had to wake a sleeping worker
  std::uint64_t missed_runs = 0;     // of them, runs in which some participant ran no task
  std::uint64_t caller_wait_ns = 0;  // time callers spent waiting for workers in those runs
  std::uint64_t wakes = 0;           // times a sleeping worker ran again after a publish
  std::uint64_t wake_ns = 0;         // total time from those publishes to the worker running
  std::uint64_t health_declines = 0; // team_worth_planning() calls answered false for low health
  // A sample of the link between the caller and its workers: on one run in
  // sixteen, a worker that was spinning (not asleep) notes how long after the
  // publication it entered the run.  On the same CPU the mean doubles when the
  // two threads sit far apart (another core complex or socket of a VM's host).
  std::uint64_t joins = 0;           // sampled joins
  std::uint64_t join_ns = 0;         // their total time from publication to entering
};
TeamCounters team_counters() noexcept;

// Builds the team now (sized by the default rule, at least `threads`) so that
// a first timed call does not pay for thread start.  Returns team_size().
int warm_up(int threads = 0) noexcept;

}  // namespace parmod::runtime

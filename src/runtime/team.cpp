// runtime/team.cpp - persistent spin-then-sleep workers executing schedules (see team.hpp).
#include "runtime/team.hpp"

#include <pthread.h>
#include <sched.h>
#include <signal.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "process/fork_safe_mutex.hpp"
#include "runtime/link_speed.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::runtime {
namespace {

thread_local bool tl_inside = false;

// On a VM the kernel may wake a worker onto the CPU its caller runs on
// (wake-affine placement) and keep both there: they then share one core and
// a parallel run is slower than a sequential one (measured here: Toom-3 at
// 512 limbs never got its worker while workers spun for 1 ms between runs).
// A worker that finds itself on the caller's CPU moves off it: its affinity
// without that CPU (the kernel migrates it at once), then its old affinity
// back (no move).  Two system calls, only when the two share a CPU.
void step_off_cpu(int cpu) noexcept {
  if (cpu < 0 || sched_getcpu() != cpu) return;
  cpu_set_t old, mask;
  if (sched_getaffinity(0, sizeof old, &old) != 0) return;
  mask = old;
  CPU_CLR(cpu, &mask);
  if (CPU_COUNT(&mask) == 0 || sched_setaffinity(0, sizeof mask, &mask) != 0) return;
  sched_setaffinity(0, sizeof old, &old);
}

// team_counters(), relaxed.
struct Counters {
  std::atomic<std::uint64_t> parallel_runs{0}, woken_runs{0}, missed_runs{0}, caller_wait_ns{0}, wakes{0},
      wake_ns{0}, health_declines{0}, joins{0}, join_ns{0};
};
Counters g_counters;

void count_wake(std::uint64_t published) noexcept {
  const std::uint64_t now = monotonic_ns();
  if (published == 0 || now < published) return;
  g_counters.wakes.fetch_add(1, std::memory_order_relaxed);
  g_counters.wake_ns.fetch_add(now - published, std::memory_order_relaxed);
}

// One run in kJoinSample: a worker's clock read costs about 20 ns.
constexpr std::uint32_t kJoinSample = 16;

// `idle_from`: when the worker began to wait.  The link's estimate
// (runtime/link_speed) takes only joins published within kPauseOnlyNs of it,
// while the worker still spun with pause alone: later, it yields the CPU at
// each step and joins up to a system call late, whatever the link.
void count_join(std::uint64_t published, std::uint64_t idle_from) noexcept {
  const std::uint64_t now = monotonic_ns();
  if (published == 0 || now < published) return;
  g_counters.joins.fetch_add(1, std::memory_order_relaxed);
  g_counters.join_ns.fetch_add(now - published, std::memory_order_relaxed);
  if (published >= idle_from && published - idle_from < kPauseOnlyNs) link_observe(now - published);
}

struct Team;

struct Worker {
  WaitWord go;  // bumped by the caller for each schedule this worker joins
  int index = 0;
  std::uint32_t entered = 0;  // runs this worker entered (its own thread only)
  std::thread thread;
};

// The team's fields by who writes them, one cache line per group, so that a
// run moves as few lines between cores as it can: the owner's own line; the
// job's line (the owner writes it once per run, each worker reads it once);
// the line the last worker to leave writes; one idle stamp per worker.
struct Team {
  std::atomic_flag busy = ATOMIC_FLAG_INIT;  // owned by the caller running a schedule
  std::mutex grow_mutex;
  std::vector<std::unique_ptr<Worker>> workers;  // changed only while `busy` is held
  std::atomic<int> size{1};
  std::uint32_t seq = 0;  // the job sequence number, written by the owner only

  // The gate of the current job: bits 63..32 its sequence number, bit 31
  // closed, bits 30..0 the workers inside.  A worker enters only while the
  // gate is open for the job it was woken for; the owner closes it when it
  // has finished its share, so it never waits for a worker that had not
  // started (a stalled or descheduled partner simply misses the job).
  alignas(64) std::atomic<std::uint64_t> gate{0};
  // The job, written by the owner before it opens the gate and bumps `go`.
  Schedule* job = nullptr;
  int participants = 1;
  std::atomic<int> caller_cpu{-1};  // where the owner ran when it published the current job (a hint)
  std::atomic<std::uint64_t> published_ns{0};  // when the owner published the current job

  alignas(64) std::atomic<std::uint32_t> left{0};  // bumped when the last worker leaves a closed job
  std::atomic<std::uint32_t> caller_sleeping{0};

  // Per worker index: since when it has waited for a job (0 while it runs
  // one); past spin_budget_ns() it sleeps.  Fixed array: read without `busy`.
  struct alignas(64) IdleStamp {
    std::atomic<std::uint64_t> v{0};
  };
  IdleStamp idle_since[Schedule::kMaxThreads] = {};

  static constexpr std::uint64_t kClosed = 1u << 31;
  static constexpr std::uint64_t kCount = kClosed - 1;

  bool enter(std::uint32_t job_seq) noexcept {
    std::uint64_t g = gate.load(std::memory_order_acquire);
    for (;;) {
      if ((g >> 32) != job_seq || (g & kClosed)) return false;
      if (gate.compare_exchange_weak(g, g + 1, std::memory_order_acq_rel)) return true;
    }
  }

  void leave() noexcept {
    std::uint64_t g = gate.fetch_sub(1, std::memory_order_seq_cst);
    if ((g & kCount) == 1 && (g & kClosed)) {
      left.fetch_add(1, std::memory_order_seq_cst);
      if (caller_sleeping.load(std::memory_order_seq_cst)) futex_wake_all(left);
    }
  }

  void worker_loop(Worker* w) {
    tl_inside = true;
    std::uint32_t seen = 0;
    for (;;) {
      bool slept = false;
      const std::uint64_t idle_from = monotonic_ns();
      idle_since[w->index].v.store(idle_from, std::memory_order_relaxed);
      seen = w->go.wait_change(seen, &slept);
      idle_since[w->index].v.store(0, std::memory_order_relaxed);
      if (slept) count_wake(published_ns.load(std::memory_order_relaxed));
      step_off_cpu(caller_cpu.load(std::memory_order_relaxed));
      if (!enter(seen)) continue;
      if (!slept && ++w->entered % kJoinSample == 0) count_join(published_ns.load(std::memory_order_relaxed), idle_from);
      job->execute(w->index, participants);
      leave();
    }
  }

  // Adds workers until the team has `want` threads; caller holds `busy`.
  void grow(int want) {
    if (want > Schedule::kMaxThreads) want = Schedule::kMaxThreads;
    std::lock_guard<std::mutex> lock(grow_mutex);
    // Workers block every signal: handlers run on the user's threads.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    try {
      workers.reserve(static_cast<std::size_t>(want));
    } catch (...) {
      want = static_cast<int>(workers.size()) + 1;  // no memory: keep the team as it is
    }
    while (static_cast<int>(workers.size()) + 1 < want) {
      std::unique_ptr<Worker> w(new (std::nothrow) Worker);
      if (!w) break;
      w->index = static_cast<int>(workers.size()) + 1;
      Worker* raw = w.get();
      idle_since[raw->index].v.store(monotonic_ns(), std::memory_order_relaxed);
      try {
        w->thread = std::thread([this, raw] { worker_loop(raw); });
      } catch (...) {
        break;  // no more threads: run with what we have
      }
      char name[16];
      std::snprintf(name, sizeof name, "parmod-w%d", raw->index % 1000);
      pthread_setname_np(w->thread.native_handle(), name);
      workers.push_back(std::move(w));
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    size.store(static_cast<int>(workers.size()) + 1, std::memory_order_relaxed);
  }

  // Closes the gate and waits for the workers inside: spin (Backoff), then sleep.
  void close_and_wait() noexcept {
    std::uint64_t g = gate.fetch_or(kClosed, std::memory_order_seq_cst);
    if ((g & kCount) == 0) return;
    const std::uint64_t budget = spin_budget_ns();
    Backoff b;
    while ((gate.load(std::memory_order_acquire) & kCount) != 0) {
      b.pause();
      if (b.waited_ns() > budget) {
        for (;;) {
          caller_sleeping.store(1, std::memory_order_seq_cst);
          std::uint32_t v = left.load(std::memory_order_seq_cst);
          if ((gate.load(std::memory_order_seq_cst) & kCount) == 0) break;
          futex_wait(left, v);
        }
        caller_sleeping.store(0, std::memory_order_relaxed);
        break;
      }
    }
  }
};

// The process's team; never destroyed (workers sleep until exit).  After a
// fork the child drops the pointer: the parent's workers do not exist there.
std::atomic<Team*> g_team{nullptr};
process::ForkSafeMutex g_create_mutex{process::kRankTeamCreate};
std::atomic<int> g_teams_created{0};
std::atomic<std::uint32_t> g_history{~0u};
constexpr std::uint64_t kHealthMinNs = 20000;  // bit i of g_history: the i-th last counted run went well
constexpr std::uint64_t kWakeNs = 2000000;     // longer than a sleeping worker takes to run again
constexpr int kRecoveryBits = 4;               // good runs counted per good run while health < 3/4

// In the child of fork() (after the locks are released: process/fork_safe_mutex).
void atfork_child() {
  g_team.store(nullptr, std::memory_order_relaxed);  // leaked on purpose: its threads are gone
  g_teams_created.store(0, std::memory_order_relaxed);
  g_history.store(~0u, std::memory_order_relaxed);
  for (auto* c : {&g_counters.parallel_runs, &g_counters.woken_runs, &g_counters.missed_runs,
                  &g_counters.caller_wait_ns, &g_counters.wakes, &g_counters.wake_ns, &g_counters.health_declines,
                  &g_counters.joins, &g_counters.join_ns})
    c->store(0, std::memory_order_relaxed);
  tl_inside = false;
}

Team* get_team(int want) {
  Team* t = g_team.load(std::memory_order_acquire);
  if (t) return t;
  std::lock_guard<process::ForkSafeMutex> lock(g_create_mutex);
  t = g_team.load(std::memory_order_relaxed);
  if (t) return t;
  try {
    process::at_fork_child(atfork_child);
  } catch (...) {
    return nullptr;
  }
  t = new (std::nothrow) Team;
  if (!t) return nullptr;  // no memory: callers run sequentially
  int n = default_thread_count();
  if (want > n) n = want;
  if (n > Schedule::kMaxThreads) n = Schedule::kMaxThreads;
  t->grow(n);
  g_teams_created.fetch_add(1, std::memory_order_relaxed);
  g_team.store(t, std::memory_order_release);
  return t;
}

// Health: only runs with work enough that a worker on a free core surely
// joins (a spinning worker answers within ~1 us) say anything about the host.
// Whether a run counts must not depend on how it went, or the record is
// biased: with "lasted over 20 us" as the test, a schedule just under 20 us
// on two threads counted only when it went wrong (a missed or stalled partner
// makes it longer), and health fell on a free host.  So a run counts by its
// work, estimated as the caller's busy time times the participants that
// worked (about the same whether the partner joined or the caller ran all
// alone), and always when the caller waited over 20 us for a partner.  A
// run is good when every participant ran a task and the caller spent at most
// half of the run waiting for the others (a worker whose core another process
// took mid-task makes the caller wait: a run slower than the caller alone).
// A run that had to wake a sleeping worker counts as good unless it lasted
// longer than a wake-up takes (kWakeNs): a worker sleeps after a quiet spell
// (for instance while planners ran sequentially because health was low), and
// counting its wake-up latency against the host would keep health low for
// good -- each probe would find the workers asleep again.
void record_health(const Schedule& s, int P, std::uint64_t elapsed_ns, std::uint64_t caller_wait_ns,
                   bool woken) noexcept {
  const bool all = s.all_participated(P);
  const std::uint64_t busy = elapsed_ns > caller_wait_ns ? elapsed_ns - caller_wait_ns : 0;
  const std::uint64_t work = all ? busy * static_cast<std::uint64_t>(P) : busy;
  if (work <= kHealthMinNs && caller_wait_ns <= kHealthMinNs) return;
  const bool good = (all && 2 * caller_wait_ns <= elapsed_ns) || (woken && elapsed_ns < kWakeNs);
  const std::uint32_t h = g_history.load(std::memory_order_relaxed);
  // Below 3/4 the planners run sequentially and probe on one call in eight,
  // so a good run there stands for kRecoveryBits runs: health recovers from
  // a burst of misses within a few probes, not the 32 that would shift every
  // bad run out one by one.
  const int shift = good && __builtin_popcount(h) < 24 ? kRecoveryBits : 1;
  g_history.store((h << shift) | (good ? (1u << shift) - 1 : 0u), std::memory_order_relaxed);
}

}  // namespace

bool inside_task() noexcept { return tl_inside; }

bool team_free() noexcept {
  Team* t = g_team.load(std::memory_order_acquire);
  return !t || !t->busy.test(std::memory_order_relaxed);
}

double team_health() noexcept {
  return __builtin_popcount(g_history.load(std::memory_order_relaxed)) / 32.0;
}

bool team_worth_planning(double min_health) noexcept {
  static std::atomic<unsigned> probe{0};
  if (tl_inside || !team_free()) return false;
  if (team_health() >= min_health || (probe.fetch_add(1, std::memory_order_relaxed) & 7) == 0) return true;
  g_counters.health_declines.fetch_add(1, std::memory_order_relaxed);
  return false;
}

bool team_likely_asleep(int threads) noexcept {
  Team* t = g_team.load(std::memory_order_acquire);
  if (!t) return true;
  int size = t->size.load(std::memory_order_relaxed);
  if (const int want = resolve_thread_count(threads); want < size) size = want;
  const std::uint64_t now = monotonic_ns(), budget = spin_budget_ns();
  for (int w = 1; w < size; ++w) {
    const std::uint64_t since = t->idle_since[w].v.load(std::memory_order_relaxed);
    if (since != 0 && now - since > budget) return true;
  }
  return false;
}

void prewake(int threads) noexcept {
  int want = resolve_thread_count(threads);
  if (want > Schedule::kMaxThreads) want = Schedule::kMaxThreads;
  if (want <= 1 || tl_inside) return;
  Team* t = get_team(want);
  if (!t || t->busy.test_and_set(std::memory_order_acquire)) return;  // a run is on: its workers are up
  if (t->size.load(std::memory_order_relaxed) < want) t->grow(want);
  int P = t->size.load(std::memory_order_relaxed);
  if (P > want) P = want;
  // A sequence number no job carries: the gate still holds the last job's
  // (closed), so each worker wakes, fails to enter and spins its budget anew.
  const std::uint32_t seq = ++t->seq == 0 ? ++t->seq : t->seq;
  t->caller_cpu.store(sched_getcpu(), std::memory_order_relaxed);  // a worker woken here steps off
  t->published_ns.store(monotonic_ns(), std::memory_order_relaxed);
  for (int w = 0; w < P - 1; ++w) t->workers[w]->go.publish(seq);
  t->busy.clear(std::memory_order_release);
}

int team_size() noexcept {
  Team* t = g_team.load(std::memory_order_acquire);
  return t ? t->size.load(std::memory_order_relaxed) : 0;
}

TeamCounters team_counters() noexcept {
  TeamCounters c;
  c.parallel_runs = g_counters.parallel_runs.load(std::memory_order_relaxed);
  c.woken_runs = g_counters.woken_runs.load(std::memory_order_relaxed);
  c.missed_runs = g_counters.missed_runs.load(std::memory_order_relaxed);
  c.caller_wait_ns = g_counters.caller_wait_ns.load(std::memory_order_relaxed);
  c.wakes = g_counters.wakes.load(std::memory_order_relaxed);
  c.wake_ns = g_counters.wake_ns.load(std::memory_order_relaxed);
  c.health_declines = g_counters.health_declines.load(std::memory_order_relaxed);
  c.joins = g_counters.joins.load(std::memory_order_relaxed);
  c.join_ns = g_counters.join_ns.load(std::memory_order_relaxed);
  return c;
}

int teams_created() noexcept { return g_teams_created.load(std::memory_order_relaxed); }

int warm_up(int threads) noexcept {
  int want = resolve_thread_count(threads);
  Team* t = get_team(want);
  if (!t) return 1;
  if (t->size.load(std::memory_order_relaxed) < want && !t->busy.test_and_set(std::memory_order_acquire)) {
    t->grow(want);
    t->busy.clear(std::memory_order_release);
  }
  return t->size.load(std::memory_order_relaxed);
}

int run(Schedule& s, int threads) noexcept {
  int want = resolve_thread_count(threads);
  if (want > Schedule::kMaxThreads) want = Schedule::kMaxThreads;
  if (want > s.size()) want = s.size();
  if (want <= 1 || tl_inside) {
    s.run_sequential();
    return 1;
  }
  Team* t = get_team(want);
  if (!t || t->busy.test_and_set(std::memory_order_acquire)) {
    s.run_sequential();  // no team (out of memory), or another user thread has it
    return 1;
  }
  if (t->size.load(std::memory_order_relaxed) < want) t->grow(want);
  int P = t->size.load(std::memory_order_relaxed);
  if (P > want) P = want;
  s.prepare_run();
  const std::uint64_t started = monotonic_ns();
  t->job = &s;
  t->participants = P;
  const std::uint32_t seq = ++t->seq == 0 ? ++t->seq : t->seq;  // 0 is every worker's initial `seen`
  t->caller_cpu.store(sched_getcpu(), std::memory_order_relaxed);
  t->published_ns.store(started, std::memory_order_relaxed);
  t->gate.store(static_cast<std::uint64_t>(seq) << 32, std::memory_order_release);
  bool woken = false;  // a worker slept: it joins only after the kernel's wake-up latency
  for (int w = 0; w < P - 1; ++w) woken |= t->workers[w]->go.publish(seq);
  tl_inside = true;
  s.execute(0, P);
  tl_inside = false;
  const std::uint64_t closing = monotonic_ns();
  t->close_and_wait();
  const std::uint64_t end = monotonic_ns();
  const std::uint64_t caller_wait = s.caller_idle_ns() + (end - closing);
  record_health(s, P, end - started, caller_wait, woken);
  g_counters.parallel_runs.fetch_add(1, std::memory_order_relaxed);
  if (woken) g_counters.woken_runs.fetch_add(1, std::memory_order_relaxed);
  if (!s.all_participated(P)) g_counters.missed_runs.fetch_add(1, std::memory_order_relaxed);
  g_counters.caller_wait_ns.fetch_add(caller_wait, std::memory_order_relaxed);
  t->busy.clear(std::memory_order_release);
  return P;
}

}  // namespace parmod::runtime

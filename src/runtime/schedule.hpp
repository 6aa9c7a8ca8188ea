// runtime/schedule.hpp - a static schedule: tasks with costs, per-thread ordered
// lists and cross-thread dependencies, executed by the team (team.hpp).
//
// A Schedule holds up to kInlineTasks tasks and kInlineDeps dependency edges
// in fixed arrays, so building and running one of that size allocates
// nothing; it usually lives on the caller's stack.  Larger schedules move to
// the heap (no limit but memory; add() and depend() then may throw
// std::bad_alloc).  Task i may depend only on tasks j < i, which
// makes every schedule acyclic and lets index order serve as the sequential
// order.  Each task names the thread whose list holds it (the plan); at run
// time a participant first takes the ready tasks of its own list in order and
// then, once its list is exhausted, claims the next ready task of any list
// (one atomic compare-exchange per task): on shared cloud cores, where a
// partner may be stalled, whichever thread is free moves the work on, and
// no barrier is needed between steps.  Dependencies are signalled by per-task
// done flags (release/acquire).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

namespace parmod::runtime {

// A task body: `ctx` and `arg` as given to Schedule::add.
using TaskFn = void (*)(const void* ctx, unsigned arg);

class Schedule {
 public:
  static constexpr int kInlineTasks = 96;
  static constexpr int kInlineDeps = 512;
  // The former limit's name, still used in src/modmul (callers that keep
  // their schedules allocation-free): the inline size, not a limit.
  static constexpr int kMaxTasks = kInlineTasks;
  static constexpr int kMaxThreads = 64;

  // An empty schedule planned for `threads` lists (clamped to 1..kMaxThreads).
  explicit Schedule(int threads) noexcept;
  Schedule(const Schedule&) = delete;
  Schedule& operator=(const Schedule&) = delete;

  // Appends a task to list `thread` (taken modulo threads()); returns its index.
  // `cost` is the planner's estimate (any unit, printed only); `name` must
  // outlive the schedule (a string literal).  Beyond kInlineTasks the tasks
  // move to the heap (throws std::bad_alloc when that fails).
  int add(TaskFn fn, const void* ctx, unsigned arg, double cost, int thread, const char* name);
  // Task `task` starts only after task `on` has finished; requires on < task
  // and `task` the last task added (a bad edge throws std::logic_error: a bug
  // in the caller).  Beyond kInlineDeps the edges move to the heap.
  void depend(int task, int on);

  // Strict lists: a participant takes tasks of other lists only after it has
  // waited spin_budget_ns() with nothing ready (so a missing or stalled
  // partner cannot block the run).  Default off: free participants claim any
  // ready task at once.  For measuring signal latency and for replaying a
  // plan exactly.
  void set_strict(bool strict) noexcept { strict_ = strict; }

  int size() const noexcept { return n_; }
  int threads() const noexcept { return threads_; }
  double total_cost() const noexcept;
  // The participant that ran task i in the last run (-1 before any run).
  int ran_on(int i) const noexcept { return tasks_[i].ran_on; }

  // True when, in the last run, each of the participants 0..P-1 ran at least
  // one task (the team really worked in parallel).  Cost O(size()).
  bool all_participated(int P) const noexcept;
  // Nanoseconds participant 0 (the caller, in runtime::run) spent in the
  // last run with nothing to do but wait for a task another participant was
  // running.  A partner that stalls mid-task (its core taken by another
  // process) shows here.
  std::uint64_t caller_idle_ns() const noexcept { return caller_idle_ns_; }

  // Runs every task on the calling thread in index order (tasks absorbed on
  // the way are skipped).  Cost: the tasks.
  void run_sequential() noexcept;

  // From inside a running task of this schedule: takes task `task` over if
  // no participant has claimed it yet, marking it done; its function then
  // never runs and the calling task does its work.  Only for tasks no other
  // task depends on (false for those).  Lets a task continue its work into a
  // neighbour's share when the neighbour's thread has not started it (the
  // multi-exponentiation's chunks: one chain through both, no completing
  // squarings), so a late or stalled partner costs nothing extra.
  bool absorb(int task) noexcept;

  // Task timing, for `parmod-bench timeline`: while on, each run records
  // when each task started and finished, in nanoseconds from the run's start
  // (runtime::monotonic_ns; clamped to 2^32 - 1), at two clock reads per
  // task.  Off in a new schedule.
  void set_timed(bool timed) noexcept { timed_ = timed; }
  bool timed() const noexcept { return timed_; }
  // Task i's start and finish in the last timed run (0 and 0 for a task
  // that was absorbed, or before any timed run), its name and its list.
  std::uint32_t started_ns(int i) const noexcept { return tasks_[i].start_ns; }
  std::uint32_t finished_ns(int i) const noexcept { return tasks_[i].end_ns; }
  const char* name(int i) const noexcept { return tasks_[i].name; }
  int planned_thread(int i) const noexcept { return static_cast<int>(tasks_[i].thread); }

  // Human-readable plan: each thread's list in order with costs, the
  // dependencies, and (after a run) which participant ran each task.
  std::string describe() const;

  // --- used by the team only ---
  // Clears the run state (cost: O(size())).
  void prepare_run() noexcept;
  // Participant p of P executes tasks until none is left unclaimed.  Returns
  // when every task is claimed; tasks claimed by others may still be running.
  void execute(int p, int P) noexcept;

 private:
  struct Description {
    TaskFn fn;
    const void* ctx;
    double cost;
    const char* name;
    unsigned arg;
    std::uint32_t thread;
    std::uint32_t dep_begin;
    std::uint32_t dep_count;
  };
  // One cache line per task: what a participant reads to pick a task (its
  // state and list) and what it needs to run it, so that claiming a task
  // another thread wrote costs one line transfer, and two participants never
  // write the same line except by claiming the same task.
  struct alignas(64) Task : Description {
    std::atomic<std::uint32_t> state{0};  // 0 free, 1 claimed, 2 done
    std::int8_t ran_on = -1;
    std::uint32_t start_ns = 0, end_ns = 0;  // the last timed run's (set_timed)
  };
  static_assert(sizeof(Task) == 64);
  static_assert(std::is_trivially_destructible_v<Task>);  // the inline tasks are never destroyed

  bool ready(int i) const noexcept;
  void run_task(int i, int p) noexcept;
  void grow_tasks();  // doubles task_cap_, moving the tasks to the heap
  void grow_deps();   // doubles dep_cap_

  int threads_;
  bool strict_ = false;
  bool timed_ = false;
  std::uint64_t run_start_ns_ = 0;  // the timed run's start (prepare_run)
  int n_ = 0;
  int ndeps_ = 0;
  // Dependencies are stored grouped by task: depend() calls for one task must
  // come before add() of the next task (checked).
  int task_cap_ = kInlineTasks;
  int dep_cap_ = kInlineDeps;
  Task* tasks_;          // inline_tasks_ or heap_tasks_ (objects created by add())
  std::uint32_t* deps_;  // inline_deps_ or heap_deps_
  std::uint64_t caller_idle_ns_ = 0;  // written by participant 0 only
  // Raw storage: add() creates each task, so a schedule of a few tasks
  // writes a few lines, not kInlineTasks.
  alignas(64) unsigned char inline_tasks_[kInlineTasks * sizeof(Task)];
  std::uint32_t inline_deps_[kInlineDeps];
  std::unique_ptr<Task[]> heap_tasks_;
  std::unique_ptr<std::uint32_t[]> heap_deps_;
};

}  // namespace parmod::runtime

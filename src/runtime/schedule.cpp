// runtime/schedule.cpp - static schedules with dynamic claiming of ready tasks (see schedule.hpp).
#include "runtime/schedule.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <new>
#include <stdexcept>

#include "runtime/spin_wait.hpp"

namespace parmod::runtime {

Schedule::Schedule(int threads) noexcept
    : threads_(threads < 1 ? 1 : threads > kMaxThreads ? kMaxThreads : threads),
      tasks_(reinterpret_cast<Task*>(inline_tasks_)),
      deps_(inline_deps_) {}

// Growth happens while the schedule is built: no run is on, every state is 0.
void Schedule::grow_tasks() {
  const int cap = 2 * task_cap_;
  auto tasks = std::make_unique<Task[]>(static_cast<std::size_t>(cap));
  for (int i = 0; i < n_; ++i) static_cast<Description&>(tasks[static_cast<std::size_t>(i)]) = tasks_[i];
  heap_tasks_ = std::move(tasks);
  tasks_ = heap_tasks_.get();
  task_cap_ = cap;
}

void Schedule::grow_deps() {
  const int cap = 2 * dep_cap_;
  auto deps = std::make_unique<std::uint32_t[]>(static_cast<std::size_t>(cap));
  std::copy(deps_, deps_ + ndeps_, deps.get());
  heap_deps_ = std::move(deps);
  deps_ = heap_deps_.get();
  dep_cap_ = cap;
}

int Schedule::add(TaskFn fn, const void* ctx, unsigned arg, double cost, int thread, const char* name) {
  if (n_ >= task_cap_) grow_tasks();
  int t = thread < 0 ? 0 : thread % threads_;
  Task& k = *new (tasks_ + n_) Task;
  static_cast<Description&>(k) =
      Description{fn, ctx, cost, name, arg, static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(ndeps_), 0};
  return n_++;
}

void Schedule::depend(int task, int on) {
  if (task != n_ - 1) throw std::logic_error("parmod schedule: depend() must follow add() of the dependent task");
  if (on < 0 || on >= task) throw std::logic_error("parmod schedule: a task may depend only on an earlier task");
  if (ndeps_ >= dep_cap_) grow_deps();
  deps_[ndeps_++] = static_cast<std::uint32_t>(on);
  tasks_[task].dep_count++;
}

double Schedule::total_cost() const noexcept {
  double c = 0;
  for (int i = 0; i < n_; ++i) c += tasks_[i].cost;
  return c;
}

bool Schedule::all_participated(int P) const noexcept {
  std::uint64_t seen = 0;
  for (int i = 0; i < n_; ++i)
    if (tasks_[i].ran_on >= 0 && tasks_[i].ran_on < 64) seen |= std::uint64_t(1) << tasks_[i].ran_on;
  const std::uint64_t want = P >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << P) - 1;
  return (seen & want) == want;
}

void Schedule::run_sequential() noexcept {
  prepare_run();
  for (int i = 0; i < n_; ++i) {
    tasks_[i].ran_on = -1;
    std::uint32_t expected = 0;
    if (!tasks_[i].state.compare_exchange_strong(expected, 1, std::memory_order_acq_rel)) continue;  // absorbed
    run_task(i, 0);
  }
}

bool Schedule::absorb(int task) noexcept {
  if (task < 0 || task >= n_) return false;
  for (int d = 0; d < ndeps_; ++d)
    if (deps_[d] == static_cast<std::uint32_t>(task)) return false;  // another task waits for it
  std::uint32_t expected = 0;
  if (!tasks_[task].state.compare_exchange_strong(expected, 2, std::memory_order_acq_rel)) return false;
  tasks_[task].ran_on = -1;
  return true;
}

void Schedule::prepare_run() noexcept {
  for (int i = 0; i < n_; ++i) tasks_[i].state.store(0, std::memory_order_relaxed);
  caller_idle_ns_ = 0;
  if (timed_) {
    for (int i = 0; i < n_; ++i) tasks_[i].start_ns = tasks_[i].end_ns = 0;
    run_start_ns_ = monotonic_ns();
  }
}

bool Schedule::ready(int i) const noexcept {
  const Task& t = tasks_[i];
  for (std::uint32_t d = t.dep_begin; d < t.dep_begin + t.dep_count; ++d)
    if (tasks_[deps_[d]].state.load(std::memory_order_acquire) != 2) return false;
  return true;
}

void Schedule::run_task(int i, int p) noexcept {
  Task& t = tasks_[i];
  if (timed_) {
    auto since_start = [this](std::uint64_t ns) {
      return static_cast<std::uint32_t>(std::min<std::uint64_t>(ns - run_start_ns_, UINT32_MAX));
    };
    t.start_ns = since_start(monotonic_ns());
    t.fn(t.ctx, t.arg);
    t.end_ns = since_start(monotonic_ns());
  } else {
    t.fn(t.ctx, t.arg);
  }
  t.ran_on = static_cast<std::int8_t>(p);
  t.state.store(2, std::memory_order_release);
}

void Schedule::execute(int p, int P) noexcept {
  Backoff idle;  // reset whenever a task ran
  bool idle_now = false;
  for (;;) {
    int pick = -1;
    bool unclaimed = false;
    const bool may_steal = !strict_ || (idle_now && idle.waited_ns() > spin_budget_ns());
    for (int pass = 0; pass < 2 && pick < 0; ++pass) {
      for (int i = 0; i < n_; ++i) {
        Task& t = tasks_[i];
        bool own = static_cast<int>(t.thread % static_cast<std::uint32_t>(P)) == p;
        if (own != (pass == 0)) continue;
        if (t.state.load(std::memory_order_relaxed) != 0) continue;
        unclaimed = true;
        if (!own && !may_steal) continue;
        if (!ready(i)) continue;
        std::uint32_t expected = 0;
        if (t.state.compare_exchange_strong(expected, 1, std::memory_order_acq_rel)) {
          pick = i;
          break;
        }
      }
    }
    if (pick >= 0) {
      if (p == 0 && idle_now) caller_idle_ns_ += idle.waited_ns();
      run_task(pick, p);
      idle.reset();
      idle_now = false;
      continue;
    }
    if (!unclaimed) {
      if (p == 0 && idle_now) caller_idle_ns_ += idle.waited_ns();
      return;
    }
    // Every unclaimed task waits for a running one: pause, then yield the
    // core (the partner we wait for may share it).
    idle.pause();
    idle_now = true;
  }
}

std::string Schedule::describe() const {
  std::string out;
  char buf[160];
  std::snprintf(buf, sizeof buf, "schedule: %d tasks, %d threads, total cost %.3g\n", n_, threads_, total_cost());
  out += buf;
  for (int t = 0; t < threads_; ++t) {
    double c = 0;
    std::snprintf(buf, sizeof buf, "  thread %d:", t);
    out += buf;
    for (int i = 0; i < n_; ++i) {
      if (tasks_[i].thread != static_cast<std::uint32_t>(t)) continue;
      c += tasks_[i].cost;
      std::snprintf(buf, sizeof buf, " [%d] %s (%.3g)", i, tasks_[i].name ? tasks_[i].name : "?", tasks_[i].cost);
      out += buf;
    }
    std::snprintf(buf, sizeof buf, "  | sum %.3g\n", c);
    out += buf;
  }
  for (int i = 0; i < n_; ++i) {
    if (tasks_[i].dep_count == 0) continue;
    std::snprintf(buf, sizeof buf, "  [%d] after", i);
    out += buf;
    for (std::uint32_t d = tasks_[i].dep_begin; d < tasks_[i].dep_begin + tasks_[i].dep_count; ++d) {
      std::snprintf(buf, sizeof buf, " %u", static_cast<unsigned>(deps_[d]));
      out += buf;
    }
    out += "\n";
  }
  bool ran = false;
  for (int i = 0; i < n_; ++i) ran |= tasks_[i].ran_on >= 0;
  if (ran) {
    out += "  last run:";
    for (int i = 0; i < n_; ++i) {
      std::snprintf(buf, sizeof buf, " [%d]@%d", i, tasks_[i].ran_on);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace parmod::runtime

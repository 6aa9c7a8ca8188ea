// runtime/list_scheduler.hpp - list scheduling of a TaskGraph onto T threads:
// critical path first (tasks taken by decreasing upward rank), each placed on
// the thread where it finishes earliest, into the earliest idle gap that fits
// (HEFT without communication costs).  This automates what the multipartite
// paper did by hand (Giorgi, Imbert, Izard 2011, section 5.3, Tables 3 and 4).
// The result is a static plan; to_runtime_schedule turns it into the
// runtime::Schedule the team executes (team.hpp), each thread's list in
// start-time order.
#pragma once

#include <vector>

#include "runtime/schedule.hpp"
#include "runtime/task_graph.hpp"

namespace parmod::runtime {

struct Placement {
  int thread = 0;
  double start = 0, finish = 0;
};

struct ListSchedule {
  int threads = 1;
  std::vector<Placement> at;  // per task of the graph
  std::vector<int> order;     // tasks by (start, index): a topological order
  double makespan = 0;        // predicted parallel time, in the graph's cost unit
};

// Schedules g on `threads` >= 1 threads.  Deterministic.  Cost O(V log V +
// V * (E + threads * V)) - microseconds to a millisecond for the graphs of
// parmod (about a hundred tasks); call it once per plan, not per operation.
// Guarantees: makespan >= max(critical path, total / threads) and, by list
// scheduling, makespan <= total (one thread never idles while a task it could
// take is ready and placed later).
ListSchedule list_schedule(const TaskGraph& g, int threads);

// Appends the tasks of g to `out` in ls.order with their thread, cost, name
// and dependencies; task i of g runs fn(ctx, i).  Requires out empty with
// out.threads() == ls.threads.  Allocates nothing up to
// Schedule::kInlineTasks tasks (beyond, may throw std::bad_alloc); cost
// O(V + E).  The names are g's strings: g must outlive out.
void to_runtime_schedule(const TaskGraph& g, const ListSchedule& ls, Schedule& out, TaskFn fn, const void* ctx);

}  // namespace parmod::runtime

#include "runtime/list_scheduler.hpp"

#include <algorithm>
#include <memory>
#include <numeric>

namespace parmod::runtime {

ListSchedule list_schedule(const TaskGraph& g, int threads) {
  if (threads < 1) threads = 1;
  const int V = g.size();
  ListSchedule ls;
  ls.threads = threads;
  ls.at.assign(static_cast<std::size_t>(V), Placement{});
  const std::vector<double> rank = g.upward_ranks();
  std::vector<int> prio(static_cast<std::size_t>(V));
  std::iota(prio.begin(), prio.end(), 0);
  // rank(pred) >= rank(succ), equal only for zero-cost preds: ties by index keep it topological.
  std::stable_sort(prio.begin(), prio.end(), [&](int a, int b) { return rank[static_cast<std::size_t>(a)] > rank[static_cast<std::size_t>(b)]; });

  struct Busy {
    double s, f;
  };
  std::vector<std::vector<Busy>> busy(static_cast<std::size_t>(threads));
  for (int v : prio) {
    const TaskNode& t = g.node(v);
    double ready = 0;
    for (int d : t.deps) ready = std::max(ready, ls.at[static_cast<std::size_t>(d)].finish);
    int best_th = 0;
    double best_start = 0, best_finish = -1;
    for (int th = 0; th < threads; ++th) {
      // Earliest gap on this thread at or after `ready` that holds the task.
      const auto& b = busy[static_cast<std::size_t>(th)];
      double start = ready;
      for (const Busy& x : b) {
        if (start + t.cost <= x.s && (t.cost > 0 || start < x.s)) break;
        start = std::max(start, x.f);
      }
      const double finish = start + t.cost;
      if (best_finish < 0 || finish < best_finish - 1e-12) {
        best_th = th;
        best_start = start;
        best_finish = finish;
      }
    }
    auto& b = busy[static_cast<std::size_t>(best_th)];
    b.insert(std::upper_bound(b.begin(), b.end(), best_start, [](double s, const Busy& x) { return s < x.s; }),
             Busy{best_start, best_finish});
    ls.at[static_cast<std::size_t>(v)] = Placement{best_th, best_start, best_finish};
    ls.makespan = std::max(ls.makespan, best_finish);
  }
  ls.order.resize(static_cast<std::size_t>(V));
  std::iota(ls.order.begin(), ls.order.end(), 0);
  std::stable_sort(ls.order.begin(), ls.order.end(), [&](int a, int b) {
    const auto& pa = ls.at[static_cast<std::size_t>(a)];
    const auto& pb = ls.at[static_cast<std::size_t>(b)];
    if (pa.start != pb.start) return pa.start < pb.start;
    if (pa.finish != pb.finish) return pa.finish < pb.finish;
    return a < b;
  });
  return ls;
}

void to_runtime_schedule(const TaskGraph& g, const ListSchedule& ls, Schedule& out, TaskFn fn, const void* ctx) {
  const int V = g.size();
  int inline_pos[Schedule::kInlineTasks];
  std::unique_ptr<int[]> heap_pos;
  int* pos = inline_pos;
  if (V > Schedule::kInlineTasks) {
    heap_pos = std::make_unique<int[]>(static_cast<std::size_t>(V));
    pos = heap_pos.get();
  }
  for (int r = 0; r < V; ++r) {
    const int v = ls.order[static_cast<std::size_t>(r)];
    const TaskNode& t = g.node(v);
    const int idx = out.add(fn, ctx, static_cast<unsigned>(v), t.cost, ls.at[static_cast<std::size_t>(v)].thread, t.name.c_str());
    pos[v] = idx;
    for (int d : t.deps) out.depend(idx, pos[d]);
  }
}

}  // namespace parmod::runtime

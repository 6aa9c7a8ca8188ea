// api/parallel_for.cpp - parmod::parallel_for: a caller's independent tasks
// on the thread team (runtime/team), cut into at most Schedule::kInlineTasks
// contiguous ranges, range c placed on thread c mod T.
#include "parmod/parmod.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {
namespace {

struct Ranges {
  std::size_t count, ranges;
  ParallelTask task;
  void* context;
};

void run_range(const void* ctx, unsigned range) {
  const Ranges& r = *static_cast<const Ranges*>(ctx);
  const std::size_t lo = r.count * range / r.ranges, hi = r.count * (range + 1) / r.ranges;
  for (std::size_t i = lo; i < hi; ++i) r.task(r.context, i);
}

}  // namespace

void parallel_for(std::size_t count, int threads, ParallelTask task, void* context) {
  if (threads < 0) throw InvalidArgument("parallel_for: threads must be >= 0");
  if (count == 0) return;
  const int t = runtime::resolve_thread_count(threads);
  const Ranges r{count, std::min<std::size_t>(count, static_cast<std::size_t>(runtime::Schedule::kInlineTasks)), task,
                 context};
  runtime::Schedule s(t);
  for (std::size_t c = 0; c < r.ranges; ++c)
    s.add(run_range, &r, static_cast<unsigned>(c), 1.0, static_cast<int>(c % static_cast<std::size_t>(t)), "range");
  runtime::run(s, t);
}

}  // namespace parmod

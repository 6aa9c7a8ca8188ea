// api/threads.cpp - the public face of the thread-count rule (runtime/thread_count).
#include "parmod/parmod.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {

// A program that switches to n >= 2 threads is about to run parallel calls:
// the workers, asleep after a one-thread spell, start waking now.
void set_num_threads(int n) {
  runtime::set_default_thread_count(n);
  if (n >= 2) runtime::prewake(n);
}
int get_num_threads() { return runtime::default_thread_count(); }
int resolve_num_threads(int requested) { return runtime::resolve_thread_count(requested); }

}  // namespace parmod

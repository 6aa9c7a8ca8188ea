// api/threads.cpp - the public face of the thread-count rule (runtime/thread_count).
#include "parmod/parmod.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {

void set_num_threads(int n) { runtime::set_default_thread_count(n); }
int get_num_threads() { return runtime::default_thread_count(); }
int resolve_num_threads(int requested) { return runtime::resolve_thread_count(requested); }

}  // namespace parmod

// runtime/thread_count.hpp - how many threads an operation may use.
//
// The rule (DEVELOPERS.md): an explicit argument > 0, else the process default
// set by set_default_thread_count(), else the environment PARMOD_NUM_THREADS,
// then OMP_NUM_THREADS, else the CPUs this process may use (core_count()).
// Malformed or non-positive environment values are ignored.  Thread-safe.
#pragma once

namespace parmod::runtime {

// The count the rule gives for `requested` (<= 0 means "no argument").
int resolve_thread_count(int requested) noexcept;
// Sets the process default; n <= 0 clears it (the environment rule applies again).
void set_default_thread_count(int n) noexcept;
// The process default as the rule gives it without an argument.
int default_thread_count() noexcept;
// CPUs this process may use (at least 1): its affinity mask capped by the
// cgroup CPU quota (runtime/cpu_quota.hpp), read at first call.
int core_count() noexcept;

}  // namespace parmod::runtime

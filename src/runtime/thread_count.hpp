// runtime/thread_count.hpp - how many threads an operation may use.
//
// The rule (DEVELOPERS.md): an explicit argument > 0, else the process default
// set by set_default_thread_count(), else the environment PARMOD_NUM_THREADS,
// then OMP_NUM_THREADS, else std::thread::hardware_concurrency().  Malformed or
// non-positive environment values are ignored.  Thread-safe.
#pragma once

namespace parmod::runtime {

// The count the rule gives for `requested` (<= 0 means "no argument").
int resolve_thread_count(int requested) noexcept;
// Sets the process default; n <= 0 clears it (the environment rule applies again).
void set_default_thread_count(int n) noexcept;
// The process default as the rule gives it without an argument.
int default_thread_count() noexcept;
// Cores this process may run on (at least 1).
int core_count() noexcept;

}  // namespace parmod::runtime

// process/fork_safe_mutex.hpp - a mutex that stays usable in the child of
// fork().
//
// POSIX fork() copies only the calling thread: a mutex another thread held at
// that moment stays locked in the child for ever.  Every lock the library
// owns is a ForkSafeMutex: one pthread_atfork handler (installed on the first
// lock of any of them) takes them all before fork() (prepare) in ascending
// rank, and releases them in the parent and in the child afterwards, so the
// child starts with every one free and the state it guards consistent (no
// thread was inside a critical section).
//
// Rank: code that holds one ForkSafeMutex and takes another must take them in
// ascending rank (as the prepare handler does), or fork() may deadlock.  The
// ranks live in kRank* below, one place for the whole library.
#pragma once

#include <atomic>
#include <mutex>

namespace parmod::process {

// The library's locks, in the order they may nest.
inline constexpr int kRankTeamCreate = 10;    // runtime/team: building the team (may read the tuning)
inline constexpr int kRankTuning = 20;        // config/tuning: publishing snapshots
inline constexpr int kRankCrtPrimes = 30;     // api/crt: the primality cache

class ForkSafeMutex {
 public:
  explicit constexpr ForkSafeMutex(int rank) noexcept : rank_(rank) {}
  ForkSafeMutex(const ForkSafeMutex&) = delete;
  ForkSafeMutex& operator=(const ForkSafeMutex&) = delete;

  // As std::mutex (BasicLockable: works with std::lock_guard).  The first
  // lock() registers the mutex with the fork handlers (once; allocates nothing).
  void lock();
  void unlock() noexcept { m_.unlock(); }

  // Only for objects of static storage duration (the registry keeps a
  // pointer for the life of the process).

 private:
  friend struct Registry;
  std::mutex m_;
  std::atomic<bool> registered_{false};
  ForkSafeMutex* next_ = nullptr;
  const int rank_;
};

// Runs `fn` in the child after every fork(), after the locks are released
// (for state that names threads of the parent, as the team's).  Call it at
// most a few times per process (the slots are fixed); idempotent per fn.
void at_fork_child(void (*fn)());

// How many ForkSafeMutex objects are registered (for tests).
int fork_safe_mutex_count() noexcept;

}  // namespace parmod::process

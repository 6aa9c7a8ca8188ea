// Tests for process/fork_safe_mutex.cpp: a child forked while another thread
// holds (or keeps taking) a library lock finds it free.
#include "process/fork_safe_mutex.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "parmod/detail/sanitizers.h"

namespace {
using parmod::process::ForkSafeMutex;

ForkSafeMutex g_low{1}, g_high{2};
int g_guarded = 0;  // changed only under both locks
std::atomic<int> g_child_calls{0};
void count_child() { g_child_calls.fetch_add(1); }

// A child that must finish quickly; a lock left held would hang it (killed
// after 20 s by alarm()).
int run_child(void (*body)()) {
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(20);
    body();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(ForkSafeMutex, ChildFindsLocksFreeWhileAnotherThreadHammersThem) {
#if defined(PARMOD_UNDER_TSAN)
  GTEST_SKIP() << "ThreadSanitizer does not support fork() from a multi-threaded process";
#endif
  parmod::process::at_fork_child(count_child);
  parmod::process::at_fork_child(count_child);  // once per function
  std::atomic<bool> stop{false};
  std::thread hammer([&] {
    while (!stop.load()) {
      std::lock_guard<ForkSafeMutex> a(g_low);
      std::lock_guard<ForkSafeMutex> b(g_high);
      g_guarded += 1;
      g_guarded -= 1;  // never odd outside the lock
    }
  });
  for (int i = 0; i < 50; ++i) {
    const int rc = run_child([] {
      {
        std::lock_guard<ForkSafeMutex> a(g_low);
        std::lock_guard<ForkSafeMutex> b(g_high);
        if (g_guarded != 0) _exit(3);  // forked inside a critical section
      }
      if (g_child_calls.load() != 1) _exit(4);
    });
    ASSERT_EQ(rc, 0) << "fork " << i;
  }
  stop.store(true);
  hammer.join();
  EXPECT_GE(parmod::process::fork_safe_mutex_count(), 2);
}

}  // namespace

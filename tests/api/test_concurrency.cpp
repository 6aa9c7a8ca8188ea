// Eight user threads share Modulus objects of every algorithm and size class
// (support/mixed_workload.hpp) while another thread changes the default
// thread count and (outside ThreadSanitizer) forks children that compute
// too; every result is checked against GMP.  Labelled "threads": the TSan pass
// of scripts/test.sh runs it with fewer operations.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "parmod/detail/sanitizers.h"
#include "parmod/parmod.hpp"
#include "support/mixed_workload.hpp"
#include "support/random_operands.hpp"

namespace {

#if defined(PARMOD_UNDER_TSAN)
constexpr int kOpsPerThread = 6;
constexpr bool kFork = false;  // TSan cannot follow fork() in a threaded process
#elif defined(PARMOD_UNDER_ASAN)
constexpr int kOpsPerThread = 150;
// The AddressSanitizer allocator (gcc 12, clang 14) has no fork handler: a
// child forked while another thread holds its size-class lock waits on that
// lock at its first allocation for ever (seen: the child's `operator new` in
// __sanitizer::SizeClassAllocator64::GetFromAllocator, 1 run in 5).  glibc's
// malloc, which the other builds run, takes its locks across fork.
constexpr bool kFork = false;
#else
constexpr int kOpsPerThread = 150;
constexpr bool kFork = true;
#endif

TEST(Concurrency, EightThreadsShareEveryAlgorithmWithThreadChangesAndFork) {
  const auto work = parmod::testing::make_workload(parmod::test::test_seed());
  // Every operation once on this thread first: a fork while another thread is
  // inside a first-time static initialisation (a C++ guard variable, which no
  // atfork handler can release) could leave the child waiting for ever; the
  // library's own locks are fork-safe (src/process), those guards are not.
  {
    std::mt19937_64 warm(parmod::test::test_seed());
    for (int i = 0; i < 64; ++i) ASSERT_EQ(parmod::testing::run_random_operation(work, warm, 256), "");
  }
  std::atomic<int> running{8}, done{0};
  std::mutex failures_mutex;
  std::vector<std::string> failures;
  std::vector<std::thread> users;
  for (int t = 0; t < 8; ++t) {
    users.emplace_back([&, t] {
      std::mt19937_64 rng(parmod::test::test_seed() * 1000003 + static_cast<std::uint64_t>(t));
      for (int i = 0; i < static_cast<int>(parmod::test::reps(kOpsPerThread)); ++i) {
        std::string bad;
        try {
          bad = parmod::testing::run_random_operation(work, rng, 256);
        } catch (const std::exception& e) {
          bad = std::string("exception: ") + e.what();
        }
        if (!bad.empty()) {
          std::lock_guard<std::mutex> lock(failures_mutex);
          failures.push_back("thread " + std::to_string(t) + ": " + bad);
        }
        done.fetch_add(1);
      }
      running.fetch_sub(1);
    });
  }
  // The default thread count changes under the users' feet, and children are
  // forked while they run.
  int forks = 0, child_failures = 0;
  std::mt19937_64 rng(parmod::test::test_seed());
  for (int step = 0; running.load() > 0; ++step) {
    parmod::set_num_threads(static_cast<int>(step % 4));  // 0 (the rule), 1, 2, 3
    if (kFork && step % 3 == 0 && forks < 4 && done.load() >= 16) {
      ++forks;
      const pid_t pid = fork();
      if (pid == 0) {
        alarm(60);
        std::mt19937_64 child_rng(static_cast<std::uint64_t>(getpid()));
        int bad = 0;
        for (int i = 0; i < 10; ++i) bad += !parmod::testing::run_random_operation(work, child_rng, 128).empty();
        _exit(bad ? 1 : 0);
      }
      int status = 0;
      waitpid(pid, &status, 0);
      child_failures += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2 + rng() % 5));
  }
  for (auto& u : users) u.join();
  parmod::set_num_threads(0);
  for (const auto& f : failures) ADD_FAILURE() << f;
  EXPECT_EQ(child_failures, 0) << "of " << forks << " forked children";
}

}  // namespace

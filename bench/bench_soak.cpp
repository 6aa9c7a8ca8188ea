// bench/bench_soak.cpp - parmod-bench soak: a long mixed load that checks
// every result against GMP and watches the process's memory.
//
//   parmod-bench soak [--minutes N] [--users U]
//
// U user threads (default 4) run random operations (support/mixed_workload:
// mul, pow, multi_pow, pow_list, the Montgomery round trip, pow_sec, integer
// products) on shared Modulus objects of every algorithm and size class for N
// minutes (default 10); meanwhile the main thread changes the default thread
// count every second and forks a child that computes and checks too every
// 30 s.  Prints one line a minute (operations, RSS) and a summary: the CPU,
// operations per kind, the resident set size after the first minute (the
// caches and the team are built by then) and at the end.  Exit 1 at the first
// wrong result (printed), 0 otherwise.  Not a timing benchmark: it is not in
// CI (docs/testing.md has its last result).
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "benches.hpp"
#include "harness.hpp"
#include "parmod/parmod.hpp"
#include "support/mixed_workload.hpp"

namespace parmod::bench {
namespace {

long rss_kib() {
  std::ifstream f("/proc/self/status");
  std::string key;
  long value = -1;
  while (f >> key) {
    if (key == "VmRSS:") {
      f >> value;
      return value;
    }
    f.ignore(1 << 20, '\n');
  }
  return value;
}

int run(const Args& a) {
  using Clock = std::chrono::steady_clock;
  const unsigned long minutes = a.number("--minutes", 10);
  const int users = static_cast<int>(a.number("--users", 4));
  const auto work = parmod::testing::make_workload(20261126);
  std::cout << "parmod-bench soak: " << minutes << " min, " << users << " user threads, " << work.size()
            << " shared moduli (every algorithm at " << parmod::testing::kWorkloadBits.size()
            << " size classes), default threads cycling 0..3, a fork every 30 s\n"
            << describe_cpu() << std::flush;
  std::atomic<bool> stop{false};
  std::atomic<long> ops[parmod::testing::kWorkloadOpCount] = {};
  std::mutex first_failure_mutex;
  std::string first_failure;
  std::vector<std::thread> threads;
  for (int u = 0; u < users; ++u) {
    threads.emplace_back([&, u] {
      std::mt19937_64 rng(1000 + static_cast<std::uint64_t>(u));
      while (!stop.load(std::memory_order_relaxed)) {
        int op = 0;
        std::string bad;
        try {
          bad = parmod::testing::run_random_operation(work, rng, 512, &op);
        } catch (const std::exception& e) {
          bad = std::string("exception: ") + e.what();
        }
        ops[op].fetch_add(1, std::memory_order_relaxed);
        if (!bad.empty()) {
          std::lock_guard<std::mutex> lock(first_failure_mutex);
          if (first_failure.empty()) first_failure = bad;
          stop.store(true);
        }
      }
    });
  }
  const auto start = Clock::now();
  const long rss_start = rss_kib();
  long rss_after_first_minute = -1;
  int forks = 0, fork_failures = 0;
  for (unsigned long second = 1; !stop.load() && second <= minutes * 60; ++second) {
    std::this_thread::sleep_until(start + std::chrono::seconds(second));
    parmod::set_num_threads(static_cast<int>(second % 4));
    if (second % 30 == 0) {
      ++forks;
      std::fflush(nullptr);
      const pid_t pid = fork();
      if (pid == 0) {
        alarm(120);
        std::mt19937_64 rng(static_cast<std::uint64_t>(getpid()));
        int bad = 0;
        for (int i = 0; i < 50; ++i) bad += !parmod::testing::run_random_operation(work, rng, 512).empty();
        _exit(bad ? 1 : 0);
      }
      int status = 0;
      waitpid(pid, &status, 0);
      fork_failures += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    if (second % 60 == 0) {
      long total = 0;
      for (auto& o : ops) total += o.load();
      const long rss = rss_kib();
      if (second == 60) rss_after_first_minute = rss;
      std::cout << "  minute " << second / 60 << ": " << total << " operations checked, RSS " << rss / 1024 << " MiB\n"
                << std::flush;
    }
  }
  stop.store(true);
  for (auto& t : threads) t.join();
  parmod::set_num_threads(0);
  const long rss_end = rss_kib();
  long total = 0;
  std::cout << "operations checked against GMP:";
  for (int k = 0; k < parmod::testing::kWorkloadOpCount; ++k) {
    std::cout << ' ' << parmod::testing::kWorkloadOps[k] << ' ' << ops[k].load();
    total += ops[k].load();
  }
  std::cout << " (total " << total << ")\nforks: " << forks << ", failed children: " << fork_failures
            << "\nRSS: " << rss_start / 1024 << " MiB at start, " << (rss_after_first_minute < 0 ? rss_start : rss_after_first_minute) / 1024
            << " MiB after the first minute, " << rss_end / 1024 << " MiB at the end\n";
  if (!first_failure.empty()) {
    std::cerr << "parmod-bench soak: wrong result: " << first_failure << '\n';
    return 1;
  }
  if (fork_failures) {
    std::cerr << "parmod-bench soak: " << fork_failures << " forked children failed\n";
    return 1;
  }
  std::cout << "soak passed\n";
  return 0;
}

}  // namespace

const Bench kSoakBench = {
    {"soak", "a long mixed load on shared moduli of every algorithm, every result checked against GMP, RSS watched",
     0, nullptr,
     {{"--minutes", "N", "how long (default 10)", 1, 10000},
      {"--users", "U", "user threads (default 4)", 1, 64}}},
    &run};

}  // namespace parmod::bench

// parmod::parallel_for: every index runs exactly once, for counts below, at
// and above the 96 ranges, any thread count, from inside a task, and
// concurrently from several callers.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "parmod/parmod.hpp"

namespace parmod {
namespace {

struct Counts {
  std::vector<std::atomic<int>> runs;
  explicit Counts(std::size_t n) : runs(n) {}
};

void count(void* ctx, std::size_t i) noexcept { static_cast<Counts*>(ctx)->runs[i].fetch_add(1); }

TEST(ParallelFor, EveryIndexOnce) {
  for (int threads : {0, 1, 2, 3, 8}) {
    for (std::size_t n : {0u, 1u, 2u, 95u, 96u, 97u, 1000u}) {
      Counts c(n);
      parallel_for(n, threads, count, &c);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(c.runs[i].load(), 1) << "n=" << n << " T=" << threads << " i=" << i;
    }
  }
}

void nested(void* ctx, std::size_t) noexcept {
  Counts inner(10);
  parallel_for(10, 2, count, &inner);  // from inside a task: runs on this thread
  int sum = 0;
  for (auto& r : inner.runs) sum += r.load();
  if (sum == 10) static_cast<std::atomic<int>*>(ctx)->fetch_add(1);
}

TEST(ParallelFor, NestedAndConcurrentCallers) {
  std::atomic<int> good{0};
  parallel_for(4, 2, nested, &good);
  EXPECT_EQ(good.load(), 4);
  std::vector<std::thread> callers;
  std::atomic<int> failures{0};
  for (int t = 0; t < 3; ++t)
    callers.emplace_back([&] {
      for (int rep = 0; rep < 20; ++rep) {
        Counts c(200);
        parallel_for(200, 2, count, &c);
        for (auto& r : c.runs)
          if (r.load() != 1) failures.fetch_add(1);
      }
    });
  for (auto& t : callers) t.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(ParallelFor, RefusesNegativeThreads) {
  Counts c(1);
  EXPECT_THROW(parallel_for(1, -1, count, &c), InvalidArgument);
  EXPECT_EQ(c.runs[0].load(), 0);
}

}  // namespace
}  // namespace parmod

// parmod::product_schedule (`parmod schedule`): every task of the plan once,
// placements consistent with the reported makespan and bounds, the k the
// library chooses, and InvalidArgument for what it does not take.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "parmod/parmod.hpp"

namespace parmod {
namespace {

void expect_consistent(const ProductSchedule& s, int threads) {
  ASSERT_FALSE(s.tasks.empty());
  std::set<std::string> names;
  double finish = 0, total = 0;
  for (const auto& t : s.tasks) {
    EXPECT_TRUE(names.insert(t.name).second) << t.name << " twice";
    EXPECT_GE(t.thread, 0);
    EXPECT_LT(t.thread, threads);
    EXPECT_LE(t.start, t.finish);
    EXPECT_NEAR(t.finish - t.start, t.cost, 1e-9 * (1 + t.cost));
    finish = std::max(finish, t.finish);
    total += t.cost;
  }
  EXPECT_NEAR(finish, s.makespan, 1e-9 * (1 + s.makespan));
  EXPECT_NEAR(total, s.sequential_total, 1e-6 * (1 + total));
  EXPECT_GE(s.makespan + 1e-9, s.critical_path);
  EXPECT_GE(s.makespan + 1e-9, s.sequential_total / threads);
  EXPECT_FALSE(s.plan.empty());
}

TEST(ProductSchedule, MultipartiteAndBipartite) {
  for (bool model : {true, false}) {
    for (int T : {1, 2, 4}) {
      for (int k : {2, 3, 4, 8}) {
        const ProductSchedule s = product_schedule(4096, Algorithm::multipartite, T, k, false, model);
        EXPECT_EQ(s.limbs, 64u);
        EXPECT_EQ(s.r_limbs, 32u);
        EXPECT_EQ(s.k, k);
        EXPECT_EQ(s.threads, T);
        expect_consistent(s, T);
        const ProductSchedule sq = product_schedule(4096, Algorithm::multipartite, T, k, true, model);
        EXPECT_TRUE(sq.square);
        EXPECT_LT(sq.tasks.size(), s.tasks.size()) << "a square has k(k+1)/2 products, not k^2";
        expect_consistent(sq, T);
      }
      const ProductSchedule b = product_schedule(3000, Algorithm::bipartite, T, 0, false, model);
      EXPECT_EQ(b.limbs, 47u);
      EXPECT_EQ(b.k, 0);
      expect_consistent(b, T);
    }
  }
  const ProductSchedule chosen = product_schedule(65536, Algorithm::multipartite, 2);
  EXPECT_GE(chosen.k, 2);
  EXPECT_LE(chosen.k, 16);
  EXPECT_EQ(product_schedule(64, Algorithm::multipartite, 1, 2).limbs, 1u);  // one limb
}

TEST(ProductSchedule, RefusesWhatItDoesNotTake) {
  EXPECT_THROW(product_schedule(0, Algorithm::multipartite, 1), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::multipartite, 0), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::montgomery, 1), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::automatic, 1), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::multipartite, 1, 1), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::multipartite, 1, 17), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::bipartite, 1, 2), InvalidArgument);
  EXPECT_THROW(product_schedule(1024, Algorithm::bipartite, 1, 0, true), InvalidArgument);
}

}  // namespace
}  // namespace parmod

// Stress: 8 user threads calling the parallel product at once, with the team
// shared, taken in turn, or busy (then the caller runs sequentially).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_blocks.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

TEST(StressMul, EightUserThreadsAtOnce) {
  std::atomic<int> failures{0};
  std::vector<std::thread> users;
  for (int u = 0; u < 8; ++u)
    users.emplace_back([&failures, u] {
      test::Rng g(100 + u);
      for (int rep = 0; rep < test::reps(40); ++rep) {
        std::size_t an = 20 + g.below_ui(600), bn = 1 + g.below_ui(an);
        if (rep % 3 == 0) bn = an;
        auto a = g.limbs(an, rep % 5 == 0 ? Fill::ones : Fill::rrandomb);
        auto b = g.limbs(bn, Fill::rrandomb);
        auto want = test::reference_mul(a, b);
        std::vector<limb_t> r(an + bn), scratch(limbs::parallel_mul_scratch(an, bn));
        int T = 2 + (u + rep) % 3;
        switch (rep % 3) {
          case 0:
            if (limbs::toom3_applicable(an, bn)) {
              limbs::mul_toom3(r.data(), a.data(), an, b.data(), bn, T, scratch.data());
              break;
            }
            [[fallthrough]];
          case 1:
            limbs::mul_blocks(r.data(), a.data(), an, b.data(), bn, 2, 2, T, scratch.data());
            break;
          default:
            limbs::parallel_mul(r.data(), a.data(), an, b.data(), bn, T, scratch.data());
        }
        if (r != want) failures++;
      }
    });
  for (auto& t : users) t.join();
  EXPECT_EQ(failures.load(), 0);
}
}  // namespace

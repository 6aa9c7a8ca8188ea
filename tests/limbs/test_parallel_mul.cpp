// Differential tests of limbs/parallel_mul.cpp (the automatic choice) against mpn_mul.
#include "limbs/parallel_mul.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "config/tuning.hpp"
#include "limbs/cpu_features.hpp"
#include "runtime/link_speed.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"
#include "support/random_operands.hpp"

namespace {
using namespace parmod;
using parmod::test::Fill;

void check(test::Rng& g, std::size_t an, std::size_t bn, int T, Fill fill, bool square = false) {
  auto a = g.limbs(an, fill);
  auto b = square ? a : g.limbs(bn, fill);
  auto want = test::reference_mul(a, b);
  std::vector<limb_t> r(an + bn), scratch(limbs::parallel_mul_scratch(an, bn));
  const limb_t* bp = square ? a.data() : b.data();
  limbs::parallel_mul(r.data(), a.data(), an, bp, bn, T, scratch.data());
  ASSERT_EQ(r, want) << an << "x" << bn << " T=" << T << " square=" << square << " "
                     << limbs::mul_choice_name(limbs::choose_mul(an, bn, square, T));
}

// Small thresholds so that every method runs at test sizes.
config::Tuning small_thresholds() {
  config::Tuning t = config::tuning();
  t.mul_par_min = 4;
  t.mul_sqr_par_min = 4;
  t.mul_toom_min = 50;
  t.mul_toom4_min = 200;
  t.mul_fft_split_min = 1200;
  t.mul_residues_min = 700;
  t.mul_sqr_residues_min = 900;
  t.mul_comba_max = 8;
  t.mul_health_pct = 0;  // choices must not depend on how loaded the test machine is
  return t;
}

class ParallelMulTuned : public ::testing::Test {
 protected:
  config::ScopedTuning scoped_{small_thresholds()};
};

TEST_F(ParallelMulTuned, EveryMethodEveryThreadCount) {
  test::Rng g(41);
  const std::size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 31, 100, 257, 1000, 1500};
  for (int T = 1; T <= 4; ++T)
    for (std::size_t an : sizes) {
      for (std::size_t bn : {std::size_t(1), std::size_t(2), an / 3 + 1, (2 * an) / 3 + 1, an})
        for (Fill fill : {Fill::rrandomb, Fill::ones}) {
          check(g, an, bn, T, fill);
          check(g, bn, an, T, fill);
        }
      check(g, an, an, T, Fill::rrandomb, true);
      check(g, an, an, T, Fill::ones, true);
    }
}

TEST_F(ParallelMulTuned, ChoicesCoverTheMethods) {
  if (limbs::cpu_has_mulx_adx())  // the Comba needs mulx (its limit is 0 without)
    EXPECT_EQ(limbs::choose_mul(8, 8, false, 1).method, limbs::MulMethod::comba);
  EXPECT_EQ(limbs::choose_mul(100, 100, false, 1).method, limbs::MulMethod::sequential);
  EXPECT_EQ(limbs::choose_mul(100, 100, false, 2).method, limbs::MulMethod::toom3);
  EXPECT_EQ(limbs::mul_choice_name(limbs::choose_mul(40, 40, false, 2)), "blocks 2x1");  // below toom_min 50
  EXPECT_EQ(limbs::choose_mul(40, 40, true, 2).method, limbs::MulMethod::toom3);  // squares: Toom-3
  EXPECT_EQ(limbs::choose_mul(1000, 100, false, 2).method, limbs::MulMethod::blocks);
  EXPECT_EQ(limbs::choose_mul(300, 300, false, 2).method, limbs::MulMethod::toom4);
  EXPECT_EQ(limbs::choose_mul(300, 300, true, 2).method, limbs::MulMethod::toom3);  // squares: Toom-3
  EXPECT_EQ(limbs::choose_mul(1300, 1300, false, 2).method, limbs::MulMethod::residues);  // residues_min 700, T = 2
  EXPECT_EQ(limbs::choose_mul(1300, 1300, false, 3).method, limbs::MulMethod::blocks);  // fft_split_min 1200
  EXPECT_EQ(limbs::choose_mul(800, 800, false, 2).method, limbs::MulMethod::residues);
  EXPECT_EQ(limbs::choose_mul(800, 800, true, 2).method, limbs::MulMethod::toom3);  // sqr_residues_min 900
  EXPECT_EQ(limbs::choose_mul(1000, 1000, true, 2).method, limbs::MulMethod::residues);
  EXPECT_EQ(limbs::choose_mul(1000, 600, false, 2).method, limbs::MulMethod::blocks);  // unbalanced: 60% < 67%
  EXPECT_EQ(limbs::mul_choice_name(limbs::choose_mul(1000, 100, false, 3)), "blocks 3x1");
}

void planned_and_chosen_in_a_task(const void* ctx, unsigned i) {
  auto* out = static_cast<limbs::MulChoice*>(const_cast<void*>(ctx)) + 2 * i;
  out[0] = limbs::planned_mul(100, 100, false, 2);
  out[1] = limbs::choose_mul(100, 100, false, 2);  // inside a task: never the team
}

TEST_F(ParallelMulTuned, PlannedMulIsTheChoiceOfAFreeHealthyTeam) {
  for (std::size_t n : {8, 40, 100, 300, 800, 1300})
    for (bool square : {false, true})
      for (int T : {1, 2, 3}) {
        const limbs::MulChoice p = limbs::planned_mul(n, n, square, T), c = limbs::choose_mul(n, n, square, T);
        EXPECT_EQ(limbs::mul_choice_name(p), limbs::mul_choice_name(c)) << n << " " << square << " T=" << T;
        EXPECT_EQ(p.threads, c.threads);
      }
  limbs::MulChoice in_task[4];
  runtime::Schedule s(2);
  s.add(&planned_and_chosen_in_a_task, in_task, 0, 1, 0, "choices 0");
  s.add(&planned_and_chosen_in_a_task, in_task, 1, 1, 1, "choices 1");
  runtime::run(s, 2);
  for (int i : {0, 1}) {
    EXPECT_EQ(in_task[2 * i].method, limbs::MulMethod::toom3);
    EXPECT_EQ(in_task[2 * i].threads, 2);
    EXPECT_EQ(in_task[2 * i + 1].method, limbs::MulMethod::sequential);
  }
}

TEST(ParallelMul, DefaultsAreSequentialForSmallSizes) {
  EXPECT_GE(config::tuning().mul_par_min, 16u);
  EXPECT_EQ(limbs::choose_mul(8, 8, false, 2).method == limbs::MulMethod::toom3, false);
  test::Rng g(42);
  for (int T = 1; T <= 4; ++T)
    for (std::size_t n : {1, 16, 200, 2048, 4097}) {
      check(g, n, n, T, Fill::rrandomb);
      check(g, n, n, T, Fill::rrandomb, true);
      check(g, n, n / 5 + 1, T, Fill::ones);
    }
}
// While the team's link is slow (made so by hand before each call) a
// parallel choice runs in both forms, timed (runtime/slow_link_choice): the
// products stay exact in either, both forms' times land in the product's
// class, and with team.slow_link_check 0 nothing is timed.
TEST_F(ParallelMulTuned, WhileTheLinkIsSlowBothFormsRunAndAgree) {
  test::Rng g(43);
  auto make_slow = [] {
    runtime::link_reset();
    for (int i = 0; i < 64; ++i) runtime::link_observe(250);
    for (int i = 0; i < 64; ++i) runtime::link_observe(1000);
  };
  limbs::slow_link_products.reset();
  for (std::size_t n : {40, 100, 257, 1000}) {
    for (bool square : {false, true}) {
      for (int call = 0; call < 12; ++call) {
        make_slow();
        ASSERT_TRUE(runtime::link_slow());
        check(g, n, n - (square ? 0 : n / 5), 2, call % 2 ? Fill::ones : Fill::rrandomb, square);
      }
      const unsigned c = limbs::mul_class(n, n - (square ? 0 : n / 5), square);
      EXPECT_GT(limbs::slow_link_products.parallel_ns(c), 0u) << n << " square=" << square;
      EXPECT_GT(limbs::slow_link_products.sequential_ns(c), 0u) << n << " square=" << square;
    }
  }
  limbs::slow_link_products.reset();
  config::Tuning off = config::tuning();
  off.team_slow_link_check = 0;
  const config::ScopedTuning scoped(off);
  for (int call = 0; call < 8; ++call) {
    make_slow();
    check(g, 300, 300, 2, Fill::rrandomb);
  }
  EXPECT_EQ(limbs::slow_link_products.parallel_ns(limbs::mul_class(300, 300, false)), 0u);
  runtime::link_reset();
}

TEST(ParallelMul, ClassesOfProducts) {
  EXPECT_NE(limbs::mul_class(100, 100, false), limbs::mul_class(100, 100, true));
  EXPECT_NE(limbs::mul_class(100, 100, false), limbs::mul_class(400, 100, false));
  EXPECT_EQ(limbs::mul_class(400, 100, false), limbs::mul_class(100, 400, false));
  EXPECT_NE(limbs::mul_class(100, 100, false), limbs::mul_class(200, 200, false));
  EXPECT_LT(limbs::mul_class(std::size_t(1) << 40, 1, true), runtime::SlowLinkChoice::kClasses);
}

}  // namespace

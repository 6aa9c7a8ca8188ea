// runtime/slow_link_choice: which form runs and which calls are timed, with
// the link made slow by hand (runtime/link_speed) and the times recorded by
// hand.
#include <gtest/gtest.h>

#include "runtime/link_speed.hpp"
#include "runtime/slow_link_choice.hpp"

namespace parmod::runtime {
namespace {

void make_link_slow() {
  link_reset();
  for (int i = 0; i < 64; ++i) link_observe(250);
  for (int i = 0; i < 64; ++i) link_observe(1000);
  ASSERT_TRUE(link_slow());
}

// Runs `calls` picks of class c, recording par_ns or seq_ns for the form
// picked; returns how many ran parallel.
int run(SlowLinkChoice& choice, unsigned c, int calls, std::uint64_t par_ns, std::uint64_t seq_ns) {
  int parallel = 0;
  for (int i = 0; i < calls; ++i) {
    const SlowLinkChoice::Pick p = choice.pick(c, true);
    EXPECT_TRUE(p.timed);
    parallel += p.parallel;
    choice.record(c, p.parallel, p.parallel ? par_ns : seq_ns);
  }
  return parallel;
}

TEST(SlowLinkChoice, ThePlanRunsUntimedWhileTheLinkIsFastOrTheCheckIsOff) {
  static SlowLinkChoice choice;
  choice.reset();
  link_reset();
  for (int i = 0; i < 64; ++i) link_observe(250);
  for (int i = 0; i < 100; ++i) {
    const SlowLinkChoice::Pick p = choice.pick(7, true);
    EXPECT_TRUE(p.parallel);
    EXPECT_FALSE(p.timed);
  }
  make_link_slow();
  const SlowLinkChoice::Pick off = choice.pick(7, false);
  EXPECT_TRUE(off.parallel);
  EXPECT_FALSE(off.timed);
  link_reset();
}

TEST(SlowLinkChoice, MeasuresBothFormsThenRunsTheFasterAndProbesTheOther) {
  static SlowLinkChoice choice;
  choice.reset();
  make_link_slow();
  // Each form its first kFirstTimes times, alternating.
  EXPECT_EQ(run(choice, 3, 2 * SlowLinkChoice::kFirstTimes, 1000, 1400), int(SlowLinkChoice::kFirstTimes));
  EXPECT_EQ(choice.parallel_ns(3), 1000u);
  EXPECT_EQ(choice.sequential_ns(3), 1400u);
  // Parallel 1.4x faster: it runs, and one sequential probe in kProbeRarely.
  const int calls = 32 * int(SlowLinkChoice::kProbeRarely);
  EXPECT_EQ(run(choice, 3, calls, 1000, 1400), calls - 32);
  // Sequential faster but within 1.25x: it runs, parallel one call in kProbeEvery.
  choice.reset();
  EXPECT_EQ(run(choice, 4, 2 * SlowLinkChoice::kFirstTimes, 1100, 1000), int(SlowLinkChoice::kFirstTimes));
  const int calls2 = 32 * int(SlowLinkChoice::kProbeEvery);
  EXPECT_EQ(run(choice, 4, calls2, 1100, 1000), 32);
  EXPECT_EQ(choice.parallel_ns(5), 0u) << "classes are apart";
  link_reset();
}

TEST(SlowLinkChoice, FollowsAChangeThroughTheProbes) {
  static SlowLinkChoice choice;
  choice.reset();
  make_link_slow();
  run(choice, 9, 200, 1000, 1500);  // parallel wins
  ASSERT_GT(choice.sequential_ns(9), choice.parallel_ns(9));
  // Now parallel takes 3x as long (a far placement): within several hundred
  // calls the probes bring its average up (each time clamped to twice the
  // average) and sequential runs.
  run(choice, 9, 3000, 3000, 1500);
  EXPECT_LT(choice.sequential_ns(9), choice.parallel_ns(9));
  EXPECT_LT(run(choice, 9, 320, 3000, 1500), 20);
  link_reset();
}

TEST(SlowLinkChoice, FirstTimesKeepTheLeastAndOutliersAreClamped) {
  static SlowLinkChoice choice;
  choice.reset();
  make_link_slow();
  choice.record(11, false, 90000);  // a cold first call
  choice.record(11, false, 5000);
  choice.record(11, false, 5200);
  EXPECT_EQ(choice.sequential_ns(11), 5000u);
  choice.record(11, false, 1000000);  // a preempted call: counts as 10000
  EXPECT_EQ(choice.sequential_ns(11), 5000u - 5000u / 16 + 10000u / 16);
  link_reset();
}

TEST(SlowLinkChoice, SizeClassesAreHalfOctavesTimesKinds) {
  EXPECT_EQ(SlowLinkChoice::size_class(1, 0, 16), 0u);
  EXPECT_EQ(SlowLinkChoice::size_class(0, 0, 16), 0u);
  EXPECT_EQ(SlowLinkChoice::size_class(2, 0, 16), 32u);
  EXPECT_EQ(SlowLinkChoice::size_class(3, 0, 16), 48u);
  EXPECT_EQ(SlowLinkChoice::size_class(128, 5, 16), (2 * 7) * 16 + 5u);
  EXPECT_EQ(SlowLinkChoice::size_class(192, 5, 16), (2 * 7 + 1) * 16 + 5u);
  EXPECT_EQ(SlowLinkChoice::size_class(255, 20, 16), (2 * 7 + 1) * 16 + 15u) << "kind clamped to kinds - 1";
  EXPECT_LT(SlowLinkChoice::size_class(std::uint64_t(1) << 40, 15, 16), SlowLinkChoice::kClasses);
}

}  // namespace
}  // namespace parmod::runtime

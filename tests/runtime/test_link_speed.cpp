// runtime/link_speed: the recent mean of sampled joins against the floor of
// their settled mean, fed by hand (no team runs in these tests, so no real samples interleave).
#include <gtest/gtest.h>

#include "runtime/link_speed.hpp"

namespace parmod::runtime {
namespace {

void feed(std::uint64_t ns, int times) {
  for (int i = 0; i < times; ++i) link_observe(ns);
}

TEST(LinkSpeed, FastBeforeAnySampleAndAtTheFloor) {
  link_reset();
  EXPECT_FALSE(link_slow());
  EXPECT_EQ(link_speed().recent_ns, 0);
  feed(200, 100);
  EXPECT_FALSE(link_slow());
  EXPECT_NEAR(link_speed().recent_ns, 200, 1);
  EXPECT_NEAR(link_speed().floor_ns, 200, 1);
}

// The two placements of a 2-vCPU guest: joins (published while the worker
// spun with pause alone) at about 250 ns near and 700 ns far.
TEST(LinkSpeed, SlowInTheFarPlacementAndFastAgainNear) {
  link_reset();
  feed(250, 64);
  const std::uint64_t entries = link_speed().slow_entries;
  feed(700, 8);
  EXPECT_FALSE(link_slow()) << "eight samples move the mean by about 40% of the gap";
  feed(700, 40);
  EXPECT_TRUE(link_slow());
  EXPECT_EQ(link_speed().slow_entries, entries + 1);
  EXPECT_NEAR(link_speed().floor_ns, 250, 5);
  feed(700, 200);
  EXPECT_TRUE(link_slow()) << "a far spell of seconds stays slow: the floor drifts by 1/65536 per sample";
  feed(250, 64);
  EXPECT_FALSE(link_slow());
  EXPECT_EQ(link_speed().slow_entries, entries + 1);
}

TEST(LinkSpeed, AFewPreemptedWorkersAreNotASlowLink) {
  link_reset();
  feed(250, 64);
  feed(50000, 3);  // each clamped to 4x the floor
  EXPECT_FALSE(link_slow());
  feed(250, 32);
  feed(50000, 12);  // a lasting change is
  EXPECT_TRUE(link_slow());
}

TEST(LinkSpeed, ALinkThatStaysSlowBecomesTheFloor) {
  link_reset();
  feed(250, 64);
  feed(700, 40);
  ASSERT_TRUE(link_slow());
  feed(700, 400000);
  EXPECT_FALSE(link_slow());
  EXPECT_GT(link_speed().floor_ns, 500);
}

TEST(LinkSpeed, AHostWhoseFirstSamplesAreFarSeesOnlyChanges) {
  link_reset();
  feed(700, 64);
  EXPECT_FALSE(link_slow());
  feed(250, 64);
  EXPECT_FALSE(link_slow());
  EXPECT_GT(link_speed().floor_ns, 400) << "the settled mean moves over hundreds of samples";
  feed(250, 2000);
  EXPECT_NEAR(link_speed().floor_ns, 250, 5);
  feed(700, 64);
  EXPECT_TRUE(link_slow());
  link_reset();
}

}  // namespace
}  // namespace parmod::runtime

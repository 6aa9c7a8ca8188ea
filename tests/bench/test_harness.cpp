// Tests bench/harness: the interleaved measurement keeps every round's
// sample in round order, and round_ratios pairs the two variants' rounds.
#include "harness.hpp"

#include <gtest/gtest.h>

namespace parmod::bench {
namespace {

TEST(Harness, KeepsOneSamplePerRoundInRoundOrder) {
  int calls = 0;
  const std::vector<Variant> v = {{"a", [&] { ++calls; }}, {"b", [&] { ++calls; }}};
  const auto t = measure_interleaved(v, Options{7, 0.0001});
  ASSERT_EQ(t.size(), 2u);
  for (const auto& x : t) {
    EXPECT_EQ(x.rounds, 7u);
    ASSERT_EQ(x.round_ns.size(), 7u);
    for (double ns : x.round_ns) EXPECT_GE(ns, x.min_ns);
  }
  EXPECT_GT(calls, 14);
}

TEST(Harness, RoundRatiosPairRoundsNotSortedSamples) {
  Timing a, b;
  // a is twice b in every round, while the sorted samples would pair 2 with 1
  // and 9 with 10 (ratios 2 .. 0.9): pairing by round must give exactly 2.
  a.round_ns = {2, 20, 8, 10};
  b.round_ns = {1, 10, 4, 5};
  RatioSpread r = round_ratios(a, b);
  EXPECT_DOUBLE_EQ(r.median, 2.0);
  EXPECT_DOUBLE_EQ(r.min, 2.0);
  EXPECT_DOUBLE_EQ(r.max, 2.0);
  a.round_ns = {3, 1, 4};
  b.round_ns = {1, 1, 2};  // ratios 3, 1, 2
  r = round_ratios(a, b);
  EXPECT_DOUBLE_EQ(r.median, 2.0);
  EXPECT_DOUBLE_EQ(r.min, 1.0);
  EXPECT_DOUBLE_EQ(r.max, 3.0);
  a.round_ns = {4, 6};
  b.round_ns = {2, 2};  // even count: the mean of the middle two (2 and 3)
  EXPECT_DOUBLE_EQ(round_ratios(a, b).median, 2.5);
  EXPECT_DOUBLE_EQ(round_ratios(Timing{}, b).median, 0.0);  // no rounds: zeros, no division
}

}  // namespace
}  // namespace parmod::bench

// Tests bench/harness: the interleaved measurement keeps every round's
// sample in round order, a fixed batch skips calibration, round_ratios pairs
// the two variants' rounds, the JSON carries the CPU description, and the
// ratio formats mark automatic's losses; round states and medians per state.
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

TEST(Harness, MedianOfUnsortedSamples) {
  EXPECT_DOUBLE_EQ(median_of({5, 1, 3}), 3.0);
  EXPECT_DOUBLE_EQ(median_of({4, 1, 3, 2}), 2.5);  // even count: the mean of the middle two
  EXPECT_DOUBLE_EQ(median_of({7}), 7.0);
  EXPECT_DOUBLE_EQ(median_of({}), 0.0);
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

// The state read around each round: the round's state when both reads
// agree, -1 when it changed inside the round; medians per state.
TEST(Harness, RoundStatesAndMediansPerState) {
  int reads = 0;
  std::vector<Variant> v = {{"a", [] {}}};
  v[0].batch = 1;
  std::vector<int> states;
  Options o{6, 0.5};
  // Reads 0,0 | 0,1 | 1,1 | 1,1 | 1,0 | 0,0: states 0, -1, 1, 1, -1, 0.
  const int seq[] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0};
  o.state = [&] { return seq[reads++]; };
  o.round_states = &states;
  measure_interleaved(v, o);
  EXPECT_EQ(reads, 12);
  EXPECT_EQ(states, (std::vector<int>{0, -1, 1, 1, -1, 0}));
  Timing t;
  t.round_ns = {10, 99, 30, 50, 99, 20};
  EXPECT_DOUBLE_EQ(median_in_state(t, states, 0), 15.0);
  EXPECT_DOUBLE_EQ(median_in_state(t, states, 1), 40.0);
  EXPECT_DOUBLE_EQ(median_in_state(t, states, 2), 0.0);
}

// enter and leave bracket every batch of their variant (calibration and
// each round's warm-up and timed calls), never another variant's.
TEST(Harness, EnterAndLeaveBracketEachBatch) {
  bool inside = false;
  int entered = 0, b_inside = 0, b_outside = 0, a_inside = 0;
  std::vector<Variant> v = {{"a", [&] { a_inside += inside; }}, {"b", [&] {
                               b_inside += inside;
                               b_outside += !inside;
                             }}};
  v[1].batch = 2;
  v[1].warmup_calls = 1;
  v[1].enter = [&] {
    inside = true;
    ++entered;
  };
  v[1].leave = [&] { inside = false; };
  measure_interleaved(v, Options{4, 0.0001});
  EXPECT_EQ(entered, 4);
  EXPECT_EQ(b_inside, 4 * 3);
  EXPECT_EQ(b_outside, 0);
  EXPECT_EQ(a_inside, 0);
}

TEST(Harness, FixedBatchRunsNoCalibrationCall) {
  int a_calls = 0, b_calls = 0, warm = 0;
  std::vector<Variant> v = {{"a", [&] { ++a_calls; }}, {"b", [&] { ++b_calls; }}};
  v[0].batch = 3;  // exactly 3 calls per round, none to calibrate
  v[1].batch = 1;
  v[1].warmup_calls = 2;
  v[1].run = [&] { ++b_calls; ++warm; };
  const auto t = measure_interleaved(v, Options{5, 0.5});
  EXPECT_EQ(a_calls, 15);
  EXPECT_EQ(b_calls, 5 * (1 + 2));  // each round: 2 untimed calls, then the batch of one
  EXPECT_EQ(t[0].batch, 3u);
  EXPECT_EQ(t[1].batch, 1u);
}

TEST(Harness, JsonCarriesTheCpuWhenSet) {
  Table t;
  t.header = {"bits", "ratio"};
  t.rows = {{"1024", "1.050"}};
  EXPECT_EQ(t.json("x").find("\"cpu\""), std::string::npos);
  t.cpu = "cpu: X\ntuning: the zen5 row\n";
  const std::string j = t.json("x");
  EXPECT_NE(j.find("\"cpu\": \"cpu: X\\u000atuning: the zen5 row\\u000a\""), std::string::npos) << j;
  EXPECT_NE(j.find("[1024, 1.050]"), std::string::npos) << j;
}

TEST(Harness, AutomaticRatioMarksLossesInMarkdownOnly) {
  EXPECT_EQ(format_time_ratio(1.0), "1.000");
  EXPECT_EQ(format_automatic_ratio(1.03, false), "1.030");  // 0.971x: not a loss
  EXPECT_EQ(format_automatic_ratio(1.04, false), "1.040 (loss)");
  EXPECT_EQ(format_automatic_ratio(1.04, true), "1.040");  // JSON: a number
  EXPECT_DOUBLE_EQ(kAutomaticMaxTimeRatio * 0.97, 1.0);
}

}  // namespace
}  // namespace parmod::bench

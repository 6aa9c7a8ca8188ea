// tune/wins_from.hpp: the rule of most `parmod tune` thresholds.
#include <gtest/gtest.h>

#include "wins_from.hpp"

namespace parmod::test {
namespace {

std::size_t from(std::size_t never, std::initializer_list<std::pair<std::size_t, bool>> ladder) {
  tune::WinsFrom w(never);
  for (const auto& [size, wins] : ladder) w.add(size, wins);
  return w.from();
}

TEST(WinsFrom, FirstSizeOfTheRunOfWinsThatEndsTheLadder) {
  EXPECT_EQ(from(0, {}), 0u);
  EXPECT_EQ(from(0, {{16, true}, {32, true}}), 16u);
  EXPECT_EQ(from(0, {{16, false}, {32, true}, {64, true}}), 32u);
  EXPECT_EQ(from(0, {{16, true}, {32, false}, {64, true}}), 64u);  // a loss restarts the run
  EXPECT_EQ(from(513, {{16, true}, {32, true}, {64, false}}), 513u);  // the last size lost: never
  EXPECT_EQ(from(513, {{16, false}}), 513u);
}

}  // namespace
}  // namespace parmod::test

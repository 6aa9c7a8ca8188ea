// tests/support/test_main.cpp - main() of every GoogleTest executable: reseeds
// the main thread's generator (support/random_operands.hpp) at the start of
// each test from the run's seed and the test's name, gives every repetition of
// --gtest_repeat a seed of its own, and prints what replays a test that failed.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "support/random_operands.hpp"

namespace {

class SeedListener : public ::testing::EmptyTestEventListener {
  void OnTestIterationStart(const ::testing::UnitTest&, int iteration) override {
    parmod::test::start_repetition(iteration);
  }
  void OnTestStart(const ::testing::TestInfo& t) override {
    parmod::test::rng().seed(parmod::test::stream_of(std::string(t.test_suite_name()) + "." + t.name()));
  }
  void OnTestEnd(const ::testing::TestInfo& t) override {
    if (!t.result()->Failed()) return;
    std::printf("%s replays this (--gtest_filter=%s.%s)\n", parmod::test::replay_line().c_str(),
                t.test_suite_name(), t.name());
    std::fflush(stdout);
  }
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  parmod::test::test_seed();  // a bad PARMOD_TEST_SEED stops here; `random` prints its value
  parmod::test::test_reps();
  ::testing::UnitTest::GetInstance()->listeners().Append(new SeedListener);
  return RUN_ALL_TESTS();
}

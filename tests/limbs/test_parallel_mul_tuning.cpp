// Tests of limbs/parallel_mul_tuning.cpp: defaults, overrides from the table, formatting.
#include "limbs/parallel_mul_tuning.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>

namespace {
using namespace parmod::limbs;

TEST(ParallelMulTuning, DefaultsAreSane) {
  MulTuning d = default_mul_tuning();
  EXPECT_GT(d.par_min, 0u);
  EXPECT_GT(d.sqr_par_min, 0u);
  EXPECT_LE(d.comba_max, 192u);
  EXPECT_GT(d.unbalanced_ratio, 0.5);
}

TEST(ParallelMulTuning, TableOverridesDefaults) {
  char path[] = "/tmp/parmod-tune-test-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  {
    std::ofstream f(path);
    f << "# test\nmul.par_min 123\nmul.comba_max 999\nmul.unbalanced_pct 50\n";
  }
  setenv("PARMOD_TUNING_FILE", path, 1);
  reload_mul_tuning();
  MulTuning t = mul_tuning();
  EXPECT_EQ(t.par_min, 123u);
  EXPECT_EQ(t.comba_max, 192u);  // clamped to the Comba range
  EXPECT_DOUBLE_EQ(t.unbalanced_ratio, 0.5);
  EXPECT_EQ(t.sqr_par_min, default_mul_tuning().sqr_par_min);
  unsetenv("PARMOD_TUNING_FILE");
  unlink(path);
  setenv("PARMOD_TUNING_FILE", "/nonexistent/parmod-tuning.txt", 1);
  reload_mul_tuning();
  EXPECT_EQ(mul_tuning().par_min, default_mul_tuning().par_min);
  unsetenv("PARMOD_TUNING_FILE");
}

TEST(ParallelMulTuning, FormatRoundTrips) {
  MulTuning t = default_mul_tuning();
  t.par_min = 77;
  std::string s = format_mul_tuning(t);
  EXPECT_NE(s.find("mul.par_min 77\n"), std::string::npos) << s;
  EXPECT_NE(s.find("mul.unbalanced_pct 67\n"), std::string::npos) << s;
}
}  // namespace

// tests/api/test_describe_cpu.cpp - parmod::describe_cpu: one "name: value"
// line each for the CPU, AVX-512 IFMA, mulx/adcx/adox, GMP and the tuning,
// each saying what config::cpu() and the tuning snapshot say.
#include <gmp.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "config/cpu.hpp"
#include "config/tuning.hpp"
#include "parmod/parmod.hpp"

namespace parmod {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(DescribeCpu, OneLinePerFactInOrder) {
  const std::string text = describe_cpu();
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const auto lines = lines_of(text);
  ASSERT_EQ(lines.size(), 5u) << text;
  EXPECT_TRUE(starts_with(lines[0], "cpu: ")) << text;
  EXPECT_TRUE(starts_with(lines[1], "AVX-512 IFMA: ")) << text;
  EXPECT_TRUE(starts_with(lines[2], "mulx/adcx/adox: ")) << text;
  EXPECT_TRUE(starts_with(lines[3], "GMP: ")) << text;
  EXPECT_TRUE(starts_with(lines[4], "tuning: the ")) << text;
}

TEST(DescribeCpu, SaysWhatCpuidAndTheTuningSay) {
  const auto lines = lines_of(describe_cpu());
  ASSERT_EQ(lines.size(), 5u);
  const config::Cpu& c = config::cpu();
  const config::Tuning& t = config::tuning();
  EXPECT_TRUE(contains(lines[0], " family " + std::to_string(c.family) + " model " + std::to_string(c.model) + ", " +
                                     c.family_name + ")"))
      << lines[0];
  if (!c.brand.empty()) EXPECT_TRUE(starts_with(lines[0], "cpu: " + c.brand + " (")) << lines[0];
  EXPECT_EQ(starts_with(lines[1], "AVX-512 IFMA: in use"), c.avx512_ifma) << lines[1];
  if (!c.mulx_adx) {
    EXPECT_TRUE(contains(lines[2], "not on this CPU")) << lines[2];
  } else {
    EXPECT_EQ(contains(lines[2], "kernels on from " + std::to_string(t.montgomery_window_adx_min) + " limbs"),
              t.montgomery_window_adx_min > 0)
        << lines[2];
    EXPECT_EQ(contains(lines[2], "kernels off"), t.montgomery_window_adx_min == 0) << lines[2];
  }
  EXPECT_EQ(lines[3], std::string("GMP: ") + gmp_version);
  EXPECT_TRUE(starts_with(lines[4], "tuning: the " + t.row + " row")) << lines[4];
  // The tests read an empty tuning file (PARMOD_TUNING_FILE, tests/CMakeLists.txt).
  EXPECT_EQ(contains(lines[4], "then the file " + t.file), !t.file.empty()) << lines[4];
}

}  // namespace
}  // namespace parmod

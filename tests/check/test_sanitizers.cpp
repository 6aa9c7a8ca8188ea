// tests/check/test_sanitizers.cpp - include/parmod/detail/sanitizers.h
// answers what the build asked for (PARMOD_SANITIZE, passed in by
// tests/check/CMakeLists.txt), with gcc and with clang: the tests and the
// scratch poisoning that depend on it are otherwise silently off (clang 14
// defines neither __SANITIZE_ADDRESS__ nor __SANITIZE_THREAD__).
#include <gtest/gtest.h>

#include <string>

#include "parmod/detail/sanitizers.h"

namespace {

bool asked_for(const char* name) {
  const std::string list = std::string(",") + PARMOD_TEST_SANITIZE + ",";
  return list.find(std::string(",") + name + ",") != std::string::npos;
}

TEST(Sanitizers, TheMacrosMatchTheBuild) {
#if defined(PARMOD_UNDER_ASAN)
  constexpr bool asan = true;
#else
  constexpr bool asan = false;
#endif
#if defined(PARMOD_UNDER_TSAN)
  constexpr bool tsan = true;
#else
  constexpr bool tsan = false;
#endif
  EXPECT_EQ(asan, asked_for("address")) << "PARMOD_SANITIZE=" << PARMOD_TEST_SANITIZE;
  EXPECT_EQ(tsan, asked_for("thread")) << "PARMOD_SANITIZE=" << PARMOD_TEST_SANITIZE;
}

}  // namespace

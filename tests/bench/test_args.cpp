// Tests bench/args: the one parser of the developer benchmarks takes the
// common options a Spec lists and the flags of its table, and refuses
// everything else with one UsageError.
#include "args.hpp"

#include <gtest/gtest.h>

namespace parmod::bench {
namespace {

const Spec kSpec = {"demo", "a bench for the parser's tests", kSizes | kRounds | kJson, "bits (default 1024)",
                    {{"--short", nullptr, "a smaller run"},
                     {"--stat", "median|min", "the statistic"},
                     {"--max-bits", "N", "largest size", 64, 65536}}};

Args parse(std::vector<const char*> v) {
  v.insert(v.begin(), "demo");
  return parse_args(kSpec, static_cast<int>(v.size()), v.data());
}

TEST(BenchArgs, CommonOptionsAndFlags) {
  const Args a = parse({"--sizes", "1024,2048", "--rounds=3", "--json", "--short", "--stat", "min", "--max-bits=4096"});
  EXPECT_EQ(a.sizes, (std::vector<unsigned long>{1024, 2048}));
  EXPECT_EQ(a.rounds, 3u);
  EXPECT_TRUE(a.json);
  EXPECT_TRUE(a.has("--short"));
  EXPECT_EQ(a.value("--stat"), "min");
  EXPECT_EQ(a.number("--max-bits", 8192), 4096u);
  EXPECT_EQ(a.rounds_or(11), 3u);
  const Args d = parse({});
  EXPECT_TRUE(d.sizes.empty());
  EXPECT_EQ(d.rounds_or(11), 11u);
  EXPECT_EQ(d.number("--max-bits", 8192), 8192u);
  EXPECT_FALSE(d.has("--short"));
  EXPECT_EQ(parse({"--bits", "256"}).sizes, (std::vector<unsigned long>{256}));  // --bits = --sizes
  EXPECT_TRUE(parse({"--help"}).help);
}

TEST(BenchArgs, RefusesBadArguments) {
  for (const auto& bad : std::vector<std::vector<const char*>>{
           {"--threads", "2"},           // a common option the spec does not take
           {"--plot", "x.png"},          // likewise
           {"--nope"},                   // unknown option
           {"stray"},                    // stray argument
           {"--sizes"},                  // missing value
           {"--sizes", "1024,,2048"},    // empty item
           {"--sizes", "1024,"},         // trailing comma
           {"--sizes", "-5"},            // not digits
           {"--sizes", "0"},             // below range
           {"--sizes", "99999999999999999999999"},  // overflow
           {"--rounds", "2x"},           // junk
           {"--rounds", "0"},            // below range
           {"--json=1"},                 // a switch with a value
           {"--short=yes"},              // a flag switch with a value
           {"--stat", "mean"},           // not one of the words
           {"--max-bits", "32"},         // below the flag's range
           {"--max-bits", "100000"}}) {  // above it
    EXPECT_THROW(parse(bad), UsageError) << bad[0];
  }
}

TEST(BenchArgs, UsageListsWhatTheSpecTakes) {
  const std::string u = usage(kSpec);
  for (const char* s : {"parmod-bench demo", "--sizes/--bits LIST", "bits (default 1024)", "--rounds N", "--json",
                        "--short", "--stat median|min", "--max-bits N", "(64..65536)", "--help"})
    EXPECT_NE(u.find(s), std::string::npos) << s << " in\n" << u;
  EXPECT_EQ(u.find("--threads"), std::string::npos);
  EXPECT_EQ(u.find("--plot"), std::string::npos);
}

}  // namespace
}  // namespace parmod::bench

// The tuning keys are declared once (config/tuning_keys.def): every one is
// measured by a step of `parmod tune` (tune/), no step writes an undeclared
// key, and docs/tuning.md's key table lists exactly the declared keys with
// their type, range, generic default, unit, tie, step and meaning.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "config/tuning.hpp"
#include "tune.hpp"

namespace {

using parmod::config::TuningKey;

std::set<std::string> declared() {
  std::set<std::string> keys;
  for (const TuningKey& k : parmod::config::tuning_keys()) keys.insert(k.display_name());
  return keys;
}

TEST(TuneKeys, EveryDeclaredKeyIsMeasuredOnce) {
  EXPECT_EQ(parmod::tune::measured_keys(), declared());
  std::map<std::string, std::string> step_of;
  for (const auto& step : parmod::tune::steps())
    for (const std::string& key : step.keys)
      EXPECT_TRUE(step_of.emplace(key, step.name).second) << key << " written by two steps";
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line.substr(1));
  while (std::getline(in, cell, '|')) {
    const auto a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
    out.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
  }
  return out;
}

std::string number(double v) {
  std::ostringstream o;
  o.precision(15);
  o << v;
  return o.str();
}

TEST(TuneKeys, DocsListExactlyTheDeclaredKeys) {
  std::ifstream doc(PARMOD_SOURCE_DIR "/docs/tuning.md");
  ASSERT_TRUE(doc) << "docs/tuning.md";
  std::map<std::string, std::string> step_of;
  for (const auto& step : parmod::tune::steps())
    for (const std::string& key : step.keys) step_of[key] = step.name;
  std::map<std::string, std::vector<std::string>> rows;  // the key table: "| `key` | type | ..."
  std::string line;
  bool in_table = false;
  while (std::getline(doc, line)) {
    if (line.rfind("| key | type |", 0) == 0) in_table = true;
    else if (in_table && line.rfind("| `", 0) == 0) {
      auto c = cells(line);
      ASSERT_GE(c.size(), 8u) << line;
      const std::string key = c[0].substr(1, c[0].size() - 2);
      EXPECT_TRUE(rows.emplace(key, c).second) << "listed twice: " << key;
    } else if (in_table && line.rfind("|", 0) != 0) {
      in_table = false;
    }
  }
  std::set<std::string> listed;
  for (const auto& [key, c] : rows) listed.insert(key);
  EXPECT_EQ(listed, declared());
  for (const TuningKey& k : parmod::config::tuning_keys()) {
    const auto it = rows.find(k.display_name());
    if (it == rows.end()) continue;
    const auto& c = it->second;
    const std::string type = k.type;
    const std::string range = type == "size" || type == "real" ? number(k.min) + ".." + number(k.max)
                              : type == "k_table"              ? "k in " + number(k.min) + ".." + number(k.max)
                                                               : "";
    const std::string generic = *k.generic ? "`" + std::string(k.generic) + "`" : "(none)";
    EXPECT_EQ(c[1], type) << k.name;
    EXPECT_EQ(c[2], range) << k.name;
    EXPECT_EQ(c[3], generic) << k.name;
    EXPECT_EQ(c[4], k.unit) << k.name;
    EXPECT_EQ(c[5], k.needs) << k.name;
    EXPECT_EQ(c[6], step_of[k.display_name()]) << k.name;
    EXPECT_EQ(c[7], k.meaning) << k.name;
  }
}

}  // namespace

// tests/api/test_algorithm_table.cpp - the algorithm table (parmod/algorithms.def)
// is what the C API, the CLI help and docs/algorithms.md list, exactly.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "api/algorithm_table.hpp"
#include "parmod.h"
#include "parmod/parmod.hpp"

namespace {

using parmod::Algorithm;
using parmod::AlgorithmInfo;

// The docs row of a table row, as docs/algorithms.md writes it.
std::string docs_row(const AlgorithmInfo& a) {
  return std::string("| `") + a.name + "` | `" + a.c_name + "` = " + std::to_string(static_cast<int>(a.algorithm)) +
         " | " + (a.odd_only ? "yes" : "no") + " | " + a.representation + " | " + a.description + " |";
}

TEST(AlgorithmTable, RowsAreIndexedAndNamed) {
  const auto rows = parmod::algorithms();
  ASSERT_GE(rows.size(), 2u);
  std::set<std::string> names;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(rows[i].algorithm), i);
    EXPECT_TRUE(names.insert(rows[i].name).second) << rows[i].name;
    EXPECT_EQ(parmod::algorithm_from_name(rows[i].name), rows[i].algorithm);
    EXPECT_STREQ(parmod::algorithm_name(rows[i].algorithm), rows[i].name);
    EXPECT_EQ(&parmod::algorithm_info(rows[i].algorithm), &rows[i]);
    EXPECT_NE(std::string(rows[i].description), "");
  }
  EXPECT_EQ(rows[0].algorithm, Algorithm::automatic);
  EXPECT_EQ(parmod::algorithm_from_name("auto"), Algorithm::automatic);
  EXPECT_THROW(parmod::algorithm_from_name("montgomery64"), parmod::InvalidArgument);
  EXPECT_THROW(parmod::algorithm_info(static_cast<Algorithm>(rows.size())), parmod::InvalidArgument);
  EXPECT_STREQ(parmod::algorithm_name(static_cast<Algorithm>(rows.size())), "unknown");
  // The error for an unknown name lists every row.
  try {
    parmod::algorithm_from_name("nope");
  } catch (const parmod::InvalidArgument& e) {
    for (const auto& a : rows) EXPECT_NE(std::string(e.what()).find(a.name), std::string::npos) << a.name;
  }
}

TEST(AlgorithmTable, EveryRowButAutomaticHasAFactoryThatAgreesWithOddOnly) {
  const mpz_class odd = (mpz_class(1) << 255) - 19, even = mpz_class(1) << 200;
  for (const AlgorithmInfo& a : parmod::algorithms()) {
    const auto& row = parmod::api::algorithm_row(a.algorithm);
    if (a.algorithm == Algorithm::automatic) {
      EXPECT_EQ(row.factory->bind, nullptr);
      continue;
    }
    ASSERT_NE(row.factory->bind, nullptr) << a.name;
    EXPECT_EQ(row.factory->rejects(even) != nullptr, a.odd_only) << a.name;
    // An odd-only row names the reason in the Modulus error.
    if (a.odd_only) {
      try {
        parmod::Modulus(even, a.algorithm);
        ADD_FAILURE() << a.name;
      } catch (const parmod::UnsupportedAlgorithm& e) {
        EXPECT_NE(std::string(e.what()).find("odd"), std::string::npos) << e.what();
      }
    }
    if (!row.factory->rejects(odd)) EXPECT_EQ(parmod::Modulus(odd, a.algorithm).algorithm(), a.algorithm);
  }
}

TEST(AlgorithmTable, TheCApiListsTheRows) {
  const auto rows = parmod::algorithms();
  ASSERT_EQ(parmod_algorithm_count(), static_cast<int>(rows.size()));
  for (const AlgorithmInfo& a : rows)
    EXPECT_STREQ(parmod_algorithm_name(static_cast<parmod_algorithm>(a.algorithm)), a.name);
  EXPECT_EQ(parmod_algorithm_name(static_cast<parmod_algorithm>(rows.size())), nullptr);
  EXPECT_EQ(parmod_algorithm_name(static_cast<parmod_algorithm>(-1)), nullptr);
  // The C constants are the table's values.
  EXPECT_EQ(PARMOD_AUTOMATIC, static_cast<int>(Algorithm::automatic));
  EXPECT_EQ(PARMOD_MONTGOMERY52, static_cast<int>(Algorithm::montgomery52));
  EXPECT_EQ(PARMOD_MONTGOMERY28, static_cast<int>(Algorithm::montgomery28));
  mpz_t m;
  mpz_init_set_ui(m, 1001);
  parmod_modulus_t ctx = nullptr;
  EXPECT_EQ(parmod_modulus_init(&ctx, m, static_cast<parmod_algorithm>(rows.size()), 1), PARMOD_ERR_INVALID_ARGUMENT);
  mpz_clear(m);
}

TEST(AlgorithmTable, TheDocsListTheRows) {
  std::ifstream in(std::string(PARMOD_SOURCE_DIR) + "/docs/algorithms.md");
  ASSERT_TRUE(in) << "docs/algorithms.md";
  std::vector<std::string> docs;
  std::string line;
  const std::regex row_start("^\\| `[a-z0-9_]+` \\| `PARMOD_");
  while (std::getline(in, line))
    if (std::regex_search(line, row_start)) docs.push_back(line);
  const auto rows = parmod::algorithms();
  ASSERT_EQ(docs.size(), rows.size()) << "docs/algorithms.md lists another number of algorithms";
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(docs[i], docs_row(rows[i]));
}

TEST(AlgorithmTable, TheCliHelpListsTheRows) {
  const char* bin = std::getenv("PARMOD_BIN");
  if (!bin || !*bin) GTEST_SKIP() << "PARMOD_BIN not set (the CLI is not built)";
  FILE* p = popen((std::string("'") + bin + "' --help").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string help;
  char buf[4096];
  for (std::size_t got; (got = fread(buf, 1, sizeof buf, p)) > 0;) help.append(buf, got);
  ASSERT_EQ(pclose(p), 0);
  // Every row once, as "<name>  <description>" lines under --algo, in order; nothing else there.
  std::istringstream lines(help);
  std::vector<std::pair<std::string, std::string>> listed;
  const std::regex entry("^      ([a-z0-9_]+) +(.*)$");
  std::smatch m;
  for (std::string line; std::getline(lines, line);)
    if (std::regex_match(line, m, entry)) listed.emplace_back(m[1], m[2]);
  const auto rows = parmod::algorithms();
  ASSERT_EQ(listed.size(), rows.size()) << help;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(listed[i].first, rows[i].name);
    EXPECT_EQ(listed[i].second, rows[i].description);
  }
}

}  // namespace

// api/algorithm_table.cpp - the rows of parmod/algorithms.def, and the
// public functions that read them (names, parsing, the C constants).
#include "api/algorithm_table.hpp"

#include "api/boundary.hpp"

#include <string>

namespace parmod {
namespace {

constexpr AlgorithmInfo kInfos[] = {
#define PARMOD_ALGORITHM(name, c_suffix, value, odd_only, representation, factory, description) \
  {Algorithm::name, #name, "PARMOD_" #c_suffix, odd_only != 0, representation, description},
#include "parmod/algorithms.def"
};

const api::AlgorithmRow kRows[] = {
#define PARMOD_ALGORITHM(name, c_suffix, value, odd_only, representation, factory, description) \
  {kInfos[value], &modmul::factory},
#include "parmod/algorithms.def"
};

constexpr std::size_t kCount = sizeof(kRows) / sizeof(kRows[0]);

// The rows are in enum order with values 0, 1, ...: a value is its index.
constexpr bool rows_are_indexed() {
  std::size_t i = 0;
#define PARMOD_ALGORITHM(name, c_suffix, value, odd_only, representation, factory, description) \
  if (static_cast<std::size_t>(value) != i++) return false;
#include "parmod/algorithms.def"
  return true;
}
static_assert(rows_are_indexed(), "parmod/algorithms.def: values must be 0, 1, 2, ... in row order");

bool in_table(Algorithm a) { return static_cast<std::size_t>(a) < kCount; }

}  // namespace

namespace api {

const AlgorithmRow& algorithm_row(Algorithm a) {
  if (!in_table(a)) throw InvalidArgument("unknown algorithm value " + std::to_string(static_cast<int>(a)));
  return kRows[static_cast<std::size_t>(a)];
}

const char* algorithm_rejects(Algorithm a, const mpz_class& P) {
  const AlgorithmRow& row = algorithm_row(a);
  return row.factory->rejects ? row.factory->rejects(P) : nullptr;
}

}  // namespace api

std::span<const AlgorithmInfo> algorithms() noexcept { return kInfos; }

const AlgorithmInfo& algorithm_info(Algorithm a) {
  api::algorithm_row(a);  // InvalidArgument outside the table
  return kInfos[static_cast<std::size_t>(a)];
}

const char* algorithm_name(Algorithm a) noexcept {
  return in_table(a) ? kInfos[static_cast<std::size_t>(a)].name : "unknown";
}

std::string algorithm_names(const char* last_separator) {
  return api::guarded([&] {
    std::string out;
    for (std::size_t i = 0; i < kCount; ++i) {
      if (i > 0) out += i + 1 == kCount ? last_separator : ", ";
      out += kRows[i].info.name;
    }
    return out;
  });
}

Algorithm algorithm_from_name(const std::string& name) {
  return api::guarded([&] {
    if (name == "auto") return Algorithm::automatic;
    for (const auto& row : kRows)
      if (name == row.info.name) return row.info.algorithm;
    throw InvalidArgument("unknown algorithm '" + name + "' (expected " + algorithm_names() + ")");
  });
}

}  // namespace parmod

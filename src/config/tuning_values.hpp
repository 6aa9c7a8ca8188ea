// config/tuning_values.hpp - reading and writing the values of tuning keys
// in the file's syntax (config/tuning_keys.def names each key's type).
// Internal to src/config.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "config/tuning.hpp"

namespace parmod::config::detail {

// A string for a warning: at most 40 characters, unprintable bytes as \xNN.
std::string excerpt(const std::string& s);

// Each parser takes `text` into *out and returns "", or returns the
// problem.  Sizes and reals: below `min` the value is rejected, above `max`
// it is taken clamped to max and the problem says so.
std::string parse_value(const std::string& text, std::size_t* out, double min, double max);
std::string parse_value(const std::string& text, double* out, double min, double max);
// "LIMBS:ALGORITHM ...", LIMBS increasing, no "automatic".
std::string parse_value(const std::string& text, SizeTable* out, double min, double max);
// "LIMBS:NS,...", at least two points, LIMBS increasing, all positive.
std::string parse_value(const std::string& text, CostPoints* out, double min, double max);
// One thread count's "BITS:K,..." (k in [min, max], BITS increasing; "" is an empty list).
std::string parse_k_list(const std::string& text, std::vector<std::pair<std::size_t, int>>* out, double min,
                         double max);

std::string format_value(std::size_t v);
std::string format_value(double v);
std::string format_value(const SizeTable& t);
std::string format_value(const CostPoints& p);
std::string format_k_list(const std::vector<std::pair<std::size_t, int>>& list);

// The thread count of a family key: "multipartite.k.T2" with prefix
// "multipartite.k.T" gives 2; 0 when key is no such key.
int family_threads(const std::string& key, const char* prefix);

}  // namespace parmod::config::detail

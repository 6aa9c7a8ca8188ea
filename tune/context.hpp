// tune/context.hpp - what a tune step measures with and writes into.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "config/tuning.hpp"
#include "harness.hpp"

namespace parmod::tune {

class Context {
 public:
  Context(bool quick, int threads);

  bool quick() const noexcept { return quick_; }
  int threads() const noexcept { return threads_; }  // >= 1
  // The values so far (the row's defaults, then what the steps measured).
  const config::Tuning& tuning() const noexcept { return tuning_; }

  // Records key = value (file syntax) and installs the values as the tuning
  // in use, so that later measurements run with it.  A value the table
  // would not take is a bug of the step: throws std::logic_error.
  void set(const std::string& key, const std::string& value);
  void set(const std::string& key, std::size_t value) { set(key, std::to_string(value)); }
  const std::map<std::string, std::string>& written() const noexcept { return written_; }

  // Timing options: `rounds` interleaved rounds of batches of about
  // `batch_seconds` (halved, at least 3 rounds, with --quick).
  bench::Options timing(std::size_t rounds, double batch_seconds) const;
  // A ladder of sizes; with --quick every other one, keeping the last.
  std::vector<std::size_t> ladder(const std::vector<std::size_t>& sizes) const;

 private:
  bool quick_;
  int threads_;
  config::Tuning tuning_;
  std::map<std::string, std::string> written_;
};

// The smallest measured size from which a condition held at this and every
// larger one: add() the sizes in increasing order; from() is 0 while the
// condition failed at the last size added.
class HoldsFrom {
 public:
  void add(std::size_t size, bool holds) noexcept {
    if (!holds) from_ = 0;
    else if (from_ == 0) from_ = size;
  }
  std::size_t from() const noexcept { return from_; }

 private:
  std::size_t from_ = 0;
};

}  // namespace parmod::tune

// tune/wins_from.hpp - the rule most threshold keys of `parmod tune` share:
// the smallest ladder size from which the rival wins at that size and at
// every larger measured size.
#pragma once

#include <cstddef>

namespace parmod::tune {

// Feed the ladder's sizes in increasing order, each with whether the rival
// won there; from() is the first size of the unbroken run of wins that ends
// the ladder, or `never` when the last size measured was a loss (or none was
// measured).  `never` must be no ladder size.
class WinsFrom {
 public:
  explicit WinsFrom(std::size_t never) noexcept : never_(never), from_(never) {}
  void add(std::size_t size, bool wins) noexcept {
    if (!wins)
      from_ = never_;  // the rival must win from here on
    else if (from_ == never_)
      from_ = size;
  }
  std::size_t from() const noexcept { return from_; }

 private:
  std::size_t never_, from_;
};

}  // namespace parmod::tune

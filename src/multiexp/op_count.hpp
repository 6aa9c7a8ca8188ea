// multiexp/op_count.hpp - an optional counter of the modular operations a
// multi-exponentiation routine performs (for the tests of the paper's counts).
#pragma once

#include <cstdint>

namespace parmod::multiexp {

// Every routine taking an OpCount* adds the engine calls it makes: sqr for
// squarings, mul for multiplications (a copy is not counted).  nullptr: no
// counting.  A counter must not be shared between concurrent tasks.
struct OpCount {
  std::uint64_t sqr = 0;
  std::uint64_t mul = 0;
  std::uint64_t total() const noexcept { return sqr + mul; }
};

}  // namespace parmod::multiexp

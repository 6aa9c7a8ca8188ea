// powm/sliding_window_scan.hpp - the scan of HAC Alg. 14.85 (left-to-right
// sliding window over odd powers), apart from the arithmetic: one loop for
// every element type that exponentiates this way (the engines' limb arrays in
// powm/sliding_window, the fixed-size field elements in api/small_odd_pow).
#pragma once

#include <cstddef>

#include "powm/exponent_bits.hpp"

namespace parmod::exponentiation {

// Scans e in ep[0, en) (bits = exponent_bit_length(ep, en) >= 1) from the top
// with windows of at most w bits that start and end with a one, calling
//   ops.set(i)       acc = x^(2i+1), once, for the top window;
//   ops.square()     acc = acc^2, once per bit below the top window;
//   ops.multiply(i)  acc = acc x^(2i+1), once per later window, after its squarings;
// so acc ends as x^e.  Index i < 2^(w-1) selects the table of odd powers the
// caller keeps.  About bits squarings and bits/(w+1) multiplications.
// Variable time: branches and indices follow the exponent.
template <class Ops>
void sliding_window_scan(const limb_t* ep, std::size_t en, std::size_t bits, unsigned w, Ops& ops) {
  bool first = true;
  std::size_t i = bits;  // bits i-1 .. 0 remain
  while (i > 0) {
    if (exponent_bit(ep, i - 1) == 0) {
      ops.square();  // never first: the top bit is one
      --i;
      continue;
    }
    // The window [j, i-1]: at most w bits, ending on a one.
    std::size_t j = i >= w ? i - w : 0;
    while (exponent_bit(ep, j) == 0) ++j;
    const unsigned len = static_cast<unsigned>(i - j);
    const std::size_t index = exponent_bits(ep, en, j, len) >> 1;
    if (first) {
      ops.set(index);
      first = false;
    } else {
      for (unsigned s = 0; s < len; ++s) ops.square();
      ops.multiply(index);
    }
    i = j;
  }
}

}  // namespace parmod::exponentiation

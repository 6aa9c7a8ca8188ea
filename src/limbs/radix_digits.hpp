// limbs/radix_digits.hpp - splitting limbs into B-bit digits, one per 64-bit
// word (B < 64): the part of limbs/radix52 and limbs/radix28 that is the same
// for every digit width.  The loop and the shifts depend only on the sizes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "check/assert.hpp"
#include "limbs/limbs.hpp"

namespace parmod::limbs {

// d[0, nd) = x[0, n) mod 2^(B nd), one digit < 2^B per word (zero-padded when
// x is shorter).  n may be 0.  No overlap.  Cost O(nd).
template <unsigned B>
void to_radix_digits(std::uint64_t* d, std::size_t nd, const limb_t* x, std::size_t n) noexcept {
  static_assert(B > 0 && B < kLimbBits);
  PARMOD_ASSERT(!check::overlap(d, nd, x, n));
  constexpr std::uint64_t mask = (std::uint64_t(1) << B) - 1;
  for (std::size_t j = 0; j < nd; ++j) {
    const std::size_t bit = B * j;
    const std::size_t li = bit / kLimbBits;
    const unsigned off = static_cast<unsigned>(bit % kLimbBits);
    std::uint64_t v = 0;
    if (li < n) {
      v = x[li] >> off;
      if (off > kLimbBits - B && li + 1 < n) v |= x[li + 1] << (kLimbBits - off);
    }
    d[j] = v & mask;
  }
}

}  // namespace parmod::limbs

#include "limbs/radix28.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "limbs/radix_digits.hpp"

namespace parmod::limbs {

void to_radix28(std::uint64_t* d, std::size_t nd, const limb_t* x, std::size_t n) noexcept {
  to_radix_digits<kDigit28Bits>(d, nd, x, n);
}

void from_radix28(limb_t* x, std::size_t n, const std::uint64_t* d, std::size_t nd) noexcept {
  PARMOD_ASSERT(!check::overlap(x, n, d, nd));
  PARMOD_ASSERT(std::all_of(d, d + nd, [](std::uint64_t v) { return v <= kDigit28Mask; }));
  for (std::size_t i = 0; i < n; ++i) x[i] = 0;
  // Digit j lands at bit 28 j: in limb li from bit off, its top in limb li + 1
  // when off > 36.
  for (std::size_t j = 0; j < nd; ++j) {
    const std::size_t bit = kDigit28Bits * j;
    const std::size_t li = bit / kLimbBits;
    const unsigned off = static_cast<unsigned>(bit % kLimbBits);
    if (li < n) x[li] |= d[j] << off;
    if (off > kLimbBits - kDigit28Bits && li + 1 < n) x[li + 1] |= d[j] >> (kLimbBits - off);
  }
}

}  // namespace parmod::limbs

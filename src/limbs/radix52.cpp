#include "limbs/radix52.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "limbs/radix_digits.hpp"

namespace parmod::limbs {

void to_radix52(std::uint64_t* d, std::size_t nd, const limb_t* x, std::size_t n) noexcept {
  to_radix_digits<kDigitBits>(d, nd, x, n);
}

void from_radix52(limb_t* x, std::size_t n, const std::uint64_t* d, std::size_t nd) noexcept {
  PARMOD_ASSERT(!check::overlap(x, n, d, nd));
  PARMOD_ASSERT(std::all_of(d, d + nd, [](std::uint64_t v) { return v <= kDigitMask; }));
  auto digit = [&](std::size_t j) { return j < nd ? d[j] : std::uint64_t(0); };
  for (std::size_t i = 0; i < n; ++i) {
    // Limb i holds bits [64 i, 64 i + 64): the top of digit j, all of digit
    // j + 1 (52 bits) and, when fewer than 12 bits came from digit j, the
    // bottom of digit j + 2.
    const std::size_t bit = kLimbBits * i;
    const std::size_t j = bit / kDigitBits;
    const unsigned off = static_cast<unsigned>(bit % kDigitBits);
    limb_t v = (digit(j) >> off) | (digit(j + 1) << (kDigitBits - off));
    if (off > 2 * kDigitBits - kLimbBits) v |= digit(j + 2) << (2 * kDigitBits - off);
    x[i] = v;
  }
}

std::uint64_t normalize_radix52(std::uint64_t* d, std::size_t nd) noexcept {
  std::uint64_t carry = 0;
  for (std::size_t j = 0; j < nd; ++j) {
    // d_j + carry < 2^64 + 2^12: add in two steps so nothing is lost.
    const std::uint64_t lo = (d[j] & kDigitMask) + carry;
    carry = (d[j] >> kDigitBits) + (lo >> kDigitBits);
    d[j] = lo & kDigitMask;
  }
  return carry;
}

}  // namespace parmod::limbs

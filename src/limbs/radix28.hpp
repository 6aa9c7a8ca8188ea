// limbs/radix28.hpp - numbers in radix 2^28, one digit per 64-bit word.
//
// AVX2's vpmuludq multiplies the low 32 bits of four 64-bit lanes into 64-bit
// products; with digits d_j < 2^28 a lane can add up 255 such products
// (255 (2^28 - 1)^2 < 2^64) before it carries, which is what the radix-2^28
// Montgomery kernel (modmul/montgomery28.hpp) relies on.  The value of d is
// sum d_j 2^(28 j).  Plain C++, no allocation; the loops and shifts depend
// only on the sizes, never on the values (the constant-time code converts
// secret numbers with them).
#pragma once

#include <cstddef>
#include <cstdint>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

constexpr unsigned kDigit28Bits = 28;
constexpr std::uint64_t kDigit28Mask = (std::uint64_t(1) << kDigit28Bits) - 1;

// d[0, nd) = x[0, n) mod 2^(28 nd), one digit < 2^28 per word (zero-padded
// when x is shorter).  n may be 0.  No overlap.  Cost O(nd).
void to_radix28(std::uint64_t* d, std::size_t nd, const limb_t* x, std::size_t n) noexcept;

// x[0, n) = (sum d_j 2^(28 j)) mod beta^n for normalised digits (d_j < 2^28).
// nd may be 0.  No overlap.  Cost O(n + nd).
void from_radix28(limb_t* x, std::size_t n, const std::uint64_t* d, std::size_t nd) noexcept;

}  // namespace parmod::limbs

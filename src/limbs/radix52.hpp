// limbs/radix52.hpp - numbers in radix 2^52, one digit per 64-bit word.
//
// The AVX-512 IFMA instructions (vpmadd52luq / vpmadd52huq) multiply the low
// 52 bits of eight 64-bit lanes at once and add the low or high 52 bits of the
// 104-bit products to 64-bit accumulators, so an operand is kept as digits
// d_j < 2^52 with value sum d_j 2^(52 j); an accumulator digit may grow past
// 2^52 (unnormalised) until normalize_radix52 carries it.  Plain C++, no
// allocation; variable time (the sizes, not the values, choose the branches).
#pragma once

#include <cstddef>
#include <cstdint>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

constexpr unsigned kDigitBits = 52;
constexpr std::uint64_t kDigitMask = (std::uint64_t(1) << kDigitBits) - 1;

// Digits needed for a number of `bits` bits.
constexpr std::size_t radix52_digits(std::size_t bits) noexcept { return (bits + kDigitBits - 1) / kDigitBits; }

// d[0, nd) = x[0, n) mod 2^(52 nd), one digit < 2^52 per word (zero-padded
// when x is shorter).  n may be 0.  No overlap.  Cost O(nd).
void to_radix52(std::uint64_t* d, std::size_t nd, const limb_t* x, std::size_t n) noexcept;

// x[0, n) = (sum d_j 2^(52 j)) mod beta^n.  The digits must be normalised
// (d_j < 2^52; see normalize_radix52).  nd may be 0.  No overlap.  Cost O(n).
void from_radix52(limb_t* x, std::size_t n, const std::uint64_t* d, std::size_t nd) noexcept;

// Carries an unnormalised d[0, nd) (any 64-bit words) in place so that every
// digit is < 2^52 and the value is unchanged mod 2^(52 nd); returns the carry
// out of the top digit (the value's part at 2^(52 nd) and above).  Cost O(nd).
std::uint64_t normalize_radix52(std::uint64_t* d, std::size_t nd) noexcept;

}  // namespace parmod::limbs

// powm/exponent_bits.hpp - reading the bits of an exponent stored in limbs.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::exponentiation {

// Bit i of e (e in ep[0, en); i < 64 en).
inline unsigned exponent_bit(const limb_t* ep, std::size_t i) noexcept {
  return static_cast<unsigned>((ep[i / kLimbBits] >> (i % kLimbBits)) & 1);
}

// Bits [lo, lo + count) of e as an integer, count <= 32; bits past 64 en read as 0.
inline unsigned exponent_bits(const limb_t* ep, std::size_t en, std::size_t lo, unsigned count) noexcept {
  const std::size_t limb = lo / kLimbBits, shift = lo % kLimbBits;
  if (limb >= en) return 0;
  limb_t v = ep[limb] >> shift;
  if (shift + count > kLimbBits && limb + 1 < en) v |= ep[limb + 1] << (kLimbBits - shift);
  return static_cast<unsigned>(v & ((limb_t(1) << count) - 1));
}

// Number of significant bits of e (0 for e = 0).
inline std::size_t exponent_bit_length(const limb_t* ep, std::size_t en) noexcept {
  en = limbs::normalized_size(ep, en);
  if (en == 0) return 0;
  return (en - 1) * kLimbBits + (kLimbBits - static_cast<std::size_t>(__builtin_clzll(ep[en - 1])));
}

}  // namespace parmod::exponentiation

// powm/fixed_base.hpp - exponentiation of one base to many exponents.
//
// Fixed-base windowing (the BGMW / Lim-Lee family; HAC Alg. 14.109 in its
// simplest form): for windows i = 0 .. W-1 of w exponent bits the table holds
// g^(d 2^(w i)) R mod P for every digit d in 1 .. 2^w - 1, so g^e is one
// multiplication per nonzero window and no squaring at all:
// about (bits / w)(1 - 2^-w) multiplications instead of the sliding window's
// bits squarings + bits/(w+1) multiplications.  Table: W (2^w - 1) n limbs,
// built once with W w squarings and W (2^w - 2) multiplications.
#pragma once

#include <vector>

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

struct FixedBaseTable {
  std::size_t n = 0;         // limbs of P
  unsigned w = 0;            // window bits
  std::size_t windows = 0;   // W: exponents up to w W bits
  std::vector<limb_t> entries;  // [i][d - 1]: g^(d 2^(w i)) R mod P, n limbs each

  std::size_t max_exponent_bits() const noexcept { return windows * w; }
  const limb_t* entry(std::size_t window, unsigned digit) const noexcept {
    return entries.data() + (window * ((std::size_t(1) << w) - 1) + (digit - 1)) * n;
  }
};

// The window for exponents of `bits` bits with a table of at most
// `max_table_limbs` limbs (1..8).
unsigned fixed_base_window(std::size_t bits, std::size_t n, std::size_t max_table_limbs) noexcept;

// Builds the table for g (plain form, [0, P)) and exponents of up to `bits` bits.
// Allocates the table (throws std::bad_alloc); scratch: fixed_base_build_scratch(n, engine).
void fixed_base_build(FixedBaseTable& t, const limb_t* g, std::size_t bits, unsigned w,
                      const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch);
std::size_t fixed_base_build_scratch(std::size_t n, const modmul::Engine& engine) noexcept;

// r[0, n) = g^e mod P (plain form) for e in ep[0, en) with at most
// t.max_exponent_bits() significant bits.  Scratch: fixed_base_powm_scratch(n, engine).
void fixed_base_powm(limb_t* r, const FixedBaseTable& t, const limb_t* ep, std::size_t en,
                     const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch) noexcept;
std::size_t fixed_base_powm_scratch(std::size_t n, const modmul::Engine& engine) noexcept;

}  // namespace parmod::exponentiation

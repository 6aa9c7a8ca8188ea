// multiexp/interleaved_window.hpp - windowing for multi-exponentiation (the
// paper's future work): interleaved sliding windows, i.e. MULEXP with groups
// of one base (k = nb) processing up to w bits of each exponent per step.
//
// Each base X[i] gets its own table of odd powers X[i], X[i]^3, ..,
// X[i]^(2^w - 1) (2^(w-1) entries, 1 squaring + 2^(w-1) - 1 multiplications);
// one squaring chain is shared by all bases, and base i's sliding windows
// (at most w bits, starting and ending on a one, HAC 14.85) are multiplied in
// at the position where they end.  Expected cost for b-bit exponents:
// nb 2^(w-1) + b + nb b / (w + 1) multiplications (interleaved_operation_count),
// against MULEXP's k 2^(nb/k) + (1 - 2^(-nb/k)) b k + b: better for small nb
// (signature verification, nb = 2) and large nb with few groups impossible.
// Chunks of bit positions (for the parallel variants) keep windows inside
// the chunk.  Variable time.
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

// nb 2^(w-1) + b + nb b / (w + 1).
double interleaved_operation_count(std::size_t nb, std::size_t b, unsigned w) noexcept;
// The w in [1, 8] minimising interleaved_operation_count (independent of nb).
unsigned interleaved_window_size(std::size_t b) noexcept;

// Odd powers of base i: tables + i 2^(w-1) n holds x_i^(2m+1) R, m < 2^(w-1).
// xs: the bases in the representation.  Scratch: n + engine.scratch_limbs(n).
// Cost: 1 squaring + 2^(w-1) - 1 multiplications (none for w = 1).
void interleaved_precompute_base(limb_t* tables, const limb_t* xs, std::size_t i, unsigned w,
                                 const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                                 OpCount* count) noexcept;

// acc = (prod_i X[i]^(bits [lo, hi) of Y[i]))^(2^lo) in the representation:
// hi - lo + lo squarings and one multiplication per window.  state: 2 nb limbs
// of caller scratch (each base's next window); scratch: engine.scratch_limbs(n).
void interleaved_chunk(limb_t* acc, const limb_t* tables, std::size_t nb, unsigned w, const limb_t* const* ep,
                       const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                       const modmul::Engine& engine, limb_t* state, limb_t* scratch, OpCount* count) noexcept;

// The chunk's bit positions only, continuing the chain in acc (windows kept
// inside [lo, hi)): acc = acc^(2^(hi - lo)) prod_i X[i]^(bits [lo, hi) of
// Y[i]).  Same state and scratch.
void interleaved_bits(limb_t* acc, const limb_t* tables, std::size_t nb, unsigned w, const limb_t* const* ep,
                      const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                      const modmul::Engine& engine, limb_t* state, limb_t* scratch, OpCount* count) noexcept;

// Sequential: r = prod X[i]^Y[i] mod P, plain form in and out (xs contiguous,
// in [0, P)).  Scratch: interleaved_scratch(n, nb, w, engine).  No allocation.
void interleaved_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                          unsigned w, const modmul::ModulusConstants& kc, const modmul::Engine& engine,
                          limb_t* scratch, OpCount* count) noexcept;
std::size_t interleaved_scratch(std::size_t n, std::size_t nb, unsigned w, const modmul::Engine& engine) noexcept;

}  // namespace parmod::multiexp

// powm/square_chain_powm.hpp - right-to-left 2^w-ary exponentiation (Yao 1976;
// Knuth, TAOCP vol. 2, 4.6.3) on two threads: one thread squares, the other
// multiplies.
//
// With e = sum_i d_i 2^(w i), d_i in [0, 2^w), and x_i = x^(2^(w i)):
//
//     x^e = prod_i x_i^(d_i) = prod_(j >= 1) B_j^j,   B_j = prod_(d_i = j) x_i,
//     prod_j B_j^j = prod_(j >= 1) A_j,                A_j = prod_(l >= j) B_l.
//
// The chain x_(i+1) = x_i^(2^w) (w squarings per digit, log2(e) in all) is
// the only sequential part.  Its task runs on the caller and publishes each
// x_i (the words of it a product reads as its second operand,
// modmul::multiplier_size; one release store); the bucket task, on the
// worker, multiplies x_i into B_(d_i) as soon as it is published, from the
// lowest digit up (an empty bucket becomes 1 x_i, or a copy of x_i where
// whole elements are published).  When
// the chain is done the caller takes the digits left from the top down into
// buckets of its own (one compare-exchange per digit on a word holding both
// ends), so a late or stalled worker costs its share of the products, never
// a wait; the caller waits at most for the product the worker is in.  Then
// the two bucket sets are merged and the running product A_j gives the
// result: at most 3 (2^w - 1) products after the chain.
//
// Cost on the critical path: log2(e) squarings, the last digit's product and
// the combination; the sequential window (sliding_window.hpp) adds
// log2(e) / (w' + 1) + 2^(w' - 1) products to the same squarings.  The
// worker's share, about (1 - 2^-w) log2(e) / w products, stays below the
// chain's log2(e) squarings for w = kSquareChainWindow even when the worker
// runs at half the caller's speed.  Variable time: not for secret exponents.
#pragma once

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// The digit width w.
constexpr unsigned kSquareChainWindow = 3;

// Whether the chain's published powers (about bits / w elements) for a
// modulus of n limbs and an exponent of `bits` bits fit in
// kSquareChainMaxLimbs limbs, with at least two digits.  square_chain_powm
// runs on two threads when they fit for en * 64 bits (what its scratch was
// sized for) and the exponent has two digits; otherwise the sequential window.
constexpr std::size_t kSquareChainMaxLimbs = std::size_t(1) << 20;  // 8 MiB
bool square_chain_fits(std::size_t n, std::size_t bits) noexcept;

// r[0, n) = b^e mod P on the thread team (two threads: the caller and one
// worker; `threads` < 2 runs the same tasks on the caller, in order).  b in
// [0, P), plain form; e in ep[0, en) (en may be 0).  r may alias b.  Runs on
// engine.elements when the engine has one.  Scratch:
// square_chain_powm_scratch(n, en, engine) limbs.  No allocation.
void square_chain_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en,
                       const modmul::ModulusConstants& k, const modmul::Engine& engine, int threads,
                       limb_t* scratch) noexcept;
std::size_t square_chain_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept;

}  // namespace parmod::exponentiation

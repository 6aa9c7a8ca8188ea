// powm/split_powm.hpp - exponent splitting on the thread team (Lara et al., Alg. 2).
//
// e is cut at the balanced boundaries of exponent_split.hpp into one chunk
// per thread.  Chunk c, the bits [lo_c, hi_c) (chunk 0 the highest), is one
// task: a left-to-right sliding window over its bits on a fresh partial, then
// lo_c completing squarings, so partial_c = g^(e_c 2^lo_c) and g^e is their
// product.  It costs what the paper's factor (g^(2^lo_c))^(e_c) costs, hi_c
// squarings and the window's multiplications, so the paper's boundaries
// balance it; the balance uses phi_eff = phi * 2 / (w + 1), the sliding
// window's multiplications per bit instead of the binary method's 1/2 (this
// extends the paper's balancing to sliding windows, its open problem).
// Unlike the paper's factors, the chunks share one table of odd powers of g,
// and the work moves between threads as they come and go (each chunk's
// remaining bits in one atomic word; a chain takes its next window from the
// top of its range, changes come from below):
//   * a chain that reaches a chunk no thread has started absorbs it and runs
//     on through its bits without the completing squarings, so a run
//     without its workers (asleep, stalled, or sequential) costs the
//     sequential window, not the extra squarings;
//   * a chunk task that starts while the chain above it runs (its thread
//     woke late) moves its upper boundary down so that both finish together
//     from then: the plan assumes a late worker only when it is late;
//   * a thread done with its chain takes the lower part of the chain with the
//     most bits left into a partial of its own (balanced by both chains'
//     measured rates; the victim stops higher, with more completing
//     squarings), so a slow partner (its core shared) does not hold the run
//     in lock-step.  Completing squarings stay with their chain.
#pragma once

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// The effective phi for sliding windows over `bits`-bit exponents.
double split_phi_effective(double phi, std::size_t bits) noexcept;

// r[0, n) = b^e mod P on up to `threads` threads.  b in [0, P), plain form;
// e in ep[0, en).  phi = a multiplication's time over a squaring's at this
// size.  The chunks run on engine.elements when the engine has one (see
// sliding_window.hpp).  Scratch: split_powm_scratch(n, en, engine, threads).
// No allocation.
void split_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                const modmul::Engine& engine, int threads, double phi, limb_t* scratch) noexcept;
std::size_t split_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine, int threads) noexcept;

}  // namespace parmod::exponentiation

// powm/split_powm.hpp - exponent splitting on the thread team (Lara et al., Alg. 2).
//
// e is cut at the balanced boundaries of exponent_split.hpp into one factor
// per thread; factor i = (g^(2^lo_i))^(e_i) is one task (lo_i squarings, then a
// sliding window over its bits), and the factors are multiplied at the end.
// The balance uses phi_eff = phi * 2 / (w + 1), the sliding window's
// multiplications per bit instead of the binary method's 1/2 (this extends
// the paper's balancing to sliding windows, its open problem).
#pragma once

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// The effective phi for sliding windows over `bits`-bit exponents.
double split_phi_effective(double phi, std::size_t bits) noexcept;

// r[0, n) = b^e mod P on up to `threads` threads.  b in [0, P), plain form;
// e in ep[0, en).  phi = a multiplication's time over a squaring's at this
// size.  The factors run on engine.elements when the engine has one (see
// sliding_window.hpp).  Scratch: split_powm_scratch(n, en, engine, threads).
// No allocation.
void split_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                const modmul::Engine& engine, int threads, double phi, limb_t* scratch) noexcept;
std::size_t split_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine, int threads) noexcept;

}  // namespace parmod::exponentiation

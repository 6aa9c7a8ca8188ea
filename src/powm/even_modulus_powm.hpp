// powm/even_modulus_powm.hpp - b^e mod P for an even P by splitting P = 2^s m'.
//
// GMP's approach for even moduli (mpz_powm in GMP 6, mpz/powm.c): with
// P = 2^s m', m' odd (possibly 1),
//   r1 = b^e mod m'   by the odd-modulus path (sliding window, or the
//                     exponent split on the team, on an odd-modulus engine);
//   r2 = b^e mod 2^s  by a sliding window whose products are truncated to
//                     n2 = ceil(s/64) limbs (limbs::mullo): no division;
//   r  = r1 + m' ((r2 - r1) m'^-1 mod 2^s)
// which is Garner's recombination (HAC Alg. 14.71) for the two coprime
// factors m' and 2^s; m'^-1 mod 2^s is precomputed by Newton/Hensel lifting
// (x <- x (2 - m' x), doubling the precision; no division).
// r2 is cheap: an even base with e v2(b) >= s gives 0 outright; an odd base
// has order dividing 2^max(s-2, 1), so e is cut to its low max(s-2, 1) bits.
// Variable time (branches on the exponent and the base).
#pragma once

#include <memory>
#include <vector>

#include "modmul/engine.hpp"

namespace parmod::exponentiation {

// Everything precomputed for an even P; immutable after construction.
struct EvenModulusConstants {
  std::size_t n = 0;    // limbs of P
  std::size_t s = 0;    // P = 2^s m', s >= 1
  std::size_t n2 = 0;   // ceil(s / 64): limbs of a residue mod 2^s
  limb_t top_mask = 0;  // mask of limb n2-1 for residues mod 2^s
  modmul::BoundEngine odd;  // m' with its engine (odd.k null when m' = 1)
  std::vector<limb_t> inv;  // m'^-1 mod 2^s, n2 limbs (empty when m' = 1)

  // P even, P > 0; odd_factory must take m' (an odd-modulus engine:
  // montgomery or montgomery52), bound with sequential products.  Allocates
  // (throws std::bad_alloc).  Cost: the odd engine's constants for m' plus
  // about 2 M(n2) for the inverse.
  explicit EvenModulusConstants(const mpz_class& P,
                                const modmul::EngineFactory& odd_factory = modmul::montgomery_factory);
  std::size_t odd_limbs() const noexcept { return odd.k ? odd.k->n : 0; }
};

// r[0, n) = b^e mod P.  b in [0, P), n limbs, plain form; e in ep[0, en), en
// may be 0 (e = 0 gives 1).  r may alias b.  The m' part runs on c.odd's
// engine; threads >= 2 runs it by split_powm (Lara et al.) with the given
// phi, 1 by sliding_window_powm.
// Scratch: even_modulus_powm_scratch(c, en, threads) limbs.  No
// allocation of its own (reducing b mod m' is GMP's mpn_tdiv_qr, which may use
// GMP's temporary stack for very large sizes).
// Cost: the odd path at n' = limbs(m') limbs, one division of n by n' limbs,
// at most min(log2 e, s) truncated squarings of n2 limbs plus their window
// products, and the recombination (one mullo(n2), one n' x n2 product).
void even_modulus_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const EvenModulusConstants& c,
                       int threads, double phi, limb_t* scratch) noexcept;
std::size_t even_modulus_powm_scratch(const EvenModulusConstants& c, std::size_t en, int threads) noexcept;

// r[0, n2) = b^e mod beta^n2 (the low limbs of the power).  b in b[0, n2);
// e in ep[0, en), e = 0 gives 1.  r must not alias b.  Sliding window on
// limbs::mullo.  Scratch: powlo_scratch(n2, exponent_bits).  Cost about
// log2(e) mullo squarings and log2(e)/(w+1) + 2^(w-1) mullo products of n2 limbs.
void powlo(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, std::size_t n2, limb_t* scratch) noexcept;
std::size_t powlo_scratch(std::size_t n2, std::size_t exponent_bits) noexcept;


}  // namespace parmod::exponentiation

// limbs/parallel_mul_residues.hpp - the product from its residues modulo
// beta^L - 1 and beta^L + 1, one task each, joined by the Chinese remainder
// theorem (the two-thread product of GMP's FFT range).
//
// With beta^2L - 1 = (beta^L - 1)(beta^L + 1) and a b < beta^2L - 1
// (an + bn <= 2L):
//   X1 = a b mod (beta^L - 1)    GMP's mulmod_bnm1 (exported as __gmpn_mulmod_bnm1)
//   X2 = a b mod (beta^L + 1)    GMP's Schoenhage-Strassen product mod 2^N + 1
//                                (__gmpn_mul_fft)
//   a b = X1 + (beta^L - 1) y,   y = (X1 - X2) / 2 mod (beta^L + 1),
// since beta^L - 1 = -2 mod (beta^L + 1) and beta^L + 1 is odd.  Where GMP
// multiplies by FFT, each residue costs about half of mpn_mul's product, so
// the two tasks approach twice its speed; Toom's point products keep a
// sequential interpolation and cost more in all than GMP's own product
// (docs/algorithms.md, "Integer products").
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// L for an x bn limbs: the least length >= max(an, bn) that both GMP
// functions accept (a multiple of the FFT's 2^k, a size mulmod_bnm1 takes
// as it is), or 0 when there is none near (then not applicable).
std::size_t residues_length(std::size_t an, std::size_t bn) noexcept;

// Whether mul_residues takes an x bn limbs: both at least 16 limbs,
// residues_length != 0 and an + bn > L (so mulmod_bnm1's an + bn > L / 2
// holds and the product has limbs above L).
bool residues_applicable(std::size_t an, std::size_t bn) noexcept;

// Scratch limbs of mul_residues (0 when not applicable).
std::size_t mul_residues_scratch(std::size_t an, std::size_t bn) noexcept;

// rp[0, an+bn) = a * b (a square when ap == bp and an == bn) as the two
// residue tasks on up to `threads` threads of the team (threads <= 1: in
// order on the caller), then the CRT on the caller (written straight into rp).  Preconditions:
// residues_applicable(an, bn); rp overlaps neither operand nor scratch;
// scratch holds mul_residues_scratch(an, bn) limbs.  Cost: the two residue
// products (GMP allocates its FFT's buffers, as mpn_mul does at these
// sizes), plus four passes over L limbs for the CRT.
void mul_residues(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
                  limb_t* scratch) noexcept;

// The printed task graph mul_residues would run (for `parmod schedule` and tests).
std::string describe_mul_residues(std::size_t an, std::size_t bn, int threads);

}  // namespace parmod::limbs

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

// The wrapped product: a b mod (beta^rn - 1) from the same two residues with
// L = rn / 2 (REDC by products needs only this of Q P, whose low half it
// knows: modmul/parallel_classic).  wrapped_length(n): the least rn >= n
// that it takes (2L with L = residues_length(ceil(n/2), ceil(n/2))), 0 below
// 32 limbs or when there is none near.
std::size_t wrapped_length(std::size_t n) noexcept;
std::size_t mul_wrapped_scratch(std::size_t rn) noexcept;

// xp[0, rn) = a b mod (beta^rn - 1), some value in [0, beta^rn - 1] (so
// beta^rn - 1 may stand for 0), as two tasks on up to `threads` threads,
// then the CRT on the caller.  Preconditions: rn = wrapped_length(m) for
// some m; 1 <= an, bn <= rn and an + bn > rn / 2; xp overlaps neither operand nor scratch;
// scratch holds mul_wrapped_scratch(rn) limbs.  Cost: GMP's residues mod
// beta^(rn/2) -+ 1 (operands folded to rn/2 limbs first, in the tasks), then
// four passes over rn/2 limbs; about a product of rn/2 limbs on each thread
// in GMP's FFT range, where the whole product costs about three.
void mul_wrapped(limb_t* xp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, std::size_t rn,
                 int threads, limb_t* scratch) noexcept;

}  // namespace parmod::limbs

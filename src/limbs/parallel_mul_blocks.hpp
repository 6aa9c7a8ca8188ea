// limbs/parallel_mul_blocks.hpp - the k1 x k2 block parallel product of §5.2
// (multipartite-modular-multiplication.txt, Figures 3-4), as a task graph.
//
// The longer operand A (m limbs) is cut into k1 parts and the shorter B (n
// limbs) into k2 parts; each A_i*B_j is one task computed with GMP's mpn_mul.
// Cheap summation: the products are placed greedily so that every product
// which does not overlap an already placed one is written straight into its
// final limbs of r (for k1 = k2 the diagonal products A_i*B_i tile r exactly);
// only the others go to scratch and are added by one final task, so the
// summation costs about (k1*k2 - k) short additions instead of k1*k2.
// k2 = 1 is the split for very large operands: every product keeps the whole
// of B, so its smaller side stays n limbs - inside GMP's FFT range when n is.
// Squaring computes A_i*A_j (i < j) once: r = sum A_i^2 + 2 * sum_{i<j} A_iA_j.
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// Scratch limbs mul_blocks needs for these sizes and shape.
std::size_t mul_blocks_scratch(std::size_t an, std::size_t bn, int k1, int k2) noexcept;

// rp[0, an+bn) = a * b with the k1 x k2 block scheme on up to `threads`
// threads of the team (threads <= 1: the same tasks run sequentially).
// Either operand may be the longer; k1 cuts the longer one, k2 the shorter
// (clamped to 1..8 and to the operand sizes).  Preconditions: an, bn >= 1;
// rp does not overlap a, b or scratch; scratch holds mul_blocks_scratch()
// limbs.  Cost: k1*k2 products M(m/k1, n/k2) spread over the threads, plus
// one sequential summation of at most (k1*k2 - min(k1,k2)) products.
void mul_blocks(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int k1, int k2,
                int threads, limb_t* scratch) noexcept;

// Scratch limbs sqr_blocks needs.
std::size_t sqr_blocks_scratch(std::size_t n, int k) noexcept;

// rp[0, 2n) = a^2 with a cut into k parts (clamped to 1..8 and to n): k
// squares A_i^2 written straight into r and k(k-1)/2 products A_i*A_j, then
// one task adds twice their sum.  Preconditions as mul_blocks.
void sqr_blocks(limb_t* rp, const limb_t* ap, std::size_t n, int k, int threads, limb_t* scratch) noexcept;

// The printed task graph mul_blocks would run (for `parmod schedule` and tests).
std::string describe_mul_blocks(std::size_t an, std::size_t bn, int k1, int k2, int threads);

}  // namespace parmod::limbs

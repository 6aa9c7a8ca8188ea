// multiexp/bucket_multiexp.hpp - the bucket method (Pippenger) for
// multi-exponentiation with many bases: r = prod_(i < nb) X[i]^Y[i] mod P.
//
// Source: beyond the paper (Topcuoglu-Kaya-Savas use Lim-Lee only).  The
// method is Pippenger's (N. Pippenger, "On the evaluation of powers and
// monomials", SIAM J. Comput. 9(2), 1980), in the form of D. J. Bernstein et
// al., "Faster batch forgery identification" (INDOCRYPT 2012, Sec. 4) and the
// usual multi-scalar-multiplication codes, written multiplicatively.
//
// The exponent bits are cut into windows of c bits.  Per window, every base
// whose digit d = (bits of Y[i] in the window) is nonzero is multiplied into
// bucket B[d]; then prod_d B[d]^d is formed by the running-sum trick,
//   running = B[D] B[D-1] .. B[d],   acc = acc * running   for d = D .. 1,
// (D = the largest nonempty digit), and the windows are combined top-down by
// c squarings each.  Empty buckets and a still-trivial accumulator are never
// multiplied (a copy instead), so a window with z nonzero digits costs
// exactly z + D - 1 multiplications (z + D - 2 for the first one).
//
// Cost for nb b-bit exponents, window c, W = ceil(b / c) windows (expected for
// uniform digits, taking D = 2^c - 1; bucket_operation_count):
//   W (nb (1 - 2^-c) + 2^c - 2) multiplications + about b squarings,
// against Lim-Lee's about nb b / g + (nb / g) 2^g (groups of g bases) and
// interleaved windows' nb b / (w + 1) + nb 2^(w-1): per base Pippenger pays
// b / c multiplications and shares the 2^c per window among all bases,
// so it wins when nb is large next to b (many bases, short exponents:
// batch verification with small random exponents, large PIR sums).  Memory:
// 2^c - 1 buckets, no per-base table.  Variable time: public exponents only.
//
// Chunks (for the parallel scheme of parallel_multiexp): bucket_chunk works
// on the bit positions [lo, hi) with windows aligned at lo, then squares lo
// times, the same contract as mulexp_chunk / interleaved_chunk.
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

// The largest window handled (2^16 - 1 buckets).
inline constexpr unsigned kMaxBucketWindow = 16;

// Model: ceil(b / c) (nb (1 - 2^-c) + 2^c - 2) + b (multiplications,
// squarings counted as one; an upper bound when nb is small next to 2^c).  1 <= c <= kMaxBucketWindow; b = 0 gives 0.  Cost O(1).
double bucket_operation_count(std::size_t nb, std::size_t b, unsigned c) noexcept;
// The c in [1, kMaxBucketWindow] minimising bucket_operation_count.  Cost O(16).
unsigned bucket_window_size(std::size_t nb, std::size_t b) noexcept;

// The exact operations bucket_chunk performs on these exponents (nb >= 0
// exponents ep[i][0, en[i])), positions [lo, hi), window c: per window with
// z nonzero digits, m distinct nonzero digits and largest digit D,
//   (z - m) bucket products + (m - 1) running products + (D - 1) products
//   into acc, + 1 if an earlier window already contributed (then also c
//   squarings before the window): z + D - 1 (or - 2) in all;
// and lo completing squarings once anything contributed.  Cost O(nb (hi - lo) / c + 2^c).
// Allocates 2^c bytes.
OpCount bucket_exact_count(const limb_t* const* ep, const std::size_t* en, std::size_t nb, unsigned c,
                           std::size_t lo, std::size_t hi);

// acc = (prod_i X[i]^(bits [lo, hi) of Y[i]))^(2^lo) in the representation.
// reps: nb bases in the representation, n limbs each, contiguous, in [0, P).
// acc: n limbs, not aliasing reps or scratch.  1 <= c <= kMaxBucketWindow.
// Scratch: bucket_chunk_scratch(n, c, engine) limbs.  Cost: bucket_exact_count.
// No allocation.
void bucket_chunk(limb_t* acc, const limb_t* reps, std::size_t nb, unsigned c, const limb_t* const* ep,
                  const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                  const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept;
// 2^c n (buckets and the running product) + 2^c (fill marks) + engine.scratch_limbs(n).
std::size_t bucket_chunk_scratch(std::size_t n, unsigned c, const modmul::Engine& engine) noexcept;

// Sequential: r[0, n) = prod X[i]^Y[i] mod P, plain form in and out (xs: nb
// bases in [0, P), contiguous).  Cost: nb + 1 conversions + bucket_exact_count
// over [0, max bit length).  Scratch: bucket_scratch(n, nb, c, engine).  No allocation.
void bucket_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                     unsigned c, const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                     OpCount* count) noexcept;
std::size_t bucket_scratch(std::size_t n, std::size_t nb, unsigned c, const modmul::Engine& engine) noexcept;

}  // namespace parmod::multiexp

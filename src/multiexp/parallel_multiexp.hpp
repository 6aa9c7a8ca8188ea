// multiexp/parallel_multiexp.hpp - multi-exponentiation on the thread team:
// the paper's parallel MULEXP (Sec. III-IV, Alg. 3; variants v1 and v2), the
// same parallel scheme over interleaved sliding windows (windowing, the
// paper's future work, with the balance re-derived for it) and the parallel
// EXP baseline (one exponentiation per task, partial results multiplied).
//
// The work is a runtime::Schedule executed by runtime::run:
//   * precomputation tasks, four per chunk (with two or more chunks), taken
//     by whichever thread is free: Lim-Lee tables split by t-bit index
//     prefixes (t = ceil(log2 4 chunks) <= 4, lim_lee_precompute_prefix;
//     lock-free: a prefix reads only its own entries) or, for windows, the
//     bases' odd-power tables dealt round-robin;
//   * one chunk task per thread: the bit positions of its chunk, then the
//     completing squarings (mulexp_chunk / interleaved_chunk), after all
//     precomputation tasks; chunk 0 (the highest bits) is the caller's.  A
//     chunk task whose next lower chunk no thread has started absorbs it
//     (runtime::Schedule::absorb) and runs its chain on through those bits
//     (mulexp_bits / interleaved_bits), so a late partner, or a run on one
//     thread, costs the sequential chain, not the chunks' extra squarings
//     (not in runs that count operations per chunk);
//   * with Plan::offload (Lim-Lee, two chunks): chunk 1's task also forms
//     the column products of chunk 0's positions into a ring, between its
//     own positions, and chunk 0's chain multiplies by one product per
//     position instead of one entry per group (column_products.hpp);
// then the caller multiplies the chunk partials (chunks - 1 multiplications)
// and leaves the representation.  Method::bucket runs the same chunk scheme
// with no precomputation (bucket_chunk); Method::hybrid is handed to
// hybrid_multiexp (independent tasks of bases instead of chunks of bits).
// Bases in and the result out are n-limb residues; everything between runs
// on the engine's element form when it has one (modmul::element_engine, as
// powm/sliding_window does: montgomery52's digits, no conversion per
// product).  No allocation: the caller gives scratch.
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"

namespace parmod::multiexp {

enum class Method {
  lim_lee,      // MULEXP (Alg. 2/3), k groups, one bit per step
  interleaved,  // interleaved sliding windows of w bits (groups of one base)
  exp,          // parallel EXP: each base by its own sliding window, in parallel tasks
  bucket,       // Pippenger's buckets, windows of c bits (bucket_multiexp.hpp), chunked like lim_lee
  hybrid,       // n' = tasks independent multi-exponentiations of nb / n' bases (hybrid_multiexp.hpp)
};
enum class Balance {
  equal,     // v1: chunks of equal size
  balanced,  // v2: Theorem 1's boundaries (k multiplications per bit; nb/(w+1) for windows)
};

struct Plan {
  Method method = Method::lim_lee;
  std::size_t k = 1;       // lim_lee: groups, 1..nb, groups of at most 20 bases
  unsigned w = 1;          // interleaved / exp: window bits 1..8
  unsigned chunks = 1;     // chunk tasks (lim_lee, interleaved) or exponentiation tasks (exp), 1..32
  Balance balance = Balance::balanced;
  // phi = (time of a multiplication) / (time of a squaring), >= 1.  v2 balances
  // time rather than operation counts: with squarings of cost 1/phi, eq. (1)
  // becomes w_i = (a + 1/phi)(l_i - l_(i-1)) + (b - 1 - l_i)/phi, which is
  // Theorem 1 with k replaced by a phi (a = multiplications per bit).  1: the paper.
  double phi = 1.0;
  unsigned c = 4;          // bucket (and hybrid with inner bucket): window bits 1..kMaxBucketWindow
  unsigned tasks = 1;      // hybrid: n', 1..min(nb, 64) tasks of consecutive bases
  Method inner = Method::lim_lee;  // hybrid: each task's method (lim_lee with k groups per
                                   // task, interleaved with w, or bucket with c); chunks unused
  // lim_lee with chunks = 2 (else ignored): the top chunk's column products
  // are formed by the other chunk's thread ahead of the top chain
  // (column_products.hpp), the chunks split by offload_low_positions.
  bool offload = false;
};

// Chunk c's bit positions [lo, hi) (LSB numbering) for exponents of b bits:
// from the paper's end locations l_i (equal_chunk_ends or balanced_chunk_ends;
// with `speeds`, plan.chunks relative thread speeds for a balanced plan,
// speed_balanced_chunk_ends).  Writes plan.chunks pairs into lo[], hi[].
// Cost O(chunks).
void plan_chunk_positions(const Plan& plan, std::size_t nb, std::size_t b, std::size_t* lo, std::size_t* hi,
                          const double* speeds = nullptr);

// How fast the team's workers ran their chunks lately, relative to the
// caller (1 = as fast): an average over recent two-or-more-thread runs of
// the Lim-Lee and window chunk schemes, each run's chunk rates measured
// from the start of the caller's chunk (so a worker's late start counts as
// slowness).  parallel_multiexp balances the next run's chunks with it
// (speed_balanced_chunk_ends): on a cloud VM one vCPU may run 20% slower than
// the other for minutes (another tenant on its core), or a worker wake late.
// Two estimates: for runs that find the workers asleep (after_sleep:
// runtime::team_likely_asleep, their wake-up counted in) and for runs that
// find them spinning, so that a stream of calls is not balanced for the
// wake-up of the first.  Clamped to [0.5, 2].
double worker_speed_estimate(bool after_sleep = false) noexcept;

std::size_t parallel_multiexp_scratch(std::size_t n, std::size_t nb, const Plan& plan,
                                      const modmul::Engine& engine) noexcept;

// r[0, n) = prod_(i < nb) X[i]^Y[i] mod P (plain form); xs: nb >= 1 bases in
// [0, P), plain, contiguous; exponents ep[i][0, en[i]).  Runs on up to
// `threads` threads of the team.  chunk_counts: nullptr or plan.chunks
// counters, chunk task c adds its operations to chunk_counts[c] (the
// precomputation is not included); for hybrid: plan.tasks counters, one per
// task, its precomputation included.  Scratch: parallel_multiexp_scratch.
// Cost: see the methods; the critical path is the largest chunk's modelled work
// (eq. 1) plus the precomputation divided over the prefixes.  The chunk plan
// allocates a little (may throw std::bad_alloc, before any work starts).
void parallel_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                       const Plan& plan, const modmul::ModulusConstants& kc, const modmul::Engine& engine,
                       int threads, limb_t* scratch, OpCount* chunk_counts);

// Areas that different threads write (per-task accumulators, work areas,
// table entries of different prefixes) start on their own cache lines
// (limbs/limbs.hpp).
using limbs::kLineWords;
using limbs::line_aligned;
using limbs::line_words;

// r[0, n) = the plain form of prod_(t < count) partials[t] (count >= 1
// partial results in the representation, element_size(engine, kc.n) words
// each, line_words(element size) apart; engine is the element engine); the
// product accumulates in partials[0].  Cost: count - 1 products and one
// conversion out.  The last step of every parallel scheme here.
void combine_partials(limb_t* r, limb_t* partials, unsigned count, const modmul::ModulusConstants& kc,
                      const modmul::Engine& engine, limb_t* work) noexcept;

}  // namespace parmod::multiexp

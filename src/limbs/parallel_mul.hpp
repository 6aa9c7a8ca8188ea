// limbs/parallel_mul.hpp - the automatic integer product: sequential (limbs::mul),
// the mulx Comba, Toom-3 or Toom-4 with parallel point products, k1 x k2
// blocks, or on two threads the two residues mod beta^L -+ 1, chosen per
// size and thread count from the tuning keys mul.par_min, mul.sqr_par_min,
// mul.comba_max, mul.toom_min, mul.toom4_min, mul.fft_split_min,
// mul.residues_min, mul.sqr_residues_min, mul.unbalanced_pct and
// mul.health_pct (config/tuning.hpp; sizes are limbs of the shorter operand).
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"
#include "runtime/slow_link_choice.hpp"

namespace parmod::limbs {

enum class MulMethod { sequential, comba, toom3, toom4, blocks, residues };

struct MulChoice {
  MulMethod method = MulMethod::sequential;  // limbs::mul (own kernels or GMP)
  int k1 = 1, k2 = 1;  // blocks only
  int threads = 1;     // threads the method is given
};

// What parallel_mul does for an x bn limbs (square: a == b) with `threads`
// threads (<= 0: the default rule): a function of sizes, threads, tuning and
// whether the team is free (runtime::team_free), healthy (runtime::team_health
// >= mul.health_pct / 100; else GMP, probing parallel on one call in eight) or the caller is
// in a task.
MulChoice choose_mul(std::size_t an, std::size_t bn, bool square, int threads) noexcept;

// What choose_mul decides when the team is free and healthy (the same keys,
// no runtime state): for labels, plans and tests that must not depend on how
// the team's recent runs went, nor count as one of its health probes.
MulChoice planned_mul(std::size_t an, std::size_t bn, bool square, int threads) noexcept;
// "sequential", "comba", "toom3", "blocks 2x1", ...
std::string mul_choice_name(const MulChoice& c);

// How an x bn limbs are best multiplied, by a cheap test (a few relaxed
// loads), so API layers skip what they do not need: gmp when parallel_mul
// would surely just call GMP's mpn_mul (mpz_mul directly), sequential when it
// would surely call limbs::mul's own kernels (no scratch, no thread-count
// lookup), parallel_mul otherwise (it still decides per call).
enum class MulRoute { gmp, sequential, parallel_mul };
MulRoute mul_route(std::size_t an, std::size_t bn) noexcept;

// Scratch limbs parallel_mul needs for these sizes (any thread count).
std::size_t parallel_mul_scratch(std::size_t an, std::size_t bn) noexcept;

// rp[0, an+bn) = a * b, as choose_mul decides; a square when ap == bp and
// an == bn.  Preconditions: an, bn >= 1; rp does not overlap a, b or
// scratch; scratch holds parallel_mul_scratch(an, bn) limbs.  Cost: M(an, bn)
// divided over the threads where that pays (never worse than mpn_mul by more
// than the measurement noise of `parmod tune mul`).  Safe to call from many
// threads at once: a caller that finds the team busy (another user thread
// has it), or that runs inside a task, computes its product sequentially
// with limbs::mul.  While the team's link is slow (runtime/link_speed.hpp)
// and the tuning key team.slow_link_check is 1, a parallel choice runs as
// the parallel form that crosses the link least (Toom-3 and Toom-4 as
// blocks T x 1; blocks and the residues as they are), timed against
// planned_mul's one-thread choice per class of sizes (mul_class), and the
// faster runs (slow_link_products, runtime/slow_link_choice.hpp).
void parallel_mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
                  limb_t* scratch) noexcept;

// The measured choices of parallel_mul while the link is slow, and the class
// of a product in them: the shorter operand's size in half octaves, the
// octaves of longer / shorter (up to 7), square or not.
extern runtime::SlowLinkChoice slow_link_products;
unsigned mul_class(std::size_t an, std::size_t bn, bool square) noexcept;

// Runs a given choice (benchmarks, tests).  The preconditions of the method apply
// (toom3: toom3_applicable; toom4: toom4_applicable; residues:
// residues_applicable; comba: an == bn <= 192).
void mul_with(const MulChoice& c, limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
              limb_t* scratch) noexcept;

}  // namespace parmod::limbs

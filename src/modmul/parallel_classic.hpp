// modmul/parallel_classic.hpp - Montgomery and Barrett modular multiplication
// on the parallel integer multiplication (limbs/parallel_mul.hpp): the
// paper's first parallel model (Giorgi, Imbert, Izard 2011, section 4.2):
// three dependent products, each split over the threads, parallel cost
// 3M(n/k1, n/k2) on k1 x k2 threads.  Sequential dependencies between the
// three products: two synchronisations per operation.
#pragma once

#include "limbs/limbs.hpp"
#include "modmul/engine.hpp"
#include "runtime/slow_link_choice.hpp"
#include "modmul/modulus_constants.hpp"

namespace parmod::modmul {

// r = a b beta^-n mod P (REDC by products, section 2.1).  P odd; a, b in
// [0, P), n limbs; r may alias a or b.  Scratch: parallel_classic_scratch(n),
// overlapping none of r, a, b.
// On two threads or more from modmul.scheduled_min limbs (a tuning key): the
// whole product as one schedule (modmul/scheduled_montgomery), timed against
// the sequential product while the team's link is slow (slow_link_scheduled).
// Otherwise three dependent products: T = a b by limbs::parallel_mul; Q = mu T
// mod beta^n as a low product, on two threads or more its three tasks
// (limbs/parallel_mullo: M(h) beside 2 mullo(n - h), h about 0.59 n) where
// limbs::choose_mul names a parallel method for n x n other than the residues
// and the IFMA kernels would not take those products, else the whole product
// by that choice; Q P as that choice decides, except on exactly two threads
// from modmul.wrapped_min limbs (a tuning key): Q P only as its wrapped
// product mod beta^rn - 1 (limbs::mul_wrapped, rn about n: two residues of
// about n/2 limbs, one per thread), whose high half follows from the known
// low half: 2 M(n) and the two residues then.
// `qp` forces either form of Q P (benchmarks, `parmod tune`, tests; wrapped
// needs limbs::wrapped_length(n) != 0 and otherwise falls back to the whole
// product); a forced form never runs as the one schedule.
enum class QpProduct { automatic, whole, wrapped };
// The measured choice while the link is slow: a class per size and square or not.
extern runtime::SlowLinkChoice slow_link_scheduled;
void parallel_montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                             limb_t* scratch, QpProduct qp = QpProduct::automatic) noexcept;

// r = a b mod P (Barrett, section 2.2, eq. 3, HAC 14.42 with full products):
// q = floor(floor(T / beta^(n-1)) nu / beta^(n+1)), r = T - qP, <= 2
// corrections.  Any P.  Same contract and cost.
void parallel_barrett_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                          limb_t* scratch) noexcept;

std::size_t parallel_classic_scratch(std::size_t n) noexcept;

// The thread split of the two engines below: their state in k.engine_state
// (bound by montgomery_factory / barrett_factory, modmul/classic_factories).
struct ProductSplit : EngineState {
  int threads = 1;
};

// The two as engines, each product split over the ProductSplit's threads; the
// representations, conversions and 1 are montgomery_engine's (R = beta^n) and
// barrett_engine's (R = 1).  A call made inside a task, or while another user
// thread has the team, runs its products sequentially (limbs::parallel_mul).
extern const Engine parallel_montgomery_engine;
extern const Engine parallel_barrett_engine;

// Whether products of n x n limbs on `threads` threads run split: where limbs::mul_route
// says parallel_mul (tuning key mul.par_min) and n >= modmul.split_min_limbs
// (a Montgomery or Barrett product splits three products, and pays three
// forks and joins, where mul.par_min weighs one).
bool parallel_products_pay(std::size_t n, int threads) noexcept;
// The same for the Montgomery engine: also from modmul.scheduled_min limbs
// (the one schedule).
bool montgomery_products_split(std::size_t n, int threads) noexcept;

}  // namespace parmod::modmul

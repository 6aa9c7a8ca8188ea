// modmul/scheduled_montgomery.hpp - the Montgomery product on two threads as
// one schedule of dependent tasks: the product's halves, Q's low product and
// Q P's two residues, with no join between them.
//
// The paper's first parallel model (Giorgi, Imbert, Izard 2011, section 4.2:
// modmul/parallel_classic) runs the three products of REDC by products (its
// section 2.1, cost 2M(n) after the product) one after the other, each split
// over the team and joined.  Here, with a = A1 beta^h + A0 (h = ceil(n/2),
// l = n - h) and b likewise:
//   T = A0 B0 + C beta^h + A1 B1 beta^2h, C = A0 B1 + A1 B0 = M - A0 B0 - A1 B1,
//       M = (A0 + A1)(B0 + B1) (Karatsuba) as two tasks of rows of B0 + B1,
//       so that four tasks of about M(n/2) and 0.6 M(n/2) fill both threads
//       (the square: C = 2 A0 A1, and A1^2 runs beside Q's tasks),
//   Q = mu T mod beta^n  (mu = -P^-1 mod beta^n; limbs::parallel_mullo's three
//       tasks, which need only T mod beta^n),
//   X = Q P mod (beta^2L - 1), L = ceil(n/2), from its residues mod
//       beta^L - 1 and beta^L + 1 (limbs/residue_products: one M(L) each),
//   r = (T + Q P) / beta^n from X and Q P's known low half -T mod beta^n
//       (reduce::montgomery_reduce_wrapped).
// Eleven or twelve tasks of about M(n/2) each, so that whichever thread is
// free takes the next ready one: a partner that is late or stalled costs its
// share of the work, not a wait at a barrier.  Work about 3.3 M(n/2) + 2
// mullo + 2 M(L) for the product (the square: about 2.2 M(n/2) + 2 mullo +
// 2 M(L)); critical path about 1.6 M(n/2) + M(0.6 n) + M(n/2).
#pragma once

#include <cstddef>
#include <string>

#include "limbs/limbs.hpp"
#include "modmul/modulus_constants.hpp"
#include "runtime/schedule.hpp"

namespace parmod::modmul {

// The least n the schedule takes.
inline constexpr std::size_t kScheduledMontgomeryMin = 4;

// r = a b beta^-n mod P (a^2 when a == b), fully reduced.  P odd, a, b in
// [0, P), n >= kScheduledMontgomeryMin limbs; r may alias a or b.  Runs on up
// to `threads` threads of the team (threads <= 1, or from inside a task: in
// order on the caller).  Scratch: scheduled_montgomery_scratch(n) limbs,
// overlapping none of r, a, b.
void scheduled_montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                              limb_t* scratch) noexcept;
std::size_t scheduled_montgomery_scratch(std::size_t n) noexcept;

// The schedule for n limbs (for `parmod schedule` and the tests).
std::string describe_scheduled_montgomery(std::size_t n, bool square, int threads);

// The calling thread's cached schedule of products (square false) or of
// squares, as its last scheduled_montgomery_mul of that kind built it
// (nullptr before one).  It stays until a call of that kind with another
// size, thread count or scratch builds the next.  For `parmod-bench
// timeline`, which turns on its task timing (runtime::Schedule::set_timed)
// and reads the times after each call.
runtime::Schedule* scheduled_montgomery_schedule(bool square) noexcept;

}  // namespace parmod::modmul

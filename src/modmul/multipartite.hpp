// modmul/multipartite.hpp - multipartite modular multiplication (Giorgi,
// Imbert, Izard 2011, section 3.2 with the equal-weight sums of section 3.4
// and the single QP of section 4.2): r = A B beta^-h mod P, h = floor(n/2),
// fully reduced.  The work is the plan's task graph (multipartite_plan.hpp):
// run in index order on the calling thread (threads <= 1) or, as the plan's
// list schedule, by the runtime's team (runtime::run).  No allocation: the
// caller passes plan.scratch_limbs limbs of workspace.
#pragma once

#include "limbs/limbs.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/multipartite_plan.hpp"

namespace parmod::modmul {

// What one call did, for the tests that count reductions (Lemmas 1-3).
struct MultipartiteStats {
  int montgomery_q_values = 0;  // PMR Q-values computed
  int barrett_q_values = 0;     // PBR Q-values computed
  int products = 0;             // partial products computed
  int threads_used = 1;         // as reported by runtime::run
};

// r[0, n) = a b beta^-h mod P.
// Inputs: P odd in k (k.odd), n = k.n = plan.n; a, b in [0, P) as n limbs
//         (for a plan with config.square, b is ignored and may be null);
//         plan built for n; scratch of plan.scratch_limbs limbs, not
//         overlapping a, b or r.  r may alias a or b (it is written last).
// threads: <= 1 runs sequentially; otherwise the plan's schedule runs on up
//         to `threads` threads of the team (a busy team, or a call from inside
//         a task, runs it on the calling thread).
// stats: optional; filled (the counts are per reduction group actually run).
// Cost: the plan's graph, total = k^2 M(n/k) + sum of the Q-values + M(n, n)
//       for QP (eq. 10 with the single QP), parallel time = plan.schedule.makespan.
void multipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                      const MultipartitePlan& plan, limb_t* scratch, int threads,
                      MultipartiteStats* stats = nullptr) noexcept;

}  // namespace parmod::modmul

// multiexp/hybrid_multiexp.hpp - the hybrid of the paper's Sec. VII (future
// work): the nb bases cut into n' = plan.tasks independent tasks of about
// nb / n' consecutive bases; each task is a whole sequential
// multi-exponentiation on one thread of the team (plan.inner: MULEXP with
// plan.k groups, interleaved windows of plan.w bits, or buckets of plan.c
// bits), and the caller multiplies the n' partial results.
//
// Source: Topcuoglu, Kaya, Savas, Sec. VII names it ("n' = n" is parallel
// EXP, "n' = 1" the paper's parallel MULEXP); the implementation and the cost
// model (multiexp_plan.hpp) are parmod's.  Unlike the chunked scheme it
// needs no completing squarings (no extra work per thread), but each task
// shares its squaring chain and tables among nb / n' bases only.
//
// Cost: the tasks are list-scheduled on the team; critical path about
// ceil(n' / T) times one task's sequential count (mulexp_operation_count,
// interleaved_operation_count or bucket_operation_count for nb / n' bases)
// + n' - 1 combining multiplications + nb + 1 conversions.  Variable time.
#pragma once

#include "modmul/engine.hpp"
#include "multiexp/op_count.hpp"
#include "multiexp/parallel_multiexp.hpp"

namespace parmod::multiexp {

// The most tasks a hybrid plan runs (plan.tasks is clamped to [1, min(nb, this)]).
inline constexpr unsigned kMaxHybridTasks = 64;

// First base of task t of `tasks` over nb bases: t nb / tasks.
std::size_t hybrid_task_start(std::size_t nb, unsigned tasks, unsigned t) noexcept;
// The groups a lim_lee task of nbt bases uses: k clamped to
// [ceil(nbt / 16), nbt] (tables of at most 2^16 entries per group).
std::size_t hybrid_task_groups(std::size_t nbt, std::size_t k) noexcept;

std::size_t hybrid_scratch(std::size_t n, std::size_t nb, const Plan& plan, const modmul::Engine& engine) noexcept;

// r[0, n) = prod_(i < nb) X[i]^Y[i] mod P (plain form); xs: nb >= 1 bases in
// [0, P), plain, contiguous; exponents ep[i][0, en[i]).  plan.method ==
// Method::hybrid.  Runs on up to `threads` threads of the team (one schedule
// of plan.tasks independent tasks; sequentially for threads <= 1).
// task_counts: nullptr or plan.tasks counters; task t adds its operations
// (precomputation included, conversions not).  Scratch: hybrid_scratch.
void hybrid_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                     const Plan& plan, const modmul::ModulusConstants& kc, const modmul::Engine& engine, int threads,
                     limb_t* scratch, OpCount* task_counts) noexcept;

}  // namespace parmod::multiexp

#include "multiexp/hybrid_multiexp.hpp"
#include "multiexp/parallel_multiexp.hpp"

#include <algorithm>

#include "multiexp/bucket_multiexp.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/mulexp_model.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::multiexp {
namespace {

unsigned clamp_tasks(const Plan& plan, std::size_t nb) noexcept {
  return static_cast<unsigned>(std::clamp<std::size_t>(plan.tasks, 1, std::min<std::size_t>(nb, kMaxHybridTasks)));
}

unsigned clamp_window(unsigned w) noexcept { return std::clamp(w, 1u, 8u); }
unsigned clamp_bucket(unsigned c) noexcept { return std::clamp(c, 1u, kMaxBucketWindow); }

// Limbs one task needs besides the shared bases and partials: its table (or
// buckets), window state and engine scratch (+ one element for interleaved's
// x^2); n limbs, elements of the element engine's size.
std::size_t task_need(std::size_t n, std::size_t nbt, const Plan& plan, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t es = e.scratch_limbs(n), s = modmul::element_size(e, n);
  switch (plan.inner) {
    case Method::lim_lee: return lim_lee_table_entries(nbt, hybrid_task_groups(nbt, plan.k)) * s + es;
    case Method::bucket: return bucket_chunk_scratch(n, clamp_bucket(plan.c), engine);
    default: return nbt * (std::size_t(1) << (clamp_window(plan.w) - 1)) * s + 2 * nbt + s + es;
  }
}

struct Job {
  const Plan* plan;
  std::size_t nb, n;  // n: words per element
  unsigned tasks;
  const limb_t* xs;
  const limb_t* const* ep;
  const std::size_t* en;
  limb_t* reps;
  limb_t* partials;
  limb_t* work;
  std::size_t stride;
  const modmul::ModulusConstants* kc;
  const modmul::Engine* engine;  // the element engine
  OpCount* counts;
};

void task(const void* ctx, unsigned t) {
  const Job& j = *static_cast<const Job*>(ctx);
  const modmul::Engine& e = *j.engine;
  const modmul::ModulusConstants& kc = *j.kc;
  const std::size_t n = j.n, first = hybrid_task_start(j.nb, j.tasks, t);
  const std::size_t nbt = hybrid_task_start(j.nb, j.tasks, t + 1) - first;
  limb_t* reps = j.reps + first * n;
  limb_t* acc = j.partials + t * line_words(n);
  limb_t* work = j.work + t * j.stride;
  const limb_t* const* ep = j.ep + first;
  const std::size_t* en = j.en + first;
  OpCount* count = j.counts ? j.counts + t : nullptr;
  limb_t* es = work + (j.stride - e.scratch_limbs(kc.n));  // engine scratch at the end of the task's area
  for (std::size_t i = 0; i < nbt; ++i) e.to_repr(reps + i * n, j.xs + (first + i) * kc.n, kc, es);
  const std::size_t b = max_exponent_bits(ep, en, nbt);
  switch (j.plan->inner) {
    case Method::lim_lee: {
      const std::size_t k = hybrid_task_groups(nbt, j.plan->k);
      lim_lee_precompute(work, reps, nbt, k, kc, e, es, count);
      mulexp_chunk(acc, work, nbt, k, ep, en, 0, b, kc, e, es, count);
      break;
    }
    case Method::bucket:
      bucket_chunk(acc, reps, nbt, clamp_bucket(j.plan->c), ep, en, 0, b, kc, e, work, count);
      break;
    default: {
      const unsigned w = clamp_window(j.plan->w);
      limb_t* state = work + nbt * (std::size_t(1) << (w - 1)) * n;
      limb_t* x2 = state + 2 * nbt;  // interleaved_precompute_base's n + engine scratch
      for (std::size_t i = 0; i < nbt; ++i) interleaved_precompute_base(work, reps, i, w, kc, e, x2, count);
      interleaved_chunk(acc, work, nbt, w, ep, en, 0, b, kc, e, state, es, count);
      break;
    }
  }
}

}  // namespace

std::size_t hybrid_task_start(std::size_t nb, unsigned tasks, unsigned t) noexcept { return t * nb / tasks; }

std::size_t hybrid_task_groups(std::size_t nbt, std::size_t k) noexcept {
  return std::clamp<std::size_t>(k, std::max<std::size_t>(1, (nbt + 15) / 16), std::max<std::size_t>(1, nbt));
}

std::size_t hybrid_scratch(std::size_t n, std::size_t nb, const Plan& plan, const modmul::Engine& engine) noexcept {
  const unsigned tasks = clamp_tasks(plan, nb);
  std::size_t stride = 0;
  for (unsigned t = 0; t < tasks; ++t)
    stride = std::max(stride, task_need(n, hybrid_task_start(nb, tasks, t + 1) - hybrid_task_start(nb, tasks, t),
                                        plan, engine));
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, n);
  // Each part on its own cache lines (line_words), + the start's alignment.
  return line_words(nb * s) + tasks * line_words(s) + tasks * line_words(stride) + e.scratch_limbs(n) +
         kLineWords - 1;
}

void hybrid_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                     const Plan& plan, const modmul::ModulusConstants& kc, const modmul::Engine& engine, int threads,
                     limb_t* scratch, OpCount* task_counts) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t es = modmul::element_size(e, kc.n);
  const unsigned tasks = clamp_tasks(plan, nb);
  std::size_t stride = 0;
  for (unsigned t = 0; t < tasks; ++t)
    stride = std::max(stride, task_need(kc.n, hybrid_task_start(nb, tasks, t + 1) - hybrid_task_start(nb, tasks, t),
                                        plan, engine));
  stride = line_words(stride);
  limb_t* reps = line_aligned(scratch);
  limb_t* partials = reps + line_words(nb * es);
  limb_t* work = partials + tasks * line_words(es);
  limb_t* tail = work + tasks * stride;  // engine scratch for the combination
  const Job job{&plan, nb, es, tasks, xs, ep, en, reps, partials, work, stride, &kc, &e, task_counts};
  const int T = std::max(1, threads);
  runtime::Schedule s(T);
  for (unsigned t = 0; t < tasks; ++t) {
    const double bases = static_cast<double>(hybrid_task_start(nb, tasks, t + 1) - hybrid_task_start(nb, tasks, t));
    s.add(task, &job, t, bases, static_cast<int>(t % static_cast<unsigned>(T)), "multiexp hybrid task");
  }
  if (threads <= 1)
    s.run_sequential();
  else
    runtime::run(s, threads);
  combine_partials(r, partials, tasks, kc, e, tail);  // tasks - 1 multiplications
}

}  // namespace parmod::multiexp

#include "modmul/multipartite.hpp"

#include <gmp.h>

#include "check/assert.hpp"
#include "modmul/multipartite_products.hpp"
#include "modmul/multipartite_qvalues.hpp"
#include "runtime/list_scheduler.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::modmul {
namespace {

struct Call {
  const MultipartitePlan* plan;
  const ModulusConstants* k;
  const limb_t* a;
  const limb_t* b;
  limb_t* ws;
  limb_t* r;
  signed char* performed;  // one flag per task (no two tasks write the same one)
};

void run_task(const void* ctx, unsigned task) {
  const Call& c = *static_cast<const Call*>(ctx);
  const MultipartitePlan& p = *c.plan;
  const runtime::TaskNode& t = p.graph.node(static_cast<int>(task));
  const int arg = static_cast<int>(t.arg);
  switch (t.kind) {
    case kProductTask: multipartite::compute_product(p, arg, c.a, c.b, c.ws); break;
    case kQValueTask: multipartite::compute_q_value(p, arg, *c.k, c.ws); break;
    case kQSumLowTask: multipartite::sum_q_montgomery(p, c.ws); break;
    case kQSumHighTask: multipartite::sum_q_barrett(p, c.ws); break;
    case kQpTask: multipartite::compute_qp_block(p, arg, *c.k, c.ws); break;
    case kSumTask: multipartite::sum_products(p, c.ws); break;
    case kFinalTask: multipartite::combine_and_reduce(p, *c.k, c.ws, c.r); break;
    default: break;
  }
  if (c.performed) c.performed[task] = 1;
}

}  // namespace

void multipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                      const MultipartitePlan& plan, limb_t* scratch, int threads, MultipartiteStats* stats) noexcept {
  PARMOD_ASSERT(k.odd && k.n == plan.n);
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n) && (plan.config.square || check::less(b, k.p.data(), k.n)));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && (plan.config.square || check::same_or_separate(r, b, k.n)));
  PARMOD_ASSERT(!check::overlap_any(scratch, plan.scratch_limbs, k.n, r, a) &&
                (plan.config.square || !check::overlap(scratch, plan.scratch_limbs, b, k.n)));
  signed char performed[512] = {};  // >= tasks of any plan (k <= 16: <= 256 products + 2k + 2 + 2 qp_blocks + 2)
  const int V = plan.graph.size();
  const bool track = stats != nullptr && V <= static_cast<int>(sizeof performed);
  Call c{&plan, &k, a, plan.config.square ? a : b, scratch, r, track ? performed : nullptr};
  int used = 1;
  if (threads > 1 && plan.config.threads > 1 && V <= runtime::Schedule::kMaxTasks) {
    runtime::Schedule s(plan.config.threads);
    runtime::to_runtime_schedule(plan.graph, plan.schedule, s, &run_task, &c);
    used = runtime::run(s, threads);
  } else {
    for (int i = 0; i < V; ++i) run_task(&c, static_cast<unsigned>(i));
  }
  if (stats) {
    *stats = MultipartiteStats{};
    stats->threads_used = used;
    for (int i = 0; i < V && track; ++i) {
      if (!performed[i]) continue;
      const auto& t = plan.graph.node(i);
      if (t.kind == kProductTask) ++stats->products;
      if (t.kind == kQValueTask) {
        if (plan.groups[t.arg].kind == Reduction::montgomery)
          ++stats->montgomery_q_values;
        else
          ++stats->barrett_q_values;
      }
    }
  }
}

}  // namespace parmod::modmul

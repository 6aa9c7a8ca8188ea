// api/product_schedule.cpp - parmod::product_schedule: the plan of a
// bipartite or multipartite product (modmul/multipartite_plan) and its list
// schedule, as plain data for `parmod schedule`.
#include "api/boundary.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "modmul/multipartite_plan.hpp"
#include "modmul/multipartite_square.hpp"
#include "parmod/parmod.hpp"
#include "runtime/cost_table.hpp"

namespace parmod {

namespace {

ProductSchedule make_product_schedule(std::size_t bits, Algorithm algorithm, int threads, int k, bool square,
                                      bool model_costs) {
  if (bits == 0) throw InvalidArgument("product_schedule: bits must be > 0");
  if (threads < 1) throw InvalidArgument("product_schedule: threads must be >= 1");
  if (algorithm != Algorithm::bipartite && algorithm != Algorithm::multipartite)
    throw InvalidArgument("product_schedule: the algorithm must be bipartite or multipartite, not " +
                          std::string(algorithm_name(algorithm)));
  if (algorithm == Algorithm::bipartite && (k != 0 || square))
    throw InvalidArgument("product_schedule: k and square apply to multipartite only");
  const std::size_t n = (bits + 63) / 64;
  const auto costs = model_costs ? runtime::CostTable::quadratic() : runtime::CostTable::measured();
  modmul::MultipartiteConfig c;
  if (algorithm == Algorithm::bipartite) {
    c = modmul::bipartite_config(threads);
  } else {
    if (k == 0) k = modmul::choose_multipartite_k(n, threads, costs);
    if (k < 2 || k > modmul::kMaxChunks)
      throw InvalidArgument("product_schedule: k must be in 2.." + std::to_string(modmul::kMaxChunks) + ", not " +
                            std::to_string(k));
    c = square ? modmul::square_config(k, threads) : modmul::MultipartiteConfig{};
    c.ka = c.kb = k;
    c.threads = threads;
  }
  modmul::MultipartitePlan plan;
  try {
    plan = modmul::make_multipartite_plan(n, c, costs);
  } catch (const std::invalid_argument& e) {
    throw InvalidArgument(std::string("product_schedule: ") + e.what());
  }
  ProductSchedule out;
  out.algorithm = algorithm;
  out.limbs = n;
  out.r_limbs = plan.h;
  out.k = algorithm == Algorithm::multipartite ? plan.config.ka : 0;
  out.square = square;
  out.threads = threads;
  for (int v : plan.schedule.order) {
    const auto& p = plan.schedule.at[static_cast<std::size_t>(v)];
    out.tasks.push_back({plan.graph.node(v).name, p.thread, p.start, p.finish, plan.graph.node(v).cost});
  }
  out.makespan = plan.schedule.makespan;
  out.sequential_total = plan.graph.total_cost();
  out.critical_path = plan.graph.critical_path();
  out.plan = modmul::describe_plan(plan);
  return out;
}

}  // namespace

ProductSchedule product_schedule(std::size_t bits, Algorithm algorithm, int threads, int k, bool square,
                                 bool model_costs) {
  return api::guarded([&] { return make_product_schedule(bits, algorithm, threads, k, square, model_costs); });
}

}  // namespace parmod

#include "multiexp/multiexp_plan.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "multiexp/interleaved_window.hpp"
#include "multiexp/mulexp_model.hpp"

namespace parmod::multiexp {

double plan_cost(const Plan& plan, std::size_t nb, std::size_t b) {
  const double bd = static_cast<double>(b);
  const unsigned chunks = std::max(1u, plan.chunks);
  if (plan.method == Method::exp) {
    const double per = interleaved_operation_count(1, b, plan.w);
    const double tasks = static_cast<double>(std::min<std::size_t>(chunks, nb));
    return std::ceil(static_cast<double>(nb) / tasks) * per + tasks - 1;
  }
  double precompute, per_bit;
  if (plan.method == Method::lim_lee) {
    precompute = mulexp_precomputation_count(nb, plan.k);
    per_bit = 0;
    for (std::size_t i = 0; i < plan.k; ++i) per_bit += 1.0 - std::ldexp(1.0, -static_cast<int>(group_size(nb, plan.k, i)));
  } else {
    precompute = static_cast<double>(nb) * std::ldexp(1.0, static_cast<int>(plan.w) - 1);
    per_bit = static_cast<double>(nb) / (plan.w + 1);
  }
  if (chunks == 1) return precompute + bd * (per_bit + 1.0 / std::max(1.0, plan.phi));
  const double phi = std::max(1.0, plan.phi);
  const std::vector<long> ends = plan.balance == Balance::equal
                                     ? equal_chunk_ends(b, plan.k, chunks)
                                     : balanced_chunk_ends(b, std::max(per_bit * phi, 1e-3), chunks);
  // eq. (1) in multiplications with squarings of cost 1/phi: (per_bit + 1/phi)
  // per own location, 1/phi per completing squaring.
  const std::vector<double> w = modelled_chunk_work(ends, b, per_bit * phi);
  return precompute / std::min<double>(chunks, plan.method == Method::lim_lee ? 16.0 : static_cast<double>(nb)) +
         *std::max_element(w.begin(), w.end()) / phi + chunks - 1;
}

Plan choose_plan(std::size_t nb, std::size_t b, std::size_t n, int threads, double phi) {
  b = std::max<std::size_t>(b, 1);
  const unsigned w = interleaved_window_size(b);
  Plan best;
  best.phi = phi;
  best.method = Method::interleaved;
  best.w = w;
  double best_cost = plan_cost(best, nb, b);
  unsigned max_chunks = static_cast<unsigned>(std::clamp(threads, 1, 32));
  const double limb_products = best_cost * static_cast<double>(n) * static_cast<double>(n);
  if (limb_products < 2e5) max_chunks = 1;
  for (unsigned chunks = 1; chunks <= max_chunks; chunks = chunks < max_chunks ? std::min(max_chunks, chunks * 2) : chunks + 1) {
    Plan p;
    p.phi = phi;
    p.chunks = chunks;
    p.balance = Balance::balanced;
    p.method = Method::interleaved;
    p.w = w;
    if (double c = plan_cost(p, nb, b); c < best_cost) best = p, best_cost = c;
    p.method = Method::lim_lee;
    for (std::size_t k = 1; k <= nb; ++k) {
      if ((nb + k - 1) / k > 16) continue;
      p.k = k;
      if (double c = plan_cost(p, nb, b); c < best_cost) best = p, best_cost = c;
    }
    p.method = Method::exp;
    p.k = 1;
    if (double c = plan_cost(p, nb, b); c < best_cost) best = p, best_cost = c;
  }
  return best;
}

}  // namespace parmod::multiexp

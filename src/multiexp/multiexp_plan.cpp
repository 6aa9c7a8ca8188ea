#include "multiexp/multiexp_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "multiexp/bucket_multiexp.hpp"
#include "multiexp/hybrid_multiexp.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp_model.hpp"

namespace parmod::multiexp {
namespace {

// Lim-Lee tables above this many limbs are not considered (128 MiB).
constexpr double kMaxTableLimbs = double(1u << 24);
// Pippenger's buckets are considered from this many bases (a task's bases for
// the hybrid's inner method); below, Lim-Lee or windows always cost less.
constexpr std::size_t kBucketMinBases = 64;

// One whole sequential multi-exponentiation of nb bases by `method`
// (squarings weighted 1/phi): a hybrid task's modelled work.
double sequential_cost(Method method, std::size_t nb, std::size_t b, std::size_t k, unsigned w, unsigned c,
                       double phi) {
  const double bd = static_cast<double>(b), sq = bd / std::max(1.0, phi);
  switch (method) {
    case Method::lim_lee: {
      k = hybrid_task_groups(nb, k);
      return mulexp_precomputation_count(nb, k) + bd * lim_lee_bit_multiplications(nb, k) + sq;
    }
    case Method::bucket: return bucket_operation_count(nb, b, c) - bd + sq;
    default: return interleaved_operation_count(nb, b, w) - bd + sq;
  }
}

// The group counts worth trying for nb bases: every k with groups of at most
// 16 bases when nb <= 64, else k = ceil(nb / g) for g = 1..16.
std::vector<std::size_t> group_count_candidates(std::size_t nb) {
  std::vector<std::size_t> ks;
  if (nb <= 64) {
    for (std::size_t k = 1; k <= nb; ++k)
      if ((nb + k - 1) / k <= 16) ks.push_back(k);
  } else {
    for (std::size_t g = 16; g >= 1; --g) {
      const std::size_t k = (nb + g - 1) / g;
      if (ks.empty() || ks.back() != k) ks.push_back(k);
    }
  }
  return ks;
}

}  // namespace

double plan_cost(const Plan& plan, std::size_t nb, std::size_t b) {
  const double bd = static_cast<double>(b);
  const unsigned chunks = std::max(1u, plan.chunks);
  if (plan.method == Method::hybrid) {
    // ceil(n' / T) rounds of the largest task, then n' - 1 combining products.
    const std::size_t tasks = std::clamp<std::size_t>(plan.tasks, 1, std::min<std::size_t>(nb, kMaxHybridTasks));
    const std::size_t nbt = (nb + tasks - 1) / tasks;
    const double rounds = std::ceil(static_cast<double>(tasks) / chunks);
    return rounds * sequential_cost(plan.inner, nbt, b, plan.k, plan.w, plan.c, plan.phi) +
           static_cast<double>(tasks - 1);
  }
  if (plan.method == Method::exp) {
    const double per = interleaved_operation_count(1, b, plan.w);
    const double tasks = static_cast<double>(std::min<std::size_t>(chunks, nb));
    return std::ceil(static_cast<double>(nb) / tasks) * per + tasks - 1;
  }
  double precompute, per_bit;
  if (plan.method == Method::lim_lee) {
    precompute = mulexp_precomputation_count(nb, plan.k);
    per_bit = lim_lee_bit_multiplications(nb, plan.k);
  } else if (plan.method == Method::bucket) {
    precompute = 0;
    per_bit = b ? bucket_operation_count(nb, b, plan.c) / bd - 1.0 : 0.0;
  } else {
    precompute = static_cast<double>(nb) * std::ldexp(1.0, static_cast<int>(plan.w) - 1);
    per_bit = static_cast<double>(nb) / (plan.w + 1);
  }
  if (chunks == 1) return precompute + bd * (per_bit + 1.0 / std::max(1.0, plan.phi));
  const double phi = std::max(1.0, plan.phi);
  if (plan.method == Method::lim_lee && plan.offload && chunks == 2) {
    // The top chunk's column products formed by the partner (column_products.hpp):
    // worth it only while the partner forms them faster than the chain uses them.
    const double q1 = lim_lee_nonzero_column_probability(nb);
    if (per_bit - q1 >= 1.0 / phi + q1) return std::numeric_limits<double>::infinity();
    const std::size_t l = offload_low_positions(b, per_bit, q1, phi, 1.0);
    return precompute / 2 +
           std::max(offload_chain_work(b, l, q1, phi), offload_partner_work(b, l, per_bit, q1, phi)) + 1;
  }
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
  const double nd = static_cast<double>(n);
  auto consider = [&](const Plan& p) {
    if (double c = plan_cost(p, nb, b); c < best_cost) best = p, best_cost = c;
  };
  const std::vector<std::size_t> ks = group_count_candidates(nb);
  for (unsigned chunks = 1; chunks <= max_chunks; chunks = chunks < max_chunks ? std::min(max_chunks, chunks * 2) : chunks + 1) {
    Plan p;
    p.phi = phi;
    p.chunks = chunks;
    p.balance = Balance::balanced;
    p.method = Method::interleaved;
    p.w = w;
    consider(p);
    p.method = Method::lim_lee;
    for (std::size_t k : ks) {
      if (static_cast<double>(lim_lee_table_entries(nb, k)) * nd > kMaxTableLimbs) continue;
      p.k = k;
      consider(p);
      if (chunks == 2 && k >= 2) {  // the top chunk's column products formed by the partner
        p.offload = true;
        consider(p);
        p.offload = false;
      }
    }
    p.method = Method::exp;
    p.k = 1;
    consider(p);
    if (nb >= kBucketMinBases) {  // Pippenger: every window width
      p.method = Method::bucket;
      for (unsigned c = 1; c <= kMaxBucketWindow; ++c) {
        p.c = c;
        consider(p);
      }
    }
  }
  if (max_chunks > 1 && nb >= 2) {  // the hybrid: n' = T, 2T, 3T, 4T tasks of nb / n' bases
    const unsigned T = max_chunks;
    for (unsigned mult = 1; mult <= 4; ++mult) {
      const std::size_t tasks = std::min<std::size_t>({static_cast<std::size_t>(T) * mult, nb, kMaxHybridTasks});
      if (tasks < 2 || (mult > 1 && tasks < static_cast<std::size_t>(T) * mult)) break;
      const std::size_t nbt = (nb + tasks - 1) / tasks;
      Plan p;
      p.phi = phi;
      p.method = Method::hybrid;
      p.tasks = static_cast<unsigned>(tasks);
      p.chunks = T;
      p.inner = Method::interleaved;
      p.w = w;
      consider(p);
      p.inner = Method::lim_lee;
      for (std::size_t k : group_count_candidates(nbt)) {
        if (static_cast<double>(lim_lee_table_entries(nbt, k)) * nd * static_cast<double>(tasks) >
            kMaxTableLimbs)
          continue;
        p.k = k;
        consider(p);
      }
      if (nbt >= kBucketMinBases) {
        p.inner = Method::bucket;
        p.c = bucket_window_size(nbt, b);
        consider(p);
      }
    }
  }
  return best;
}

}  // namespace parmod::multiexp

#include "modmul/multipartite_engine.hpp"

#include <gmp.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>

#include "config/tuning.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_square.hpp"
#include "reduce/barrett_reduce.hpp"

namespace parmod::modmul {
namespace {

// Predicted cost of one parallel run on the team beyond its tasks (wake-up,
// dependency signals, the final join), ns: `parmod-bench runtime` on an idle
// 2-core EPYC measures about 0.6 us hot fork/join and 0.3-1 us per signal.
constexpr double kParallelOverheadNs = 2000;

// The plans k was bound with (bipartite_factory / multipartite_factory).
const MultipartiteEnginePlans& plans_of(const ModulusConstants& k) {
  return static_cast<const MultipartiteEnginePlans&>(*k.engine_state);
}

std::size_t scratch(std::size_t n) { return multipartite_engine_scratch(n); }

// The bipartite on exactly two threads runs as two whole halves
// (bipartite_mul_halves: one join instead of the graph's dependency
// signals), its square too (bipartite_sqr_halves: A0^2 and A1^2 with half
// of A0 A1 each, against the k = 2 square's graph of the same products and
// its extra steps); measured in docs/bench/sapphire_rapids/bipartite.md.
bool two_halves(const MultipartiteEnginePlans& p, const ModulusConstants& k) {
  return p.kind == MultipartiteKind::bipartite && p.threads == 2 && k.n >= 2;
}

void mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* ws) {
  const auto& p = plans_of(k);
  if (two_halves(p, k)) return bipartite_mul_halves(r, a, b, k, ws, 2);
  multipartite_mul(r, a, b, k, p.mul, ws, p.threads);
}

void sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  const auto& p = plans_of(k);
  if (two_halves(p, k)) return bipartite_sqr_halves(r, a, k, ws, 2);
  multipartite_sqr(r, a, k, p.sqr, ws, p.threads);  // bipartite too: its square is the k = 2 square
}

// r = a beta^h mod P: Barrett reduction of a shifted by h limbs.
void to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  const std::size_t n = k.n, h = n / 2;
  limb_t* c = ws;
  mpn_zero(c, static_cast<mp_size_t>(2 * n));
  mpn_copyi(c + h, a, static_cast<mp_size_t>(n));
  reduce::barrett_reduce(r, c, k.p.data(), n, k.nu.data(), k.nu_n, ws + 2 * n);
}

// r = a beta^-h mod P: the product with 1.
void from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  mul(r, a, k.one.data(), k, ws);
}

const limb_t* one(const ModulusConstants& k) { return plans_of(k).one.data(); }

}  // namespace

static_assert(config::tuning_max::multipartite_k == kMaxEngineChunks);

int measured_multipartite_k(std::size_t n, int threads) {
  const config::KTable& table = config::tuning().multipartite_k;
  const auto it = table.find(threads);
  if (it == table.end()) return 0;
  // Ascending sizes; the entry of the largest size <= 64 n (else the first).
  int k = 0;
  for (const auto& [bits, kk] : it->second)
    if (k == 0 || bits <= 64 * n) k = kk;
  return k;
}

int choose_multipartite_k(std::size_t n, int threads, const runtime::CostTable& costs) {
  if (!costs.is_model())
    if (const int k = measured_multipartite_k(n, threads); k != 0) return k;
  return predicted_multipartite_k(n, threads, costs);
}

int predicted_multipartite_k(std::size_t n, int threads, const runtime::CostTable& costs) {
  int best = 2;
  double best_t = 0;
  for (int kk = 2; kk <= kMaxEngineChunks; ++kk) {
    MultipartiteConfig c;
    c.ka = c.kb = kk;
    c.threads = threads < 1 ? 1 : threads;
    const auto plan = make_multipartite_plan(n, c, costs);
    if (threads > 1 && plan.graph.size() > runtime::Schedule::kMaxTasks) continue;
    if (kk == 2 || plan.schedule.makespan < best_t * 0.98) {
      best = kk;
      best_t = plan.schedule.makespan;
    }
  }
  return best;
}

std::shared_ptr<const MultipartiteEnginePlans> make_engine_plans(const ModulusConstants& k, MultipartiteKind kind,
                                                                 int threads, int chunks) {
  if (!k.odd) throw std::invalid_argument("multipartite: the modulus must be odd");
  const std::size_t n = k.n;
  const auto costs = runtime::CostTable::measured();
  auto p = std::make_shared<MultipartiteEnginePlans>();
  p->kind = kind;
  p->threads = threads < 1 ? 1 : threads;
  // Stay sequential where splitting does not pay: the T-thread makespan plus
  // the team's fork/join must beat the sequential total (both predicted).
  if (p->threads > 1) {
    MultipartiteConfig seq, par;
    if (kind == MultipartiteKind::bipartite) {
      seq = bipartite_config(1);
      par = bipartite_config(p->threads);
    } else {
      const int kp = chunks >= 2 ? std::min(chunks, kMaxEngineChunks) : choose_multipartite_k(n, p->threads, costs);
      const int ks = chunks >= 2 ? kp : choose_multipartite_k(n, 1, costs);
      seq.ka = seq.kb = ks;
      par.ka = par.kb = kp;
      par.threads = p->threads;
    }
    const double t1 = make_multipartite_plan(n, seq, costs).schedule.makespan;
    const double tp = make_multipartite_plan(n, par, costs).schedule.makespan + kParallelOverheadNs;
    if (tp >= t1) p->threads = 1;
  }
  // The plans' scratch grows with the thread count; the engine's is fixed
  // (multipartite_engine_scratch), so a count whose plans would not fit is
  // halved until they do (64 threads for k = 8 at 20000 bits, 128 for the
  // bipartite from 8192 bits would not).
  for (;;) {
    if (kind == MultipartiteKind::bipartite) {
      p->chunks = 2;
      p->mul = make_multipartite_plan(n, bipartite_config(p->threads), costs);
      // A square has no B to split: the multipartite square with k = 2 (A0^2,
      // A1^2 and A0 A1 once; same R = beta^floor(n/2)) does the bipartite's job
      // with 3 half-size products instead of 2 half-by-full ones.
      p->sqr = make_multipartite_plan(n, square_config(2, p->threads), costs);
    } else {
      p->chunks = chunks >= 2 ? std::min(chunks, kMaxEngineChunks) : choose_multipartite_k(n, p->threads, costs);
      MultipartiteConfig c;
      c.ka = c.kb = p->chunks;
      c.threads = p->threads;
      p->mul = make_multipartite_plan(n, c, costs);
      p->sqr = make_multipartite_plan(n, square_config(p->chunks, p->threads), costs);
    }
    const bool fits = p->mul.scratch_limbs <= multipartite_engine_scratch(n) &&
                      p->sqr.scratch_limbs <= multipartite_engine_scratch(n);
    if (fits) break;
    if (p->threads == 1) throw std::logic_error("multipartite: plan scratch above the engine bound");
    p->threads /= 2;
  }
  p->predicted_ns = p->mul.schedule.makespan;
  // R mod P = beta^h mod P by Barrett on beta^h (2n limbs).
  p->one.assign(n, 0);
  std::vector<limb_t> c(2 * n, 0), ws(reduce::barrett_reduce_scratch(n));
  c[n / 2] = 1;
  reduce::barrett_reduce(p->one.data(), c.data(), k.p.data(), n, k.nu.data(), k.nu_n, ws.data());
  return p;
}

std::size_t multipartite_engine_scratch(std::size_t n) noexcept { return 48 * n + 640; }

// The two engines differ only in the plans their factories build.
const Engine bipartite_engine = {
    .name = "bipartite", .scratch_limbs = scratch, .mul = mul, .sqr = sqr, .to_repr = to_repr,
    .from_repr = from_repr, .one = one,
};
const Engine multipartite_engine = {
    .name = "multipartite", .scratch_limbs = scratch, .mul = mul, .sqr = sqr, .to_repr = to_repr,
    .from_repr = from_repr, .one = one,
};

namespace {

template <MultipartiteKind K>
const char* rejects(const mpz_class& P) {
  if (mpz_odd_p(P.get_mpz_t())) return nullptr;
  return K == MultipartiteKind::bipartite ? "bipartite needs an odd modulus" : "multipartite needs an odd modulus";
}

template <MultipartiteKind K>
BoundEngine bind(const mpz_class& P, const EngineOptions& o) {
  auto k = make_constants(P);
  auto plans = make_engine_plans(*k, K, o.threads, o.chunks);
  std::string detail = (K == MultipartiteKind::multipartite ? "k = " + std::to_string(plans->chunks) + ", " : "") +
                       (plans->threads > 1 ? "products on " + std::to_string(plans->threads) + " threads"
                                           : "sequential products");
  const int threads = plans->threads;
  k->engine_state = std::move(plans);
  return {std::move(k), K == MultipartiteKind::bipartite ? &bipartite_engine : &multipartite_engine, threads,
          std::move(detail)};
}

}  // namespace

const EngineFactory bipartite_factory = {rejects<MultipartiteKind::bipartite>, bind<MultipartiteKind::bipartite>};
const EngineFactory multipartite_factory = {rejects<MultipartiteKind::multipartite>,
                                            bind<MultipartiteKind::multipartite>};

}  // namespace parmod::modmul

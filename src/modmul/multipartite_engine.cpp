#include "modmul/multipartite_engine.hpp"

#include <gmp.h>

#include <algorithm>
#include <deque>
#include <mutex>
#include <shared_mutex>
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

struct Entry {
  const ModulusConstants* key;
  MultipartiteKind kind;
  std::shared_ptr<const MultipartiteEnginePlans> plans;
};

std::shared_mutex g_mutex;
std::deque<Entry>& entries() {
  static std::deque<Entry> e;
  return e;
}
constexpr std::size_t kCacheLimit = 16;
// Predicted cost of one parallel run on the team beyond its tasks (wake-up,
// dependency signals, the final join), ns: `parmod bench runtime` on an idle
// 2-core EPYC measures about 0.6 us hot fork/join and 0.3-1 us per signal.
constexpr double kParallelOverheadNs = 2000;

bool same_modulus(const MultipartiteEnginePlans& p, const ModulusConstants& k) {
  return p.p.size() == k.n && mpn_cmp(p.p.data(), k.p.data(), static_cast<mp_size_t>(k.n)) == 0;
}

std::shared_ptr<const MultipartiteEnginePlans> find(const ModulusConstants& k, MultipartiteKind kind) {
  std::shared_lock<std::shared_mutex> lock(g_mutex);
  for (const Entry& e : entries())
    if (e.key == &k && e.kind == kind && same_modulus(*e.plans, k)) return e.plans;
  return nullptr;
}

// The plans of k: its own context (the usual case: no lock, no reference
// count), else the fallback cache, which `hold` keeps alive for the call.
const MultipartiteEnginePlans& plans_of(const ModulusConstants& k, MultipartiteKind kind,
                                        std::shared_ptr<const MultipartiteEnginePlans>& hold) {
  if (const MultipartiteEnginePlans* own = k.multipartite_plans.get(); own != nullptr && own->kind == kind) return *own;
  hold = engine_plans(k, kind);
  return *hold;
}

bool accepts(const ModulusConstants& k) { return k.odd; }
std::size_t scratch(std::size_t n) { return multipartite_engine_scratch(n); }

template <MultipartiteKind K>
void mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* ws) {
  std::shared_ptr<const MultipartiteEnginePlans> hold;
  const auto& p = plans_of(k, K, hold);
  multipartite_mul(r, a, b, k, p.mul, ws, p.threads);
}

template <MultipartiteKind K>
void sqr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  std::shared_ptr<const MultipartiteEnginePlans> hold;
  const auto& p = plans_of(k, K, hold);
  multipartite_sqr(r, a, k, p.sqr, ws, p.threads);  // bipartite too: its square is the k = 2 square
}

// r = a beta^h mod P: Barrett reduction of a shifted by h limbs.
template <MultipartiteKind K>
void to_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  const std::size_t n = k.n, h = n / 2;
  limb_t* c = ws;
  mpn_zero(c, static_cast<mp_size_t>(2 * n));
  mpn_copyi(c + h, a, static_cast<mp_size_t>(n));
  reduce::barrett_reduce(r, c, k.p.data(), n, k.nu.data(), k.nu_n, ws + 2 * n);
}

// r = a beta^-h mod P: the product with 1.
template <MultipartiteKind K>
void from_repr(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* ws) {
  mul<K>(r, a, k.one.data(), k, ws);
}

template <MultipartiteKind K>
const limb_t* one(const ModulusConstants& k) {
  std::shared_ptr<const MultipartiteEnginePlans> hold;
  return plans_of(k, K, hold).one.data();  // owned by k's plans or the cache entry
}

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
  p->p = k.p;
  // R mod P = beta^h mod P by Barrett on beta^h (2n limbs).
  p->one.assign(n, 0);
  std::vector<limb_t> c(2 * n, 0), ws(reduce::barrett_reduce_scratch(n));
  c[n / 2] = 1;
  reduce::barrett_reduce(p->one.data(), c.data(), k.p.data(), n, k.nu.data(), k.nu_n, ws.data());
  return p;
}

std::shared_ptr<const MultipartiteEnginePlans> engine_plans(const ModulusConstants& k, MultipartiteKind kind) {
  if (k.multipartite_plans && k.multipartite_plans->kind == kind) return k.multipartite_plans;
  if (auto p = find(k, kind)) return p;
  auto made = make_engine_plans(k, kind, 1);
  std::unique_lock<std::shared_mutex> lock(g_mutex);
  auto& es = entries();
  es.erase(std::remove_if(es.begin(), es.end(), [&](const Entry& e) { return e.key == &k && e.kind == kind; }),
           es.end());
  es.push_back(Entry{&k, kind, made});
  if (es.size() > kCacheLimit) es.pop_front();
  return made;
}

std::size_t multipartite_engine_scratch(std::size_t n) noexcept { return 48 * n + 640; }

namespace {
// The two engines differ only in the kind their functions read the plans of.
template <MultipartiteKind K>
constexpr Engine engine_of(const char* name) {
  return Engine{name, accepts, scratch, mul<K>, sqr<K>, to_repr<K>, from_repr<K>, one<K>};
}
}  // namespace

const Engine bipartite_engine = engine_of<MultipartiteKind::bipartite>("bipartite");
const Engine multipartite_engine = engine_of<MultipartiteKind::multipartite>("multipartite");

}  // namespace parmod::modmul

#include "multiexp/parallel_multiexp.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>

#include "multiexp/bucket_multiexp.hpp"
#include "multiexp/column_products.hpp"
#include "multiexp/hybrid_multiexp.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/mulexp_model.hpp"
#include "powm/exponent_bits.hpp"
#include "runtime/team.hpp"

namespace parmod::multiexp {
namespace {

constexpr unsigned kMaxChunks = 32;
constexpr unsigned kMaxPrefixBits = 4;
// Plan::offload: chunk 0's thread takes partner positions only when at least
// this many are left (fewer would not pay for the extra product).
constexpr std::size_t kMinStolenPositions = 8;
// Plan::offload: the split gives the partner this much more work than its
// measured speed asks for.  A partner that finishes first leaves the chain
// alone with its completing squarings, which nobody can share; a chain that
// finishes first takes the partner's lowest positions (steal_own_positions)
// and the two end together.  So the error is cheap on one side only.
constexpr double kOffloadPartnerBias = 1.1;

unsigned clamp_chunks(const Plan& plan, std::size_t nb) noexcept {
  unsigned c = std::clamp(plan.chunks, 1u, kMaxChunks);
  if (plan.method == Method::exp) c = static_cast<unsigned>(std::min<std::size_t>(c, nb));
  return c;
}

// Precomputation tasks per chunk, when there are two or more chunks: small
// tasks that whichever thread is free takes, so that a worker joining late
// (woken from sleep) or stalled holds the chunks back by one small task at
// most, not by a whole per-thread share of the table.
constexpr unsigned kPrecomputeTasksPerChunk = 4;

// t = ceil(log2 (kPrecomputeTasksPerChunk chunks)) for two or more chunks,
// 0 for one; at most kMaxPrefixBits.
unsigned prefix_bits(unsigned chunks) noexcept {
  if (chunks < 2) return 0;
  unsigned t = 0;
  while ((1u << t) < kPrecomputeTasksPerChunk * chunks && t < kMaxPrefixBits) ++t;
  return t;
}

unsigned precompute_tasks(const Plan& plan, std::size_t nb, unsigned chunks) noexcept {
  switch (plan.method) {
    case Method::lim_lee: return 1u << prefix_bits(chunks);
    case Method::interleaved:
      return static_cast<unsigned>(
          std::min<std::size_t>({nb, chunks < 2 ? 1u : kPrecomputeTasksPerChunk * chunks, 1u << kMaxPrefixBits}));
    case Method::exp:
    case Method::bucket:
    case Method::hybrid: return 0;
  }
  return 0;
}

unsigned bucket_bits(const Plan& plan) noexcept { return std::clamp(plan.c, 1u, kMaxBucketWindow); }

// Whether the top chunk's column products go to the partner (Plan::offload).
bool offloads(const Plan& plan, unsigned chunks) noexcept {
  return plan.offload && plan.method == Method::lim_lee && chunks == 2 && plan.k >= 2;
}

std::size_t table_limbs(std::size_t n, std::size_t nb, const Plan& plan) noexcept {
  switch (plan.method) {
    case Method::lim_lee: return lim_lee_table_entries(nb, plan.k) * n;
    case Method::interleaved: return nb * (std::size_t(1) << (plan.w - 1)) * n;
    case Method::exp:
    case Method::bucket:  // the buckets are per task (task_limbs)
    case Method::hybrid: return 0;
  }
  return 0;
}

// The balance's k: modelled products per exponent bit, in squarings
// (Plan::phi), for the chunked methods.
double bit_cost(const Plan& plan, std::size_t nb, std::size_t b) noexcept {
  const double per_bit = plan.method == Method::lim_lee ? static_cast<double>(plan.k)
                         : plan.method == Method::bucket
                             ? bucket_operation_count(nb, b, bucket_bits(plan)) / static_cast<double>(b) - 1.0
                             : static_cast<double>(nb) / (plan.w + 1);
  return per_bit * plan.phi;
}

std::uint64_t now_ns() noexcept {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

// worker_speed_estimate in thousandths, for runs that find the workers
// awake [0] and asleep [1]; relaxed: it only steers the balance.
std::atomic<unsigned> g_worker_speed_permille[2] = {1000, 1000};

// Folds one run's chunk timings into the estimate: chunk c ran from the
// caller's chunk start (start_ns) to finish_ns[c] on participant ran_on[c],
// doing modelled work work[c].  Only runs where chunk 0 ran on the caller
// and every other chunk on a worker, none absorbed, say anything about the
// workers' speed.
void record_chunk_speeds(const double* work, unsigned chunks, const std::uint64_t* finish_ns, std::uint64_t start_ns,
                         const runtime::Schedule& s, int first_chunk_task, bool after_sleep) noexcept {
  if (chunks < 2 || s.ran_on(first_chunk_task) != 0) return;
  auto rate = [&](unsigned c) { return work[c] / static_cast<double>(finish_ns[c] - start_ns); };
  double sum = 0;
  for (unsigned c = 1; c < chunks; ++c) {
    if (s.ran_on(first_chunk_task + static_cast<int>(c)) <= 0 || finish_ns[c] <= start_ns) return;  // absorbed
    sum += rate(c);
  }
  if (finish_ns[0] <= start_ns) return;
  const double r = std::clamp(sum / (chunks - 1) / rate(0), 0.5, 2.0);
  std::atomic<unsigned>& estimate = g_worker_speed_permille[after_sleep ? 1 : 0];
  const double old = estimate.load(std::memory_order_relaxed) / 1000.0;
  const double next = std::clamp(0.75 * old + 0.25 * r, 0.5, 2.0);
  estimate.store(static_cast<unsigned>(std::lround(next * 1000.0)), std::memory_order_relaxed);
}

// Each chunk's modelled work (multiplications, squarings as 1): eq. (1) with
// k = bit_cost, or the offload model's chain and partner, with the `stolen`
// partner positions chunk 0's thread ran (1 + a each) and the partner's
// completing squarings for them.
void modelled_work(double* work, const Plan& plan, std::size_t nb, std::size_t b, const std::size_t* lo,
                   const std::size_t* hi, unsigned chunks, std::size_t stolen) noexcept {
  if (offloads(plan, chunks)) {
    const double a = lim_lee_bit_multiplications(nb, plan.k), q1 = lim_lee_nonzero_column_probability(nb);
    const double moved = static_cast<double>(stolen) * (1.0 + a);
    work[0] = offload_chain_work(b, lo[0], q1, 1.0) + moved;
    work[1] = offload_partner_work(b, lo[0], a, q1, 1.0) - moved + static_cast<double>(stolen);
    return;
  }
  const double k = bit_cost(plan, nb, b);
  for (unsigned c = 0; c < chunks; ++c)
    work[c] = (k + 1.0) * static_cast<double>(hi[c] - lo[c]) + static_cast<double>(lo[c]);
}

// Where parallel_multiexp puts its parts in the scratch: offsets in words
// from the first line boundary of the scratch (line_aligned), each part on
// its own lines; `total` words from that boundary.
struct Layout {
  std::size_t n = 0;            // words per element
  std::size_t element_stride = 0;  // line_words(n): between partials
  std::size_t task_stride = 0;  // line_words(task_limbs): between work areas
  std::size_t reps = 0, table = 0, partials = 0, work = 0, bounds = 0, ring = 0, total = 0;
};

std::size_t task_limbs(std::size_t n, std::size_t nb, const Plan& plan, const modmul::Engine& engine) noexcept;

Layout layout(std::size_t limbs, std::size_t nb, const Plan& plan, const modmul::Engine& engine, unsigned chunks,
              unsigned tasks) noexcept {
  Layout l;
  l.n = modmul::element_size(modmul::element_engine(engine), limbs);
  l.element_stride = line_words(l.n);
  l.task_stride = line_words(task_limbs(limbs, nb, plan, engine));
  l.table = line_words(nb * l.n);
  l.partials = l.table + line_words(table_limbs(l.n, nb, plan));
  l.work = l.partials + (chunks + (offloads(plan, chunks) ? 1 : 0)) * l.element_stride;  // offload: a third
  l.bounds = l.work + tasks * l.task_stride;
  l.ring = line_words(l.bounds + 2 * kMaxChunks * sizeof(std::size_t) / sizeof(limb_t));
  l.total = l.ring + (offloads(plan, chunks) ? column_ring_limbs(l.n) : 0);
  return l;
}

// Per task: engine scratch + one extra element + window state; exp tasks also
// hold their odd-power table and the current power.  n limbs; elements of
// the element engine's size.
std::size_t task_limbs(std::size_t n, std::size_t nb, const Plan& plan, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t es = modmul::element_size(e, n);
  std::size_t s = e.scratch_limbs(n) + es + 2 * nb;
  if (plan.method == Method::exp) s += ((std::size_t(1) << (plan.w - 1)) + 1) * es + 2;
  if (plan.method == Method::bucket) s = bucket_chunk_scratch(n, bucket_bits(plan), engine);
  return s;
}

struct Job {
  const Plan* plan;
  std::size_t nb, b, n;  // n: words per element
  unsigned chunks, prefixes, t;
  const limb_t* const* ep;
  const std::size_t* en;
  const limb_t* reps;  // the bases in the representation
  limb_t* table;
  limb_t* partials;    // chunks elements, line_words(n) apart
  limb_t* work;        // per task
  std::size_t task_stride;
  const std::size_t* lo;
  const std::size_t* hi;
  const modmul::ModulusConstants* kc;
  const modmul::Engine* engine;  // the element engine
  OpCount* chunk_counts;
  runtime::Schedule* schedule;
  int first_chunk_task;  // chunk c is task first_chunk_task + c
  std::uint64_t* start_ns;   // when chunk 0 started (absorbing chunk tasks only)
  std::uint64_t* finish_ns;  // when chunk c's task finished, per chunk (0: absorbed)
  ColumnRing* ring;          // Plan::offload: the top chunk's column products (else null)
  std::size_t* stolen;       // Plan::offload: partner positions chunk 0's thread took (third partial)
};

// Runs chunk c's bit positions on acc (already holding the chain so far).
void chunk_bits(const Job& j, unsigned c, limb_t* acc, limb_t* work, OpCount* count) {
  if (j.plan->method == Method::lim_lee)
    mulexp_bits(acc, j.table, j.nb, j.plan->k, j.ep, j.en, j.lo[c], j.hi[c], *j.kc, *j.engine, work, count);
  else
    interleaved_bits(acc, j.table, j.nb, j.plan->w, j.ep, j.en, j.lo[c], j.hi[c], *j.kc, *j.engine, work,
                     work + 2 * j.nb, count);
}

void precompute_task(const void* ctx, unsigned p) {
  const Job& j = *static_cast<const Job*>(ctx);
  limb_t* work = j.work + p * j.task_stride;
  if (j.plan->method == Method::lim_lee) {
    for (std::size_t g = 0; g < j.plan->k; ++g)
      lim_lee_precompute_prefix(j.table, j.reps, j.nb, j.plan->k, g, j.t, p, *j.kc, *j.engine, work, nullptr);
  } else {
    for (std::size_t i = p; i < j.nb; i += j.prefixes)
      interleaved_precompute_base(j.table, j.reps, i, j.plan->w, *j.kc, *j.engine, work, nullptr);
  }
}

void chunk_task(const void* ctx, unsigned c) {
  const Job& j = *static_cast<const Job*>(ctx);
  limb_t* work = j.work + (j.prefixes + c) * j.task_stride;
  limb_t* acc = j.partials + c * line_words(j.n);
  OpCount* count = j.chunk_counts ? j.chunk_counts + c : nullptr;
  const modmul::Engine& e = *j.engine;
  if ((j.plan->method == Method::lim_lee || j.plan->method == Method::interleaved) && (!j.chunk_counts || j.ring)) {
    // Chunk 0 holds the highest bit positions, chunk c + 1 the positions
    // just below chunk c's (hi[c + 1] = lo[c]).  The chain from chunk c
    // down: while the next lower chunk is still unclaimed (its thread is late
    // or stalled), absorb it and go on through its bits (its partial becomes
    // 1), then the completing squarings of the lowest chunk reached.  With
    // every thread on time this is chunk c alone; with none, the sequential
    // chain.  Runs that count per chunk skip it, except with column products
    // (Plan::offload), whose counts are those of the run as it went.
    const std::size_t n = j.n;
    if (c == 0) *j.start_ns = now_ns();
    mpn_copyi(acc, e.one(*j.kc), static_cast<mp_size_t>(n));
    if (j.ring && c == 0)  // the top chain, taking the partner's column products
      mulexp_bits_with_columns(acc, j.table, j.nb, j.plan->k, j.ep, j.en, j.lo[0], j.hi[0], *j.kc, e, work, *j.ring,
                               count);
    else if (j.ring)  // the partner: the top chunk's column products, between its own positions
      mulexp_bits_producing_columns(acc, j.table, j.nb, j.plan->k, j.ep, j.en, j.lo[c], j.lo[0], j.hi[0], *j.kc, e,
                                    work, *j.ring, count);
    else
      chunk_bits(j, c, acc, work, count);
    unsigned last = c;
    while (last + 1 < j.chunks && j.schedule->absorb(j.first_chunk_task + static_cast<int>(last + 1))) {
      ++last;
      mpn_copyi(j.partials + last * line_words(n), e.one(*j.kc), static_cast<mp_size_t>(n));
      chunk_bits(j, last, acc, work, count);
    }
    for (std::size_t s = 0; s < j.lo[last]; ++s) e.sqr(acc, acc, *j.kc, work);  // completing squarings
    if (count) count->sqr += j.lo[last];
    if (j.ring && c == 0 && last == 0) {
      // The partner runs (its chunk was not absorbed): if it is behind, take
      // the lowest of its own positions left into a third partial.
      std::size_t from = 0;
      const std::size_t to =
          steal_own_positions(*j.ring, lim_lee_bit_multiplications(j.nb, j.plan->k), kMinStolenPositions, &from);
      if (to > from) {
        limb_t* third = j.partials + 2 * line_words(n);
        mpn_copyi(third, e.one(*j.kc), static_cast<mp_size_t>(n));
        mulexp_bits(third, j.table, j.nb, j.plan->k, j.ep, j.en, from, to, *j.kc, e, work, count);
        for (std::size_t s = 0; s < from; ++s) e.sqr(third, third, *j.kc, work);
        if (count) count->sqr += from;
        *j.stolen = to - from;
      }
    }
    j.finish_ns[c] = now_ns();
  } else if (j.plan->method == Method::lim_lee) {
    mulexp_chunk(acc, j.table, j.nb, j.plan->k, j.ep, j.en, j.lo[c], j.hi[c], *j.kc, e, work, count);
  } else if (j.plan->method == Method::bucket) {
    bucket_chunk(acc, j.reps, j.nb, bucket_bits(*j.plan), j.ep, j.en, j.lo[c], j.hi[c], *j.kc, e, work, count);
  } else if (j.plan->method == Method::interleaved) {
    interleaved_chunk(acc, j.table, j.nb, j.plan->w, j.ep, j.en, j.lo[c], j.hi[c], *j.kc, e, work,
                      work + 2 * j.nb, count);
  } else {  // exp: bases [c nb / chunks, (c + 1) nb / chunks), each by its own sliding window
    const std::size_t n = j.n, first = c * j.nb / j.chunks, last = (c + 1) * j.nb / j.chunks;
    limb_t* engine_scratch = work;                     // engine scratch + one element (precompute)
    limb_t* table = work + e.scratch_limbs(j.kc->n) + n + 2 * j.nb;
    limb_t* power = table + (std::size_t(1) << (j.plan->w - 1)) * n;
    limb_t* state = power + n;
    mpn_copyi(acc, e.one(*j.kc), static_cast<mp_size_t>(n));
    for (std::size_t i = first; i < last; ++i) {
      const std::size_t bits = exponentiation::exponent_bit_length(j.ep[i], j.en[i]);
      if (bits == 0) continue;
      interleaved_precompute_base(table, j.reps + i * n, 0, j.plan->w, *j.kc, e, engine_scratch, count);
      interleaved_chunk(power, table, 1, j.plan->w, j.ep + i, j.en + i, 0, bits, *j.kc, e, state,
                        engine_scratch, count);
      e.mul(acc, acc, power, *j.kc, engine_scratch);
      if (count) ++count->mul;
    }
  }
}

}  // namespace

void plan_chunk_positions(const Plan& plan, std::size_t nb, std::size_t b, std::size_t* lo, std::size_t* hi,
                          const double* speeds) {
  const unsigned chunks = clamp_chunks(plan, nb);
  if (plan.method == Method::exp || plan.method == Method::hybrid || b == 0) {
    for (unsigned c = 0; c < chunks; ++c) lo[c] = 0, hi[c] = b;
    return;
  }
  if (offloads(plan, chunks)) {  // chunk 0 the top chain, chunk 1 the partner's low positions
    const double a = lim_lee_bit_multiplications(nb, plan.k), q1 = lim_lee_nonzero_column_probability(nb);
    const std::size_t l = offload_low_positions(b, a, q1, std::max(1.0, plan.phi),
                                                kOffloadPartnerBias * (speeds ? speeds[1] / speeds[0] : 1.0));
    lo[0] = l, hi[0] = b, lo[1] = 0, hi[1] = l;
    return;
  }
  const double k = bit_cost(plan, nb, b);
  const std::vector<long> ends = plan.balance == Balance::equal ? equal_chunk_ends(b, plan.k, chunks)
                                 : speeds ? speed_balanced_chunk_ends(b, k, std::vector<double>(speeds, speeds + chunks))
                                          : balanced_chunk_ends(b, k, chunks);
  long prev = -1;
  for (unsigned c = 0; c < chunks; ++c) {
    // Locations prev + 1 .. ends[c] are positions b - 1 - ends[c] .. b - 2 - prev.
    lo[c] = b - 1 - static_cast<std::size_t>(ends[c]);
    hi[c] = b - 1 - static_cast<std::size_t>(prev);
    prev = ends[c];
  }
}

std::size_t parallel_multiexp_scratch(std::size_t n, std::size_t nb, const Plan& plan,
                                      const modmul::Engine& engine) noexcept {
  if (plan.method == Method::hybrid) return hybrid_scratch(n, nb, plan, engine);
  const unsigned chunks = clamp_chunks(plan, nb);
  const unsigned tasks = precompute_tasks(plan, nb, chunks) + chunks;
  return layout(n, nb, plan, engine, chunks, tasks).total + kLineWords - 1;  // + the alignment of the start
}

void parallel_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                       const Plan& plan, const modmul::ModulusConstants& kc, const modmul::Engine& engine,
                       int threads, limb_t* scratch, OpCount* chunk_counts) {
  // A parallel run follows: the workers wake while the bases are converted.
  if (threads > 1 && (plan.method == Method::hybrid ? plan.tasks > 1 : clamp_chunks(plan, nb) > 1))
    runtime::prewake(threads);
  if (plan.method == Method::hybrid) {
    hybrid_multiexp(r, xs, nb, ep, en, plan, kc, engine, threads, scratch, chunk_counts);
    return;
  }
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t n = modmul::element_size(e, kc.n);  // words per element
  const unsigned chunks = clamp_chunks(plan, nb);
  const unsigned prefixes = precompute_tasks(plan, nb, chunks);
  const Layout l = layout(kc.n, nb, plan, engine, chunks, prefixes + chunks);
  limb_t* base = line_aligned(scratch);
  limb_t* reps = base + l.reps;
  limb_t* table = base + l.table;
  limb_t* partials = base + l.partials;
  limb_t* work = base + l.work;
  const std::size_t stride = l.task_stride;
  auto* lo = reinterpret_cast<std::size_t*>(base + l.bounds);
  std::size_t* hi = lo + kMaxChunks;
  const std::size_t b = max_exponent_bits(ep, en, nb);
  // Two or more threads on an absorbing chunk scheme: balance the chunks
  // for the workers' measured speed (worker_speed_estimate) and measure it again.
  const bool adaptive = threads > 1 && chunks > 1 && !chunk_counts && plan.balance == Balance::balanced &&
                        (plan.method == Method::lim_lee || plan.method == Method::interleaved);
  double speeds[kMaxChunks];
  const bool after_sleep = adaptive && runtime::team_likely_asleep(threads);
  for (unsigned c = 0; c < chunks; ++c) speeds[c] = c == 0 ? 1.0 : worker_speed_estimate(after_sleep);
  plan_chunk_positions(plan, nb, b, lo, hi, adaptive ? speeds : nullptr);
  std::uint64_t start_ns = 0, finish_ns[kMaxChunks] = {};
  for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps + i * n, xs + i * kc.n, kc, work);
  runtime::Schedule s(std::max(1, threads));
  ColumnRing ring;
  const bool use_ring = offloads(plan, chunks) && b < (std::size_t(1) << 32);  // the ring packs positions in 32 bits
  if (use_ring) ring = column_ring_init(base + l.ring, n, hi[0], lo[1], hi[1]);
  std::size_t stolen = 0;
  const Job job{&plan, nb, b, n, chunks, prefixes, prefix_bits(chunks), ep, en, reps, table, partials, work, stride,
                lo, hi, &kc, &e, chunk_counts, &s, static_cast<int>(prefixes), &start_ns, finish_ns,
                use_ring ? &ring : nullptr, &stolen};
  const double per_prefix = static_cast<double>(table_limbs(1, nb, plan)) / std::max(1u, prefixes);
  for (unsigned p = 0; p < prefixes; ++p)
    s.add(precompute_task, &job, p, per_prefix, static_cast<int>(p), "multiexp precompute");
  // Chunk 0 (the highest bits) first, on the caller's list: run alone (a
  // late team, or sequentially) it absorbs the lower chunks and costs the
  // sequential chain.
  for (unsigned c = 0; c < chunks; ++c) {
    const int task = s.add(chunk_task, &job, c, static_cast<double>(hi[c]), static_cast<int>(c), "multiexp chunk");
    for (unsigned p = 0; p < prefixes; ++p) s.depend(task, static_cast<int>(p));
  }
  if (threads <= 1) {
    s.run_sequential();
  } else {
    const int ran = runtime::run(s, threads);
    if (adaptive && ran > 1) {
      double w[kMaxChunks];
      modelled_work(w, plan, nb, b, lo, hi, chunks, stolen);
      record_chunk_speeds(w, chunks, finish_ns, start_ns, s, static_cast<int>(prefixes), after_sleep);
    }
  }
  combine_partials(r, partials, chunks + (stolen ? 1 : 0), kc, e, work);
}

double worker_speed_estimate(bool after_sleep) noexcept {
  return g_worker_speed_permille[after_sleep ? 1 : 0].load(std::memory_order_relaxed) / 1000.0;
}

void combine_partials(limb_t* r, limb_t* partials, unsigned count, const modmul::ModulusConstants& kc,
                      const modmul::Engine& engine, limb_t* work) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n), stride = line_words(n);
  for (unsigned t = 1; t < count; ++t) engine.mul(partials, partials, partials + t * stride, kc, work);
  engine.from_repr(r, partials, kc, work);
}

}  // namespace parmod::multiexp

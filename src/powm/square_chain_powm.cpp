#include "powm/square_chain_powm.hpp"

#include <atomic>
#include <cstdint>

#include "check/assert.hpp"
#include "limbs/limbs.hpp"
#include "powm/exponent_bits.hpp"
#include "powm/sliding_window.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"

namespace parmod::exponentiation {
namespace {

constexpr unsigned kW = kSquareChainWindow;
constexpr std::size_t kBuckets = (std::size_t(1) << kW) - 1;  // B_1 .. B_(2^w - 1)

std::size_t digit_count(std::size_t bits) noexcept { return (bits + kW - 1) / kW; }

struct alignas(64) Progress {
  std::atomic<std::size_t> ready{0};  // x_0 .. x_(ready - 1) are published
};
struct alignas(64) Ends {
  // The digits not yet taken: [lo, hi), lo in bits 0..31, hi in bits 32..63.
  std::atomic<std::uint64_t> v{0};
};

struct ChainJob {
  const limb_t* ep;
  std::size_t en, digits, s;  // s: words per element
  std::size_t stride;         // s on whole cache lines: the layout's element stride
  std::size_t sm, sm_stride;  // words published per power (modmul::multiplier_size), on whole lines
  const modmul::ModulusConstants* k;
  const modmul::Engine* engine;
  limb_t* powers;   // x_i's multiplier words at powers + i sm_stride
  limb_t* buckets;  // set t's B_j at buckets + (t kBuckets + j - 1) stride
  limb_t* chain;    // the chain's current power
  struct alignas(64) Filled {  // filled[t].v[j]: set t's B_j holds a value (a line per set)
    bool v[kBuckets + 1];
  } * filled;
  limb_t* work[2];               // engine scratch: the chain's (set 0), the worker's (set 1)
  Progress* progress;
  Ends* ends;
};

unsigned digit(const ChainJob& j, std::size_t i) noexcept {
  const std::size_t lo = i * kW;
  const std::size_t bits = std::min<std::size_t>(kW, j.en * kLimbBits - lo);
  return exponent_bits(j.ep, j.en, lo, static_cast<unsigned>(bits));
}

// B_(d_i) *= x_i in set t.
void take_digit(const ChainJob& j, std::size_t i, unsigned t) noexcept {
  const unsigned d = digit(j, i);
  if (d == 0) return;
  limb_t* bucket = j.buckets + (t * kBuckets + d - 1) * j.stride;
  const limb_t* x = j.powers + i * j.sm_stride;
  if (j.filled[t].v[d])
    j.engine->mul(bucket, bucket, x, *j.k, j.work[t]);
  else if (j.sm < j.s)  // x_i is published short: B = 1 x_i
    j.engine->mul(bucket, j.engine->one(*j.k), x, *j.k, j.work[t]);
  else
    mpn_copyi(bucket, x, static_cast<mp_size_t>(j.s));
  j.filled[t].v[d] = true;
}

// Task 0 (the caller's list): the chain, then the digits left from the top.
void chain_task(const void* ctx, unsigned) {
  const ChainJob& j = *static_cast<const ChainJob*>(ctx);
  const modmul::Engine& e = *j.engine;
  // The chain squares in its own buffer (x_0 there from the start) and
  // copies out the words a product reads of each power: the published
  // copies' cache lines move to the worker, the chain's stay.
  limb_t* x = j.chain;
  for (std::size_t i = 1; i < j.digits; ++i) {
    // Own the slot's lines before the copy (the worker read them last call):
    // a store waiting for another core would hold up the chain's own stores.
    for (std::size_t w = 0; w < j.sm; w += limbs::kLineWords) __builtin_prefetch(j.powers + i * j.sm_stride + w, 1, 3);
    for (unsigned q = 0; q < kW; ++q) e.sqr(x, x, *j.k, j.work[0]);
    mpn_copyi(j.powers + i * j.sm_stride, x, static_cast<mp_size_t>(j.sm));
    j.progress->ready.store(i + 1, std::memory_order_release);
  }
  std::uint64_t v = j.ends->v.load(std::memory_order_acquire);
  for (;;) {
    const std::uint64_t lo = v & 0xffffffffu, hi = v >> 32;
    if (lo >= hi) break;
    if (!j.ends->v.compare_exchange_weak(v, v - (std::uint64_t(1) << 32), std::memory_order_acq_rel)) continue;
    take_digit(j, static_cast<std::size_t>(hi - 1), 0);
    v = j.ends->v.load(std::memory_order_acquire);
  }
}

// Task 1 (the worker's list): the digits from the bottom, each once its power
// is published.  It waits only while the chain runs (task 0 runs on the
// caller, or before this task on a thread running the schedule in order).
void bucket_task(const void* ctx, unsigned) {
  const ChainJob& j = *static_cast<const ChainJob*>(ctx);
  std::uint64_t v = j.ends->v.load(std::memory_order_acquire);
  for (;;) {
    const std::uint64_t lo = v & 0xffffffffu, hi = v >> 32;
    if (lo >= hi) break;
    if (!j.ends->v.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel)) continue;
    const std::size_t i = static_cast<std::size_t>(lo);
    if (digit(j, i) != 0) {
      // Pause hints, then sched_yield: a chain queued behind us on a shared core runs at once.
      runtime::Backoff backoff;
      while (j.progress->ready.load(std::memory_order_acquire) <= i) backoff.pause();
      take_digit(j, i, 1);
    }
    v = j.ends->v.load(std::memory_order_acquire);
  }
}

}  // namespace

bool square_chain_fits(std::size_t n, std::size_t bits) noexcept {
  const std::size_t digits = digit_count(bits);
  return digits >= 2 && digits < (std::size_t(1) << 31) && n <= kSquareChainMaxLimbs / digits;
}

std::size_t square_chain_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, n), sm = modmul::multiplier_size(e, n);
  const std::size_t digits = digit_count(en * kLimbBits);
  if (!square_chain_fits(n, en * kLimbBits)) return sliding_window_powm_scratch(n, en, engine);
  // From a line boundary, each on whole lines (the threads write next to
  // each other): the powers (their multiplier words), two bucket sets, A, C
  // and the chain's power, two engine scratch areas; or the sequential window's.
  return std::max(limbs::kLineWords - 1 + digits * limbs::line_words(sm) + (2 * kBuckets + 3) * limbs::line_words(s) +
                      2 * limbs::line_words(e.scratch_limbs(n)),
                  sliding_window_powm_scratch(n, en, engine));
}

void square_chain_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en,
                       const modmul::ModulusConstants& k, const modmul::Engine& any_form, int threads,
                       limb_t* scratch) noexcept {
  const std::size_t bits = exponent_bit_length(ep, en);
  // The scratch was sized for en limbs of exponent (square_chain_powm_scratch).
  if (threads < 2 || digit_count(bits) < 2 || !square_chain_fits(k.n, en * kLimbBits) || !runtime::team_free()) {
    sliding_window_powm(r, b, ep, en, k, any_form, scratch);
    return;
  }
  runtime::prewake(2);  // wakes while the base is converted
  const modmul::Engine& engine = modmul::element_engine(any_form);
  // Every element and scratch area on whole cache lines (line-aligned
  // elements are also element-aligned): the chain writes the next power
  // while the worker reads the last, and each thread writes its own scratch.
  const std::size_t s = modmul::element_size(engine, k.n), stride = limbs::line_words(s);
  const std::size_t sm = modmul::multiplier_size(engine, k.n), sm_stride = limbs::line_words(sm);
  PARMOD_ASSERT(sm <= s);
  const std::size_t digits = digit_count(bits);
  PARMOD_ASSERT(digits <= digit_count(en * kLimbBits));
  limb_t* powers = limbs::line_aligned(scratch);
  limb_t* buckets = powers + digits * sm_stride;
  limb_t* acc = buckets + 2 * kBuckets * stride;
  limb_t* result = acc + stride;
  limb_t* chain = result + stride;
  limb_t* work0 = chain + stride;
  limb_t* work1 = work0 + limbs::line_words(engine.scratch_limbs(k.n));
  engine.to_repr(chain, b, k, work0);  // x_0
  mpn_copyi(powers, chain, static_cast<mp_size_t>(sm));
  ChainJob::Filled filled[2] = {};
  Progress progress;
  progress.ready.store(1, std::memory_order_relaxed);
  Ends ends;
  ends.v.store(std::uint64_t(digits) << 32, std::memory_order_relaxed);
  const ChainJob job{ep, en, digits, s, stride, sm, sm_stride, &k, &engine, powers, buckets, chain, filled,
                     {work0, work1}, &progress, &ends};
  runtime::Schedule sched(2);
  const double m = static_cast<double>(digits) * (1.0 - 1.0 / (kBuckets + 1));  // products in buckets
  sched.add(chain_task, &job, 0, static_cast<double>((digits - 1) * kW), 0, "square chain");
  sched.add(bucket_task, &job, 1, m, 1, "digit buckets");
  runtime::run(sched, 2);
  // Merge the sets into set 0; then C = prod_j A_j, A_j = prod_(l >= j) B_l.
  bool have_acc = false, have_result = false;
  for (std::size_t d = kBuckets; d >= 1; --d) {
    limb_t* b0 = buckets + (d - 1) * stride;
    const limb_t* b1 = buckets + (kBuckets + d - 1) * stride;
    const limb_t* bucket = nullptr;
    if (filled[0].v[d] && filled[1].v[d]) engine.mul(b0, b0, b1, k, work0);
    if (filled[0].v[d]) bucket = b0;
    else if (filled[1].v[d]) bucket = b1;
    if (bucket) {
      if (have_acc) engine.mul(acc, acc, bucket, k, work0);
      else mpn_copyi(acc, bucket, static_cast<mp_size_t>(s));
      have_acc = true;
    }
    if (!have_acc) continue;
    if (have_result) engine.mul(result, result, acc, k, work0);
    else mpn_copyi(result, acc, static_cast<mp_size_t>(s));
    have_result = true;
  }
  PARMOD_ASSERT(have_result);  // the top digit is not zero
  engine.from_repr(r, result, k, work0);
}

}  // namespace parmod::exponentiation

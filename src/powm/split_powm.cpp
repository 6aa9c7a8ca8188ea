#include "powm/split_powm.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "powm/exponent_bits.hpp"
#include "powm/exponent_split.hpp"
#include "powm/sliding_window.hpp"
#include "runtime/team.hpp"

namespace parmod::exponentiation {
namespace {

constexpr int kMaxFactors = 16;
constexpr std::uint64_t kClosed = std::uint64_t(1) << 63;

struct alignas(64) Word {
  std::atomic<std::uint64_t> v{0};
};

struct SplitJob {
  const limb_t* table;  // x^(2i+1), i < 2^(w-1), in the representation
  const limb_t* ep;
  std::size_t en;
  unsigned w, chunks;
  double m;  // window multiplications per bit, in squarings (phi / (w + 1))
  const modmul::ModulusConstants* k;
  const modmul::Engine* engine;
  std::size_t n;        // words per element
  limb_t* partials;     // chunk c's partial at partials + c n
  limb_t* work;         // chunk c's engine scratch at work + c work_stride
  std::size_t work_stride;
  runtime::Schedule* schedule;  // chunk c is task c
  // boundary[c] (c < chunks - 1): between chunk c and c + 1, a bit position;
  // kClosed | position once the chain above has stopped there.
  Word* boundary;
  // above[c]: where the chain running chunk c is (its bits from there up are
  // done; 0 before it starts).  A chunk that starts late reads it.
  Word* above;
  bool* used;  // used[c]: chunk c's task ran and its partial is not 1
};

// A chunk task that starts while the chain above it runs: its upper
// boundary moves down so that the two finish together from now, the chain
// above running on through the bits in between.  The chain above, at p,
// has (p - l) window bits and then l completing squarings left; this chunk
// (l - lo) window bits and lo squarings; equal at l = (p (1 + m) + lo m) /
// (1 + 2m), which at p = the top of the exponent is the planned boundary
// (Lara et al.'s balance for two factors), so a chunk that starts on time
// keeps it.  Returns the upper boundary this chunk runs from.
std::size_t join_chain_above(const SplitJob& j, unsigned c) {
  Word& b = j.boundary[c - 1];
  std::uint64_t v = b.v.load(std::memory_order_acquire);
  for (;;) {
    const std::size_t planned = static_cast<std::size_t>(v & ~kClosed);
    if (v & kClosed) return planned;  // the chain above has stopped there
    const std::size_t p = static_cast<std::size_t>(j.above[c - 1].v.load(std::memory_order_acquire));
    if (p == 0) return planned;  // the chain above has not started either
    const std::size_t lo = c + 1 < j.chunks ? static_cast<std::size_t>(j.boundary[c].v.load() & ~kClosed) : 0;
    const double l = (static_cast<double>(p) * (1.0 + j.m) + static_cast<double>(lo) * j.m) / (1.0 + 2.0 * j.m);
    const std::size_t want = std::max(lo + 1, static_cast<std::size_t>(l));
    if (want >= planned) return planned;
    // The chain above runs down to `planned` at the most before it reads the
    // word again, so a boundary below it is still ahead of that chain.
    if (b.v.compare_exchange_weak(v, want, std::memory_order_acq_rel)) return want;
  }
}

// Chunk c: a left-to-right sliding window over the bits from its upper
// boundary down (on a fresh partial), on through every lower chunk that no
// thread has started (absorbed: one chain, no completing squarings for
// them), to the boundary where it stops; then as many completing squarings
// as the bits below.  partial = x^(e_[l, hi) 2^l).
void chunk_task(const void* ctx, unsigned c) {
  const SplitJob& j = *static_cast<const SplitJob*>(ctx);
  const modmul::Engine& e = *j.engine;
  const modmul::ModulusConstants& k = *j.k;
  const std::size_t n = j.n;
  limb_t* acc = j.partials + c * n;
  limb_t* work = j.work + c * j.work_stride;
  std::size_t i = c == 0 ? exponent_bit_length(j.ep, j.en) : join_chain_above(j, c);  // bits i-1 .. down remain
  unsigned cur = c;  // the lowest chunk this chain has taken
  bool started = false;  // acc holds a power (before: 1, and squarings of 1 are skipped)
  for (;;) {
    j.above[cur].v.store(i, std::memory_order_release);
    const std::size_t limit =
        cur + 1 < j.chunks ? static_cast<std::size_t>(j.boundary[cur].v.load(std::memory_order_acquire) & ~kClosed) : 0;
    while (i > limit) {
      if (exponent_bit(j.ep, i - 1) == 0) {
        if (started) e.sqr(acc, acc, k, work);
        --i;
        continue;
      }
      // The window [s, i - 1]: at most w bits, not below the limit, ending on a one.
      std::size_t s = std::max(i >= j.w ? i - j.w : 0, limit);
      while (exponent_bit(j.ep, s) == 0) ++s;
      const unsigned len = static_cast<unsigned>(i - s);
      const limb_t* power = j.table + (exponent_bits(j.ep, j.en, s, len) >> 1) * n;
      if (!started) {
        mpn_copyi(acc, power, static_cast<mp_size_t>(n));
        started = true;
      } else {
        for (unsigned q = 0; q < len; ++q) e.sqr(acc, acc, k, work);
        e.mul(acc, acc, power, k, work);
      }
      i = s;
      j.above[cur].v.store(i, std::memory_order_release);
    }
    if (cur + 1 >= j.chunks) break;  // bit 0 reached
    if (j.schedule->absorb(static_cast<int>(cur) + 1)) {  // no thread has started the next chunk
      ++cur;
      continue;
    }
    // The next chunk runs: stop here, unless its late start has just moved
    // the boundary down (then go on to it).
    std::uint64_t v = j.boundary[cur].v.load(std::memory_order_acquire);
    if (static_cast<std::size_t>(v) < i) continue;
    if (j.boundary[cur].v.compare_exchange_strong(v, kClosed | i, std::memory_order_acq_rel)) break;
  }
  if (started)
    for (std::size_t q = 0; q < i; ++q) e.sqr(acc, acc, k, work);  // completing squarings
  j.used[c] = started;
}

}  // namespace

double split_phi_effective(double phi, std::size_t bits) noexcept {
  const unsigned w = sliding_window_size(bits);
  return phi * 2.0 / (w + 1.0);
}

std::size_t split_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine, int threads) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);  // the loop runs on the element form
  const std::size_t f = static_cast<std::size_t>(std::clamp(threads, 1, kMaxFactors));
  const std::size_t s = modmul::element_size(e, n);
  const std::size_t table = std::size_t(1) << (sliding_window_size(en * kLimbBits) - 1);
  // x, the odd powers, the partials, then the engine's scratch per chunk.
  return (1 + table + f) * s + (f + 1) * e.scratch_limbs(n);
}

void split_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                const modmul::Engine& any_form, int threads, double phi, limb_t* scratch) noexcept {
  const modmul::Engine& engine = modmul::element_engine(any_form);
  const std::size_t n = modmul::element_size(engine, k.n);  // words per element
  const std::size_t bits = exponent_bit_length(ep, en);
  threads = std::clamp(threads, 1, kMaxFactors);
  if (bits < 2 * static_cast<std::size_t>(threads)) threads = 1;
  if (threads > 1) runtime::prewake(threads);  // wakes while the base is converted
  const std::size_t work_stride = engine.scratch_limbs(k.n);
  limb_t* x = scratch;
  limb_t* table = x + n;
  if (bits == 0) {
    engine.from_repr(r, engine.one(k), k, table);
    return;
  }
  std::size_t bounds[kMaxFactors + 1];
  const auto b_vec = split_boundaries(bits, split_phi_effective(phi, bits), static_cast<unsigned>(threads));
  const auto chunks = static_cast<unsigned>(b_vec.size() - 1);
  std::copy(b_vec.begin(), b_vec.end(), bounds);  // no allocation below this point but the vector above
  const unsigned w = sliding_window_size(bits);
  const std::size_t table_size = std::size_t(1) << (w - 1);
  limb_t* partials = table + table_size * n;
  limb_t* work = partials + chunks * n;  // chunks + 1 engine scratch areas: one per chunk, then the caller's
  limb_t* caller_work = work + chunks * work_stride;
  engine.to_repr(x, b, k, caller_work);
  mpn_copyi(table, x, static_cast<mp_size_t>(n));
  if (table_size > 1) {
    limb_t* x2 = partials;  // free until the chunks run
    engine.sqr(x2, x, k, caller_work);
    for (std::size_t i = 1; i < table_size; ++i) engine.mul(table + i * n, table + (i - 1) * n, x2, k, caller_work);
  }
  // Chunk c holds the bits [bounds[chunks - 1 - c], bounds[chunks - c]): chunk 0 the highest.
  Word boundary[kMaxFactors], above[kMaxFactors];
  bool used[kMaxFactors] = {};
  for (unsigned c = 0; c + 1 < chunks; ++c) boundary[c].v.store(bounds[chunks - 1 - c], std::memory_order_relaxed);
  runtime::Schedule s(static_cast<int>(chunks));
  const SplitJob job{table, ep, en, w, chunks, phi / (w + 1.0), &k, &engine, n, partials, work, work_stride,
                     &s, boundary, above, used};
  // Chunk c's cost: its window bits and the completing squarings below them.
  for (unsigned c = 0; c < chunks; ++c) {
    const double lo = static_cast<double>(bounds[chunks - 1 - c]), hi = static_cast<double>(bounds[chunks - c]);
    s.add(chunk_task, &job, c, hi + (hi - lo) * job.m, static_cast<int>(c), "split chunk");
  }
  runtime::run(s, static_cast<int>(chunks));
  limb_t* acc = nullptr;
  for (unsigned c = 0; c < chunks; ++c) {
    if (!used[c]) continue;
    if (acc)
      engine.mul(acc, acc, partials + c * n, k, caller_work);
    else
      acc = partials + c * n;
  }
  engine.from_repr(r, acc ? acc : engine.one(k), k, caller_work);
}

}  // namespace parmod::exponentiation

#include "powm/split_powm.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "limbs/limbs.hpp"
#include "powm/exponent_bits.hpp"
#include "powm/exponent_split.hpp"
#include "powm/sliding_window.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"

namespace parmod::exponentiation {
namespace {

constexpr int kMaxFactors = 16;
// Segments: the chunks, then the parts thieves take (at most two steals per
// thread: each takes about half of what is left).
constexpr unsigned kStealsPerThread = 2;
constexpr unsigned kMaxSegments = kMaxFactors * (1 + kStealsPerThread);
// Positions are packed in 27 bits: longer exponents run on one thread.
constexpr std::size_t kMaxSplitBits = (std::size_t(1) << 27) - 1;
// A steal takes at least this many bits (each costs a product at the end and
// a partial's lead-in).
constexpr std::size_t kMinStealBits = 64;

// A segment's state in one word, changed by compare-exchange only:
//   bits  0..26  next:  its chain has taken (done or doing) the bits from here up;
//   bits 27..53  limit: its chain stops here (lowered by a late start below,
//                raised by a steal from below);
//   bit  54      joining: a task has taken it and is moving its top down;
//   bits 55..60  below: the segment under it (kNone: none);
//   bit  62      closed: its chain has stopped at next == limit;
//   bit  63      unowned: no chain has taken it yet.
using State = std::uint64_t;
constexpr unsigned kNone = 63;
constexpr State kPositionMask = (State(1) << 27) - 1;
constexpr State kLimitField = kPositionMask << 27, kBelowField = State(63) << 55;
constexpr State kJoiningBit = State(1) << 54, kClosedBit = State(1) << 62, kUnownedBit = State(1) << 63;

constexpr std::size_t next_of(State s) noexcept { return static_cast<std::size_t>(s & kPositionMask); }
constexpr std::size_t limit_of(State s) noexcept { return static_cast<std::size_t>((s >> 27) & kPositionMask); }
constexpr unsigned below_of(State s) noexcept { return static_cast<unsigned>((s >> 55) & 63); }
constexpr State with_next(State s, std::size_t next) noexcept { return (s & ~kPositionMask) | static_cast<State>(next); }
constexpr State with_limit(State s, std::size_t limit) noexcept {
  return (s & ~kLimitField) | static_cast<State>(limit) << 27;
}
constexpr State with_below(State s, unsigned below) noexcept {
  return (s & ~kBelowField) | static_cast<State>(below) << 55;
}
constexpr State make_state(std::size_t next, std::size_t limit, unsigned below, State flags = 0) noexcept {
  return with_below(with_limit(static_cast<State>(next), limit), below) | flags;
}
// Owned by a chain that has not stopped: its lower part may be stolen.
constexpr bool running(State s) noexcept { return !(s & (kClosedBit | kUnownedBit | kJoiningBit)); }
static_assert(kMaxFactors * 3 < kNone);

struct alignas(64) Segment {
  std::atomic<State> state{0};
  std::atomic<unsigned> owner{0};  // the task whose chain runs it
};

// Per task: how fast its chain has run window bits (for the thieves' balance).
struct alignas(64) ChainRate {
  std::atomic<std::uint64_t> bits{0}, ns{0};
};

struct alignas(64) Used {  // a line per segment: the chains write theirs as they stop
  bool v = false;
};

struct SplitJob {
  const limb_t* table;  // x^(2i+1), i < 2^(w-1), in the representation
  const limb_t* ep;
  std::size_t en;
  unsigned w, tasks, max_segments;
  double m;  // window multiplications per bit, in squarings (phi / (w + 1))
  const modmul::ModulusConstants* k;
  const modmul::Engine* engine;
  std::size_t n;       // words per element
  std::size_t stride;  // n on whole cache lines (limbs::line_words): the partials' stride
  limb_t* partials;    // segment s's partial at partials + s stride
  limb_t* work;        // task c's engine scratch at work + c work_stride (whole lines)
  std::size_t work_stride;
  Segment* segments;
  std::atomic<unsigned>* segment_count;
  ChainRate* rates;
  Used* used;  // used[s].v: segment s's partial is part of the result
};

// The point l in [lo, hi) where a chain at `hi` that must go on to l and then
// square l times, at rate r_above, and a chain that runs [lo, l) and squares
// lo times, at rate r_below, finish together: ((hi - l)(1 + m) + l) / r_above
// = ((l - lo)(1 + m) + lo) / r_below.  With equal rates and lo = 0 it is
// Lara et al.'s boundary for two factors.
std::size_t balance_point(std::size_t hi, std::size_t lo, double m, double r_above, double r_below) noexcept {
  const double l = (static_cast<double>(hi) * (1.0 + m) * r_below + static_cast<double>(lo) * m * r_above) /
                   ((1.0 + m) * r_above + m * r_below);
  return static_cast<std::size_t>(std::clamp(l, static_cast<double>(lo), static_cast<double>(hi)));
}

// Window bits per nanosecond of task c's chain so far (0: not known yet).
double rate_of(const SplitJob& j, unsigned task) noexcept {
  const std::uint64_t bits = j.rates[task].bits.load(std::memory_order_relaxed);
  const std::uint64_t ns = j.rates[task].ns.load(std::memory_order_relaxed);
  return bits && ns ? static_cast<double>(bits) / static_cast<double>(ns) : 0.0;
}

// Runs the chain of task `task` on segment s (already owned by it, running):
// a left-to-right sliding window over the segment's bits from `next` down
// on a fresh partial, on through every segment below that no chain has
// taken (absorbed: its bits join this chain, no completing squarings for
// them), to the limit where it stops; then as many completing squarings as
// the bits below.  partial_s = x^(e_[l, hi) 2^l).
void run_chain(const SplitJob& j, unsigned s, unsigned task, limb_t* work) {
  const modmul::Engine& e = *j.engine;
  const modmul::ModulusConstants& k = *j.k;
  const std::size_t n = j.n;
  limb_t* acc = j.partials + s * j.stride;
  bool started = false;  // acc holds a power (before: 1, and squarings of 1 are skipped)
  unsigned cur = s;      // the segment the chain is in
  std::size_t done_bits = 0;
  const std::uint64_t t0 = runtime::monotonic_ns();
  std::size_t i = next_of(j.segments[cur].state.load(std::memory_order_acquire));  // bits below i remain
  for (;;) {
    Segment& g = j.segments[cur];
    State v = g.state.load(std::memory_order_acquire);
    const std::size_t limit = limit_of(v);
    if (i > limit) {
      // The next window [lo, i - 1]: at most w bits, not below the limit,
      // ending on a one (or one zero bit).  Taken by moving next down first,
      // so that a thief's limit never falls inside work under way.
      std::size_t lo = i - 1;
      if (exponent_bit(j.ep, i - 1)) {
        lo = std::max(i >= j.w ? i - j.w : 0, limit);
        while (exponent_bit(j.ep, lo) == 0) ++lo;
      }
      if (!g.state.compare_exchange_weak(v, with_next(v, lo), std::memory_order_acq_rel)) continue;
      const unsigned len = static_cast<unsigned>(i - lo);
      if (!exponent_bit(j.ep, i - 1)) {
        if (started) e.sqr(acc, acc, k, work);
      } else {
        const limb_t* power = j.table + (exponent_bits(j.ep, j.en, lo, len) >> 1) * n;
        if (!started) {
          mpn_copyi(acc, power, static_cast<mp_size_t>(n));
          started = true;
        } else {
          for (unsigned q = 0; q < len; ++q) e.sqr(acc, acc, k, work);
          e.mul(acc, acc, power, k, work);
        }
      }
      i = lo;
      done_bits += len;
      j.rates[task].bits.store(done_bits, std::memory_order_relaxed);
      j.rates[task].ns.store(runtime::monotonic_ns() - t0 + 1, std::memory_order_relaxed);
      continue;
    }
    // At the limit (next == limit == i): take the segment below if no chain
    // has (its task then finds it taken and only helps), else stop here --
    // unless a late start below has just moved the limit down (the close
    // fails: go on to it).
    const unsigned b = below_of(v);
    if (b != kNone) {
      Segment& u = j.segments[b];
      State bv = u.state.load(std::memory_order_acquire);
      if ((bv & kUnownedBit) && u.state.compare_exchange_strong(bv, with_next(bv & ~kUnownedBit, i),
                                                                std::memory_order_acq_rel)) {
        u.owner.store(task, std::memory_order_relaxed);
        // Nothing else changes this segment now: no late start below it
        // (the segment below is taken) and nothing to steal (next == limit).
        g.state.store(v | kClosedBit, std::memory_order_release);
        cur = b;
        continue;
      }
    }
    if (g.state.compare_exchange_strong(v, v | kClosedBit, std::memory_order_acq_rel)) break;
  }
  if (started)
    for (std::size_t q = 0; q < i; ++q) e.sqr(acc, acc, k, work);  // completing squarings
  j.used[s].v = started;
}

// Task c takes its chunk (segment c) if no chain above has absorbed it;
// if the chain above it runs, the boundary between them moves down so that
// both finish together from now (the plan assumes a late worker only when
// it is late).  The segment is marked joining meanwhile: the chain above
// cannot absorb it and no thief cuts it.  Returns false when absorbed.
bool take_chunk(const SplitJob& j, unsigned c) {
  Segment& g = j.segments[c];
  State v = g.state.load(std::memory_order_acquire);
  do {
    if (!(v & kUnownedBit)) return false;  // absorbed
  } while (!g.state.compare_exchange_weak(v, (v & ~kUnownedBit) | kJoiningBit, std::memory_order_acq_rel));
  g.owner.store(c, std::memory_order_relaxed);
  const std::size_t top = next_of(v), lo = limit_of(v);
  std::size_t to = top;
  // The segment above: the one whose below is c and whose limit is its top.
  const unsigned count = j.segment_count->load(std::memory_order_acquire);
  for (unsigned a = 0; a < count; ++a) {
    Segment& h = j.segments[a];
    State av = h.state.load(std::memory_order_acquire);
    while (a != c && below_of(av) == c && running(av) && limit_of(av) == top) {
      const std::size_t l = std::max(lo + 1, balance_point(next_of(av), lo, j.m, 1.0, 1.0));
      if (rate_of(j, h.owner.load(std::memory_order_relaxed)) == 0.0 || l >= top) break;  // not started, or on time
      if (h.state.compare_exchange_weak(av, with_limit(av, l), std::memory_order_acq_rel)) {
        to = l;
        break;
      }
    }
  }
  g.state.store(with_next(v & ~kUnownedBit, to), std::memory_order_release);
  return true;
}

// A thread with nothing left takes the lower part of the running segment
// with the most bits left (balanced by the chains' measured rates) into a
// new segment of its own.  Returns the new segment, or kNone.
unsigned steal(const SplitJob& j, unsigned task) {
  unsigned t = j.segment_count->load(std::memory_order_acquire);
  do {
    if (t >= j.max_segments) return kNone;
  } while (!j.segment_count->compare_exchange_weak(t, t + 1, std::memory_order_acq_rel));
  Segment& mine = j.segments[t];  // out of every list until the cut below links it in
  mine.owner.store(task, std::memory_order_relaxed);
  for (;;) {
    unsigned victim = kNone;
    State vv = 0;
    std::size_t most = 0;
    for (unsigned s = 0; s < t; ++s) {
      const State v = j.segments[s].state.load(std::memory_order_acquire);
      if (running(v) && next_of(v) > limit_of(v) && next_of(v) - limit_of(v) > most)
        victim = s, vv = v, most = next_of(v) - limit_of(v);
    }
    if (victim == kNone || most < 2 * kMinStealBits) break;
    const double r_victim = rate_of(j, j.segments[victim].owner.load(std::memory_order_relaxed));
    const double r_self = rate_of(j, task);
    const std::size_t next = next_of(vv), limit = limit_of(vv);
    const std::size_t at = balance_point(next, limit, j.m, r_victim > 0 ? r_victim : 1.0,
                                         r_self > 0 && r_victim > 0 ? r_self : 1.0);
    if (at < limit + kMinStealBits || at + j.w > next) break;
    // Joining until the cut links it in: another thief must not cut a
    // segment whose bits may still stay with the victim (if this cut fails,
    // such a cut would compute them twice), and take_chunk skips it too.
    mine.state.store(make_state(at, limit, below_of(vv), kJoiningBit), std::memory_order_release);
    if (j.segments[victim].state.compare_exchange_strong(vv, with_below(with_limit(vv, at), t),
                                                         std::memory_order_acq_rel)) {
      mine.state.store(make_state(at, limit, below_of(vv)), std::memory_order_release);
      return t;
    }
  }
  mine.state.store(make_state(0, 0, kNone, kClosedBit), std::memory_order_release);  // an empty slot
  return kNone;
}

void chunk_task(const void* ctx, unsigned c) {
  const SplitJob& j = *static_cast<const SplitJob*>(ctx);
  limb_t* work = j.work + c * j.work_stride;
  if (take_chunk(j, c)) run_chain(j, c, c, work);
  // Then help: whichever thread is free takes part of the largest chain left.
  for (unsigned t; (t = steal(j, c)) != kNone;) run_chain(j, t, c, work);
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
  // From a line boundary: x, the odd powers, a partial per segment on whole
  // lines, then the engine's scratch per task and the caller's, each on whole
  // lines (the chains write them side by side); or the sequential window's.
  return std::max(limbs::kLineWords - 1 + limbs::line_words((1 + table) * s) +
                      f * (1 + kStealsPerThread) * limbs::line_words(s) +
                      (f + 1) * limbs::line_words(e.scratch_limbs(n)),
                  sliding_window_powm_scratch(n, en, engine));
}

void split_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                const modmul::Engine& any_form, int threads, double phi, limb_t* scratch) noexcept {
  const modmul::Engine& engine = modmul::element_engine(any_form);
  const std::size_t n = modmul::element_size(engine, k.n);  // words per element
  const std::size_t bits = exponent_bit_length(ep, en);
  threads = std::clamp(threads, 1, kMaxFactors);
  if (bits < 2 * static_cast<std::size_t>(threads) || bits > kMaxSplitBits) threads = 1;
  std::size_t bounds[kMaxFactors + 1];
  const auto b_vec = split_boundaries(bits, split_phi_effective(phi, bits), static_cast<unsigned>(threads));
  const auto chunks = static_cast<unsigned>(b_vec.size() - 1);
  if (chunks == 1) {  // one chain: the sequential window (its scratch fits in split_powm_scratch's)
    sliding_window_powm(r, b, ep, en, k, any_form, scratch);
    return;
  }
  runtime::prewake(threads);  // wakes while the base is converted
  std::copy(b_vec.begin(), b_vec.end(), bounds);  // no allocation below this point but the vector above
  const std::size_t work_stride = limbs::line_words(engine.scratch_limbs(k.n));
  const std::size_t stride = limbs::line_words(n);
  limb_t* x = limbs::line_aligned(scratch);
  limb_t* table = x + n;
  const unsigned w = sliding_window_size(bits);
  const std::size_t table_size = std::size_t(1) << (w - 1);
  const unsigned max_segments = chunks * (1 + kStealsPerThread);
  limb_t* partials = x + limbs::line_words((1 + table_size) * n);
  limb_t* work = partials + max_segments * stride;  // an engine scratch area per task, then the caller's
  limb_t* caller_work = work + chunks * work_stride;
  engine.to_repr(x, b, k, caller_work);
  mpn_copyi(table, x, static_cast<mp_size_t>(n));
  if (table_size > 1) {
    limb_t* x2 = partials;  // free until the chains run
    engine.sqr(x2, x, k, caller_work);
    for (std::size_t i = 1; i < table_size; ++i) engine.mul(table + i * n, table + (i - 1) * n, x2, k, caller_work);
  }
  // Segment c = chunk c, the bits [bounds[chunks - 1 - c], bounds[chunks - c]): chunk 0 the highest.
  Segment segments[kMaxSegments];
  ChainRate rates[kMaxFactors];
  Used used[kMaxSegments] = {};
  for (unsigned c = 0; c < chunks; ++c)
    segments[c].state.store(make_state(bounds[chunks - c], bounds[chunks - 1 - c], c + 1 < chunks ? c + 1 : kNone,
                                       kUnownedBit),
                            std::memory_order_relaxed);
  std::atomic<unsigned> segment_count{chunks};
  const SplitJob job{table, ep, en, w, chunks, max_segments, phi / (w + 1.0), &k, &engine, n, stride, partials, work,
                     work_stride, segments, &segment_count, rates, used};
  runtime::Schedule s(static_cast<int>(chunks));
  // Chunk c's cost: its window bits and the completing squarings below them.
  for (unsigned c = 0; c < chunks; ++c) {
    const double lo = static_cast<double>(bounds[chunks - 1 - c]), hi = static_cast<double>(bounds[chunks - c]);
    s.add(chunk_task, &job, c, hi + (hi - lo) * job.m, static_cast<int>(c), "split chunk");
  }
  runtime::run(s, static_cast<int>(chunks));
  limb_t* acc = nullptr;
  const unsigned count = segment_count.load(std::memory_order_acquire);
  for (unsigned g = 0; g < count; ++g) {
    if (!used[g].v) continue;
    if (acc)
      engine.mul(acc, acc, partials + g * stride, k, caller_work);
    else
      acc = partials + g * stride;
  }
  engine.from_repr(r, acc ? acc : engine.one(k), k, caller_work);
}

}  // namespace parmod::exponentiation

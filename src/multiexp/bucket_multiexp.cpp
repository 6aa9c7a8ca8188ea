#include "multiexp/bucket_multiexp.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "multiexp/mulexp.hpp"
#include "powm/exponent_bits.hpp"

namespace parmod::multiexp {
namespace {

inline std::size_t window_count(std::size_t lo, std::size_t hi, unsigned c) noexcept {
  return hi > lo ? (hi - lo + c - 1) / c : 0;
}

}  // namespace

double bucket_operation_count(std::size_t nb, std::size_t b, unsigned c) noexcept {
  if (b == 0) return 0;
  const double windows = static_cast<double>((b + c - 1) / c), slots = std::ldexp(1.0, static_cast<int>(c));
  return windows * (static_cast<double>(nb) * (1.0 - 1.0 / slots) + slots - 2.0) + static_cast<double>(b);
}

unsigned bucket_window_size(std::size_t nb, std::size_t b) noexcept {
  unsigned best = 1;
  for (unsigned c = 2; c <= kMaxBucketWindow; ++c)
    if (bucket_operation_count(nb, b, c) < bucket_operation_count(nb, b, best)) best = c;
  return best;
}

OpCount bucket_exact_count(const limb_t* const* ep, const std::size_t* en, std::size_t nb, unsigned c,
                           std::size_t lo, std::size_t hi) {
  OpCount count;
  std::vector<unsigned char> filled(std::size_t(1) << c);
  bool started = false;
  for (std::size_t j = window_count(lo, hi, c); j-- > 0;) {
    const std::size_t s = lo + j * c;
    const unsigned width = static_cast<unsigned>(std::min<std::size_t>(c, hi - s));
    std::fill(filled.begin(), filled.end(), 0);
    std::uint64_t z = 0, m = 0, top = 0;
    for (std::size_t i = 0; i < nb; ++i) {
      const unsigned d = exponentiation::exponent_bits(ep[i], en[i], s, width);
      if (d == 0) continue;
      ++z;
      if (!filled[d]) filled[d] = 1, ++m;
      top = std::max<std::uint64_t>(top, d);
    }
    if (started) count.sqr += c;
    if (m == 0) continue;
    count.mul += (z - m) + (m - 1) + (top - 1) + (started ? 1 : 0);
    started = true;
  }
  if (started) count.sqr += lo;
  return count;
}

std::size_t bucket_chunk_scratch(std::size_t n, unsigned c, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  return (std::size_t(1) << c) * (modmul::element_size(e, n) + 1) + e.scratch_limbs(n);
}

void bucket_chunk(limb_t* acc, const limb_t* reps, std::size_t nb, unsigned c, const limb_t* const* ep,
                  const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                  const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n), slots = std::size_t(1) << c;
  const auto ns = static_cast<mp_size_t>(n);
  limb_t* buckets = scratch;             // bucket d at (d - 1) n, d in [1, 2^c)
  limb_t* running = buckets + (slots - 1) * n;
  limb_t* filled = running + n;          // 2^c marks
  limb_t* work = filled + slots;         // engine scratch
  std::uint64_t muls = 0, sqrs = 0;
  bool started = false;                  // acc holds something other than 1
  for (std::size_t j = window_count(lo, hi, c); j-- > 0;) {
    const std::size_t s = lo + j * c;
    const unsigned width = static_cast<unsigned>(std::min<std::size_t>(c, hi - s));
    if (started) {
      for (unsigned q = 0; q < c; ++q) engine.sqr(acc, acc, kc, work);
      sqrs += c;
    }
    const std::size_t used = std::size_t(1) << width;
    std::fill(filled, filled + used, limb_t(0));
    unsigned top = 0;
    for (std::size_t i = 0; i < nb; ++i) {  // accumulate the buckets
      const unsigned d = exponentiation::exponent_bits(ep[i], en[i], s, width);
      if (d == 0) continue;
      limb_t* bd = buckets + (d - 1) * n;
      if (filled[d]) {
        engine.mul(bd, bd, reps + i * n, kc, work);
        ++muls;
      } else {
        mpn_copyi(bd, reps + i * n, ns);
        filled[d] = 1;
      }
      top = std::max(top, d);
    }
    if (top == 0) continue;
    // Running sums: acc *= B[top] .. B[d] for d = top .. 1, i.e. acc *= prod_d B[d]^d.
    mpn_copyi(running, buckets + (top - 1) * n, ns);
    for (unsigned d = top;; --d) {
      if (d != top && filled[d]) {
        engine.mul(running, running, buckets + (d - 1) * n, kc, work);
        ++muls;
      }
      if (started) {
        engine.mul(acc, acc, running, kc, work);
        ++muls;
      } else {
        mpn_copyi(acc, running, ns);
        started = true;
      }
      if (d == 1) break;
    }
  }
  if (started) {
    for (std::size_t q = 0; q < lo; ++q) engine.sqr(acc, acc, kc, work);
    sqrs += lo;
  } else {
    mpn_copyi(acc, engine.one(kc), ns);
  }
  if (count) {
    count->mul += muls;
    count->sqr += sqrs;
  }
}

std::size_t bucket_scratch(std::size_t n, std::size_t nb, unsigned c, const modmul::Engine& engine) noexcept {
  return (nb + 1) * modmul::element_size(modmul::element_engine(engine), n) + bucket_chunk_scratch(n, c, engine);
}

void bucket_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                     unsigned c, const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                     OpCount* count) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, kc.n);
  limb_t* reps = scratch;
  limb_t* acc = reps + nb * s;
  limb_t* work = acc + s;
  for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps + i * s, xs + i * kc.n, kc, work);
  bucket_chunk(acc, reps, nb, c, ep, en, 0, max_exponent_bits(ep, en, nb), kc, e, work, count);
  e.from_repr(r, acc, kc, work);
}

}  // namespace parmod::multiexp

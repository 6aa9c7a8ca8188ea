#include "multiexp/interleaved_window.hpp"

#include <algorithm>

#include "multiexp/mulexp.hpp"

namespace parmod::multiexp {
namespace {

inline unsigned bit_at(const limb_t* ep, std::size_t en, std::size_t pos) noexcept {
  const std::size_t limb = pos / kLimbBits;
  return limb < en ? static_cast<unsigned>((ep[limb] >> (pos % kLimbBits)) & 1) : 0u;
}

constexpr limb_t kNone = ~limb_t(0);

// The next window of e at or below position `top` (inclusive) and >= lo:
// sets end (its lowest position, kNone if none) and value (odd).
void next_window(const limb_t* ep, std::size_t en, std::size_t lo, long top, unsigned w, limb_t* end,
                 limb_t* value) noexcept {
  long s = top;
  while (s >= static_cast<long>(lo) && !bit_at(ep, en, static_cast<std::size_t>(s))) --s;
  if (s < static_cast<long>(lo)) {
    *end = kNone;
    return;
  }
  long j = std::max<long>(s - static_cast<long>(w) + 1, static_cast<long>(lo));
  while (!bit_at(ep, en, static_cast<std::size_t>(j))) ++j;
  limb_t v = 0;
  for (long p = s; p >= j; --p) v = (v << 1) | bit_at(ep, en, static_cast<std::size_t>(p));
  *end = static_cast<limb_t>(j);
  *value = v;
}

}  // namespace

double interleaved_operation_count(std::size_t nb, std::size_t b, unsigned w) noexcept {
  const double nbd = static_cast<double>(nb), bd = static_cast<double>(b);
  return nbd * static_cast<double>(1u << (w - 1)) + bd + nbd * bd / (w + 1);
}

unsigned interleaved_window_size(std::size_t b) noexcept {
  unsigned best = 1;
  for (unsigned w = 2; w <= 8; ++w)
    if (interleaved_operation_count(1, b, w) < interleaved_operation_count(1, b, best)) best = w;
  return best;
}

void interleaved_precompute_base(limb_t* tables, const limb_t* xs, std::size_t i, unsigned w,
                                 const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
                                 OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n), entries = std::size_t(1) << (w - 1);
  limb_t* t = tables + i * entries * n;
  mpn_copyi(t, xs + i * n, static_cast<mp_size_t>(n));
  if (entries == 1) return;
  limb_t* x2 = scratch;
  engine.sqr(x2, t, kc, scratch + n);
  for (std::size_t m = 1; m < entries; ++m) engine.mul(t + m * n, t + (m - 1) * n, x2, kc, scratch + n);
  if (count) {
    ++count->sqr;
    count->mul += entries - 1;
  }
}

void interleaved_bits(limb_t* acc, const limb_t* tables, std::size_t nb, unsigned w, const limb_t* const* ep,
                      const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                      const modmul::Engine& engine, limb_t* state, limb_t* scratch, OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n), entries = std::size_t(1) << (w - 1);
  limb_t* ends = state;
  limb_t* values = state + nb;
  for (std::size_t i = 0; i < nb; ++i) next_window(ep[i], en[i], lo, static_cast<long>(hi) - 1, w, &ends[i], &values[i]);
  for (std::size_t pos = hi; pos-- > lo;) {
    engine.sqr(acc, acc, kc, scratch);
    if (count) ++count->sqr;
    for (std::size_t i = 0; i < nb; ++i) {
      if (ends[i] != pos) continue;
      engine.mul(acc, acc, tables + (i * entries + (values[i] >> 1)) * n, kc, scratch);
      if (count) ++count->mul;
      next_window(ep[i], en[i], lo, static_cast<long>(pos) - 1, w, &ends[i], &values[i]);
    }
  }
}

void interleaved_chunk(limb_t* acc, const limb_t* tables, std::size_t nb, unsigned w, const limb_t* const* ep,
                       const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                       const modmul::Engine& engine, limb_t* state, limb_t* scratch, OpCount* count) noexcept {
  mpn_copyi(acc, engine.one(kc), static_cast<mp_size_t>(modmul::element_size(engine, kc.n)));
  interleaved_bits(acc, tables, nb, w, ep, en, lo, hi, kc, engine, state, scratch, count);
  for (std::size_t s = 0; s < lo; ++s) engine.sqr(acc, acc, kc, scratch);
  if (count) count->sqr += lo;
}

std::size_t interleaved_scratch(std::size_t n, std::size_t nb, unsigned w, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  return modmul::kElementAlignSlack + (nb + nb * (std::size_t(1) << (w - 1)) + 2) * modmul::element_size(e, n) +
         2 * nb + e.scratch_limbs(n);
}

void interleaved_multiexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
                          unsigned w, const modmul::ModulusConstants& kc, const modmul::Engine& engine,
                          limb_t* scratch, OpCount* count) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, kc.n);
  limb_t* reps = modmul::element_aligned(scratch);  // the elements from a 32-byte boundary
  limb_t* tables = reps + nb * s;
  limb_t* acc = tables + nb * (std::size_t(1) << (w - 1)) * s;
  limb_t* state = acc + s;
  limb_t* work = state + 2 * nb;  // s + engine scratch
  for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps + i * s, xs + i * kc.n, kc, work);
  for (std::size_t i = 0; i < nb; ++i) interleaved_precompute_base(tables, reps, i, w, kc, e, work, count);
  interleaved_chunk(acc, tables, nb, w, ep, en, 0, max_exponent_bits(ep, en, nb), kc, e, state, work + s, count);
  e.from_repr(r, acc, kc, work);
}

}  // namespace parmod::multiexp

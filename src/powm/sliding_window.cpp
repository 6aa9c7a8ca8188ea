#include "powm/sliding_window.hpp"

#include "powm/exponent_bits.hpp"
#include "powm/sliding_window_scan.hpp"

namespace parmod::exponentiation {

unsigned sliding_window_size(std::size_t bits) noexcept {
  unsigned best = 1;
  double best_cost = 1e300;
  for (unsigned w = 1; w <= 7; ++w) {
    const double cost = static_cast<double>(1u << (w - 1)) + static_cast<double>(bits) / (w + 1);
    if (cost < best_cost) {
      best_cost = cost;
      best = w;
    }
  }
  return best;
}

std::size_t sliding_window_powm_repr_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept {
  const unsigned w = sliding_window_size(en * kLimbBits);
  // x^2, the 2^(w-1) odd powers, the engine's own.
  return modmul::element_size(engine, n) * ((std::size_t(1) << (w - 1)) + 1) + engine.scratch_limbs(n);
}

std::size_t sliding_window_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  // x and acc, then the loop's, from a 32-byte boundary
  return modmul::kElementAlignSlack + 2 * modmul::element_size(e, n) + sliding_window_powm_repr_scratch(n, en, e);
}

void sliding_window_powm_repr(limb_t* acc, const limb_t* x, const limb_t* ep, std::size_t en,
                              const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch) noexcept {
  const std::size_t n = modmul::element_size(engine, k.n);  // words per element
  const std::size_t bits = exponent_bit_length(ep, en);
  if (bits == 0) {
    mpn_copyi(acc, engine.one(k), static_cast<mp_size_t>(n));
    return;
  }
  const unsigned w = sliding_window_size(en * kLimbBits);
  const std::size_t table_size = std::size_t(1) << (w - 1);
  limb_t* x2 = scratch;
  limb_t* table = x2 + n;  // table[i] = x^(2i+1)
  limb_t* work = table + table_size * n;
  mpn_copyi(table, x, static_cast<mp_size_t>(n));
  if (table_size > 1) {
    engine.sqr(x2, x, k, work);
    for (std::size_t i = 1; i < table_size; ++i) engine.mul(table + i * n, table + (i - 1) * n, x2, k, work);
  }
  struct Ops {
    limb_t* acc;
    const limb_t* table;
    std::size_t n;
    const modmul::ModulusConstants& k;
    const modmul::Engine& engine;
    limb_t* work;
    void set(std::size_t i) { mpn_copyi(acc, table + i * n, static_cast<mp_size_t>(n)); }
    void square() { engine.sqr(acc, acc, k, work); }
    void multiply(std::size_t i) { engine.mul(acc, acc, table + i * n, k, work); }
  } ops{acc, table, n, k, engine, work};
  sliding_window_scan(ep, en, bits, w, ops);
}

void sliding_window_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                         const modmul::Engine& engine, limb_t* scratch) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, k.n);
  scratch = modmul::element_aligned(scratch);
  limb_t* x = scratch;
  limb_t* acc = scratch + s;
  // Layout: x, acc, then the loop's scratch (which starts with its own table).
  limb_t* rest = scratch + 2 * s;
  e.to_repr(x, b, k, rest);
  sliding_window_powm_repr(acc, x, ep, en, k, e, rest);
  e.from_repr(r, acc, k, rest);
}

}  // namespace parmod::exponentiation

#include "powm/fixed_base.hpp"

#include "powm/exponent_bits.hpp"

namespace parmod::exponentiation {

unsigned fixed_base_window(std::size_t bits, std::size_t n, std::size_t max_table_limbs) noexcept {
  unsigned best = 1;
  for (unsigned w = 1; w <= 8; ++w) {
    const std::size_t windows = (bits + w - 1) / w;
    if (windows * ((std::size_t(1) << w) - 1) * n <= max_table_limbs) best = w;
  }
  return best;
}

std::size_t fixed_base_build_scratch(std::size_t n, const modmul::Engine& engine) noexcept {
  return n + engine.scratch_limbs(n);
}

void fixed_base_build(FixedBaseTable& t, const limb_t* g, std::size_t bits, unsigned w,
                      const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch) {
  const std::size_t n = k.n;
  const std::size_t digits = (std::size_t(1) << w) - 1;
  t.n = n;
  t.w = w;
  t.windows = bits == 0 ? 1 : (bits + w - 1) / w;
  t.entries.assign(t.windows * digits * n, 0);
  limb_t* base = scratch;  // g^(2^(w i)) R
  limb_t* work = scratch + n;
  engine.to_repr(base, g, k, work);
  for (std::size_t i = 0; i < t.windows; ++i) {
    limb_t* row = t.entries.data() + i * digits * n;
    mpn_copyi(row, base, static_cast<mp_size_t>(n));
    for (std::size_t d = 2; d <= digits; ++d) engine.mul(row + (d - 1) * n, row + (d - 2) * n, base, k, work);
    if (i + 1 < t.windows) {
      // base <- base^(2^w): the last row entry times base is base^(2^w) too.
      if (digits > 1)
        engine.mul(base, row + (digits - 1) * n, base, k, work);
      else
        engine.sqr(base, base, k, work);
    }
  }
}

std::size_t fixed_base_powm_scratch(std::size_t n, const modmul::Engine& engine) noexcept {
  return n + engine.scratch_limbs(n);
}

void fixed_base_powm(limb_t* r, const FixedBaseTable& t, const limb_t* ep, std::size_t en,
                     const modmul::ModulusConstants& k, const modmul::Engine& engine, limb_t* scratch) noexcept {
  const std::size_t n = k.n;
  limb_t* acc = scratch;
  limb_t* work = scratch + n;
  const std::size_t bits = exponent_bit_length(ep, en);
  bool first = true;
  for (std::size_t i = 0; i * t.w < bits; ++i) {
    const unsigned d = exponent_bits(ep, en, i * t.w, t.w);
    if (d == 0) continue;
    if (first) {
      mpn_copyi(acc, t.entry(i, d), static_cast<mp_size_t>(n));
      first = false;
    } else {
      engine.mul(acc, acc, t.entry(i, d), k, work);
    }
  }
  if (first) {
    mpn_copyi(r, k.one.data(), static_cast<mp_size_t>(n));
    return;
  }
  engine.from_repr(r, acc, k, work);
}

}  // namespace parmod::exponentiation

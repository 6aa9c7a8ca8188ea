#include "multiexp/mulexp.hpp"

#include <algorithm>

#include "multiexp/column_entries.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp_model.hpp"
#include "powm/exponent_bits.hpp"

namespace parmod::multiexp {

std::size_t max_exponent_bits(const limb_t* const* ep, const std::size_t* en, std::size_t nb) noexcept {
  std::size_t b = 0;
  for (std::size_t i = 0; i < nb; ++i) b = std::max(b, exponentiation::exponent_bit_length(ep[i], en[i]));
  return b;
}

void mulexp_bits(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k, const limb_t* const* ep,
                 const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                 const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept {
  const std::size_t n = modmul::element_size(engine, kc.n);
  for (std::size_t pos = hi; pos-- > lo;) {
    engine.sqr(acc, acc, kc, scratch);  // line 9
    if (count) ++count->sqr;
    // Lines 10-13.  The entry as the first operand: montgomery52 reads its
    // first operand whole before the digit loop (misses overlap) and scans
    // the second digit by digit on its critical path; an entry the other
    // thread's prefix wrote is not yet in this core's cache.
    const std::size_t muls = for_each_column_entry(table, n, nb, k, ep, en, pos, [&](const limb_t* entry) {
      engine.mul(acc, entry, acc, kc, scratch);
    });
    if (count) count->mul += muls;
  }
}

void mulexp_chunk(limb_t* acc, const limb_t* table, std::size_t nb, std::size_t k, const limb_t* const* ep,
                  const std::size_t* en, std::size_t lo, std::size_t hi, const modmul::ModulusConstants& kc,
                  const modmul::Engine& engine, limb_t* scratch, OpCount* count) noexcept {
  mpn_copyi(acc, engine.one(kc), static_cast<mp_size_t>(modmul::element_size(engine, kc.n)));
  mulexp_bits(acc, table, nb, k, ep, en, lo, hi, kc, engine, scratch, count);
  for (std::size_t s = 0; s < lo; ++s) engine.sqr(acc, acc, kc, scratch);  // completing squarings
  if (count) count->sqr += lo;
}

std::size_t mulexp_scratch(std::size_t n, std::size_t nb, std::size_t k, const modmul::Engine& engine) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  return modmul::kElementAlignSlack + (nb + lim_lee_table_entries(nb, k) + 1) * modmul::element_size(e, n) +
         e.scratch_limbs(n);
}

void mulexp(limb_t* r, const limb_t* xs, std::size_t nb, const limb_t* const* ep, const std::size_t* en,
            std::size_t k, const modmul::ModulusConstants& kc, const modmul::Engine& engine, limb_t* scratch,
            OpCount* count) noexcept {
  const modmul::Engine& e = modmul::element_engine(engine);
  const std::size_t s = modmul::element_size(e, kc.n);
  limb_t* reps = modmul::element_aligned(scratch);  // the elements from a 32-byte boundary
  limb_t* table = reps + nb * s;
  limb_t* acc = table + lim_lee_table_entries(nb, k) * s;
  limb_t* work = acc + s;
  for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps + i * s, xs + i * kc.n, kc, work);
  lim_lee_precompute(table, reps, nb, k, kc, e, work, count);
  mulexp_chunk(acc, table, nb, k, ep, en, 0, max_exponent_bits(ep, en, nb), kc, e, work, count);
  e.from_repr(r, acc, kc, work);
}

}  // namespace parmod::multiexp

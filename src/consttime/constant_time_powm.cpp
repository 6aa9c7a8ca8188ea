#include "consttime/constant_time_powm.hpp"

#include "check/assert.hpp"
#include "consttime/montgomery_ct.hpp"
#include "consttime/table_select.hpp"
#include "consttime/wiped_limbs.hpp"

namespace parmod::consttime {

limb_t window_value(const limb_t* ep, std::size_t en, std::size_t lo, unsigned w) noexcept {
  const std::size_t limb = lo / kLimbBits, shift = lo % kLimbBits;
  limb_t v = ep[limb] >> shift;
  if (shift + w > kLimbBits && limb + 1 < en) v |= ep[limb + 1] << (kLimbBits - shift);  // public condition
  return v & ((limb_t(1) << w) - 1);
}

unsigned constant_time_window(std::size_t en) noexcept {
  const std::size_t bits = en * kLimbBits;
  if (bits <= 64) return 3;
  if (bits <= 512) return 4;
  if (bits <= 2048) return 5;
  return 6;
}

std::size_t constant_time_powm_scratch(std::size_t n, std::size_t en) noexcept {
  const std::size_t entries = std::size_t(1) << constant_time_window(en);
  return n * (entries + 2) + montgomery_ct_scratch(n);
}

namespace {

// The scratch regions of constant_time_powm (and of its parts).
struct PowmLayout {
  std::size_t n, entries;
  unsigned w;
  std::size_t windows;  // all of them, the top one included
  limb_t* table;        // entries * n
  limb_t* acc;          // n
  limb_t* pick;         // n
  limb_t* work;         // montgomery_ct_scratch(n)
  PowmLayout(std::size_t n_, std::size_t en, limb_t* scratch) noexcept
      : n(n_), entries(std::size_t(1) << constant_time_window(en)), w(constant_time_window(en)),
        windows((en * kLimbBits + w - 1) / w), table(scratch), acc(table + entries * n), pick(acc + n),
        work(pick + n) {}
};

}  // namespace

std::size_t constant_time_powm_window_count(std::size_t en) noexcept {
  const unsigned w = constant_time_window(en);
  return (en * kLimbBits + w - 1) / w - 1;
}

void constant_time_powm_begin(const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                              limb_t* scratch) noexcept {
  const PowmLayout l(k.n, en, scratch);
  const MontgomeryCt mont(k);
  // table[i] = b^i R mod P.
  mpn_copyi(l.table, k.r_mod_p.data(), static_cast<mp_size_t>(l.n));
  mont.mul(l.table + l.n, b, k.r2_mod_p.data(), l.work);
  for (std::size_t i = 2; i < l.entries; ++i) mont.mul(l.table + i * l.n, l.table + (i - 1) * l.n, l.table + l.n, l.work);
  // The top window may be partial: it holds the bits above (windows - 1) w.
  const std::size_t lo = (l.windows - 1) * l.w;
  table_select_ct(l.acc, l.table, l.n, l.entries, window_value(ep, en, lo, static_cast<unsigned>(en * kLimbBits - lo)));
}

void constant_time_powm_windows(const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k, std::size_t first,
                                std::size_t last, limb_t* scratch) noexcept {
  const PowmLayout l(k.n, en, scratch);
  PARMOD_ASSERT(first <= last && last + 1 <= l.windows);
  const MontgomeryCt mont(k);
  for (std::size_t j = first; j < last; ++j) {
    const std::size_t lo = (l.windows - 2 - j) * l.w;
    for (unsigned s = 0; s < l.w; ++s) mont.sqr(l.acc, l.acc, l.work);
    table_select_ct(l.pick, l.table, l.n, l.entries, window_value(ep, en, lo, l.w));
    mont.mul(l.acc, l.acc, l.pick, l.work);
  }
}

void constant_time_powm_end(limb_t* r, std::size_t en, const modmul::ModulusConstants& k, limb_t* scratch) noexcept {
  const PowmLayout l(k.n, en, scratch);
  // Leave the representation: REDC(acc).
  mpn_copyi(l.work, l.acc, static_cast<mp_size_t>(l.n));
  mpn_zero(l.work + l.n, static_cast<mp_size_t>(l.n));
  montgomery_redc_ct(r, l.work, k);
  wipe(scratch, constant_time_powm_scratch(l.n, en));  // table and accumulator held powers of the secret base
}

void constant_time_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                        limb_t* scratch) noexcept {
  constant_time_powm_begin(b, ep, en, k, scratch);
  constant_time_powm_windows(ep, en, k, 0, constant_time_powm_window_count(en), scratch);
  constant_time_powm_end(r, en, k, scratch);
}

}  // namespace parmod::consttime

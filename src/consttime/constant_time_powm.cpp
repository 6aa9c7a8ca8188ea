#include "consttime/constant_time_powm.hpp"

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

void constant_time_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                        limb_t* scratch) noexcept {
  const std::size_t n = k.n;
  const auto sn = static_cast<mp_size_t>(n);
  const unsigned w = constant_time_window(en);
  const std::size_t entries = std::size_t(1) << w;
  limb_t* table = scratch;               // entries * n
  limb_t* acc = table + entries * n;     // n
  limb_t* pick = acc + n;                // n
  limb_t* work = pick + n;               // montgomery_ct_scratch(n)
  const MontgomeryCt mont(k);
  // table[i] = b^i R mod P.
  mpn_copyi(table, k.r_mod_p.data(), sn);
  mont.mul(table + n, b, k.r2_mod_p.data(), work);
  for (std::size_t i = 2; i < entries; ++i) mont.mul(table + i * n, table + (i - 1) * n, table + n, work);

  const std::size_t bits = en * kLimbBits;
  const std::size_t windows = (bits + w - 1) / w;
  // The top window may be partial: it holds the bits above (windows - 1) w.
  std::size_t lo = (windows - 1) * w;
  table_select_ct(acc, table, n, entries, window_value(ep, en, lo, static_cast<unsigned>(bits - lo)));
  while (lo > 0) {
    lo -= w;
    for (unsigned s = 0; s < w; ++s) mont.sqr(acc, acc, work);
    table_select_ct(pick, table, n, entries, window_value(ep, en, lo, w));
    mont.mul(acc, acc, pick, work);
  }
  // Leave the representation: REDC(acc).
  mpn_copyi(work, acc, sn);
  mpn_zero(work + n, sn);
  montgomery_redc_ct(r, work, k);
  wipe(scratch, constant_time_powm_scratch(n, en));  // table and accumulator held powers of the secret base
}

}  // namespace parmod::consttime

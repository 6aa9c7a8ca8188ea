#include "consttime/constant_time_powm52.hpp"

#include <algorithm>

#include "consttime/constant_time_powm.hpp"
#include "consttime/table_select.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/radix52.hpp"

namespace parmod::consttime {
namespace {

// The entry at a secret index, a masked full scan (consttime/table_select):
// the AVX-512 build, as the radix-2^52 path runs on IFMA CPUs only.
void select_digits(limb_t* out, const limb_t* table, std::size_t L, std::size_t entries, limb_t index) noexcept {
#if defined(__x86_64__)
  table_select_ct_avx512(out, table, L, entries, index);
#else  // not x86-64 (build guard): montgomery52 is never bound there
  table_select_ct(out, table, L, entries, index);
#endif
}

}  // namespace

std::size_t constant_time_powm52_scratch(const modmul::Montgomery52Constants& c, std::size_t en) noexcept {
  const std::size_t entries = std::size_t(1) << constant_time_window(en);
  return c.words * (entries + 3) + 2 * c.n;
}

void constant_time_powm52(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const limb_t* p,
                          const modmul::Montgomery52Constants& c, limb_t* scratch) noexcept {
  const std::size_t n = c.n, L = c.words;
  const auto sl = static_cast<mp_size_t>(L);
  const unsigned w = constant_time_window(en);
  const std::size_t entries = std::size_t(1) << w;
  limb_t* table = scratch;             // entries * L digit words: b^i R mod P
  limb_t* acc = table + entries * L;   // L
  limb_t* pick = acc + L;              // L
  limb_t* unit = pick + L;             // L
  limb_t* tmp = unit + L;              // 2n
  std::fill(scratch, tmp, limb_t(0));  // lanes above the digits stay zero
  mpn_copyi(table, c.one.data(), sl);
  limbs::to_radix52(pick, c.lanes, b, n);
  modmul::montgomery52_mul_digits(table + L, pick, c.r2.data(), c);
  for (std::size_t i = 2; i < entries; ++i)
    modmul::montgomery52_mul_digits(table + i * L, table + (i - 1) * L, table + L, c);

  const std::size_t bits = en * kLimbBits;
  const std::size_t windows = (bits + w - 1) / w;
  std::size_t lo = (windows - 1) * w;
  select_digits(acc, table, L, entries, window_value(ep, en, lo, static_cast<unsigned>(bits - lo)));
  while (lo > 0) {
    lo -= w;
    for (unsigned s = 0; s < w; ++s) modmul::montgomery52_mul_digits(acc, acc, acc, c);
    select_digits(pick, table, L, entries, window_value(ep, en, lo, w));
    modmul::montgomery52_mul_digits(acc, acc, pick, c);
  }
  // Leave the representation: acc 1 R^-1 = (acc + m P) / R <= P, then one
  // conditional subtraction of P, decided arithmetically.
  unit[0] = 1;
  modmul::montgomery52_mul_digits(acc, acc, unit, c);
  limbs::from_radix52(r, n, acc, c.lanes);
  const limb_t borrow = mpn_sub_n(tmp, r, p, static_cast<mp_size_t>(n));
  mpn_cnd_sub_n(borrow ^ 1, r, r, p, static_cast<mp_size_t>(n));
  wipe(scratch, constant_time_powm52_scratch(c, en));
}

}  // namespace parmod::consttime

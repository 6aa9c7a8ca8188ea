#include "consttime/constant_time_powm52.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>

#include "consttime/constant_time_powm.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/radix52.hpp"

namespace parmod::consttime {
namespace {

// out[0, L) = table[index L, index L + L) for L a multiple of 8: every entry
// read in full and kept under an all-ones or all-zero mask (index == i as
// arithmetic, not a branch), as mpn_sec_tabselect but eight words at a time.
#if defined(__x86_64__)
__attribute__((target("avx512f"))) void select_digits(limb_t* out, const limb_t* table, std::size_t L,
                                                      std::size_t entries, limb_t index) noexcept {
  limb_t take[64];  // entries <= 64 (window <= 6)
  for (std::size_t i = 0; i < entries; ++i) {
    const limb_t diff = static_cast<limb_t>(i) ^ index;
    take[i] = ((diff | (limb_t(0) - diff)) >> 63) - 1;  // all ones iff diff == 0
  }
  for (std::size_t j = 0; j < L; j += 8) {
    __m512i acc = _mm512_setzero_si512();
    for (std::size_t i = 0; i < entries; ++i)
      acc = _mm512_or_si512(acc, _mm512_and_si512(_mm512_loadu_si512(table + i * L + j),
                                                  _mm512_set1_epi64(static_cast<long long>(take[i]))));
    _mm512_storeu_si512(out + j, acc);
  }
  explicit_bzero(take, sizeof take);
}
#else
// Not x86-64 (build guard): montgomery52 needs AVX-512 IFMA and is never
// bound there; the same masked full scan, one word at a time.
void select_digits(limb_t* out, const limb_t* table, std::size_t L, std::size_t entries, limb_t index) noexcept {
  for (std::size_t j = 0; j < L; ++j) out[j] = 0;
  for (std::size_t i = 0; i < entries; ++i) {
    const limb_t diff = static_cast<limb_t>(i) ^ index;
    const limb_t take = ((diff | (limb_t(0) - diff)) >> 63) - 1;
    for (std::size_t j = 0; j < L; ++j) out[j] |= table[i * L + j] & take;
  }
}
#endif

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

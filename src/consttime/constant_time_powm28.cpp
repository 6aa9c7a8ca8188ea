#include "consttime/constant_time_powm28.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/table_select.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/radix28.hpp"

namespace parmod::consttime {
namespace {

static_assert(sizeof(limb_t) == sizeof(std::uint64_t));

// The scratch regions (every one a multiple of 4 words: 32-byte aligned when scratch is).
struct Powm28Layout {
  std::size_t m, n, entries;
  unsigned w;
  std::size_t windows;  // all of them, the top one included
  std::uint64_t* table;  // entries * m digits: b^i R mod P
  std::uint64_t* acc;    // montgomery28_spread_words(m): the accumulator, spread
  std::uint64_t* pick;   // m + 4: a table entry
  std::uint64_t* t;      // montgomery28_scratch_words(m)
  limb_t* tmp;           // n + 4 limbs
  Powm28Layout(const modmul::Montgomery28Constants& c, std::size_t en, limb_t* scratch) noexcept
      : m(c.digits), n(c.n), entries(std::size_t(1) << constant_time_window(en)), w(constant_time_window(en)),
        windows((en * kLimbBits + w - 1) / w), table(reinterpret_cast<std::uint64_t*>(scratch)),
        acc(table + entries * m), pick(acc + modmul::montgomery28_spread_words(m)), t(pick + m + 4),
        tmp(reinterpret_cast<limb_t*>(t + modmul::montgomery28_scratch_words(m))) {
    PARMOD_ASSERT(reinterpret_cast<std::uintptr_t>(scratch) % 32 == 0);
  }
};

}  // namespace

std::size_t constant_time_powm28_scratch(const modmul::Montgomery28Constants& c, std::size_t en) noexcept {
  // Powm28Layout's regions: table, acc, pick, t, tmp.
  const std::size_t m = c.digits, entries = std::size_t(1) << constant_time_window(en);
  return entries * m + modmul::montgomery28_spread_words(m) + m + 4 + modmul::montgomery28_scratch_words(m) + c.n + 4;
}

void constant_time_powm28_begin(const limb_t* b, const limb_t* ep, std::size_t en,
                                const modmul::Montgomery28Constants& c, limb_t* scratch) noexcept {
  const Powm28Layout l(c, en, scratch);
  const std::size_t m = l.m;
  std::copy(c.one.begin(), c.one.end(), l.table);  // b^0 R = R mod P
  limbs::to_radix28(l.pick, m, b, l.n);
  modmul::montgomery28_spread(l.acc, l.pick, m);
  modmul::montgomery28_mul(l.acc, l.acc, c.r2.data(), c, l.t);  // b R
  std::copy(l.acc, l.acc + m, l.table + m);
  for (std::size_t i = 2; i < l.entries; ++i) {
    modmul::montgomery28_mul(l.acc, l.acc, l.table + m, c, l.t);
    std::copy(l.acc, l.acc + m, l.table + i * m);
  }
  // The top window may be partial: it holds the bits above (windows - 1) w.
  const std::size_t lo = (l.windows - 1) * l.w;
  table_select_ct(l.pick, l.table, m, l.entries, window_value(ep, en, lo, static_cast<unsigned>(en * kLimbBits - lo)));
  modmul::montgomery28_spread(l.acc, l.pick, m);
}

void constant_time_powm28_windows(const limb_t* ep, std::size_t en, const modmul::Montgomery28Constants& c,
                                  std::size_t first, std::size_t last, limb_t* scratch) noexcept {
  const Powm28Layout l(c, en, scratch);
  PARMOD_ASSERT(first <= last && last + 1 <= l.windows);
  for (std::size_t j = first; j < last; ++j) {
    const std::size_t lo = (l.windows - 2 - j) * l.w;
    for (unsigned s = 0; s < l.w; ++s) modmul::montgomery28_sqr(l.acc, l.acc, c, l.t);
    table_select_ct(l.pick, l.table, l.m, l.entries, window_value(ep, en, lo, l.w));
    modmul::montgomery28_mul(l.acc, l.acc, l.pick, c, l.t);
  }
}

void constant_time_powm28_end(limb_t* r, std::size_t en, const limb_t* p, const modmul::Montgomery28Constants& c,
                              limb_t* scratch) noexcept {
  const Powm28Layout l(c, en, scratch);
  const std::size_t m = l.m;
  const auto sn = static_cast<mp_size_t>(l.n);
  // acc 1 R^-1 = (acc + Q P) / R <= P, then one conditional subtraction of P, decided arithmetically.
  std::fill(l.pick, l.pick + m, std::uint64_t(0));
  l.pick[0] = 1;
  modmul::montgomery28_mul(l.acc, l.acc, l.pick, c, l.t);
  std::copy(l.acc, l.acc + m, l.pick);
  const std::uint64_t top = modmul::montgomery28_normalize(l.pick, m);
  PARMOD_ASSERT(top == 0);
  (void)top;
  limbs::from_radix28(r, l.n, l.pick, m);
  const limb_t borrow = mpn_sub_n(l.tmp, r, p, sn);
  mpn_cnd_sub_n(borrow ^ 1, r, r, p, sn);
  wipe(scratch, constant_time_powm28_scratch(c, en));  // the table and the accumulator held powers of the secret base
}

void constant_time_powm28(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const limb_t* p,
                          const modmul::Montgomery28Constants& c, limb_t* scratch) noexcept {
  constant_time_powm28_begin(b, ep, en, c, scratch);
  constant_time_powm28_windows(ep, en, c, 0, constant_time_powm_window_count(en), scratch);
  constant_time_powm28_end(r, en, p, c, scratch);
}

}  // namespace parmod::consttime

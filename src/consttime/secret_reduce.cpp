#include "consttime/secret_reduce.hpp"

#include <algorithm>

#include "consttime/wiped_limbs.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace parmod::consttime {
namespace {

// 64 bits of A from bit position pos (zero beyond an limbs); pos public.
limb_t bits_at(const limb_t* a, std::size_t an, std::size_t pos) noexcept {
  const std::size_t i = pos / kLimbBits, s = pos % kLimbBits;
  const limb_t lo = i < an ? a[i] : 0;
  const limb_t hi = i + 1 < an ? a[i + 1] : 0;
  return s == 0 ? lo : (lo >> s) | (hi << (kLimbBits - s));
}

// x[0, n) < M  ->  x = (2 x + bit) mod M; t: n limbs.  One pass shifts and
// subtracts (the borrow chain in the flags on x86-64: sbb), one selects.
inline void step(limb_t* x, limb_t bit, const limb_t* m, std::size_t n, limb_t* t) noexcept {
  limb_t in = bit;  // the bit shifted into each limb
#if defined(__x86_64__)
  unsigned char borrow = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const limb_t s = (x[j] << 1) | in;
    in = x[j] >> (kLimbBits - 1);
    unsigned long long d;
    borrow = _subborrow_u64(borrow, s, m[j], &d);
    t[j] = d;
    x[j] = s;
  }
#else
  limb_t borrow = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const limb_t s = (x[j] << 1) | in;
    in = x[j] >> (kLimbBits - 1);
    const unsigned __int128 d = static_cast<unsigned __int128>(s) - m[j] - borrow;
    t[j] = static_cast<limb_t>(d);
    borrow = static_cast<limb_t>(d >> kLimbBits) & 1;
    x[j] = s;
  }
#endif
  // 2x + bit >= M exactly when the shift carried out (in) or the subtraction did not borrow.
  const limb_t take = limb_t(0) - (in | (limb_t(borrow) ^ 1));
  for (std::size_t j = 0; j < n; ++j) x[j] ^= (x[j] ^ t[j]) & take;
}

}  // namespace

void reduce_secret(limb_t* r, const limb_t* a, std::size_t an, const limb_t* m, std::size_t n, std::size_t mbits,
                   limb_t* scratch) noexcept {
  limb_t* x = scratch;   // n
  limb_t* t = x + n;     // n
  const std::size_t total = an * kLimbBits;
  // The top mbits - 1 bits of A are below 2^(mbits - 1) <= M: no reduction.
  const std::size_t head = std::min(total, mbits - 1);
  const std::size_t rest = total - head;  // bits shifted in one by one
  // x = A >> rest: below 2^head, so n limbs hold it.
  for (std::size_t j = 0; j < n; ++j) x[j] = bits_at(a, an, rest + j * kLimbBits);
  for (std::size_t i = rest; i-- > 0;) step(x, (a[i / kLimbBits] >> (i % kLimbBits)) & 1, m, n, t);
  std::copy(x, x + n, r);
  wipe(scratch, 2 * n + 1);
}

void pow2_reduce_secret(limb_t* r, std::size_t k, const limb_t* m, std::size_t n, std::size_t mbits,
                        limb_t* scratch) noexcept {
  limb_t* x = scratch;
  limb_t* t = x + n;
  std::fill(x, x + n, limb_t(0));
  x[(mbits - 1) / kLimbBits] = limb_t(1) << ((mbits - 1) % kLimbBits);
  for (std::size_t i = mbits - 1; i < k; ++i) step(x, 0, m, n, t);
  std::copy(x, x + n, r);
  wipe(scratch, 2 * n + 1);
}

}  // namespace parmod::consttime

#include "consttime/secret_reduce.hpp"

#include <algorithm>

#include "consttime/wiped_limbs.hpp"

namespace parmod::consttime {
namespace {

// 64 bits of A from bit position pos (zero beyond an limbs); pos public.
limb_t bits_at(const limb_t* a, std::size_t an, std::size_t pos) noexcept {
  const std::size_t i = pos / kLimbBits, s = pos % kLimbBits;
  const limb_t lo = i < an ? a[i] : 0;
  const limb_t hi = i + 1 < an ? a[i + 1] : 0;
  return s == 0 ? lo : (lo >> s) | (hi << (kLimbBits - s));
}

// x[0, n) < M  ->  x = (2 x + bit) mod M; t: n limbs.
inline void step(limb_t* x, limb_t bit, const limb_t* m, std::size_t n, limb_t* t) noexcept {
  const limb_t top = x[n - 1] >> (kLimbBits - 1);
  for (std::size_t j = n - 1; j > 0; --j) x[j] = (x[j] << 1) | (x[j - 1] >> (kLimbBits - 1));
  x[0] = (x[0] << 1) | bit;
  limb_t borrow = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const unsigned __int128 d = static_cast<unsigned __int128>(x[j]) - m[j] - borrow;
    t[j] = static_cast<limb_t>(d);
    borrow = static_cast<limb_t>(d >> kLimbBits) & 1;
  }
  // 2x + bit >= M exactly when the shift carried out or the subtraction did not borrow.
  const limb_t take = limb_t(0) - (top | (borrow ^ 1));
  for (std::size_t j = 0; j < n; ++j) x[j] = (t[j] & take) | (x[j] & ~take);
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

// The radix-2^28 Montgomery kernels of montgomery28.hpp on AVX2 (functions
// built for AVX2, called only where montgomery28_available says the CPU has
// it); V4 is four 64-bit lanes in a ymm register.
#include <algorithm>

#include "check/assert.hpp"
#include "limbs/radix28.hpp"
#include "modmul/montgomery28.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define PARMOD_AVX2 __attribute__((target("avx2")))

namespace parmod::modmul {
namespace {

using u64 = std::uint64_t;
using u128 = unsigned __int128;
constexpr u64 kMask = limbs::kDigit28Mask;

using V4 = __m256i;
PARMOD_AVX2 inline V4 ld(const u64* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
PARMOD_AVX2 inline V4 ld_unaligned(const u64* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PARMOD_AVX2 inline void st(u64* p, V4 x) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), x); }
PARMOD_AVX2 inline V4 set1(u64 x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
PARMOD_AVX2 inline V4 zero() { return _mm256_setzero_si256(); }
PARMOD_AVX2 inline V4 add(V4 a, V4 b) { return _mm256_add_epi64(a, b); }
PARMOD_AVX2 inline V4 mul(V4 a, V4 b) { return _mm256_mul_epu32(a, b); }  // low 32 bits of each lane
PARMOD_AVX2 inline V4 band(V4 a, V4 b) { return _mm256_and_si256(a, b); }
PARMOD_AVX2 inline V4 shl1(V4 a) { return _mm256_slli_epi64(a, 1); }
PARMOD_AVX2 inline V4 shr28(V4 a) { return _mm256_srli_epi64(a, 28); }
PARMOD_AVX2 inline V4 low28(V4 a) { return _mm256_and_si256(a, set1(kMask)); }
PARMOD_AVX2 inline V4 lanes_value(u64 x) { return _mm256_set_epi64x(0, 0, 0, static_cast<long long>(x)); }
PARMOD_AVX2 inline V4 lanes_mask(bool l0, bool l1, bool l2, bool l3) {
  return _mm256_set_epi64x(l3 ? -1 : 0, l2 ? -1 : 0, l1 ? -1 : 0, l0 ? -1 : 0);
}
PARMOD_AVX2 inline u64 lane(V4 x, int i) {
  const __m128i h = i < 2 ? _mm256_castsi256_si128(x) : _mm256_extracti128_si256(x, 1);
  return static_cast<u64>((i & 1) ? _mm_extract_epi64(h, 1) : _mm_cvtsi128_si64(h));
}
// (s0, s1, s2, s3) -> (s0, 0, s1, 0) and (s2, 0, s3, 0)
PARMOD_AVX2 inline void spread_pairs(V4 s, V4* lo, V4* hi) {
  const V4 a = _mm256_unpacklo_epi64(s, zero()), b = _mm256_unpackhi_epi64(s, zero());
  *lo = _mm256_permute2x128_si256(a, b, 0x20);
  *hi = _mm256_permute2x128_si256(a, b, 0x31);
}

// acc + q0 X0[k] + q1 X1[k] + q2 X2[k] + q3 X3[k] for the four spread rows X (vector k).
struct Rows {
  const u64* r[4];
  Rows(const u64* s, std::size_t m) : r{s, s + (m + 4), s + 2 * (m + 4), s + 3 * (m + 4)} {}
};
PARMOD_AVX2 inline V4 mad4(V4 acc, V4 q0, V4 q1, V4 q2, V4 q3, const Rows& x, std::size_t k) {
  const std::size_t o = 4 * k;
  acc = add(add(acc, mul(q0, ld(x.r[0] + o))), mul(q1, ld(x.r[1] + o)));
  return add(acc, add(mul(q2, ld(x.r[2] + o)), mul(q3, ld(x.r[3] + o))));
}

// The digits of Q = S (-P^-1) mod 2^112 for S = x0 + cin + x1 2^28 + x2 2^56 + x3 2^84 (mod 2^112).
inline void quotient_digits(u64 x0, u64 x1, u64 x2, u64 x3, u64 cin, u64 mu_lo, u64 mu_hi, u64* q) {
  u64 lo;
  const u64 c1 = __builtin_add_overflow(x0 + cin, x1 << 28, &lo);
  const u64 c2 = __builtin_add_overflow(lo, x2 << 56, &lo);
  const u64 hi = (x1 >> 36) + (x2 >> 8) + (x3 << 20) + c1 + c2;  // mod 2^64: only bits below 48 matter
  const u128 pr = static_cast<u128>(lo) * mu_lo;
  const u64 ql = static_cast<u64>(pr), qh = static_cast<u64>(pr >> 64) + lo * mu_hi + hi * mu_lo;
  q[0] = ql & kMask;
  q[1] = (ql >> 28) & kMask;
  q[2] = ((ql >> 56) | (qh << 8)) & kMask;
  q[3] = (qh >> 20) & kMask;
}

// The carry of four columns (lanes of lo) plus cin, once their sum with Q P is 0 mod 2^112.
PARMOD_AVX2 inline u64 block_carry(V4 lo, u64 cin) {
  u64 c = (lane(lo, 0) + cin) >> 28;
  c = (c + lane(lo, 1)) >> 28;
  c = (c + lane(lo, 2)) >> 28;
  return (c + lane(lo, 3)) >> 28;
}

// (hp_3, h_0, h_1, h_2): h moved up one lane, hp's top lane below.
PARMOD_AVX2 inline V4 lane_up(V4 h, V4 hp) {
  return _mm256_blend_epi32(_mm256_permute4x64_epi64(h, 0x93), _mm256_permute4x64_epi64(hp, 0x93), 0x03);
}
// The four rows of montgomery28_spread at vector q from the digit vectors before (p) and at (c) 4q.
PARMOD_AVX2 inline void spread_vector(u64* s, std::size_t w, std::size_t q, V4 p, V4 c) {
  st(s + 4 * q, c);
  st(s + w + 4 * q, lane_up(c, p));
  st(s + 2 * w + 4 * q, _mm256_permute2x128_si256(p, c, 0x21));
  st(s + 3 * w + 4 * q, _mm256_blend_epi32(_mm256_permute4x64_epi64(p, 0x39), _mm256_permute4x64_epi64(c, 0x39), 0xc0));
}

// out = spread of the m columns x[0, m) plus cin at column 0, carried twice
// over all columns at once: digits below 2^28 + 2^9 (the kernels take them:
// products below (2^28 + 2^9)^2 keep the column bound).  The value is below
// 2P < R / 2, so nothing carries out of the top digit.
PARMOD_AVX2 void write_spread(u64* out, const u64* x, u64 cin, std::size_t m) {
  const std::size_t v = m / 4, w = m + 4;
  V4 h1p = zero(), h2p = zero(), dp = zero();
  for (std::size_t q = 0; q < v; ++q) {
    V4 y = ld(x + 4 * q);
    if (q == 0) y = add(y, lanes_value(cin));
    const V4 h1 = shr28(y);
    const V4 d1 = add(low28(y), lane_up(h1, h1p));
    const V4 h2 = shr28(d1);
    const V4 d2 = add(low28(d1), lane_up(h2, h2p));
    spread_vector(out, w, q, dp, d2);
    h1p = h1;
    h2p = h2;
    dp = d2;
  }
  spread_vector(out, w, v, dp, zero());
}

// The columns of vectors [from, 2m / 4) of T carried once, all at once:
// column j becomes its low 28 bits plus the high bits of column j - 1 (below
// 2^28 + 2^36), the lowest column of the range keeping those of the column
// below it where they are.  The value is kept: nothing carries out of the top
// column, as the columns are non-negative and the value they hold (a sum of
// some of the products of A B + Q P) is below R^2 / 2.
PARMOD_AVX2 void carry_columns_once(u64* t, std::size_t m, std::size_t from = 0) {
  V4 hp = zero();
  for (std::size_t q = from; q < m / 2; ++q) {
    const V4 y = ld(t + 4 * q), h = shr28(y);
    st(t + 4 * q, add(low28(y), lane_up(h, hp)));
    hp = h;
  }
}

// Whether the columns are carried again after block i of a loop over blocks
// of four digits: above kMontgomery28OneCarryDigits, every `period` blocks
// but the last (each block adds at most four products to a column).
inline bool carry_after_block(std::size_t m, std::size_t i, std::size_t period) {
  return m > kMontgomery28OneCarryDigits && (i + 1) % period == 0 && i + 1 < m / 4;
}

// Four digits (a block of B) broadcast to all lanes.
struct Block {
  V4 d[4];
};
PARMOD_AVX2 inline Block broadcast(const u64* q) { return {{set1(q[0]), set1(q[1]), set1(q[2]), set1(q[3])}}; }
PARMOD_AVX2 inline V4 mad4(V4 acc, const Block& q, const Rows& x, std::size_t k) {
  return mad4(acc, q.d[0], q.d[1], q.d[2], q.d[3], x, k);
}

// T[0, 2m) += Q P over the blocks, then out = the top m columns plus carry, nearly normalised and spread.
PARMOD_AVX2 void reduce(u64* out, u64* t, const Montgomery28Constants& c) {
  const std::size_t m = c.digits, v = m / 4;
  if (m > kMontgomery28CarryFreeDigits) carry_columns_once(t, m);
  const Rows P(c.p_spread.data(), m);
  u64 carry = 0, qi[4], qn[4] = {0, 0, 0, 0};
  quotient_digits(t[0], t[1], t[2], t[3], 0, c.mu_lo, c.mu_hi, qi);
  {  // block 0's low vectors: its carry and block 1's digits
    const V4 q0 = set1(qi[0]), q1 = set1(qi[1]), q2 = set1(qi[2]), q3 = set1(qi[3]);
    const V4 lo = mad4(ld(t), q0, q1, q2, q3, P, 0), nx = mad4(ld(t + 4), q0, q1, q2, q3, P, 1);
    st(t + 4, nx);
    carry = block_carry(lo, 0);
    if (v > 1) quotient_digits(lane(nx, 0), lane(nx, 1), lane(nx, 2), lane(nx, 3), carry, c.mu_lo, c.mu_hi, qn);
  }
  for (std::size_t i = 0; i < v; ++i) {
    u64* tt = t + 4 * i;
    const V4 q0 = set1(qi[0]), q1 = set1(qi[1]), q2 = set1(qi[2]), q3 = set1(qi[3]);
    st(tt + 8, mad4(ld(tt + 8), q0, q1, q2, q3, P, 2));
    u64 qnn[4] = {0, 0, 0, 0};
    if (i + 1 < v) {  // block i + 1's low vectors (they have all of block i now): its carry, block i + 2's digits
      const V4 n0 = set1(qn[0]), n1 = set1(qn[1]), n2 = set1(qn[2]), n3 = set1(qn[3]);
      const V4 lo = mad4(ld(tt + 4), n0, n1, n2, n3, P, 0), nx = mad4(ld(tt + 8), n0, n1, n2, n3, P, 1);
      st(tt + 8, nx);
      carry = block_carry(lo, carry);
      if (i + 2 < v) quotient_digits(lane(nx, 0), lane(nx, 1), lane(nx, 2), lane(nx, 3), carry, c.mu_lo, c.mu_hi, qnn);
    }
    for (std::size_t k = 3; k <= v; ++k) st(tt + 4 * k, mad4(ld(tt + 4 * k), q0, q1, q2, q3, P, k));
    // Vectors i + 3 on have all of blocks 0 .. i; i + 1 and i + 2 are read
    // as they are for the carries and digits of blocks i + 1 and i + 2.
    if (carry_after_block(m, i, kMontgomery28CarryBlocks)) carry_columns_once(t, m, i + 3);
    std::copy(qn, qn + 4, qi);
    std::copy(qnn, qnn + 4, qn);
  }
  write_spread(out, t + m, carry, m);
}

}  // namespace

PARMOD_AVX2 void montgomery28_spread(std::uint64_t* s, const std::uint64_t* a, std::size_t m) noexcept {
  PARMOD_ASSERT(m % 4 == 0 && m <= kMontgomery28MaxDigits && reinterpret_cast<std::uintptr_t>(s) % 32 == 0);
  V4 p = zero();
  for (std::size_t q = 0; q < m / 4; ++q) {
    const V4 c = ld_unaligned(a + 4 * q);
    spread_vector(s, m + 4, q, p, c);
    p = c;
  }
  spread_vector(s, m + 4, m / 4, p, zero());
}

PARMOD_AVX2 void montgomery28_mul(std::uint64_t* out, const std::uint64_t* as, const std::uint64_t* b,
                                  const Montgomery28Constants& c, std::uint64_t* t) noexcept {
  const std::size_t m = c.digits, v = m / 4;
  PARMOD_ASSERT(m % 4 == 0 && m >= 8 && m <= kMontgomery28MaxDigits);
  PARMOD_ASSERT(reinterpret_cast<std::uintptr_t>(as) % 32 == 0 && reinterpret_cast<std::uintptr_t>(t) % 32 == 0);
  const Rows A(as, m);
  // Above kMontgomery28OneCarryDigits T starts at zero and is carried every
  // kMontgomery28CarryBlocks blocks of B; below, each pass writes its top two
  // vectors first and the first pass all of T[0, m + 8).
  const bool carried = m > kMontgomery28OneCarryDigits;
  if (carried)
    for (std::size_t q = 0; q < 2 * v; ++q) st(t + 4 * q, zero());
  // T at 4i += b_(4i+k) A^(k) + b_(4i+4+k) A^(k) shifted up a vector: two
  // blocks of B a pass (the last alone when m / 4 is odd).
  std::size_t i = 0;
  for (; i + 1 < v; i += 2) {
    const Block x = broadcast(b + 4 * i), y = broadcast(b + 4 * i + 4);
    u64* tt = t + 4 * i;
    const bool fresh = i == 0 && !carried;
    st(tt, mad4(fresh ? zero() : ld(tt), x, A, 0));
    for (std::size_t q = 1; q < v; ++q) st(tt + 4 * q, mad4(mad4(fresh ? zero() : ld(tt + 4 * q), x, A, q), y, A, q - 1));
    st(tt + 4 * v, mad4(mad4(carried ? ld(tt + 4 * v) : zero(), x, A, v), y, A, v - 1));
    st(tt + 4 * v + 4, mad4(carried ? ld(tt + 4 * v + 4) : zero(), y, A, v));
    if (carry_after_block(m, i + 1, kMontgomery28CarryBlocks)) carry_columns_once(t, m);
  }
  if (i < v) {
    const Block x = broadcast(b + 4 * i);
    u64* tt = t + 4 * i;
    for (std::size_t q = 0; q < v; ++q) st(tt + 4 * q, mad4(ld(tt + 4 * q), x, A, q));
    st(tt + 4 * v, mad4(carried ? ld(tt + 4 * v) : zero(), x, A, v));
  }
  reduce(out, t, c);
}

PARMOD_AVX2 void montgomery28_sqr(std::uint64_t* out, const std::uint64_t* as, const Montgomery28Constants& c,
                                  std::uint64_t* t) noexcept {
  const std::size_t m = c.digits, v = m / 4;
  PARMOD_ASSERT(m % 4 == 0 && m >= 8 && m <= kMontgomery28MaxDigits);
  PARMOD_ASSERT(reinterpret_cast<std::uintptr_t>(as) % 32 == 0 && reinterpret_cast<std::uintptr_t>(t) % 32 == 0);
  const Rows A(as, m);
  const u64* a = as;  // row 0 is A itself
  for (std::size_t q = 0; q <= 2 * v; ++q) st(t + 4 * q, zero());
  // The triangle i < j: lane l of vector q in row k is digit 4q + l - k; with
  // i = 4I + k it belongs when 4(q - I) + l > 2k.  q = I and q = I + 1 are masked.
  const V4 l123 = lanes_mask(false, true, true, true), l3 = lanes_mask(false, false, false, true);
  for (std::size_t I = 0; I < v; ++I) {
    const V4 b0 = set1(a[4 * I]), b1 = set1(a[4 * I + 1]), b2 = set1(a[4 * I + 2]), b3 = set1(a[4 * I + 3]);
    u64* tt = t + 4 * I;
    const std::size_t o0 = 4 * I, o1 = 4 * (I + 1);
    st(tt + o0, add(ld(tt + o0), add(mul(b0, band(ld(A.r[0] + o0), l123)), mul(b1, band(ld(A.r[1] + o0), l3)))));
    V4 x = add(mul(b0, ld(A.r[0] + o1)), mul(b1, ld(A.r[1] + o1)));
    x = add(x, add(mul(b2, band(ld(A.r[2] + o1), l123)), mul(b3, band(ld(A.r[3] + o1), l3))));
    st(tt + o1, add(ld(tt + o1), x));
    for (std::size_t q = I + 2; q <= v; ++q) st(tt + 4 * q, mad4(ld(tt + 4 * q), b0, b1, b2, b3, A, q));
    // Above kMontgomery28OneCarryDigits: at most 4 kMontgomery28SqrCarryBlocks
    // products a column on a carried one before T doubles.
    if (carry_after_block(m, I, kMontgomery28SqrCarryBlocks)) carry_columns_once(t, m);
  }
  for (std::size_t q = 0; q < v; ++q) {  // T = 2 T + sum a_j^2 beta^(2j)
    const V4 d = ld(a + 4 * q);
    V4 lo, hi;
    spread_pairs(mul(d, d), &lo, &hi);
    st(t + 8 * q, add(shl1(ld(t + 8 * q)), lo));
    st(t + 8 * q + 4, add(shl1(ld(t + 8 * q + 4)), hi));
  }
  reduce(out, t, c);
}

}  // namespace parmod::modmul

#else
// Not x86-64 (build guard): the kernels need AVX2, montgomery28_available() is
// false and no radix-2^28 constants are ever filled, so these are unreachable.
namespace parmod::modmul {
void montgomery28_spread(std::uint64_t*, const std::uint64_t*, std::size_t) noexcept { __builtin_trap(); }
void montgomery28_mul(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const Montgomery28Constants&,
                      std::uint64_t*) noexcept {
  __builtin_trap();
}
void montgomery28_sqr(std::uint64_t*, const std::uint64_t*, const Montgomery28Constants&, std::uint64_t*) noexcept {
  __builtin_trap();
}
}  // namespace parmod::modmul
#endif

namespace parmod::modmul {

std::uint64_t montgomery28_normalize(std::uint64_t* d, std::size_t m) noexcept {
  std::uint64_t carry = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const std::uint64_t x = d[j] + carry;
    d[j] = x & limbs::kDigit28Mask;
    carry = x >> limbs::kDigit28Bits;
  }
  return carry;
}

}  // namespace parmod::modmul

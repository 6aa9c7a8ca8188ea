// src/field/montgomery_ifma8.cpp - eight Montgomery multiplications per
// group on AVX-512 IFMA (see parmod/field/montgomery_ifma8.hpp for the
// representation, the algorithm and its bound).
//
// One group: the 8 elements of each operand are loaded as 8 rows (element e's
// N words, masked), transposed 8x8 into N word vectors (lane e = element e),
// split into D digit vectors (a's shifted up s bits), multiplied, normalised,
// optionally reduced once, joined back into N word vectors, transposed and
// stored row by row.  Everything stays in zmm registers.
//
// gcc 12 reports its own _mm512_setzero_si512 / _mm512_undefined idioms as
// (maybe-)uninitialized.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#include "parmod/field/montgomery_ifma8.hpp"

#include "limbs/cpu_features.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PARMOD_FIELD_IFMA8 1
#endif

namespace parmod::field::ifma8 {

namespace {
constexpr u64 kMask52 = (u64(1) << 52) - 1;
}

void make_constants(Constants& k, const u64* p, int n, bool strict) noexcept {
  const int d = digit_count(n);
  for (int j = 0; j < kMaxDigits; ++j) {
    u64 v = 0;
    if (j < d) {
      const int bit = 52 * j, w = bit / 64, off = bit % 64;
      if (w < n) v = p[w] >> off;
      if (off > 12 && w + 1 < n) v |= p[w + 1] << (64 - off);
    }
    k.p52[j] = v & kMask52;
  }
  u64 x = p[0];  // Newton: x = p^-1 mod 2^64 (p p = 1 mod 8 gives 3 bits)
  for (int i = 0; i < 5; ++i) x *= 2 - p[0] * x;
  k.pinv52 = (u64(0) - x) & kMask52;
  k.final_subtract = strict;
}

#if defined(PARMOD_FIELD_IFMA8)

// The limb layer's detection (cached; PARMOD_NO_IFMA=1 turns IFMA off for
// the whole library).
bool available() noexcept { return limbs::cpu_has_avx512_ifma(); }

#define PARMOD_UNROLL _Pragma("GCC unroll 128")
#define PARMOD_IFMA8 __attribute__((target("avx512f,avx512ifma"), always_inline)) inline

namespace {

using V = __m512i;

// 8x8 transpose of 64-bit words: x[i] lane j <-> x[j] lane i (24 shuffles;
// a transpose is its own inverse, so it serves loads and stores).
PARMOD_IFMA8 void transpose8(V* x) {
  V t[8], u[8];
  PARMOD_UNROLL
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm512_unpacklo_epi64(x[2 * i], x[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_epi64(x[2 * i], x[2 * i + 1]);
  }
  // u[0..3] from rows 0-3, u[4..7] from rows 4-7: 128-bit lanes (0, 2) or (1, 3)
  PARMOD_UNROLL
  for (int h = 0; h < 2; ++h) {
    V* tt = t + 4 * h;
    u[4 * h + 0] = _mm512_shuffle_i64x2(tt[0], tt[2], 0x88);
    u[4 * h + 1] = _mm512_shuffle_i64x2(tt[0], tt[2], 0xDD);
    u[4 * h + 2] = _mm512_shuffle_i64x2(tt[1], tt[3], 0x88);
    u[4 * h + 3] = _mm512_shuffle_i64x2(tt[1], tt[3], 0xDD);
  }
  x[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x88);
  x[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xDD);
  x[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x88);
  x[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xDD);
  x[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x88);
  x[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xDD);
  x[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x88);
  x[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xDD);
}

// w[0, N) = word vectors of `lanes` elements at x (element e at x + e N;
// lanes above `lanes` are zero).
template <int N>
PARMOD_IFMA8 void load_words(V* w, const u64* x, int lanes) {
  V rows[8];
  const __mmask8 words = (__mmask8)((1u << N) - 1);
  PARMOD_UNROLL
  for (int e = 0; e < 8; ++e)
    rows[e] = e < lanes ? _mm512_maskz_loadu_epi64(words, x + (std::size_t)e * N) : _mm512_setzero_si512();
  transpose8(rows);
  PARMOD_UNROLL
  for (int i = 0; i < N; ++i) w[i] = rows[i];
}

// Stores word vectors w[0, N) as `lanes` elements at x.
template <int N>
PARMOD_IFMA8 void store_words(u64* x, const V* w, int lanes) {
  V rows[8];
  PARMOD_UNROLL
  for (int i = 0; i < 8; ++i) rows[i] = i < N ? w[i] : _mm512_setzero_si512();
  transpose8(rows);
  const __mmask8 words = (__mmask8)((1u << N) - 1);
  PARMOD_UNROLL
  for (int e = 0; e < 8; ++e)
    if (e < lanes) _mm512_mask_storeu_epi64(x + (std::size_t)e * N, words, rows[e]);
}

// d[0, D) = the radix-2^52 digits of (w * 2^S) (w: N word vectors).
template <int N, int S>
PARMOD_IFMA8 void split_digits(V* d, const V* w) {
  constexpr int D = digit_count(N);
  const V mask = _mm512_set1_epi64((long long)kMask52);
  PARMOD_UNROLL
  for (int j = 0; j < D; ++j) {
    const int bit = 52 * j - S;  // bit of w where digit j starts (< 0: low bits zero)
    V v;
    if (bit < 0) {
      v = _mm512_slli_epi64(w[0], (unsigned)-bit);
    } else {
      const int i = bit / 64, off = bit % 64;
      v = i < N ? _mm512_srli_epi64(w[i], (unsigned)off) : _mm512_setzero_si512();
      if (off > 12 && i + 1 < N) v = _mm512_or_si512(v, _mm512_slli_epi64(w[i + 1], (unsigned)(64 - off)));
    }
    d[j] = _mm512_and_si512(v, mask);
  }
}

// w[0, N) = the words of the normalised digits d[0, D) (value < 2^(64N)).
template <int N>
PARMOD_IFMA8 void join_digits(V* w, const V* d) {
  constexpr int D = digit_count(N);
  PARMOD_UNROLL
  for (int i = 0; i < N; ++i) {
    V v = _mm512_setzero_si512();
    PARMOD_UNROLL
    for (int j = 0; j < D; ++j) {
      const int lo = 52 * j;  // digit j covers bits [lo, lo + 52)
      if (lo <= 64 * i && 64 * i < lo + 52)
        v = _mm512_or_si512(v, _mm512_srli_epi64(d[j], (unsigned)(64 * i - lo)));
      else if (64 * i < lo && lo < 64 * i + 64)
        v = _mm512_or_si512(v, _mm512_slli_epi64(d[j], (unsigned)(lo - 64 * i)));
    }
    w[i] = v;
  }
}

// c[0, 2D) = the unnormalised columns of a*b (b = nullptr: a*a, each cross
// product a_i a_j, i < j, once and doubled: D^2 + D IFMAs instead of 2D^2).
template <int D>
PARMOD_IFMA8 void product_columns(V* c, const V* a, const V* b) {
  const V zero = _mm512_setzero_si512();
  PARMOD_UNROLL
  for (int i = 0; i < 2 * D; ++i) c[i] = zero;
  if (b) {
    PARMOD_UNROLL
    for (int i = 0; i < D; ++i)
      PARMOD_UNROLL
      for (int j = 0; j < D; ++j) {
        c[i + j] = _mm512_madd52lo_epu64(c[i + j], a[i], b[j]);
        c[i + j + 1] = _mm512_madd52hi_epu64(c[i + j + 1], a[i], b[j]);
      }
    return;
  }
  PARMOD_UNROLL
  for (int i = 0; i < D; ++i)
    PARMOD_UNROLL
    for (int j = i + 1; j < D; ++j) {
      c[i + j] = _mm512_madd52lo_epu64(c[i + j], a[i], a[j]);
      c[i + j + 1] = _mm512_madd52hi_epu64(c[i + j + 1], a[i], a[j]);
    }
  PARMOD_UNROLL
  for (int k = 0; k < 2 * D; ++k) c[k] = _mm512_add_epi64(c[k], c[k]);
  PARMOD_UNROLL
  for (int i = 0; i < D; ++i) {
    c[2 * i] = _mm512_madd52lo_epu64(c[2 * i], a[i], a[i]);
    c[2 * i + 1] = _mm512_madd52hi_epu64(c[2 * i + 1], a[i], a[i]);
  }
}

// r[0, D) = MontMul52(a, b) normalised (< 2p), per lane, from the product
// columns c[0, 2D) (consumed); see the header.
template <int D>
PARMOD_IFMA8 void montgomery_reduce_columns(V* r, V* c, const Constants& k) {
  const V zero = _mm512_setzero_si512();
  const V mask = _mm512_set1_epi64((long long)kMask52);
  const V pinv = _mm512_set1_epi64((long long)k.pinv52);
  V p[D];
  PARMOD_UNROLL
  for (int j = 0; j < D; ++j) p[j] = _mm512_set1_epi64((long long)k.p52[j]);
  PARMOD_UNROLL
  for (int i = 0; i < D; ++i) {
    // m = lo52(c_i pinv); c_i + lo52(m p_0) = 0 mod 2^52, so with c_i = H 2^52
    // + L its carry is H + [L != 0] = (c_i + 2^52 - 1) >> 52: no need to form
    // lo52(m p_0), and the carry does not wait for m.
    const V m = _mm512_madd52lo_epu64(zero, c[i], pinv);
    const V next = _mm512_add_epi64(c[i + 1], _mm512_srli_epi64(_mm512_add_epi64(c[i], mask), 52));
    // the terms of m that column i+1 (the next digit) needs, side by side
    if (D > 1) {
      c[i + 1] = _mm512_add_epi64(_mm512_madd52hi_epu64(next, m, p[0]), _mm512_madd52lo_epu64(zero, m, p[1]));
    } else {
      c[i + 1] = _mm512_madd52hi_epu64(next, m, p[0]);
    }
    PARMOD_UNROLL
    for (int j = 2; j < D; ++j) c[i + j] = _mm512_madd52lo_epu64(c[i + j], m, p[j]);
    PARMOD_UNROLL
    for (int j = 1; j < D; ++j) c[i + j + 1] = _mm512_madd52hi_epu64(c[i + j + 1], m, p[j]);
  }
  V carry = zero;
  PARMOD_UNROLL
  for (int j = 0; j < D; ++j) {
    const V t = _mm512_add_epi64(c[D + j], carry);
    r[j] = _mm512_and_si512(t, mask);
    carry = _mm512_srli_epi64(t, 52);
  }
}

// r = r - p where r >= p, lane by lane (r < 2p, normalised digits).
template <int D>
PARMOD_IFMA8 void subtract_once(V* r, const Constants& k) {
  const V mask = _mm512_set1_epi64((long long)kMask52);
  V t[D];
  V borrow = _mm512_setzero_si512();
  PARMOD_UNROLL
  for (int j = 0; j < D; ++j) {
    const V x = _mm512_sub_epi64(_mm512_sub_epi64(r[j], _mm512_set1_epi64((long long)k.p52[j])), borrow);
    t[j] = _mm512_and_si512(x, mask);
    borrow = _mm512_srli_epi64(x, 63);
  }
  const __mmask8 ge = _mm512_cmpeq_epi64_mask(borrow, _mm512_setzero_si512());  // r >= p
  PARMOD_UNROLL
  for (int j = 0; j < D; ++j) r[j] = _mm512_mask_blend_epi64(ge, r[j], t[j]);
}

// One group of up to 8 lanes: r = MontMul(a, b), or MontMul(a, a) when b is
// nullptr (then a is split shifted by s/2 bits: (a 2^(s/2))^2 = a^2 2^s; s
// is even for every N).
template <int N>
__attribute__((target("avx512f,avx512ifma"))) void group(u64* r, const u64* a, const u64* b, int lanes,
                                                        const Constants& k) {
  constexpr int D = digit_count(N);
  V wa[N], wb[N], da[D], db[D], dr[D], c[2 * D];
  load_words<N>(wa, a, lanes);
  if (b) {
    load_words<N>(wb, b, lanes);
    split_digits<N, shift_bits(N)>(da, wa);
    split_digits<N, 0>(db, wb);
    product_columns<D>(c, da, db);
  } else {
    static_assert(shift_bits(N) % 2 == 0, "the squaring splits a with half the shift");
    split_digits<N, shift_bits(N) / 2>(da, wa);
    product_columns<D>(c, da, nullptr);
  }
  montgomery_reduce_columns<D>(dr, c, k);
  if (k.final_subtract) subtract_once<D>(dr, k);  // public: one choice per context
  join_digits<N>(wa, dr);
  store_words<N>(r, wa, lanes);
}

}  // namespace

template <int N>
void mul(u64* r, const u64* a, const u64* b, std::size_t count, const Constants& k) noexcept {
  std::size_t e = 0;
  for (; e + 8 <= count; e += 8) group<N>(r + e * N, a + e * N, b + e * N, 8, k);
  if (e < count) group<N>(r + e * N, a + e * N, b + e * N, (int)(count - e), k);
}

template <int N>
void sqr(u64* r, const u64* a, std::size_t count, const Constants& k) noexcept {
  std::size_t e = 0;
  for (; e + 8 <= count; e += 8) group<N>(r + e * N, a + e * N, nullptr, 8, k);
  if (e < count) group<N>(r + e * N, a + e * N, nullptr, (int)(count - e), k);
}

#else  // no x86-64: never available, never called

bool available() noexcept { return false; }

template <int N>
void mul(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept {}
template <int N>
void sqr(u64*, const u64*, std::size_t, const Constants&) noexcept {}

#endif

template void mul<2>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<3>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<4>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<5>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<6>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<7>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;
template void mul<8>(u64*, const u64*, const u64*, std::size_t, const Constants&) noexcept;

template void sqr<2>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<3>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<4>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<5>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<6>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<7>(u64*, const u64*, std::size_t, const Constants&) noexcept;
template void sqr<8>(u64*, const u64*, std::size_t, const Constants&) noexcept;

}  // namespace parmod::field::ifma8

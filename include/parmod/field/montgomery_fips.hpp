// parmod/field/montgomery_fips.hpp - Montgomery multiplication and squaring by
// finely integrated product scanning (FIPS), portable unsigned __int128 path.
//
// Paper: faster-fq-arithmetic.txt, "multiplication" (FIPS after Koc, Acar,
// Kaliski) and "reduction" (skipping the final subtraction).
//
// Notation: beta = 2^64, R = beta^N, p odd, pinv = -p^-1 mod beta.
// Montgomery product: MontMul(a, b) = (a*b + m*p) / R with m < R chosen so the
// division is exact.  FIPS computes it column by column (place value beta^k):
// column k adds every a_j*b_(k-j) and m_j*p_(k-j); for k < N the digit
// m_k = (column sum mod beta) * pinv mod beta is chosen there, which makes the
// column's low word zero; columns N..2N-1 are the result digits.  The column
// sum is held in a three-word accumulator (t0, t1, t2), so no carry ripples
// through an N-word row (the reason product scanning suits x86-64).
//
// Bound (used by every caller, see fp.hpp):  if a*b < p*R then
//     MontMul(a, b) = (a*b + m*p)/R < (p*R + R*p)/R = 2p,
// and a*b + m*p < 2pR < R^2 * 2, which the (2N+1)-word column chain holds.
// The result is returned as hi*R + r with hi in {0,1} (hi = 1 only if 2p > R).
// With Final = true one constant-time conditional subtraction brings it to
// [0, p); with Final = false (lazy reduction, p < R/4) it is left in [0, 2p).
//
// Cost: N^2 + N^2 word products for mul (N(N+1)/2 + N^2 for sqr), about
// 3 add-with-carry per product, no allocation, no data-dependent branch.
#pragma once

#include <cstdint>

#include "parmod/field/limbs.hpp"

namespace parmod::field::fips {

using limbs::u128;
using limbs::u64;

// (t0, t1, t2) += a*b.  The 192-bit accumulator cannot overflow in a column
// (at most 2N+2 products of < 2^128 each).
#if defined(__x86_64__)
// add/adc/adc through the carry-flag builtins (no -m flag needed).
#define PARMOD_FIPS_MAC(t0, t1, t2, a, b)                                        \
  do {                                                                           \
    u128 pr_ = (u128)(a) * (b);                                                  \
    unsigned long long s_;                                                       \
    unsigned char c_ = __builtin_ia32_addcarryx_u64(0, (t0), (u64)pr_, &s_);    \
    (t0) = s_;                                                                   \
    c_ = __builtin_ia32_addcarryx_u64(c_, (t1), (u64)(pr_ >> 64), &s_);         \
    (t1) = s_;                                                                   \
    (t2) += c_;                                                                  \
  } while (0)
#else
#define PARMOD_FIPS_MAC(t0, t1, t2, a, b)                   \
  do {                                                      \
    u128 pr_ = (u128)(a) * (b);                             \
    u128 acc_ = ((u128)(t1) << 64) | (t0);                  \
    (t2) += __builtin_add_overflow(acc_, pr_, &acc_);       \
    (t0) = (u64)acc_;                                       \
    (t1) = (u64)(acc_ >> 64);                               \
  } while (0)
#endif

// r = MontMul(a, b), reduced to [0, p) if Final, else in [0, 2p).
// Requires a*b < p*R (a, b < 2p with p < R/4, or a, b < p).
template <int N, bool Final>
inline void mul_portable(u64* r, const u64* a, const u64* b, const u64* p, u64 pinv) {
  u64 m[N];
  u64 out[N];
  u64 t0 = 0, t1 = 0, t2 = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
#pragma GCC unroll 8
    for (int j = 0; j < i; ++j) {
      PARMOD_FIPS_MAC(t0, t1, t2, a[j], b[i - j]);
      PARMOD_FIPS_MAC(t0, t1, t2, m[j], p[i - j]);
    }
    PARMOD_FIPS_MAC(t0, t1, t2, a[i], b[0]);
    m[i] = t0 * pinv;
    PARMOD_FIPS_MAC(t0, t1, t2, m[i], p[0]);  // t0 becomes 0
    t0 = t1; t1 = t2; t2 = 0;
  }
#pragma GCC unroll 8
  for (int i = N; i < 2 * N - 1; ++i) {
#pragma GCC unroll 8
    for (int j = i - N + 1; j < N; ++j) {
      PARMOD_FIPS_MAC(t0, t1, t2, a[j], b[i - j]);
      PARMOD_FIPS_MAC(t0, t1, t2, m[j], p[i - j]);
    }
    out[i - N] = t0;
    t0 = t1; t1 = t2; t2 = 0;
  }
  out[N - 1] = t0;
  if constexpr (Final) {
    limbs::reduce_once<N>(r, out, t1, p);
  } else {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) r[i] = out[i];
  }
}

// r = MontMul(a, a) with each symmetric product a_j*a_k (j != k) computed
// once and doubled per column.  Same contract as mul_portable with b = a.
template <int N, bool Final>
inline void sqr_portable(u64* r, const u64* a, const u64* p, u64 pinv) {
  u64 m[N];
  u64 out[N];
  u64 t0 = 0, t1 = 0, t2 = 0;
#pragma GCC unroll 16
  for (int k = 0; k < 2 * N - 1; ++k) {
    const int lo = k < N ? 0 : k - N + 1;
    u64 s0 = 0, s1 = 0, s2 = 0;
#pragma GCC unroll 8
    for (int j = lo; j < k - j; ++j) PARMOD_FIPS_MAC(s0, s1, s2, a[j], a[k - j]);
    // t += 2*s  (s < N/2 * 2^128, so 2s fits in three words)
    s2 = (s2 << 1) | (s1 >> 63);
    s1 = (s1 << 1) | (s0 >> 63);
    s0 <<= 1;
    {
      u128 acc = ((u128)t1 << 64) | t0;
      u128 add = ((u128)s1 << 64) | s0;
      t2 += s2 + __builtin_add_overflow(acc, add, &acc);
      t0 = (u64)acc;
      t1 = (u64)(acc >> 64);
    }
    if ((k & 1) == 0) PARMOD_FIPS_MAC(t0, t1, t2, a[k / 2], a[k / 2]);
    if (k < N) {
#pragma GCC unroll 8
      for (int j = 0; j < k; ++j) PARMOD_FIPS_MAC(t0, t1, t2, m[j], p[k - j]);
      m[k] = t0 * pinv;
      PARMOD_FIPS_MAC(t0, t1, t2, m[k], p[0]);
    } else {
#pragma GCC unroll 8
      for (int j = k - N + 1; j < N; ++j) PARMOD_FIPS_MAC(t0, t1, t2, m[j], p[k - j]);
      out[k - N] = t0;
    }
    t0 = t1; t1 = t2; t2 = 0;
  }
  out[N - 1] = t0;
  if constexpr (Final) {
    limbs::reduce_once<N>(r, out, t1, p);
  } else {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) r[i] = out[i];
  }
}

}  // namespace parmod::field::fips

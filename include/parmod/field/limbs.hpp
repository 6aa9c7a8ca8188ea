// parmod/field/limbs.hpp - fixed-size limb helpers for the F_q layer.
//
// Every function works on N 64-bit limbs, least significant first, with N a
// compile-time constant (2..8), so loops unroll and nothing allocates.  None
// of them branches or indexes memory on limb values: conditions are turned
// into all-ones/all-zero masks (constant time; see tests/field/ct_check.cpp).
#pragma once

#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>  // _addcarry_u64, _subborrow_u64: plain adc/sbb, no -m flag needed
#endif

namespace parmod::field::limbs {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

// One step of an add-with-carry / subtract-with-borrow chain: *r = a + b + c,
// returns the carry out (c, result in {0, 1}).
inline unsigned char adc(unsigned char c, u64 a, u64 b, u64* r) {
#if defined(__x86_64__)
  unsigned long long t;
  c = _addcarry_u64(c, a, b, &t);
  *r = t;
  return c;
#else
  u128 s = (u128)a + b + c;
  *r = (u64)s;
  return (unsigned char)(s >> 64);
#endif
}
inline unsigned char sbb(unsigned char c, u64 a, u64 b, u64* r) {
#if defined(__x86_64__)
  unsigned long long t;
  c = _subborrow_u64(c, a, b, &t);
  *r = t;
  return c;
#else
  u128 d = (u128)a - b - c;
  *r = (u64)d;
  return (unsigned char)((d >> 64) & 1);
#endif
}

// r = a + b mod 2^(64N); returns the carry (0 or 1).  Cost: N add-with-carry.
template <int N>
inline u64 add(u64* r, const u64* a, const u64* b) {
  unsigned char c = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) c = adc(c, a[i], b[i], &r[i]);
  return c;
}

// r = a - b mod 2^(64N); returns the borrow (0 or 1).  Cost: N subtract-with-borrow.
template <int N>
inline u64 sub(u64* r, const u64* a, const u64* b) {
  unsigned char c = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) c = sbb(c, a[i], b[i], &r[i]);
  return c;
}

// r = mask ? a : b, for mask in {0, ~0}.  Constant time.
template <int N>
inline void select(u64* r, u64 mask, const u64* a, const u64* b) {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) r[i] = (a[i] & mask) | (b[i] & ~mask);
}

// r = a + (mask & m) mod 2^(64N); returns the carry.  Constant time.
template <int N>
inline u64 add_masked(u64* r, const u64* a, const u64* m, u64 mask) {
  unsigned char c = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) c = adc(c, a[i], m[i] & mask, &r[i]);
  return c;
}

// Given the value hi*2^(64N) + t (hi in {0,1}) with hi*2^(64N) + t < 2m,
// r = that value mod m, i.e. one conditional subtraction of m, in [0, m).
// Constant time: the subtraction is always computed, the choice is a mask.
template <int N>
inline void reduce_once(u64* r, const u64* t, u64 hi, const u64* m) {
  u64 d[N];
  u64 borrow = sub<N>(d, t, m);
  // keep t only if t < m as an (N+1)-limb number: hi == 0 and a borrow
  u64 keep_t = (u64)0 - (borrow & (hi ^ 1));
  select<N>(r, keep_t, t, d);
}

// Returns ~0 if a == b, else 0.  Constant time.
template <int N>
inline u64 equal_mask(const u64* a, const u64* b) {
  u64 x = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x |= a[i] ^ b[i];
  // x == 0  <=>  (x | -x) has top bit clear
  return ((x | ((u64)0 - x)) >> 63) - 1;
}

// Returns ~0 if a == 0, else 0.  Constant time.
template <int N>
inline u64 zero_mask(const u64* a) {
  u64 x = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x |= a[i];
  return ((x | ((u64)0 - x)) >> 63) - 1;
}

// r = (hi*2^(64N) + a) >> 1 for hi in {0,1}.  Constant time.
template <int N>
inline void shr1(u64* r, const u64* a, u64 hi) {
#pragma GCC unroll 8
  for (int i = 0; i < N - 1; ++i) r[i] = (a[i] >> 1) | (a[i + 1] << 63);
  r[N - 1] = (a[N - 1] >> 1) | (hi << 63);
}

}  // namespace parmod::field::limbs

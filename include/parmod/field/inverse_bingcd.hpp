// parmod/field/inverse_bingcd.hpp - constant-time modular inversion by the
// optimized extended binary GCD (T. Pornin, "Optimized Binary GCD for Modular
// Inversion", IACR ePrint 2020/972, Algorithm 2), for Fp<N>::inv.
//
// Contract of inverse<N>(r, y, p, pinv, c, bits):
//   inputs  p odd, 3 <= p < 2^(64N), bits = len(p) (its bit length, public);
//           pinv = -p^-1 mod 2^64; y in [0, p); c in [0, p).
//   result  r = c * y^-1 mod p in [0, p) when gcd(y, p) = 1 (every y != 0 for
//           a prime p); r = 0 for y = 0.  Fp<N>::inv passes y = aR (Montgomery
//           form) and c = R^2 mod p, so r = R^2/(aR) = a^-1 R: the Montgomery
//           form of a^-1, with no multiplication afterwards.
//   cost    T = ceil((2 len(p) - 1)/31) rounds (17 at 256 bits, 25 at 384, 33
//           at 512), each: 31 inner steps on two 64-bit words (about 6 core
//           cycles per step on Zen 4), then 4N word products for a and b and,
//           every second round, 6N for u and v.  No multiplication modulo p,
//           no allocation.  Measured on the development Zen 4 (core cycles,
//           median, dependent chain): 256 bits 5,900 (Fermat 14,900 P-256,
//           20,300 BN254; GMP's variable-time mpz_invert 4,700); 384 bits
//           9,950 (Fermat 53,500-56,000, GMP 7,050); 512 bits 15,000 (Fermat
//           160,000, GMP 9,500).
//   time    constant: T depends only on len(p); every loop runs a count fixed
//           by N or T; no branch and no memory index depends on y, a, b, u or
//           v (masks and cmov; checked by tests/field/ct_check.cpp).  The
//           extraction of the top bits shifts by
//           a secret count (shl/shr by %cl) after a bsr: both take a time
//           independent of their operands on x86-64.
//
// The algorithm.  Classic extended binary GCD (Pornin, Algorithm 1): a = y,
// b = p, u = c, v = 0, with the invariants a*c = u*y and b*c = v*y (mod p),
// b odd, gcd(a, b) = gcd(y, p).  A step: if a is even, a = a/2, u = u/2;
// else, if a < b, swap (a, u) with (b, v); then a = (a-b)/2, u = (u-v)/2 (mod
// p).  Each step lowers len(a) + len(b) by at least 1 until a = 0, and then
// b = gcd(y, p) = 1, so v = c/y.
// The optimized form batches 31 steps per round:
//  1. approximations: n = max(len(a), len(b), 64); a~ = (a mod 2^31) +
//     2^31 floor(a / 2^(n-33)), b~ likewise: the 31 low bits and the 33 top
//     bits in one word (a~ = a, b~ = b when both fit in a word);
//  2. run the 31 steps on (a~, b~) alone, recording update factors
//     f0, g0, f1, g1 (start 1, 0, 0, 1; a swap exchanges (f0, g0) and (f1, g1),
//     a subtraction does (f0, g0) -= (f1, g1), every step doubles f1, g1
//     instead of halving f0, g0).  |f|+|g| <= 2^31 and f, g lie in
//     [-(2^31 - 1), 2^31], so each pair packs into one word as f + 2^32 g and a
//     step updates both at once (the packing is linear: subtraction, doubling
//     and swap act on the packed words directly);
//  3. apply them to the full values: a = (f0 a + g0 b)/2^31, b = (f1 a + g1 b)
//     /2^31 (exact divisions); a wrong swap decision (the approximation) can
//     make a or b negative: then negate it and its factors;
//     u = (f0 u + g0 v)/2^31 mod p, v = (f1 u + g1 v)/2^31 mod p, where the
//     division is Montgomery's: add q*p, q = (t*pinv) mod 2^31, then shift;
//     the sum stays below 2p and one conditional subtraction of p brings it
//     back into [0, p).  Two rounds' factor matrices are multiplied first
//     (entries up to 2^62) so u and v are updated once per two rounds, with a
//     division by 2^62.  These divisions are exact modulo p: u and v carry no
//     stray power of 2 and no correction follows.
//
// Iteration bound.  T*31 >= 2 len(p) - 1 steps, the bound of the classic
// algorithm (len(a) + len(b) <= 2 len(p) at the start, -1 per step), given
// that every round of 31 approximate steps, with the sign fix of step 3,
// lowers len(a) + len(b) by at least 31 until a = 0: Pornin's per-round
// claim (ePrint 2020/972, section 3 and its appendix) for k - 1 = 31 steps on
// approximations made of the k - 1 = 31 low bits and the k + 1 = 33 top bits
// (k = 32, one 64-bit word each).  The two extra top bits matter: with only
// 31 top bits, when len(b) <= n - 31, a~ can fall below b~ in the last step
// and the swap moves a long a into b (tests/field/test_inverse.cpp found such
// inputs: p = the largest prime below 2^512, a round raised len(a) + len(b)
// by 135).  With 33 top bits a~ >= 2^63 and b~ < 2^31 in that case, so after
// t <= 30 steps a~_t >= (2^63 - (2^t - 1) b~)/2^t > 2^(63-t) - 2^31 >= 2^31
// > b~_t and no swap happens there.  Checked empirically too: over 2 million
// mpz_rrandomb-style inputs for N = 2..8 and moduli at both ends of each
// size, the smallest per-round reduction seen (while a != 0) was exactly 31.
// For y = 0: a = 0 throughout, every step halves a, the factors are
// (1, 0, 0, 2^31), b and v = 0 never change, so r = 0.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parmod/field/limbs.hpp"

namespace parmod::field::bingcd {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using u128 = unsigned __int128;

// Inner steps per outer iteration (k above); the approximations are 2k bits.
inline constexpr int kSteps = 31;

// T: outer iterations for a modulus of `bits` bits (bits >= 2).
constexpr int outer_iterations(std::size_t bits) { return (int)((2 * bits - 1 + kSteps - 1) / kSteps); }

namespace detail {

// Leading zero count of x != 0.  x86-64 and AArch64: bsr / clz (one
// instruction, timing independent of x); elsewhere masks and shifts.
inline u64 clz(u64 x) {
#if defined(__x86_64__) || defined(__aarch64__)
  return (u64)__builtin_clzll(x);
#else
  u64 n = 0;
#pragma GCC unroll 6
  for (int w = 32; w >= 1; w >>= 1) {
    u64 h = x >> (64 - w);             // < 2^w
    u64 m = (u64)0 - ((h - 1) >> 63);  // ~0 iff h == 0
    u64 s = m & (u64)w;
    n += s;
    x <<= s;
  }
  return n;
#endif
}

// The 64-bit approximations a~, b~ of a, b (step 1): with n = max(len(a),
// len(b), 64), a~ = (a mod 2^31) + 2^31 floor(a / 2^(n-33)), likewise b~;
// a~ = a, b~ = b when both fit in one word.
template <int N>
inline void approximate(u64& xa, u64& xb, const u64* a, const u64* b) {
  // highest limb j with a[j] | b[j] != 0 (j = 0 if none above limb 0), and
  // the limbs j and j-1 of a and b; all selects by mask.
  u64 ha = a[0], hb = b[0], la = 0, lb = 0, hm = a[0] | b[0], above = 0;
#pragma GCC unroll 8
  for (int j = 1; j < N; ++j) {
    u64 m = a[j] | b[j];
    u64 nz = (u64)0 - ((m | ((u64)0 - m)) >> 63);
    ha = (a[j] & nz) | (ha & ~nz);
    hb = (b[j] & nz) | (hb & ~nz);
    la = (a[j - 1] & nz) | (la & ~nz);
    lb = (b[j - 1] & nz) | (lb & ~nz);
    hm = (m & nz) | (hm & ~nz);
    above |= m;
  }
  // hm != 0 (b is odd).  ta, tb: bits n-64 .. n-1 of a and b, n = 64(j+1) - s.
  u64 s = clz(hm);
  u64 ta = (ha << s) | ((la >> 1) >> (63 - s));
  u64 tb = (hb << s) | ((lb >> 1) >> (63 - s));
  constexpr u64 low = ((u64)1 << kSteps) - 1;
  u64 exact = ((above | ((u64)0 - above)) >> 63) - 1;  // ~0 iff a, b < 2^64
  u64 pa = (a[0] & low) | (ta & ~low);                  // 31 low bits, 33 top bits
  u64 pb = (b[0] & low) | (tb & ~low);
  xa = (a[0] & exact) | (pa & ~exact);
  xb = (b[0] & exact) | (pb & ~exact);
}

// Step 2: kSteps binary-GCD steps on the words xa, xb (xb odd), with the
// packed factors P0 = f0 + 2^32 g0 and P1 = f1 + 2^32 g1 (mod 2^64).
// Portable form: masks only.
inline void inner_steps_portable(u64& xa, u64& xb, u64& P0, u64& P1) {
  for (int i = 0; i < kSteps; ++i) {
    u64 odd = (u64)0 - (xa & 1);
    u64 borrow = ((~xa & xb) | (~(xa ^ xb) & (xa - xb))) >> 63;  // [xa < xb]
    u64 lt = odd & ((u64)0 - borrow);
    u64 t = lt & (xa ^ xb);
    xa ^= t;
    xb ^= t;
    t = lt & (P0 ^ P1);
    P0 ^= t;
    P1 ^= t;
    xa -= odd & xb;
    P0 -= odd & P1;
    xa >>= 1;
    P1 += P1;
  }
}

// The same steps with cmov (x86-64; the same values).  Per step:
// t1 = xa - xb sets CF = [xa < xb]; cmovb picks |xa - xb|, min(xa, xb) and
// the swapped factor pair; testl/cmovnz (xa odd) commit them; then xa >>= 1,
// P1 *= 2.  Latency 4 cycles (sub, cmovb, cmovnz, shr); 15 ALU operations,
// 9 of them cmov/shift, which Zen 4 runs on 2 ports only: about 6 cycles per
// step measured (variants with fewer cmov but more masks measured slower).
inline void inner_steps(u64& xa, u64& xb, u64& P0, u64& P1) {
#if defined(__x86_64__)
  u64 t1, t2, t3, t4, t5;
  unsigned cnt = kSteps;
  __asm__(
      "1:\n\t"
      "movq   %[xb], %[t2]\n\t"
      "subq   %[xa], %[t2]\n\t"    // t2 = xb - xa
      "movq   %[xa], %[t1]\n\t"
      "movq   %[xb], %[t3]\n\t"
      "movq   %[P0], %[t4]\n\t"
      "movq   %[P1], %[t5]\n\t"
      "subq   %[xb], %[t1]\n\t"    // t1 = xa - xb, CF = [xa < xb]
      "cmovbq %[t2], %[t1]\n\t"    // t1 = |xa - xb|
      "cmovbq %[xa], %[t3]\n\t"    // t3 = min(xa, xb)
      "cmovbq %[P1], %[t4]\n\t"    // the factor pairs, swapped
      "cmovbq %[P0], %[t5]\n\t"
      "subq   %[t5], %[t4]\n\t"    // P0 - P1 after the swap
      "testl  $1, %k[xa]\n\t"
      "cmovnzq %[t1], %[xa]\n\t"   // xa odd: commit the swap and subtraction
      "cmovnzq %[t3], %[xb]\n\t"
      "cmovnzq %[t4], %[P0]\n\t"
      "cmovnzq %[t5], %[P1]\n\t"
      "shrq   $1, %[xa]\n\t"
      "addq   %[P1], %[P1]\n\t"
      "decl   %[cnt]\n\t"
      "jnz    1b\n\t"
      : [xa] "+r"(xa), [xb] "+r"(xb), [P0] "+r"(P0), [P1] "+r"(P1), [cnt] "+r"(cnt), [t1] "=&r"(t1),
        [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5)
      :
      : "cc");
#else
  inner_steps_portable(xa, xb, P0, P1);
#endif
}

// Unpacks P = f + 2^32 g (f, g in [-(2^31 - 1), 2^31]).
inline void unpack(i64& f, i64& g, u64 P) {
  constexpr u64 off = 0x7FFFFFFF7FFFFFFFull;
  P += off;  // (f + 2^31 - 1) + 2^32 (g + 2^31 - 1), both halves in [0, 2^32)
  f = (i64)(P & 0xFFFFFFFFu) - 0x7FFFFFFF;
  g = (i64)(P >> 32) - 0x7FFFFFFF;
}

// Step 3 on a, b: r = |f a + g b| / 2^31 (the division is exact), returns ~0
// if f a + g b < 0, else 0.  a, b < 2^(64N); |f| + |g| <= 2^31.
// f a = |f| (a xor ~0) + |f| over N+1 words when f < 0 (two's complement).
template <int N>
inline u64 update_ab(u64* r, const u64* a, const u64* b, i64 f, i64 g) {
  u64 sf = (u64)(f >> 63), sg = (u64)(g >> 63);
  u64 mf = ((u64)f ^ sf) - sf, mg = ((u64)g ^ sg) - sg;
  u128 acc = (u128)(sf & mf) + (sg & mg);
  u64 t[N + 1];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    acc += (u128)(a[i] ^ sf) * mf + (u128)(b[i] ^ sg) * mg;  // < 2^96
    t[i] = (u64)acc;
    acc >>= 64;
  }
  t[N] = (u64)acc - (sf & mf) - (sg & mg);  // top words sf, sg: (~0) * m = -m
  u64 neg = (u64)((i64)t[N] >> 63);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) r[i] = (t[i] >> kSteps) | (t[i + 1] << (64 - kSteps));
  // |f a + g b| / 2^31 < 2^(64N): negate in N words when negative
  unsigned char c = (unsigned char)(neg & 1);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) c = limbs::adc(c, r[i] ^ neg, 0, &r[i]);
  return neg;
}

// Step 3 on u, v: r = (f u + g v) / 2^K mod p, in [0, p), K = 31 (one
// round's factors) or 62 (two rounds' factors multiplied).  u, v in [0, p);
// nu = p - u, nv = p - v (in (0, p]); |f| + |g| <= 2^K.  With
// t = |f| u' + |g| v' <= 2^K p (u' = nu when f < 0, so f u = |f| u' mod p)
// and q = t pinv mod 2^K < 2^K: t + q p = 0 mod 2^K and (t + q p)/2^K < 2p,
// reduced by one conditional subtraction.  Every word product sum stays
// below 2^127.
template <int N, int K>
inline void update_uv(u64* r, const u64* u, const u64* nu, const u64* v, const u64* nv, i64 f, i64 g,
                      const u64* p, u64 pinv) {
  static_assert(K >= 1 && K <= 62);
  u64 sf = (u64)(f >> 63), sg = (u64)(g >> 63);
  u64 mf = ((u64)f ^ sf) - sf, mg = ((u64)g ^ sg) - sg;
  u64 us[N], vs[N];
  limbs::select<N>(us, sf, nu, u);
  limbs::select<N>(vs, sg, nv, v);
  u128 acc = (u128)us[0] * mf + (u128)vs[0] * mg;
  u64 q = ((u64)acc * pinv) & (((u64)1 << K) - 1);
  acc += (u128)q * p[0];
  u64 t[N + 1];
  t[0] = (u64)acc;
  acc >>= 64;
#pragma GCC unroll 8
  for (int i = 1; i < N; ++i) {
    acc += (u128)us[i] * mf + (u128)vs[i] * mg;
    acc += (u128)q * p[i];
    t[i] = (u64)acc;
    acc >>= 64;
  }
  t[N] = (u64)acc;  // < 2^(K+1)
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) r[i] = (t[i] >> K) | (t[i + 1] << (64 - K));
  limbs::reduce_once<N>(r, r, t[N] >> K, p);
}

// (u, v) = M (u, v) / 2^K mod p for the factor matrix M = [f0 g0; f1 g1].
template <int N, int K>
inline void update_uv_pair(u64* u, u64* v, i64 f0, i64 g0, i64 f1, i64 g1, const u64* p, u64 pinv) {
  u64 nu[N], nv[N], u2[N];
  limbs::sub<N>(nu, p, u);
  limbs::sub<N>(nv, p, v);
  update_uv<N, K>(u2, u, nu, v, nv, f0, g0, p, pinv);
  update_uv<N, K>(v, u, nu, v, nv, f1, g1, p, pinv);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) u[i] = u2[i];
}

}  // namespace detail

// r = c / y mod p (see the contract at the top).  y in [0, p), c in [0, p);
// r may alias y or c.  Portable = true: the inner steps without inline
// assembly (what non-x86-64 targets run; the tests compare both).
template <int N, bool Portable = false>
inline void inverse(u64* r, const u64* y, const u64* p, u64 pinv, const u64* c, std::size_t bits) {
  u64 a[N], b[N], u[N], v[N];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    a[i] = y[i];
    b[i] = p[i];
    u[i] = c[i];
    v[i] = 0;
  }
  const int T = outer_iterations(bits);
  // The factors of an even-numbered round wait for the next round's: the two
  // matrices multiplied (entries |f| + |g| <= 2^62) update u and v once,
  // with a Montgomery division by 2^62.  Branches on the round index only.
  i64 pf0 = 1, pg0 = 0, pf1 = 0, pg1 = 1;
  for (int it = 0; it < T; ++it) {  // T is public
    u64 xa, xb;
    detail::approximate<N>(xa, xb, a, b);
    u64 P0 = 1, P1 = (u64)1 << 32;
    if constexpr (Portable) detail::inner_steps_portable(xa, xb, P0, P1);
    else detail::inner_steps(xa, xb, P0, P1);
    i64 f0, g0, f1, g1;
    detail::unpack(f0, g0, P0);
    detail::unpack(f1, g1, P1);
    u64 na[N], nb[N];
    u64 sa = detail::update_ab<N>(na, a, b, f0, g0);
    u64 sb = detail::update_ab<N>(nb, a, b, f1, g1);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) {
      a[i] = na[i];
      b[i] = nb[i];
    }
    f0 = (i64)(((u64)f0 ^ sa) - sa);
    g0 = (i64)(((u64)g0 ^ sa) - sa);
    f1 = (i64)(((u64)f1 ^ sb) - sb);
    g1 = (i64)(((u64)g1 ^ sb) - sb);
    if ((it & 1) == 0 && it + 1 < T) {
      pf0 = f0, pg0 = g0, pf1 = f1, pg1 = g1;
      continue;
    }
    if (it & 1) {
      // [f0 g0; f1 g1] * [pf0 pg0; pf1 pg1]; |entries| <= 2^62
      i64 F0 = f0 * pf0 + g0 * pf1, G0 = f0 * pg0 + g0 * pg1;
      i64 F1 = f1 * pf0 + g1 * pf1, G1 = f1 * pg0 + g1 * pg1;
      detail::update_uv_pair<N, 2 * kSteps>(u, v, F0, G0, F1, G1, p, pinv);
    } else {
      detail::update_uv_pair<N, kSteps>(u, v, f0, g0, f1, g1, p, pinv);
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) r[i] = v[i];
}

}  // namespace parmod::field::bingcd

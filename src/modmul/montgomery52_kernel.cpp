// modmul/montgomery52_kernel.cpp - the digit loop of montgomery52_mul_digits
// (see montgomery52.hpp): one fully unrolled instance per register count V up
// to kMontgomery52RegisterVectors, the accumulator in zmm registers; above, one
// loop with the accumulator in memory (L1), swept block by block.  Up to
// kMontgomery52MoveFirstVectors registers a second form of the register loop,
// the move first (digit_loop_move_first), which automatic takes up to the
// tuning key montgomery52.move_first_max_vectors.
//
// Lane bound: a lane enters at the top of the accumulator and moves down one
// place per digit step, so it lives at most d + 1 steps; each step adds four
// values below 2^52 (lo(a_j b_i), hi(a_(j-1) b_i), lo(p_j m_i), hi(p_(j-1) m_i))
// and lane 0 passes on its value >> 52 < 2^12 + 2^12.  With d + 1 <= 8 V <= 1016
// a lane stays below 1016 * (4 * 2^52 + 2^13) < 2^64: no 64-bit lane overflows.
// gcc 12 reports its own _mm512_setzero_si512 idiom as maybe-uninitialized,
// and the _mm512_undefined_epi32 inside _mm512_alignr_epi64 as uninitialized.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#include "modmul/montgomery52.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include <array>
#include <utility>

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/radix52.hpp"
#include "limbs/radix52_avx512.hpp"
#include "modmul/montgomery52.hpp"

namespace parmod::modmul {
namespace {

using limbs::kDigitMask;

// One digit step per b_i (value = sum over lanes l of acc_l 2^(52 l)):
//   acc += lo(A b_i); t0 = lane 0; m = t0 k0 mod 2^52; acc += lo(P m);
//   lane 0 is now 0 mod 2^52: divide by 2^52, i.e. every lane moves down one
//   place (valignq) and lane 0's value >> 52 joins the new lane 0;
//   hi(A b_i) + hi(P m) belongs one place up, so after the division it adds
//   to the same lane index: acc_j = (acc_(j+1..) moved down) + hi(A_j b_i) + hi(P_j m).
// Blocks are swept from the top down so each A_j and P_j is loaded once per
// step; `above` keeps block j + 1 as it was before its move.
// The low and high 52 bits of x y for x, y < 2^52 (what vpmadd52luq / huq add).
__attribute__((target("bmi2"))) inline void mul52(std::uint64_t x, std::uint64_t y, std::uint64_t* lo,
                                                   std::uint64_t* hi) noexcept {
  const unsigned __int128 t = static_cast<unsigned __int128>(x) * y;
  *lo = static_cast<std::uint64_t>(t) & kDigitMask;
  *hi = static_cast<std::uint64_t>(t >> 52);
}

// A scalar copy of lanes 0 and 1 (s, l) taking the same sums as the vector
// lanes, so m_i does not wait for the vector: reading a lane and
// broadcasting it back would put about 10 more cycles into every step.
// Lane 2 is read from the vector at the start of the step, two steps before
// it reaches lane 0.
struct LowLanes {
  std::uint64_t a0, a1, a2, p0, p1, p2, k0;
  std::uint64_t s = 0, l = 0;  // lanes 0 and 1 at the start of the step

  // m_i for b_i; advances (s, l) to the next step given lane 2 now.
  __attribute__((target("bmi2"))) std::uint64_t step(std::uint64_t bi, std::uint64_t lane2) noexcept {
    std::uint64_t lo0, hi0, lo1, hi1, plo0, phi0, plo1, phi1;
    mul52(a0, bi, &lo0, &hi0);
    mul52(a1, bi, &lo1, &hi1);
    const std::uint64_t t0 = s + lo0;
    const std::uint64_t m = (t0 * k0) & kDigitMask;
    // t0 + lo(p0 m) = 0 mod 2^52, so its carry is t0's top plus one unless
    // t0 = 0 mod 2^52: known before m, which leaves two products and two
    // additions between m and the next t0.
    const std::uint64_t before_m = l + lo1 + hi0 + (t0 >> 52) + ((t0 & kDigitMask) != 0);
    mul52(p0, m, &plo0, &phi0);
    mul52(p1, m, &plo1, &phi1);
    s = before_m + plo1 + phi0;
    l = lane2 + ((a2 * bi) & kDigitMask) + ((p2 * m) & kDigitMask) + hi1 + phi1;
    return m;
  }
};

// The move-first form of the step, per block j (x_j(i) the block after the
// low products of step i, h_j(i) its high products, as in block_step):
//   x_j(i) = lo(P_j m_i) + moved_j(i) + g_j(i),   moved_j(i) = x(i-1) one lane down,
//   g_j(i) = lo(A_j b_i) + h_j(i-1) (+ lane 0's x_0(i-1) >> 52 in block 0),
// the same values as digit_loop's.  The chain from step to step is the move,
// one IFMA and one addition: g does not wait for x, and an addition that
// feeds an IFMA directly (digit_loop's acc_j) delays it by a few cycles on
// Intel cores.  The scalar lanes then take A's share from a table made before
// the loop (move_first_a_shares) and keep m_i shifted up by 12 bits, so that
// the high half of a mulx is the high 52 bits of the 104-bit product (no
// shift on the chain from m_i to the next t0).
struct MoveFirstLowLanes {
  std::uint64_t p0, p1, p2;
  std::uint64_t k0_up;     // k0 2^12 mod 2^64: t0 k0_up = m 2^12 (mod 2^64), m = t0 k0 mod 2^52
  std::uint64_t s = 0, l = 0;  // lanes 0 and 1 at the start of the step

  // m_i for A's share x0 = lo(a0 b_i), x1 = lo(a1 b_i) + hi(a0 b_i),
  // x2 = lo(a2 b_i) + hi(a1 b_i); lane2: lane 2 at the start of the step.
  __attribute__((target("bmi2"))) std::uint64_t step(std::uint64_t x0, std::uint64_t x1, std::uint64_t x2,
                                                     std::uint64_t lane2) noexcept {
    const std::uint64_t t0 = s + x0;
    const std::uint64_t m_up = t0 * k0_up;
    const std::uint64_t before_m = l + x1 + (t0 >> 52) + ((t0 & kDigitMask) != 0);  // as LowLanes::step
    const unsigned __int128 q0 = static_cast<unsigned __int128>(p0) * m_up;  // p0 m 2^12: high word = hi(p0 m)
    const unsigned __int128 q1 = static_cast<unsigned __int128>(p1) * m_up;
    s = before_m + (static_cast<std::uint64_t>(q0 >> 64) + (static_cast<std::uint64_t>(q1) >> 12));
    l = lane2 + x2 + ((p2 * m_up) >> 12) + static_cast<std::uint64_t>(q1 >> 64);
    return m_up >> 12;
  }
};

// x0, x1, x2 of MoveFirstLowLanes::step for every digit of B (8 V words, the
// lanes above d giving values no step reads).
template <int V>
__attribute__((target("avx512f,avx512ifma"))) inline void move_first_a_shares(std::uint64_t* x0, std::uint64_t* x1,
                                                                               std::uint64_t* x2, const std::uint64_t* b,
                                                                               const std::uint64_t* a) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i a0 = _mm512_set1_epi64(static_cast<long long>(a[0]));
  const __m512i a1 = _mm512_set1_epi64(static_cast<long long>(a[1]));
  const __m512i a2 = _mm512_set1_epi64(static_cast<long long>(a[2]));
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) {
    const __m512i bj = _mm512_loadu_si512(b + 8 * j);
    _mm512_store_si512(x0 + 8 * j, _mm512_madd52lo_epu64(zero, a0, bj));
    _mm512_store_si512(x1 + 8 * j, _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a1, bj), a0, bj));
    _mm512_store_si512(x2 + 8 * j, _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(zero, a2, bj), a1, bj));
  }
}

// One block of the step: x = acc_j + lo(A_j b_i) + lo(P_j m), accumulated by
// the two vpmadd52luq themselves, and h = hi(A_j b_i) + hi(P_j m) from zero,
// joining the moved block by one addition.  The chain from one step to the
// next is two IFMA, the move and an add (13 cycles); the step's four IFMA
// per block still issue one per cycle.  (Summing the low halves from zero
// too, one more addition per block, was 5-12% slower at V = 3..24 on Zen 4;
// accumulating the high halves as well, no addition at all, put the move
// between four IFMA on the chain and lost at V <= 6.)  Returns the moved
// block; `above` becomes x.
__attribute__((target("avx512f,avx512ifma"))) inline __m512i block_step(__m512i acc_j, __m512i aj, __m512i pj,
                                                                        __m512i bi, __m512i mi,
                                                                        __m512i* above) noexcept {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i x = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(acc_j, aj, bi), pj, mi);
  const __m512i h = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, aj, bi), pj, mi);
  const __m512i moved = _mm512_add_epi64(_mm512_alignr_epi64(*above, x, 1), h);
  *above = x;
  return moved;
}

// The same with A_j and P_j loaded from 64-byte aligned addresses.
__attribute__((target("avx512f,avx512ifma"))) inline __m512i block_step(__m512i acc_j, const std::uint64_t* aj_p,
                                                                        const std::uint64_t* pj_p, __m512i bi,
                                                                        __m512i mi, __m512i* above) noexcept {
  return block_step(acc_j, _mm512_load_si512(aj_p), _mm512_load_si512(pj_p), bi, mi, above);
}

// Block 0 also passes lane 0's value >> 52 to the new lane 0.
__attribute__((target("avx512f,avx512ifma"))) inline __m512i block0_step(__m512i acc_0, const std::uint64_t* a0_p,
                                                                         const std::uint64_t* p0_p, __m512i bi,
                                                                         __m512i mi, __m512i above) noexcept {
  const __m512i moved = block_step(acc_0, a0_p, p0_p, bi, mi, &above);  // `above` is now block 0 before its move
  return _mm512_add_epi64(moved, _mm512_maskz_srli_epi64(1, above, 52));
}

// V registers of accumulator, fully unrolled; the result normalised.
template <int V>
__attribute__((target("avx512f,avx512ifma,bmi2"))) void digit_loop(std::uint64_t* r, const std::uint64_t* a,
                                                                    const std::uint64_t* b, const std::uint64_t* p,
                                                                    std::uint64_t k0, std::size_t d) noexcept {
  alignas(64) std::uint64_t a_al[8 * V];  // a on cache lines
  for (int j = 0; j < 8 * V; ++j) a_al[j] = a[j];
  __m512i acc[V];
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] = _mm512_setzero_si512();
  LowLanes low{a_al[0], a_al[1], a_al[2], p[0], p[1], p[2], k0};
  for (std::size_t i = 0; i < d; ++i) {
    const auto lane2 = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(acc[0], 1)));
    const std::uint64_t m = low.step(b[i], lane2);
    const __m512i bi = _mm512_set1_epi64(static_cast<long long>(b[i]));
    const __m512i mi = _mm512_set1_epi64(static_cast<long long>(m));
    __m512i above = _mm512_setzero_si512();
    _Pragma("GCC unroll 32") for (int j = V - 1; j >= 1; --j) acc[j] =
        block_step(acc[j], a_al + 8 * j, p + 8 * j, bi, mi, &above);
    acc[0] = block0_step(acc[0], a_al, p, bi, mi, above);
  }
  limbs::normalize_radix52_lanes<V>(acc);  // < 2P < 2^(52 d): no carry out
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) _mm512_storeu_si512(r + 8 * j, acc[j]);
}


// The move-first form (see MoveFirstLowLanes) of digit_loop: x and h of the
// last step in registers, the accumulator formed once after the loop.
template <int V>
__attribute__((target("avx512f,avx512ifma,bmi2"))) void digit_loop_move_first(std::uint64_t* r, const std::uint64_t* a,
                                                                               const std::uint64_t* b, const std::uint64_t* p,
                                                                               std::uint64_t k0, std::size_t d) noexcept {
  alignas(64) std::uint64_t shares[3 * 8 * V];  // x0 | x1 | x2 per digit of B
  move_first_a_shares<V>(shares, shares + 8 * V, shares + 16 * V, b, a);
  __m512i av[V];  // A's blocks, read once (a may be r: nothing is stored before the end)
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) av[j] = _mm512_loadu_si512(a + 8 * j);
  MoveFirstLowLanes low{p[0], p[1], p[2], k0 << 12};
  const __m512i zero = _mm512_setzero_si512();
  __m512i x[V], h[V];  // step i - 1's blocks (zero before step 0: the accumulator starts at 0)
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) x[j] = zero, h[j] = zero;
  for (std::size_t i = 0; i < d; ++i) {
    __m512i moved[V];
    _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) moved[j] = _mm512_alignr_epi64(j + 1 < V ? x[j + 1] : zero, x[j], 1);
    // Lane 2 of the accumulator at the start of the step (lane 0's carry does not reach it).
    const auto lane2 = static_cast<std::uint64_t>(
        _mm_cvtsi128_si64(_mm512_extracti32x4_epi32(_mm512_add_epi64(moved[0], h[0]), 1)));
    const std::uint64_t m = low.step(shares[i], shares[8 * V + i], shares[16 * V + i], lane2);
    const __m512i bi = _mm512_set1_epi64(static_cast<long long>(b[i]));
    const __m512i mi = _mm512_set1_epi64(static_cast<long long>(m));
    const __m512i h0 = _mm512_add_epi64(h[0], _mm512_maskz_srli_epi64(1, x[0], 52));
    _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) {
      const __m512i aj = av[j], pj = _mm512_load_si512(p + 8 * j);
      const __m512i g = _mm512_madd52lo_epu64(j == 0 ? h0 : h[j], aj, bi);
      x[j] = _mm512_add_epi64(_mm512_madd52lo_epu64(moved[j], pj, mi), g);
      h[j] = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, aj, bi), pj, mi);
    }
  }
  __m512i acc[V];
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] =
      _mm512_add_epi64(_mm512_alignr_epi64(j + 1 < V ? x[j + 1] : zero, x[j], 1), h[j]);
  acc[0] = _mm512_add_epi64(acc[0], _mm512_maskz_srli_epi64(1, x[0], 52));
  limbs::normalize_radix52_lanes<V>(acc);  // < 2P < 2^(52 d): no carry out
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) _mm512_storeu_si512(r + 8 * j, acc[j]);
}

// m_i and m_(i+1) for two steps from lanes 0 and 1 of the accumulator.
__attribute__((target("bmi2"))) inline void two_step_digits(const LowLanes& c, std::uint64_t s0, std::uint64_t s1,
                                                            std::uint64_t b0, std::uint64_t b1, std::uint64_t* m0,
                                                            std::uint64_t* m1) noexcept {
  std::uint64_t lo0, hi0, lo1, hi1, plo0, phi0, plo1, phi1;
  mul52(c.a0, b0, &lo0, &hi0);
  mul52(c.a1, b0, &lo1, &hi1);
  const std::uint64_t t0 = s0 + lo0;
  *m0 = (t0 * c.k0) & kDigitMask;
  mul52(c.p0, *m0, &plo0, &phi0);
  mul52(c.p1, *m0, &plo1, &phi1);
  const std::uint64_t next0 = s1 + lo1 + hi0 + plo1 + phi0 + (t0 >> 52) + ((t0 & kDigitMask) != 0);
  const std::uint64_t t1 = next0 + ((c.a0 * b1) & kDigitMask);
  *m1 = (t1 * c.k0) & kDigitMask;
}

// Two steps in one sweep of the accumulator in memory: at block j step i
// moves block j, and step i + 1 takes block j + 1, which step i moved one
// block earlier; each block is loaded and stored once per two steps and A_j,
// P_j serve both.  m_i and m_(i+1) come from lanes 0 and 1 before the sweep.
__attribute__((target("avx512f,avx512ifma,bmi2"))) void two_step_sweep(std::uint64_t* acc, const std::uint64_t* a,
                                                                        const std::uint64_t* p, const LowLanes& c,
                                                                        std::uint64_t b0, std::uint64_t b1,
                                                                        std::size_t v) noexcept {
  std::uint64_t m0, m1;
  two_step_digits(c, acc[0], acc[1], b0, b1, &m0, &m1);
  const __m512i bi0 = _mm512_set1_epi64(static_cast<long long>(b0)), bi1 = _mm512_set1_epi64(static_cast<long long>(b1));
  const __m512i mi0 = _mm512_set1_epi64(static_cast<long long>(m0)), mi1 = _mm512_set1_epi64(static_cast<long long>(m1));
  const __m512i zero = _mm512_setzero_si512();
  __m512i above0 = zero, above1 = zero;          // blocks j + 1 (step i) and j + 2 (step i + 1) before their moves
  __m512i moved_up = zero, a_up = zero, p_up = zero;  // block j + 1 after step i, and its A, P
  for (std::size_t j = v; j-- > 0;) {
    const __m512i aj = _mm512_load_si512(a + 8 * j), pj = _mm512_load_si512(p + 8 * j);
    __m512i moved = block_step(_mm512_load_si512(acc + 8 * j), aj, pj, bi0, mi0, &above0);
    if (j == 0) moved = _mm512_add_epi64(moved, _mm512_maskz_srli_epi64(1, above0, 52));
    if (j + 1 < v)
      _mm512_store_si512(acc + 8 * (j + 1), block_step(moved_up, a_up, p_up, bi1, mi1, &above1));
    moved_up = moved, a_up = aj, p_up = pj;
  }
  const __m512i last = block_step(moved_up, a_up, p_up, bi1, mi1, &above1);
  _mm512_store_si512(acc, _mm512_add_epi64(last, _mm512_maskz_srli_epi64(1, above1, 52)));
}

// One step in one sweep (an odd step count's last).
__attribute__((target("avx512f,avx512ifma,bmi2"))) void one_step_sweep(std::uint64_t* acc, const std::uint64_t* a,
                                                                        const std::uint64_t* p, const LowLanes& c,
                                                                        std::uint64_t b0, std::size_t v) noexcept {
  std::uint64_t m0, m1;
  two_step_digits(c, acc[0], acc[1], b0, 0, &m0, &m1);
  const __m512i bi0 = _mm512_set1_epi64(static_cast<long long>(b0));
  const __m512i mi0 = _mm512_set1_epi64(static_cast<long long>(m0));
  const __m512i zero = _mm512_setzero_si512();
  __m512i above0 = zero;
  for (std::size_t j = v; j-- > 0;) {
    const __m512i aj = _mm512_load_si512(a + 8 * j), pj = _mm512_load_si512(p + 8 * j);
    __m512i moved = block_step(_mm512_load_si512(acc + 8 * j), aj, pj, bi0, mi0, &above0);
    if (j == 0) moved = _mm512_add_epi64(moved, _mm512_maskz_srli_epi64(1, above0, 52));
    _mm512_store_si512(acc + 8 * j, moved);
  }
}

// Tried against digit_loop at V = 3..10 and dropped (all 15-50% slower): an
// accumulator that does not move, the operands instead taken from eight
// copies of A and P shifted by 0..7 lanes (no valignq and no additions; the
// move by one block every eight steps), with the products accumulated by
// the IFMA instructions themselves, in one set of registers or in two (A's
// products apart from P's, so those run ahead of m_i).  A probe that only
// left out the lane moves (wrong results) ran about 15% faster, so the moves
// cost something, but not through the units: IFMA mixed with valignq and
// vpaddq in this kernel's proportions still issues at one per cycle.
// Also tried, for the squares: step i multiplying a_i by a vector that is 0
// below lane i, a_i at i and the digits of 2a above (each cross product
// once, about 3V IFMA a step; bit for bit the product's result), with the
// block holding lane i a template parameter so that no step branches on it.
// A square then cost 0.90-0.97 of a product at V = 8..20 but 1.03-1.14 at
// V <= 6; pow gained 2-9% at 4096-8192 bits and lost 7% at 2048; and the
// V x G instances grew this object from 53 to 496 KB.  Not kept: the step
// is not bound by its IFMA count (a pure dataflow model of it, without the
// scalar lanes, runs 22% faster with a quarter of the IFMA left out).

// The accumulator in memory (L1), for V above the registers.  (A two-thread
// split of B's digits, the low part multiplying then only reducing, gained
// nothing: a reducing sweep cost as much as a multiplying one here.)
__attribute__((target("avx512f,avx512ifma,bmi2"))) void digit_loop_memory(std::uint64_t* r, const std::uint64_t* a,
                                                                           const std::uint64_t* b, std::size_t d,
                                                                           const std::uint64_t* p, std::uint64_t k0,
                                                                           std::size_t v) noexcept {
  alignas(64) std::uint64_t a_al[8 * kMontgomery52MaxVectors];
  alignas(64) std::uint64_t acc[8 * kMontgomery52MaxVectors];
  for (std::size_t j = 0; j < 8 * v; ++j) a_al[j] = a[j], acc[j] = 0;
  const LowLanes c{a_al[0], a_al[1], a_al[2], p[0], p[1], p[2], k0};
  std::size_t i = 0;
  for (; i + 1 < d; i += 2) two_step_sweep(acc, a_al, p, c, b[i], b[i + 1], v);
  if (i < d) one_step_sweep(acc, a_al, p, c, b[i], v);
  for (std::size_t j = 0; j < 8 * v; ++j) r[j] = acc[j];
}

using DigitLoop = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                           std::uint64_t, std::size_t) noexcept;

template <int... Vs>
constexpr auto make_table(std::integer_sequence<int, Vs...>) {
  return std::array<DigitLoop, sizeof...(Vs)>{&digit_loop<Vs + 1>...};
}
constexpr auto kDigitLoops = make_table(std::make_integer_sequence<int, kMontgomery52RegisterVectors>{});

template <int... Vs>
constexpr auto make_move_first_table(std::integer_sequence<int, Vs...>) {
  return std::array<DigitLoop, sizeof...(Vs)>{&digit_loop_move_first<Vs + 1>...};
}
constexpr auto kMoveFirstLoops = make_move_first_table(std::make_integer_sequence<int, kMontgomery52MoveFirstVectors>{});

// x < 2P for a digit operand x of c.lanes words (a PARMOD_ASSERT condition):
// digit j of 2P is P's digit j shifted up one bit plus the top bit of digit
// j - 1, and 2P < R = 2^(52 d), so the lanes from d up must be zero.
[[maybe_unused]] bool below_twice_p(const std::uint64_t* x, const Montgomery52Constants& c) noexcept {
  for (std::size_t j = c.lanes; j-- > 0;) {
    const std::uint64_t below = j > 0 ? c.p[j - 1] >> (limbs::kDigitBits - 1) : 0;
    const std::uint64_t twice = ((c.p[j] << 1) & limbs::kDigitMask) | below;
    if (x[j] != twice) return x[j] < twice;
  }
  return false;
}

}  // namespace

void montgomery52_mul_digits(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                             const Montgomery52Constants& c, DigitLoopForm form) noexcept {
  PARMOD_ASSERT(below_twice_p(a, c) && below_twice_p(b, c));
  PARMOD_ASSERT(check::same_or_separate(r, a, c.lanes) && check::same_or_separate(r, b, c.lanes));
  if (form == DigitLoopForm::automatic)
    form = c.vectors <= config::tuning().montgomery52_move_first_max_vectors ? DigitLoopForm::move_first
                                                                              : DigitLoopForm::classic;
  if (form == DigitLoopForm::move_first && c.vectors <= kMontgomery52MoveFirstVectors) {
    kMoveFirstLoops[c.vectors - 1](r, a, b, c.p.data(), c.k0, c.digits);  // normalised in registers
  } else if (c.vectors <= kMontgomery52RegisterVectors) {
    kDigitLoops[c.vectors - 1](r, a, b, c.p.data(), c.k0, c.digits);  // normalised in registers
  } else {
    digit_loop_memory(r, a, b, c.digits, c.p.data(), c.k0, c.vectors);
    limbs::normalize_radix52(r, c.lanes);  // < 2P < 2^(52 d): no carry out
  }
}

}  // namespace parmod::modmul
#else
// Not x86-64 (build guard): montgomery52 needs AVX-512 IFMA, montgomery52_available() is
// false and no Montgomery52 object is ever made, so this is unreachable.
namespace parmod::modmul {
void montgomery52_mul_digits(std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                             const Montgomery52Constants&, DigitLoopForm) noexcept {
  __builtin_trap();
}
}  // namespace parmod::modmul
#endif

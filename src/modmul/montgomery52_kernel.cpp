// modmul/montgomery52_kernel.cpp - the digit loop of montgomery52_mul_digits
// (see montgomery52.hpp): one fully unrolled instance per register count V up
// to kMontgomery52RegisterVectors, the accumulator in zmm registers; above, one
// loop with the accumulator in memory (L1), swept block by block.
//
// Lane bound: a lane enters at the top of the accumulator and moves down one
// place per digit step, so it lives at most d + 1 steps; each step adds four
// values below 2^52 (lo(a_j b_i), hi(a_(j-1) b_i), lo(p_j m_i), hi(p_(j-1) m_i))
// and lane 0 passes on its value >> 52 < 2^12 + 2^12.  With d + 1 <= 8 V <= 1016
// a lane stays below 1016 * (4 * 2^52 + 2^13) < 2^64: no 64-bit lane overflows.
// gcc 12 reports its own _mm512_setzero_si512 idiom as maybe-uninitialized.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include <immintrin.h>

#include <array>
#include <utility>

#include "limbs/radix52.hpp"
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
// step; `above` keeps block j + 1 as it was before its move.  Block 0's low
// product comes first: m needs it.
template <int V>
__attribute__((target("avx512f,avx512ifma"))) void digit_loop(std::uint64_t* r, const std::uint64_t* a,
                                                               const std::uint64_t* b, const std::uint64_t* p,
                                                               std::uint64_t k0, std::size_t d) noexcept {
  alignas(64) std::uint64_t a_al[8 * V];  // a on cache lines
  for (int j = 0; j < 8 * V; ++j) a_al[j] = a[j];
  __m512i acc[V];
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] = _mm512_setzero_si512();
  const __m512i zero = _mm512_setzero_si512();
  for (std::size_t i = 0; i < d; ++i) {
    const __m512i bi = _mm512_set1_epi64(static_cast<long long>(b[i]));
    const __m512i a0 = _mm512_load_si512(a_al), p0 = _mm512_load_si512(p);
    __m512i x0 = _mm512_madd52lo_epu64(acc[0], a0, bi);
    const std::uint64_t t0 = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(x0)));
    const __m512i mi = _mm512_set1_epi64(static_cast<long long>((t0 * k0) & kDigitMask));
    __m512i above = zero;
    _Pragma("GCC unroll 32") for (int j = V - 1; j >= 1; --j) {
      const __m512i aj = _mm512_load_si512(a_al + 8 * j), pj = _mm512_load_si512(p + 8 * j);
      const __m512i x = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(acc[j], aj, bi), pj, mi);
      const __m512i h = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, aj, bi), pj, mi);
      acc[j] = _mm512_add_epi64(_mm512_alignr_epi64(above, x, 1), h);
      above = x;
    }
    x0 = _mm512_madd52lo_epu64(x0, p0, mi);
    const __m512i h0 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, a0, bi), p0, mi);
    const __m512i carry = _mm512_maskz_srli_epi64(1, x0, 52);
    acc[0] = _mm512_add_epi64(_mm512_add_epi64(_mm512_alignr_epi64(above, x0, 1), h0), carry);
  }
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) _mm512_storeu_si512(r + 8 * j, acc[j]);
}

// The same step with the accumulator in memory (L1), for V above the registers.
__attribute__((target("avx512f,avx512ifma"))) void digit_loop_memory(std::uint64_t* r, const std::uint64_t* a,
                                                                      const std::uint64_t* b, const std::uint64_t* p,
                                                                      std::uint64_t k0, std::size_t d,
                                                                      std::size_t v) noexcept {
  alignas(64) std::uint64_t a_al[8 * kMontgomery52MaxVectors];
  alignas(64) std::uint64_t acc[8 * kMontgomery52MaxVectors];
  for (std::size_t j = 0; j < 8 * v; ++j) a_al[j] = a[j], acc[j] = 0;
  const __m512i zero = _mm512_setzero_si512();
  for (std::size_t i = 0; i < d; ++i) {
    const __m512i bi = _mm512_set1_epi64(static_cast<long long>(b[i]));
    const __m512i a0 = _mm512_load_si512(a_al), p0 = _mm512_load_si512(p);
    __m512i x0 = _mm512_madd52lo_epu64(_mm512_load_si512(acc), a0, bi);
    const std::uint64_t t0 = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(x0)));
    const __m512i mi = _mm512_set1_epi64(static_cast<long long>((t0 * k0) & kDigitMask));
    __m512i above = zero;
    for (std::size_t j = v; j-- > 1;) {
      const __m512i aj = _mm512_load_si512(a_al + 8 * j), pj = _mm512_load_si512(p + 8 * j);
      const __m512i x = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(_mm512_load_si512(acc + 8 * j), aj, bi), pj, mi);
      const __m512i h = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, aj, bi), pj, mi);
      _mm512_store_si512(acc + 8 * j, _mm512_add_epi64(_mm512_alignr_epi64(above, x, 1), h));
      above = x;
    }
    x0 = _mm512_madd52lo_epu64(x0, p0, mi);
    const __m512i h0 = _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(zero, a0, bi), p0, mi);
    const __m512i carry = _mm512_maskz_srli_epi64(1, x0, 52);
    _mm512_store_si512(acc, _mm512_add_epi64(_mm512_add_epi64(_mm512_alignr_epi64(above, x0, 1), h0), carry));
  }
  for (std::size_t j = 0; j < 8 * v; ++j) r[j] = acc[j];
}

using DigitLoop = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                           std::uint64_t, std::size_t) noexcept;

template <int... Vs>
constexpr auto make_table(std::integer_sequence<int, Vs...>) {
  return std::array<DigitLoop, sizeof...(Vs)>{&digit_loop<Vs + 1>...};
}
constexpr auto kDigitLoops = make_table(std::make_integer_sequence<int, kMontgomery52RegisterVectors>{});

}  // namespace

void montgomery52_mul_digits(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                             const Montgomery52Constants& c) noexcept {
  if (c.vectors <= kMontgomery52RegisterVectors)
    kDigitLoops[c.vectors - 1](r, a, b, c.p.data(), c.k0, c.digits);
  else
    digit_loop_memory(r, a, b, c.p.data(), c.k0, c.digits, c.vectors);
  limbs::normalize_radix52(r, c.lanes);  // < 2P < 2^(52 d): no carry out
}

}  // namespace parmod::modmul

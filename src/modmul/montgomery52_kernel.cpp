// modmul/montgomery52_kernel.cpp - the digit loop of montgomery52_mul_digits
// (see montgomery52.hpp), one fully unrolled instance per register count V.
//
// Lane bound: a lane enters at the top of the accumulator and moves down one
// place per digit step, so it lives at most d + 1 steps; each step adds four
// values below 2^52 (lo(a_j b_i), hi(a_(j-1) b_i), lo(p_j m_i), hi(p_(j-1) m_i))
// and lane 0 passes on its value >> 52 < 2^12.  With d + 1 <= 192 a lane stays
// below 192 * (4 * 2^52 + 2^12) < 2^62: no 64-bit lane overflows.
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

// One digit step per b_i, lanes shifted down by valignq:
//   acc += lo(A b_i); t0 = lane 0; m = t0 k0 mod 2^52;
//   acc += hi(A b_i) moved up one lane (a_up), lo(P m), hi(P m) moved up (p_up);
//   lane 0 is now 0 mod 2^52: its value >> 52 joins lane 1, and every lane moves down one.
// The high halves are added one place up (a_up, p_up) before the shift, so all
// four products of a step go into the same registers.
template <int V>
__attribute__((target("avx512f,avx512ifma"))) void digit_loop(std::uint64_t* r, const std::uint64_t* a,
                                                               const std::uint64_t* b, const std::uint64_t* p,
                                                               const std::uint64_t* p_up, std::uint64_t k0,
                                                               std::size_t d) noexcept {
  alignas(64) std::uint64_t a_up[8 * V];
  a_up[0] = 0;
  for (int j = 1; j < 8 * V; ++j) a_up[j] = a[j - 1];
  __m512i acc[V];
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] = _mm512_setzero_si512();
  const __m512i zero = _mm512_setzero_si512();
  for (std::size_t i = 0; i < d; ++i) {
    const __m512i bi = _mm512_set1_epi64(static_cast<long long>(b[i]));
    acc[0] = _mm512_madd52lo_epu64(acc[0], _mm512_loadu_si512(a), bi);
    const std::uint64_t t0 = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm512_castsi512_si128(acc[0])));
    const __m512i mi = _mm512_set1_epi64(static_cast<long long>((t0 * k0) & kDigitMask));
    _Pragma("GCC unroll 32") for (int j = 1; j < V; ++j) acc[j] =
        _mm512_madd52lo_epu64(acc[j], _mm512_loadu_si512(a + 8 * j), bi);
    _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] =
        _mm512_madd52hi_epu64(acc[j], _mm512_load_si512(a_up + 8 * j), bi);
    _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] =
        _mm512_madd52lo_epu64(acc[j], _mm512_loadu_si512(p + 8 * j), mi);
    const __m512i carry = _mm512_srli_epi64(acc[0], 52);
    _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) acc[j] =
        _mm512_madd52hi_epu64(acc[j], _mm512_loadu_si512(p_up + 8 * j), mi);
    _Pragma("GCC unroll 32") for (int j = 0; j < V - 1; ++j) acc[j] = _mm512_alignr_epi64(acc[j + 1], acc[j], 1);
    acc[V - 1] = _mm512_alignr_epi64(zero, acc[V - 1], 1);
    acc[0] = _mm512_mask_add_epi64(acc[0], 1, acc[0], carry);
  }
  _Pragma("GCC unroll 32") for (int j = 0; j < V; ++j) _mm512_storeu_si512(r + 8 * j, acc[j]);
}

using DigitLoop = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, const std::uint64_t*,
                           const std::uint64_t*, std::uint64_t, std::size_t) noexcept;

template <int... Vs>
constexpr auto make_table(std::integer_sequence<int, Vs...>) {
  return std::array<DigitLoop, sizeof...(Vs)>{&digit_loop<Vs + 1>...};
}
constexpr auto kDigitLoops = make_table(std::make_integer_sequence<int, kMontgomery52MaxVectors>{});

}  // namespace

void montgomery52_mul_digits(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                             const Montgomery52Constants& c) noexcept {
  kDigitLoops[c.vectors - 1](r, a, b, c.p.data(), c.p_up.data(), c.k0, c.digits);
  limbs::normalize_radix52(r, c.lanes);  // < 2P < 2^(52 d): no carry out
}

}  // namespace parmod::modmul

// limbs/radix52_avx512.hpp - normalize_radix52 (limbs/radix52.hpp) for digits
// held in AVX-512 registers: V zmm registers of eight 64-bit lanes, lane l of
// register j the digit of weight 2^(52 (8 j + l)).
//
// Each lane keeps its low 52 bits and adds the high 12 bits of the lane
// below (lanes are then below 2^52 + 2^12, so each carries at most 1
// further); those carries ripple by carry-lookahead on the lane masks:
// G = lanes above 2^52 - 1 (they carry out), Q = lanes equal to 2^52 - 1
// (they pass a carry on), and the lanes that take a carry are
// ((G << 1) + Q) xor Q, one multi-word addition over 8 V mask bits.  No
// branch and no address depends on the values (constant time; the
// radix-2^52 kernels of consttime/ use it through modmul::montgomery52).
// The carry out of the top lane is dropped: callers bound the value below
// 2^(52 * 8 V).  Only for CPUs with AVX-512F (the caller checks).
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>

#include <cstdint>

#include "limbs/radix52.hpp"

// gcc 12 reports the _mm512_undefined_epi32 inside _mm512_srli_epi64 and
// _mm512_alignr_epi64 as uninitialized once they are unrolled.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace parmod::limbs {

// v[0, V): any 64-bit lanes, value (mod 2^(52 * 8 V)) kept, every lane
// made < 2^52.  1 <= V <= 64.
template <int V>
__attribute__((target("avx512f"), always_inline)) inline void normalize_radix52_lanes(__m512i* v) noexcept {
  static_assert(V >= 1 && V <= 64);
  constexpr int W = (V + 7) / 8;  // 64-bit words of lane masks
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kDigitMask));
  const __m512i one = _mm512_set1_epi64(1);
  __m512i high[V];
  _Pragma("GCC unroll 64") for (int j = 0; j < V; ++j) {
    high[j] = _mm512_srli_epi64(v[j], kDigitBits);
    v[j] = _mm512_and_si512(v[j], mask);
  }
  std::uint64_t gen[W] = {}, pass[W] = {};
  _Pragma("GCC unroll 64") for (int j = 0; j < V; ++j) {
    const __m512i below = j > 0 ? high[j - 1] : _mm512_setzero_si512();
    v[j] = _mm512_add_epi64(v[j], _mm512_alignr_epi64(high[j], below, 7));  // lane l += high of lane l - 1
    gen[j / 8] |= static_cast<std::uint64_t>(_mm512_cmpgt_epu64_mask(v[j], mask)) << (8 * (j % 8));
    pass[j / 8] |= static_cast<std::uint64_t>(_mm512_cmpeq_epu64_mask(v[j], mask)) << (8 * (j % 8));
  }
  std::uint64_t take[W];
  unsigned char carry = 0;
  _Pragma("GCC unroll 8") for (int w = 0; w < W; ++w) {
    const std::uint64_t shifted = (gen[w] << 1) | (w > 0 ? gen[w - 1] >> 63 : 0);
    unsigned long long sum;
    carry = _addcarry_u64(carry, shifted, pass[w], &sum);
    take[w] = sum ^ pass[w];
  }
  _Pragma("GCC unroll 64") for (int j = 0; j < V; ++j) {
    const auto k = static_cast<__mmask8>(take[j / 8] >> (8 * (j % 8)));
    v[j] = _mm512_and_si512(_mm512_mask_add_epi64(v[j], k, v[j], one), mask);
  }
}

}  // namespace parmod::limbs

#pragma GCC diagnostic pop

#endif

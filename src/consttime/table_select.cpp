#include "consttime/table_select.hpp"

#include "check/assert.hpp"

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace parmod::consttime {

void table_select_ct(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries, std::size_t index) noexcept {
  PARMOD_ASSERT(n >= 1 && entries >= 1);
#if defined(__x86_64__)
  std::size_t j = 0;
  for (; j + 8 <= n; j += 8) {  // four 2-limb accumulators per block of eight limbs
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    for (std::size_t i = 0; i < entries; ++i) {
      const limb_t diff = static_cast<limb_t>(i ^ index);
      const limb_t take = ((diff | (limb_t(0) - diff)) >> 63) - 1;  // all ones iff i == index
      const __m128i m = _mm_set1_epi64x(static_cast<long long>(take));
      const auto* t = reinterpret_cast<const __m128i*>(table + i * n + j);
      a0 = _mm_or_si128(a0, _mm_and_si128(_mm_loadu_si128(t), m));
      a1 = _mm_or_si128(a1, _mm_and_si128(_mm_loadu_si128(t + 1), m));
      a2 = _mm_or_si128(a2, _mm_and_si128(_mm_loadu_si128(t + 2), m));
      a3 = _mm_or_si128(a3, _mm_and_si128(_mm_loadu_si128(t + 3), m));
    }
    auto* out = reinterpret_cast<__m128i*>(r + j);
    _mm_storeu_si128(out, a0);
    _mm_storeu_si128(out + 1, a1);
    _mm_storeu_si128(out + 2, a2);
    _mm_storeu_si128(out + 3, a3);
  }
  if (j < n)  // the last n mod 8 limbs
    for (std::size_t k = j; k < n; ++k) {
      limb_t acc = 0;
      for (std::size_t i = 0; i < entries; ++i) {
        const limb_t diff = static_cast<limb_t>(i ^ index);
        acc |= table[i * n + k] & (((diff | (limb_t(0) - diff)) >> 63) - 1);
      }
      r[k] = acc;
    }
#else
  mpn_sec_tabselect(r, table, static_cast<mp_size_t>(n), static_cast<mp_size_t>(entries),
                    static_cast<mp_size_t>(index));
#endif
}

}  // namespace parmod::consttime

#include "consttime/table_select.hpp"

#include <cstring>

#include "check/assert.hpp"
#include "limbs/cpu_features.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace parmod::consttime {

#if defined(__x86_64__)
namespace {

constexpr std::size_t kAvx512MaxEntries = 64;  // table_select_ct_avx512's masks on the stack (window <= 6)

// All ones when i == index, else zero, without a branch.
inline limb_t equal_mask(std::size_t i, std::size_t index) noexcept {
  const limb_t diff = static_cast<limb_t>(i ^ index);
  return ((diff | (limb_t(0) - diff)) >> 63) - 1;
}

// r[j, n) from the limbs j to n of every entry, one limb at a time.
void select_tail(limb_t* r, const limb_t* table, std::size_t j, std::size_t n, std::size_t entries,
                 std::size_t index) noexcept {
  for (std::size_t k = j; k < n; ++k) {
    limb_t acc = 0;
    for (std::size_t i = 0; i < entries; ++i) acc |= table[i * n + k] & equal_mask(i, index);
    r[k] = acc;
  }
}

}  // namespace

void table_select_ct_sse2(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries,
                          std::size_t index) noexcept {
  PARMOD_ASSERT(n >= 1 && entries >= 1);
  std::size_t j = 0;
  for (; j + 8 <= n; j += 8) {  // four 2-limb accumulators per block of eight limbs
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    for (std::size_t i = 0; i < entries; ++i) {
      const __m128i m = _mm_set1_epi64x(static_cast<long long>(equal_mask(i, index)));
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
  select_tail(r, table, j, n, entries, index);
}

// The mask comes from a vector compare of a running counter with the index
// (vpcmpeqq: no flags, no branch), so an entry costs its loads, an and and an
// or per 4 limbs, and two instructions for the mask.
__attribute__((target("avx2"))) void table_select_ct_avx2(limb_t* r, const limb_t* table, std::size_t n,
                                                           std::size_t entries, std::size_t index) noexcept {
  PARMOD_ASSERT(n >= 1 && entries >= 1);
  const __m256i want = _mm256_set1_epi64x(static_cast<long long>(index));
  const __m256i one = _mm256_set1_epi64x(1);
  std::size_t j = 0;
  for (; j + 16 <= n; j += 16) {  // four 4-limb accumulators per block of 16 limbs
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, count = a0;
    for (std::size_t i = 0; i < entries; ++i) {
      const __m256i m = _mm256_cmpeq_epi64(count, want);
      count = _mm256_add_epi64(count, one);
      const auto* t = reinterpret_cast<const __m256i*>(table + i * n + j);
      a0 = _mm256_or_si256(a0, _mm256_and_si256(_mm256_loadu_si256(t), m));
      a1 = _mm256_or_si256(a1, _mm256_and_si256(_mm256_loadu_si256(t + 1), m));
      a2 = _mm256_or_si256(a2, _mm256_and_si256(_mm256_loadu_si256(t + 2), m));
      a3 = _mm256_or_si256(a3, _mm256_and_si256(_mm256_loadu_si256(t + 3), m));
    }
    auto* out = reinterpret_cast<__m256i*>(r + j);
    _mm256_storeu_si256(out, a0);
    _mm256_storeu_si256(out + 1, a1);
    _mm256_storeu_si256(out + 2, a2);
    _mm256_storeu_si256(out + 3, a3);
  }
  for (; j + 4 <= n; j += 4) {  // the rest in blocks of 4 limbs
    __m256i a = _mm256_setzero_si256(), count = a;
    for (std::size_t i = 0; i < entries; ++i) {
      const __m256i m = _mm256_cmpeq_epi64(count, want);
      count = _mm256_add_epi64(count, one);
      a = _mm256_or_si256(a, _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(table + i * n + j)), m));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + j), a);
  }
  _mm256_zeroupper();
  select_tail(r, table, j, n, entries, index);
}

// Limbs [j, j + 8 K) of the entry at `index` into K zmm accumulators, the
// masks (all ones for the index, zero elsewhere) read from mask[0, entries).
template <int K>
__attribute__((target("avx512f"))) inline void select_block_avx512(limb_t* r, const limb_t* table, std::size_t n,
                                                                   std::size_t entries, const limb_t* mask,
                                                                   std::size_t j) noexcept {
  constexpr int kOrAnd = 0xF8;  // vpternlogq: a | (b & c)
  __m512i a[K];
  for (int k = 0; k < K; ++k) a[k] = _mm512_setzero_si512();
  for (std::size_t i = 0; i < entries; ++i) {
    const __m512i m = _mm512_set1_epi64(static_cast<long long>(mask[i]));
    for (int k = 0; k < K; ++k)
      a[k] = _mm512_ternarylogic_epi64(a[k], _mm512_loadu_si512(table + i * n + j + 8 * k), m, kOrAnd);
  }
  for (int k = 0; k < K; ++k) _mm512_storeu_si512(r + j + 8 * k, a[k]);
}

// As the AVX2 build with zmm registers: the masks once per call, then per
// entry one load and one vpternlogq (the and and the or) per 8 limbs, in
// blocks of up to 32 limbs.
__attribute__((target("avx512f"))) void table_select_ct_avx512(limb_t* r, const limb_t* table, std::size_t n,
                                                               std::size_t entries, std::size_t index) noexcept {
  PARMOD_ASSERT(n >= 1 && entries >= 1 && entries <= kAvx512MaxEntries);
  limb_t mask[kAvx512MaxEntries];
  for (std::size_t i = 0; i < entries; ++i) mask[i] = equal_mask(i, index);
  std::size_t j = 0;
  for (; j + 32 <= n; j += 32) select_block_avx512<4>(r, table, n, entries, mask, j);
  switch ((n - j) / 8) {
    case 3: select_block_avx512<3>(r, table, n, entries, mask, j); break;
    case 2: select_block_avx512<2>(r, table, n, entries, mask, j); break;
    case 1: select_block_avx512<1>(r, table, n, entries, mask, j); break;
    default: break;
  }
  j += (n - j) / 8 * 8;
  select_tail(r, table, j, n, entries, index);
  explicit_bzero(mask, sizeof mask);
}
#endif

void table_select_ct(limb_t* r, const limb_t* table, std::size_t n, std::size_t entries, std::size_t index) noexcept {
#if defined(__x86_64__)
  static const bool avx2 = limbs::cpu_has_avx2();  // the CPU, not the value
  if (avx2) return table_select_ct_avx2(r, table, n, entries, index);
  table_select_ct_sse2(r, table, n, entries, index);
#else
  PARMOD_ASSERT(n >= 1 && entries >= 1);
  mpn_sec_tabselect(r, table, static_cast<mp_size_t>(n), static_cast<mp_size_t>(entries),
                    static_cast<mp_size_t>(index));
#endif
}

}  // namespace parmod::consttime

// limbs/mul_ifma.cpp - the IFMA schoolbook product and square (see
// mul_ifma.hpp).
//
// Layout: the shorter operand's digits s[0, ds) are broadcast one at a time;
// the longer one's l[0, dl) sit between 32 zero digits on each side.  Output
// block k (columns k .. k + 8V - 1) is, per register v and lane m (column
// c = k + 8v + m),
//   lo[v].m = sum_i lo52(s_i l_(c - i)),   hi[v].m = sum_i hi52(s_i l_(c - i)),
// over the i for which c - i can be a digit of l (other loads hit the zero
// padding), and column c's sum is lo at c plus hi at c - 1: the hi registers
// move up one lane (valignq, the top lane of the block goes to the next
// block's lane 0).
//
// Lane bound (products): every vpmadd52luq / vpmadd52huq adds a value below
// 2^52 (lo52 < 2^52; hi52 = floor(x y / 2^52) < 2^52 for x, y < 2^52), and a
// column c receives, over the whole product, one lo per pair (i, c - i) and
// one hi per pair (i, c - 1 - i), i over the ds digits of the shorter
// operand: at most 2 ds values below 2^52.  ds <= 2048 keeps every sum below
// 2^64; kIfmaMaxLimbs = 1024 limbs is 1261 digits.
// Squares: a column c receives lo of the pairs i < j, i + j = c (at most
// d/2 of them) and hi of the pairs with i + j = c - 1 (at most d/2), doubled,
// plus one lo52 or hi52 of a_(c/2)^2: at most (2d + 1) values below 2^52,
// again below 2^64 for d <= 2047.
// The final pass splits each column sum (< 2^64) into its low 52 bits and the
// rest (< 2^12, one digit up), packs both digit strings into limbs and adds
// them: the only carry chain is one mpn_add_n.
//
// gcc 12 reports its own _mm512_setzero_si512 / _mm512_undefined idioms as
// (maybe-)uninitialized.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

#include "limbs/mul_ifma.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <utility>

#include "check/assert.hpp"
#include "config/tuning.hpp"

namespace parmod::limbs {
namespace {

using u64 = std::uint64_t;

constexpr std::size_t kPad = 32;  // zero digits on each side of the loaded operand: >= 8 V

#define PARMOD_IFMA __attribute__((target("avx512f,avx512ifma")))

// Keeps a loaded vector in a register: gcc would otherwise fold the load into
// both the lo and the hi instruction, and two 64-byte loads per register and
// digit (most of them split across cache lines) cost more than the IFMAs.
PARMOD_IFMA inline void in_register(__m512i& x) noexcept { asm("" : "+v"(x)); }

// d[0, 16 ceil(n/13)) = the digits of x[0, n) (zero-padded; as to_radix52):
// 13 limbs -> 16 digits per step, two vectors of 8 digits, digit t of the
// step from limbs li = 52t / 64 and li + 1 shifted by 52t mod 64.
PARMOD_IFMA void to_digits(u64* d, const limb_t* x, std::size_t n) noexcept {
  const __m512i idx0 = _mm512_set_epi64(5, 4, 4, 3, 2, 1, 0, 0);  // digits 0..7: limbs from x + 0
  const __m512i off0 = _mm512_set_epi64(44, 56, 4, 16, 28, 40, 52, 0);
  const __m512i idx1 = _mm512_set_epi64(6, 5, 4, 3, 2, 2, 1, 0);  // digits 8..15: limbs from x + 6
  const __m512i off1 = _mm512_set_epi64(12, 24, 36, 48, 60, 8, 20, 32);
  const __m512i one = _mm512_set1_epi64(1), sixty_four = _mm512_set1_epi64(64);
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kDigitMask));
  auto eight = [&](const __m512i limbs, const __m512i idx, const __m512i off) PARMOD_IFMA {
    const __m512i lo = _mm512_permutexvar_epi64(idx, limbs);
    const __m512i hi = _mm512_permutexvar_epi64(_mm512_add_epi64(idx, one), limbs);
    const __m512i v = _mm512_or_si512(_mm512_srlv_epi64(lo, off), _mm512_sllv_epi64(hi, _mm512_sub_epi64(sixty_four, off)));
    return _mm512_and_si512(v, mask);  // sllv by 64 gives 0: digit 0's single limb
  };
  for (std::size_t i = 0; i < n; i += 13, d += 16) {
    const std::size_t r = n - i;  // limbs left
    const __mmask8 m0 = r >= 8 ? 0xFF : static_cast<__mmask8>((1u << r) - 1);
    const __mmask8 m1 = r >= 14 ? 0xFF : r <= 6 ? 0 : static_cast<__mmask8>((1u << (r - 6)) - 1);
    const __mmask8 m1g = static_cast<__mmask8>(m1 & 0x7F);  // limb 13 belongs to the next step
    _mm512_storeu_si512(d, eight(_mm512_maskz_loadu_epi64(m0, x + i), idx0, off0));
    _mm512_storeu_si512(d + 8, eight(_mm512_maskz_loadu_epi64(m1g, x + i + 6), idx1, off1));
  }
}

// acc[u V + v] += lo / hi of x_u times the 8 digits at y - u + 8v, for u < U
// (U digits of the broadcast operand, U independent accumulator sets) and
// the registers VA <= v < VB (the others would only add zeros here).
template <int V, int U, int VA = 0, int VB = V>
PARMOD_IFMA inline __attribute__((always_inline)) void step(__m512i* lo, __m512i* hi, const u64* x, const u64* y) noexcept {
  _Pragma("GCC unroll 8") for (int u = 0; u < U; ++u) {
    const __m512i xu = _mm512_set1_epi64(static_cast<long long>(x[u]));
    _Pragma("GCC unroll 32") for (int v = VA; v < VB; ++v) {
      __m512i yv = _mm512_loadu_si512(y - u + 8 * v);
      in_register(yv);
      lo[u * V + v] = _mm512_madd52lo_epu64(lo[u * V + v], xu, yv);
      hi[u * V + v] = _mm512_madd52hi_epu64(hi[u * V + v], xu, yv);
    }
  }
}

// Steps for i in [i, end): U digits at a time, then one.
template <int V, int U, int VA, int VB>
PARMOD_IFMA inline __attribute__((always_inline)) void steps(__m512i* lo, __m512i* hi, const u64* x, const u64* y,
                                                              std::size_t k, std::size_t i, std::size_t end) noexcept {
  for (; i + U <= end; i += U) step<V, U, VA, VB>(lo, hi, x + i, y + k - i);
  for (; i < end; ++i) step<V, 1, VA, VB>(lo, hi, x + i, y + k - i);
}

// Block end: lo[v], hi[v] += the other U - 1 sets' sums.
template <int V, int U>
PARMOD_IFMA inline __attribute__((always_inline)) void fold(__m512i* lo, __m512i* hi) noexcept {
  _Pragma("GCC unroll 8") for (int u = 1; u < U; ++u) {
    _Pragma("GCC unroll 32") for (int v = 0; v < V; ++v) {
      lo[v] = _mm512_add_epi64(lo[v], lo[u * V + v]);
      hi[v] = _mm512_add_epi64(hi[v], hi[u * V + v]);
    }
  }
}

// 13 limbs (8 + 5 lanes) = the 16 normalised digits d0 (digits 0..7), d1
// (8..15): limb i = d_j >> o | d_(j+1) << (52 - o) | d_(j+2) << (104 - o),
// j = 64i / 52, o = 64i mod 52 (vpsllvq by >= 64 gives 0: the third digit
// only where o > 40).  The inverse of to_digits.  Always inlined: a call
// that passes 512-bit vectors leaves the upper register state dirty when it
// returns (the compiler's vzeroupper goes only where the caller's own vectors
// die), and on Intel the next SSE instruction in non-IFMA code then stalls
// (docs/bench/sapphire_rapids/README.md).
PARMOD_IFMA __attribute__((always_inline)) inline void pack13(limb_t* x, __mmask8 m0, __mmask8 m1, __m512i d0, __m512i d1) noexcept {
  const __m512i j0 = _mm512_set_epi64(8, 7, 6, 4, 3, 2, 1, 0), o0 = _mm512_set_epi64(32, 20, 8, 48, 36, 24, 12, 0);
  const __m512i j1 = _mm512_set_epi64(0, 0, 0, 14, 13, 12, 11, 9), o1 = _mm512_set_epi64(0, 0, 0, 40, 28, 16, 4, 44);
  const __m512i one = _mm512_set1_epi64(1), two = _mm512_set1_epi64(2);
  const __m512i c52 = _mm512_set1_epi64(52), c104 = _mm512_set1_epi64(104);
  auto eight = [&](__m512i j, __m512i o) PARMOD_IFMA {
    const __m512i a = _mm512_permutex2var_epi64(d0, j, d1);
    const __m512i b = _mm512_permutex2var_epi64(d0, _mm512_add_epi64(j, one), d1);
    const __m512i c = _mm512_permutex2var_epi64(d0, _mm512_and_si512(_mm512_add_epi64(j, two), _mm512_set1_epi64(15)), d1);
    return _mm512_or_si512(_mm512_or_si512(_mm512_srlv_epi64(a, o), _mm512_sllv_epi64(b, _mm512_sub_epi64(c52, o))),
                           _mm512_sllv_epi64(c, _mm512_sub_epi64(c104, o)));
  };
  _mm512_mask_storeu_epi64(x, m0, eight(j0, o0));
  _mm512_mask_storeu_epi64(x + 8, m1, eight(j1, o1));
}

// x[0, n) = (sum_j c_j 2^(52 j)) mod beta^n for column sums c[0, 16 ceil(n/13))
// (any 64-bit words); y[0, n) scratch, may be c itself (group g writes y
// below 13 g + 13 after reading c below 16 g + 16), not x.
// Splits every sum into its low 52 bits and the rest (< 2^12), which belongs
// one digit up: both are normalised digit strings, packed into limbs in
// vectors (pack13), and their sum is one carry chain (mpn_add_n).
PARMOD_IFMA void from_columns(limb_t* x, std::size_t n, const u64* c, limb_t* y) noexcept {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kDigitMask));
  __m512i prev = _mm512_setzero_si512();
  for (std::size_t i = 0; i < n; i += 13, c += 16) {
    const std::size_t r = n - i;
    const __mmask8 m0 = r >= 8 ? 0xFF : static_cast<__mmask8>((1u << r) - 1);
    const __mmask8 m1 = r >= 13 ? 0x1F : r <= 8 ? 0 : static_cast<__mmask8>((1u << (r - 8)) - 1);
    const __m512i c0 = _mm512_loadu_si512(c), c1 = _mm512_loadu_si512(c + 8);
    const __m512i h0 = _mm512_srli_epi64(c0, 52), h1 = _mm512_srli_epi64(c1, 52);
    pack13(x + i, m0, m1, _mm512_and_si512(c0, mask), _mm512_and_si512(c1, mask));
    pack13(y + i, m0, m1, _mm512_alignr_epi64(h0, prev, 7), _mm512_alignr_epi64(h1, h0, 7));
    prev = h1;
  }
  mpn_add_n(x, x, y, static_cast<mp_size_t>(n));  // no carry out of beta^n that matters: mod beta^n
}

// out[0, nout) = column sums of s[0, ns) * l[0, nl); l[-kPad, nl + kPad) readable
// with zeros outside [0, nl); nout a multiple of 8 V, >= ns + nl.  Blocks of
// 8 V columns in V registers (x 2 for lo / hi, x U sets for U digits of s
// per step: 2 U V independent sums to cover the IFMA latency).
template <int V, int U>
PARMOD_IFMA void product_columns(u64* out, std::size_t nout, const u64* s, std::size_t ns, const u64* l,
                                 std::size_t nl) noexcept {
  static_assert(8 * V <= static_cast<int>(kPad));
  const __m512i zero = _mm512_setzero_si512();
  __m512i spill = zero;
  for (std::size_t k = 0; k < nout; k += 8 * V) {
    __m512i lo[U * V], hi[U * V];
    _Pragma("GCC unroll 32") for (int v = 0; v < U * V; ++v) lo[v] = hi[v] = zero;
    const std::size_t i0 = k + 1 > nl ? k + 1 - nl : 0;  // below: c - i > nl - 1 in every lane
    const std::size_t i1 = std::min(ns, k + 8 * V);      // from there: c - i < 0 in every lane
    if constexpr (V == 2) {
      // The ramps: register 1 (columns k + 8 ..) gets nothing below
      // i = k + 9 - nl, register 0 (columns .. k + 7) nothing from k + 8 on.
      const std::size_t ia = std::clamp<std::ptrdiff_t>(std::ptrdiff_t(k + 9) - std::ptrdiff_t(nl), i0, i1);
      const std::size_t ic = std::clamp(k + 8, ia, i1);
      steps<V, U, 0, 1>(lo, hi, s, l, k, i0, ia);
      steps<V, U, 0, 2>(lo, hi, s, l, k, ia, ic);
      steps<V, U, 1, 2>(lo, hi, s, l, k, ic, i1);
    } else {
      steps<V, U, 0, V>(lo, hi, s, l, k, i0, i1);
    }
    fold<V, U>(lo, hi);
    _Pragma("GCC unroll 32") for (int v = 0; v < V; ++v) {
      const __m512i up = _mm512_alignr_epi64(hi[v], v == 0 ? spill : hi[v - 1], 7);
      _mm512_storeu_si512(out + k + 8 * v, _mm512_add_epi64(lo[v], up));
    }
    spill = hi[V - 1];
  }
}

// out[0, nout) = column sums of a[0, n)^2; a[-kPad, n + kPad) readable with zeros
// outside [0, n); nout a multiple of 8 V, >= 2 n.
template <int V, int U>
PARMOD_IFMA void square_columns(u64* out, std::size_t nout, const u64* a, std::size_t n) noexcept {
  static_assert(8 * V <= static_cast<int>(kPad));
  const __m512i zero = _mm512_setzero_si512();
  const __m512i dup = _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0);
  __m512i spill = zero;
  for (std::size_t k = 0; k < nout; k += 8 * V) {
    __m512i lo[U * V], hi[U * V];
    _Pragma("GCC unroll 32") for (int v = 0; v < U * V; ++v) lo[v] = hi[v] = zero;
    // Pairs i < j = c - i: from i0 (below it j > n - 1 everywhere) while
    // 2i < k + 8V - 1; every lane has j > i while 2i < k, then masked.
    const std::size_t i0 = k + 1 > n ? k + 1 - n : 0;
    const std::size_t i1 = std::max(i0, std::min(n, (k + 8 * V) / 2));
    const std::size_t im = std::max(i0, std::min(i1, (k + 1) / 2));
    if constexpr (V == 2) {  // the ramp at the top of the square, as in product_columns
      const std::size_t ia = std::clamp<std::ptrdiff_t>(std::ptrdiff_t(k + 9) - std::ptrdiff_t(n), i0, im);
      steps<V, U, 0, 1>(lo, hi, a, a, k, i0, ia);
      steps<V, U, 0, 2>(lo, hi, a, a, k, ia, im);
    } else {
      steps<V, U, 0, V>(lo, hi, a, a, k, i0, im);
    }
    for (std::size_t i = im; i < i1; ++i) {
      const __m512i ai = _mm512_set1_epi64(static_cast<long long>(a[i]));
      const u64 lanes = ~u64{0} << (2 * i - k + 1);  // lane m of the block has j > i iff m > 2i - k
      _Pragma("GCC unroll 32") for (int v = 0; v < V; ++v) {
        __m512i av = _mm512_maskz_loadu_epi64(static_cast<__mmask8>(lanes >> (8 * v)), a + k - i + 8 * v);
        in_register(av);
        lo[v] = _mm512_madd52lo_epu64(lo[v], ai, av);
        hi[v] = _mm512_madd52hi_epu64(hi[v], ai, av);
      }
    }
    fold<V, U>(lo, hi);
    _Pragma("GCC unroll 32") for (int v = 0; v < V; ++v) {
      const __m512i up = _mm512_alignr_epi64(hi[v], v == 0 ? spill : hi[v - 1], 7);
      __m512i c = _mm512_add_epi64(lo[v], up);
      c = _mm512_add_epi64(c, c);
      // Column k + 8v + m gets lo52(a_h^2) (m even) or hi52(a_h^2) (m odd), h = (k + 8v + m) / 2.
      const __m512i d = _mm512_permutexvar_epi64(dup, _mm512_castsi256_si512(_mm256_loadu_si256(
                                                          reinterpret_cast<const __m256i*>(a + (k + 8 * v) / 2))));
      c = _mm512_mask_madd52lo_epu64(c, 0x55, d, d);
      c = _mm512_mask_madd52hi_epu64(c, 0xAA, d, d);
      _mm512_storeu_si512(out + k + 8 * v, c);
    }
    spill = hi[V - 1];
  }
}

template <int V>
constexpr std::size_t round_up(std::size_t x) noexcept {
  return (x + 8 * V - 1) / (8 * V) * (8 * V);
}

// Blocks of 16 columns, two digits of the broadcast operand per step: 8
// independent sums cover the 4-cycle IFMA latency; measured on Zen 4 against
// (V, U) = (1, 1), (1, 2), (1, 4), (2, 1), (4, 1), (4, 2) from 8 to 256 limbs:
// best or within noise of the best everywhere (wider blocks waste more
// products on the ramps at both ends of the product; narrower ones lack
// independent sums or add per-block work).
constexpr int kV = 2, kU = 2;

// kPad zero digits at p (4 stores; a loop here becomes rep stos, slow to start).
PARMOD_IFMA inline void zero_pad(u64* p) noexcept {
  static_assert(kPad == 32);
  const __m512i zero = _mm512_setzero_si512();
  _Pragma("GCC unroll 4") for (int j = 0; j < 4; ++j) _mm512_storeu_si512(p + 8 * j, zero);
}

}  // namespace

void mul_ifma(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
              std::uint64_t* scratch) noexcept {
  PARMOD_ASSERT(an >= 1 && bn >= 1 && std::min(an, bn) <= kIfmaMaxLimbs);
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_ifma_scratch(an, bn), rp, an + bn));
  if (an > bn) {  // broadcast the shorter operand, load the longer one
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  const std::size_t ds = radix52_digits(kLimbBits * an), dl = radix52_digits(kLimbBits * bn);
  u64* s = scratch;
  u64* lpad = s + ds;
  u64* l = lpad + kPad;
  u64* out = l + dl + kPad;
  to_digits(s, ap, an);  // up to 15 zero digits past ds: into the padding, zeroed next
  zero_pad(lpad);
  zero_pad(l + dl);
  to_digits(l, bp, bn);
  product_columns<kV, kU>(out, round_up<kV>(ds + dl), s, ds, l, dl);  // >= 16 columns per from_columns step
  from_columns(rp, an + bn, out, out);
}

void sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, std::uint64_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && n <= kIfmaMaxLimbs);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, sqr_ifma_scratch(n), rp, 2 * n));
  const std::size_t d = radix52_digits(kLimbBits * n);
  u64* apad = scratch;
  u64* a = apad + kPad;
  u64* out = a + d + kPad;
  zero_pad(apad);
  zero_pad(a + d);
  to_digits(a, ap, n);
  square_columns<kV, kU>(out, round_up<kV>(2 * d), a, d);
  from_columns(rp, 2 * n, out, out);
}
#else
// Not x86-64 (build guard): no AVX-512 IFMA, cpu_has_avx512_ifma() is false and the
// dispatch never calls these; GMP's products keep their contract all the same.
#include <gmp.h>

#include "config/tuning.hpp"

namespace parmod::limbs {
void mul_ifma(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
              std::uint64_t*) noexcept {
  if (an >= bn) mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
  else mpn_mul(rp, bp, static_cast<mp_size_t>(bn), ap, static_cast<mp_size_t>(an));
}
void sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, std::uint64_t*) noexcept {
  mpn_sqr(rp, ap, static_cast<mp_size_t>(n));
}
#endif

static_assert(config::tuning_max::mul_ifma_min == kIfmaMaxLimbs && config::tuning_max::mul_ifma_max == kIfmaMaxLimbs &&
              config::tuning_max::sqr_ifma_min == kIfmaMaxLimbs && config::tuning_max::sqr_ifma_max == kIfmaMaxLimbs);

std::size_t mul_ifma_min() noexcept { return config::tuning().mul_ifma_min; }
std::size_t mul_ifma_max() noexcept { return config::tuning().mul_ifma_max; }
std::size_t sqr_ifma_min() noexcept { return config::tuning().sqr_ifma_min; }
std::size_t sqr_ifma_max() noexcept { return config::tuning().sqr_ifma_max; }

}  // namespace parmod::limbs

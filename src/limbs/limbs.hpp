// limbs/limbs.hpp - layer 1: functions on arrays of 64-bit limbs (beta = 2^64).
//
// GMP mpn style: operands are (pointer, size) pairs, sizes are arguments, the
// caller provides outputs and scratch, nothing here allocates (GMP's own mpn
// calls may use their internal temporary stack for very large sizes).  For
// addition, subtraction, comparison and copies the layers above call GMP's
// mpn_add_n / mpn_sub_n / mpn_cmp / mpn_copyi directly.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <cstdint>

namespace parmod {

using limb_t = mp_limb_t;
static_assert(sizeof(limb_t) == 8, "parmod needs 64-bit GMP limbs");
constexpr unsigned kLimbBits = 64;

namespace config {
struct Tuning;
}

namespace limbs {

// Cache lines in scratch: words rounded up to whole 64-byte lines, and a
// pointer rounded up to the next line boundary.  Areas that tasks on
// different threads write start on their own lines, and each task's areas
// lie together: on a line (or next to a line) the other thread writes,
// every store would pull the line from the other core.
constexpr std::size_t kLineWords = 64 / sizeof(limb_t);
constexpr std::size_t line_words(std::size_t words) noexcept {
  return (words + kLineWords - 1) / kLineWords * kLineWords;
}
inline limb_t* line_aligned(limb_t* p) noexcept {
  const auto v = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<limb_t*>((v + 63) & ~static_cast<std::uintptr_t>(63));
}

// The extra limbs of a nearly balanced product that limbs::mul still runs on
// Karatsuba over the mulx kernels: the reductions' t x (t + 1) products (the
// quotients of Barrett and of the bipartite's PBR), which GMP's mpn_mul
// takes to its unbalanced Toom forms.
constexpr std::size_t kKaratsubaAdxExtraRows = 2;

// rp[0, an+bn) = a * b.  Preconditions: an >= 1, bn >= 1; rp does not overlap
// a or b.  Either operand may be the longer one.  Cost M(an, bn): with AVX-512
// IFMA, the IFMA schoolbook (limbs/mul_ifma) for a shorter operand in
// [mul_ifma_min(), mul_ifma_max()) and Karatsuba over it (limbs/karatsuba_ifma)
// for shorter operands up to mul_karatsuba_ifma_limit() (an unbalanced one in
// pieces of the shorter operand's size, from a thread-local buffer grown once
// to 2 min(an, bn) limbs); otherwise own mulx/adx
// schoolbook below mul.basecase_adx_max and Karatsuba over it from
// limbs::mul_karatsuba_adx_min() (limbs/karatsuba_adx; a nearly balanced product, the longer operand at most
// kKaratsubaAdxExtraRows limbs longer, as Karatsuba on the shorter operand's
// size and one mpn_addmul_1 row per extra limb), GMP's mpn_mul above.  Up to
// 78 KiB of stack.
void mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept;

// rp[0, 2n) = a * a.  n >= 1, no overlap.  Cost: the IFMA square and
// Karatsuba over it in their ranges (sqr_ifma_min() ..
// sqr_karatsuba_ifma_limit()) where the CPU has IFMA, else own mulx/adx square
// below sqr.basecase_adx_max and Karatsuba over it from
// limbs::sqr_karatsuba_adx_min(), GMP's mpn_sqr
// above.
void sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept;

// Which kernel mul (an x bn limbs, either order) and sqr (n limbs) run: a
// function of the sizes, the CPU and the tuned limits only.  gmp means
// mpn_mul / mpn_sqr; API layers use it to call mpz_mul directly where parmod
// adds nothing.
enum class MulKernel { ifma, karatsuba_ifma, basecase_adx, karatsuba_adx, gmp };
MulKernel mul_kernel(std::size_t an, std::size_t bn) noexcept;
MulKernel sqr_kernel(std::size_t n) noexcept;
// Whether a kernel is one of the AVX-512 IFMA ones.
constexpr bool is_ifma(MulKernel k) noexcept { return k == MulKernel::ifma || k == MulKernel::karatsuba_ifma; }
// The same from a tuning snapshot the caller already holds (one read of the
// snapshot for several choices).
MulKernel mul_kernel(const config::Tuning& t, std::size_t an, std::size_t bn) noexcept;
MulKernel sqr_kernel(const config::Tuning& t, std::size_t n) noexcept;

// The mulx/adcx/adox kernels mul and sqr run for MulKernel::basecase_adx and
// karatsuba_adx (the ranges of mul.basecase_adx_max, mul.karatsuba_adx_max
// and their sqr twins): the register windows (limbs/window_adx) where
// window_adx_enabled(), else the rows (limbs/basecase_adx, limbs/
// karatsuba_adx); Karatsuba recurses down to the tuned schoolbook limit.
// Require BMI2 + ADX; the preconditions of mul / sqr, the schoolbook's
// shorter operand of at least mul_basecase_adx_min() (squares:
// sqr_basecase_adx_min()) limbs; Karatsuba on n-limb operands with scratch
// of karatsuba_adx_scratch(n) limbs (limbs/karatsuba_adx.hpp).  For `parmod
// tune`, which times what mul runs.
void mulx_schoolbook_mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept;
void mulx_schoolbook_sqr(limb_t* rp, const limb_t* ap, std::size_t n) noexcept;
void mulx_karatsuba_mul(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept;
void mulx_karatsuba_sqr(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept;

// rp[0, n) = a * b mod beta^n (the low half of the product).  n >= 1, no
// overlap.  Cost about 0.5 M(n) to M(n): GMP's mullo (exported by libgmp as
// __gmpn_mullo_n since GMP 5).
void mullo(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept;

// rp[0, n) = a^2 mod beta^n (the low half of the square).  n >= 1, no overlap.
// Cost below mullo's: GMP's sqrlo (exported by libgmp as __gmpn_sqrlo since 6.2).
void sqrlo(limb_t* rp, const limb_t* ap, std::size_t n) noexcept;

// inv[0, n) = a^-1 mod beta^n for odd a in a[0, n), by Newton/Hensel lifting
// (x <- x (2 - a x), doubling the correct limbs; no division, no gcd).  n >= 1;
// inv must not overlap a.  Scratch: 2 n limbs, overlapping neither inv nor a.
// Cost about 2 M(n) (two mullo per doubling).
void binvert(limb_t* inv, const limb_t* a, std::size_t n, limb_t* scratch) noexcept;

// Number of limbs of a after stripping high zero limbs (0 for a = 0).
inline std::size_t normalized_size(const limb_t* ap, std::size_t n) noexcept {
  while (n > 0 && ap[n - 1] == 0) --n;
  return n;
}

// True when any of ap[0, n) is nonzero.
inline bool any_nonzero(const limb_t* ap, std::size_t n) noexcept { return normalized_size(ap, n) != 0; }

}  // namespace limbs
}  // namespace parmod

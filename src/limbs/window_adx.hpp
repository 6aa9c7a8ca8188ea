// limbs/window_adx.hpp - products, squares and Montgomery REDC on
// mulx/adcx/adox register windows, for any limb count (generated:
// limbs/gen_window_adx.py -> limbs/window_adx_asm.cpp; the method is in
// the generator's docstring).
//
// The accumulator of an operand strip of 8 limbs lives in 9 or 10 registers
// while the other operand streams through rdx: a limb product costs mulx +
// adox + adcx and no load or store of the accumulator (the row kernels of
// limbs/addmul_1_adx_row.hpp load and store a limb per product).  Generic
// kernels for any size; the Montgomery product and square fully unrolled
// for the sizes window_adx_unrolled() names, and the product in passes of
// two strips per column for n = 8m >= 32.  The Montgomery functions are
// called through reduce/montgomery_adx.hpp.
//
// Requires BMI2 + ADX: callers check window_adx_enabled() once.  Only on
// x86-64 ELF (System V calling convention); elsewhere PARMOD_WINDOW_ADX_ASM
// is 0, the functions are not defined and window_adx_enabled() is false.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

#if defined(__x86_64__) && defined(__ELF__) && !defined(_WIN32)
#define PARMOD_WINDOW_ADX_ASM 1
#else
#define PARMOD_WINDOW_ADX_ASM 0
#endif

#if PARMOD_WINDOW_ADX_ASM
extern "C" {
// The kernels (limbs/window_adx_asm.cpp); contracts at their wrappers below
// and in reduce/montgomery_adx.hpp.
void parmod_mul_adx(parmod::limb_t* r, const parmod::limb_t* a, std::size_t an, const parmod::limb_t* b,
                    std::size_t bn) noexcept;
void parmod_sqr_adx(parmod::limb_t* r, const parmod::limb_t* a, std::size_t n) noexcept;
void parmod_montgomery_mul_adx(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                               const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                               parmod::limb_t* t) noexcept;
void parmod_montgomery_sqr_adx(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                               parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
void parmod_montgomery_mul_adx_unrolled(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                                        const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                                        parmod::limb_t* t) noexcept;
void parmod_montgomery_sqr_adx_unrolled(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                                        parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
void parmod_montgomery_mul_adx_small_zs(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* b,
                                        const parmod::limb_t* p, parmod::limb_t mu0, std::size_t n,
                                        parmod::limb_t* t) noexcept;
void parmod_montgomery_sqr_adx_small_zs(parmod::limb_t* r, const parmod::limb_t* a, const parmod::limb_t* p,
                                        parmod::limb_t mu0, std::size_t n, parmod::limb_t* t) noexcept;
void parmod_montgomery_redc_adx(parmod::limb_t* r, parmod::limb_t* c, const parmod::limb_t* p,
                                parmod::limb_t mu0, std::size_t n) noexcept;
void parmod_montgomery_redc_adx_columns(parmod::limb_t* r, parmod::limb_t* c, const parmod::limb_t* p,
                                        parmod::limb_t mu0, std::size_t n) noexcept;
}
#endif

namespace parmod::limbs {

// True when the window kernels may run: x86-64 ELF and the tuning key
// montgomery.window_adx_min is not 0 (it is 0 without BMI2 + ADX, on rows
// whose CPU runs them slower, and with PARMOD_MULX_KERNELS=0; =1 turns them
// on, as for the other mulx product kernels; config/tuning.hpp).
bool window_adx_enabled() noexcept;

// True for the limb counts whose Montgomery product and square
// (reduce/montgomery_adx.hpp) run fully unrolled kernels (every limb product
// in one register window; limbs/gen_window_adx.py, SMALL_SIZES).
bool window_adx_unrolled(std::size_t n) noexcept;
// Which kernels a Montgomery product or square with REDC folded in runs
// (reduce/montgomery_adx.hpp, consttime/montgomery_adx_ct.hpp); every choice
// gives the same result for every n:
//   entry      the entry points: the unrolled kernel where
//              window_adx_unrolled(n), else the passes or the generic one;
//   unrolled   as entry, and the unrolled kernels of the tuned sizes
//              (window_adx_unrolled_tuned(n));
//   zero_slot  as entry, but where window_adx_unrolled(n) the second family
//              of unrolled kernels, whose groups close their flag chains
//              from the frame's zero slot, the carry chain's add first, in
//              place of rax (gen_window_adx.py, CLOSE_FROM_SLOT).  The same
//              instructions per limb product; which family issues faster is
//              a property of the core (tuning key
//              montgomery.adx_small_zero_slot).
enum class WindowKernels { entry, unrolled, zero_slot };

// True for the limb counts that also have fully unrolled Montgomery kernels
// but reach them only through reduce::montgomery_{mul,sqr}_adx with
// `unrolled`, where the tuning keys montgomery.adx_unrolled_max and
// montgomery.adx_sqr_unrolled_max let them (gen_window_adx.py, TUNED_SIZES).
bool window_adx_unrolled_tuned(std::size_t n) noexcept;

#if PARMOD_WINDOW_ADX_ASM
// rp[0, an + bn) = a b for an, bn >= 1; rp overlaps neither operand.  Strips
// of 8 limbs of a (the an mod 8 narrow one first) against all of b: an bn
// limb products.
inline void mul_window_adx(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  parmod_mul_adx(rp, ap, an, bp, bn);
}

// rp[0, 2n) = a^2 for n >= 1; rp does not overlap a.  The off-diagonal
// triangle (n (n - 1) / 2 limb products) by strips, doubled, plus the n
// squares.
inline void sqr_window_adx(limb_t* rp, const limb_t* ap, std::size_t n) noexcept { parmod_sqr_adx(rp, ap, n); }

// Karatsuba (limbs/karatsuba_steps.hpp) over the window kernels: halves
// recurse while n >= limit, the window kernels below (the Montgomery
// product's limits are tuning keys: montgomery.karatsuba_window_*).  rp[0, 2n) = a b
// (a^2); n >= 1, no overlap; scratch holds karatsuba_adx_scratch(n) limbs
// (limbs/karatsuba_adx.hpp: the same recursion).  Cost: 3 M(n/2) + O(n) per level.
void mul_karatsuba_window_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t limit,
                              limb_t* scratch) noexcept;
void sqr_karatsuba_window_adx(limb_t* rp, const limb_t* ap, std::size_t n, std::size_t limit,
                              limb_t* scratch) noexcept;
#endif

}  // namespace parmod::limbs

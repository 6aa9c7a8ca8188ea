// limbs/addmul_1_adx_row.hpp - the inlined row rp[0, n) += ap[0, n) * b with
// mulx/adcx/adox, shared by every quadratic kernel that walks rows: addmul_1
// (limbs/addmul_1.cpp), the schoolbook product and square
// (limbs/basecase_adx.cpp) and word-by-word REDC (reduce/montgomery_reduce.cpp).
//
// Contract: n >= 1; rp and ap either equal or disjoint; returns the carry limb
// (the sum rp + ap*b fits in n + 1 limbs, so it never overflows).
// Requires BMI2 + ADX at run time: callers check limbs::cpu_has_mulx_adx()
// once and pick their adx variant.  The asm itself needs no target attribute.
// Cost: n limb products at about 1.5 core cycles each on Zen 4 (eight limbs
// per pass; the n mod 8 leading limbs by a partial first pass entered through
// a jump table), no call, no memory besides rp, ap and the table in .text.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

#if defined(__x86_64__)
inline __attribute__((always_inline)) limb_t addmul_1_adx_row(limb_t* rp, const limb_t* ap, std::size_t n,
                                                               limb_t b) noexcept {
  limb_t carry = 0, hi0 = 0, lo0, lo1, zero, t, target;
  // The loop body is eight steps.  When n mod 8 != 0 the first pass enters
  // at step `entry` (Duff's device through a jump table), the pointers moved
  // back by `entry` limbs to keep the offsets; n mod 8 == 0 (the REDC rows of
  // the usual sizes) goes straight in.
  std::size_t entry = (8 - n % 8) % 8;  // rcx until the dispatch, then the pass count
  const std::size_t passes = (n + 7) / 8;
  const std::ptrdiff_t back = -static_cast<std::ptrdiff_t>(8 * entry);
  // Invariant: the carry limb waiting for the next column is in `carry`
  // before an even step and in hi0 before an odd one (both start at 0); CF is
  // the adcx chain (high limbs into the next low limb), OF the adox chain (rp
  // into the sum).  lea, mov, movslq and the jumps leave both flags alone.
#define PARMOD_ADX_STEP(k, off, lo, hi_in, hi_out)      \
  ".Lparmod_row_s" #k "_%=:\n\t"                        \
  "mulx " #off "(%[a]), %[" #lo "], %[" #hi_out "]\n\t" \
  "adcx %[" #hi_in "], %[" #lo "]\n\t"                  \
  "adox " #off "(%[r]), %[" #lo "]\n\t"                 \
  "mov %[" #lo "], " #off "(%[r])\n\t"
#define PARMOD_ADX_ENTRY(k) ".long .Lparmod_row_s" #k "_%=-.Lparmod_row_tab_%=\n\t"
  __asm__ volatile(
      "xor %k[zero], %k[zero]\n\t"  // CF = OF = 0 from here on
      "jrcxz .Lparmod_row_start_%=\n\t"
      "lea (%[a],%[back]), %[a]\n\t"
      "lea (%[r],%[back]), %[r]\n\t"
      "lea .Lparmod_row_tab_%=(%%rip), %[t]\n\t"
      "movslq (%[t],%%rcx,4), %[target]\n\t"
      "lea (%[t],%[target]), %[target]\n\t"
      "mov %[passes], %%rcx\n\t"
      "jmp *%[target]\n\t"
      ".p2align 2\n\t"
      ".Lparmod_row_tab_%=:\n\t"
      PARMOD_ADX_ENTRY(0) PARMOD_ADX_ENTRY(1) PARMOD_ADX_ENTRY(2) PARMOD_ADX_ENTRY(3)
      PARMOD_ADX_ENTRY(4) PARMOD_ADX_ENTRY(5) PARMOD_ADX_ENTRY(6) PARMOD_ADX_ENTRY(7)
      ".Lparmod_row_start_%=:\n\t"
      "mov %[passes], %%rcx\n\t"
      ".Lparmod_row_loop_%=:\n\t"
      PARMOD_ADX_STEP(0, 0, lo0, carry, hi0) PARMOD_ADX_STEP(1, 8, lo1, hi0, carry)
      PARMOD_ADX_STEP(2, 16, lo0, carry, hi0) PARMOD_ADX_STEP(3, 24, lo1, hi0, carry)
      PARMOD_ADX_STEP(4, 32, lo0, carry, hi0) PARMOD_ADX_STEP(5, 40, lo1, hi0, carry)
      PARMOD_ADX_STEP(6, 48, lo0, carry, hi0) PARMOD_ADX_STEP(7, 56, lo1, hi0, carry)
      "lea 64(%[a]), %[a]\n\t"
      "lea 64(%[r]), %[r]\n\t"
      "lea -1(%%rcx), %%rcx\n\t"
      "jrcxz .Lparmod_row_done_%=\n\t"
      "jmp .Lparmod_row_loop_%=\n\t"
      ".Lparmod_row_done_%=:\n\t"
      "adcx %[zero], %[carry]\n\t"  // the last high limb takes both chains' carries
      "adox %[zero], %[carry]\n\t"
      : [carry] "+&r"(carry), [hi0] "+&r"(hi0), [a] "+&r"(ap), [r] "+&r"(rp), "+&c"(entry), [lo0] "=&r"(lo0),
        [lo1] "=&r"(lo1), [zero] "=&r"(zero), [t] "=&r"(t), [target] "=&r"(target)
      : "d"(b), [passes] "r"(passes), [back] "r"(back)
      : "cc", "memory");
#undef PARMOD_ADX_ENTRY
#undef PARMOD_ADX_STEP
  return carry;
}
#endif

}  // namespace parmod::limbs

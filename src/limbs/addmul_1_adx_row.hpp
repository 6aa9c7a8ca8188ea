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
// per iteration; the n mod 8 leading limbs one at a time), no call, no
// memory besides rp and ap.
#pragma once

#include <cstddef>

#include "limbs/limbs.hpp"

namespace parmod::limbs {

#if defined(__x86_64__)
inline __attribute__((always_inline)) limb_t addmul_1_adx_row(limb_t* rp, const limb_t* ap, std::size_t n,
                                                               limb_t b) noexcept {
  limb_t carry = 0, lo0, lo1, hi0, zero;
  std::size_t count = n % 8;  // rcx: first the single limbs, then the blocks of 8
  std::size_t blocks = n / 8;
  // Invariant: `carry` holds the high limb waiting for the next column; CF is
  // the adcx chain (high limbs into the next low limb), OF the adox chain (rp
  // into the sum).  lea, mov and jrcxz leave both flags alone.
#define PARMOD_ADX_STEP(off, lo, hi_in, hi_out)          \
  "mulx " #off "(%[a]), %[" #lo "], %[" #hi_out "]\n\t" \
  "adcx %[" #hi_in "], %[" #lo "]\n\t"                  \
  "adox " #off "(%[r]), %[" #lo "]\n\t"                 \
  "mov %[" #lo "], " #off "(%[r])\n\t"
  __asm__ volatile(
      "xor %k[zero], %k[zero]\n\t"  // CF = OF = 0
      "jrcxz 3f\n\t"
      "4:\n\t"  // one limb
      PARMOD_ADX_STEP(0, lo0, carry, hi0)
      "mov %[hi0], %[carry]\n\t"
      "lea 8(%[a]), %[a]\n\t"
      "lea 8(%[r]), %[r]\n\t"
      "lea -1(%%rcx), %%rcx\n\t"
      "jrcxz 3f\n\t"
      "jmp 4b\n\t"
      "3:\n\t"
      "mov %[blocks], %%rcx\n\t"
      "jrcxz 5f\n\t"  // jrcxz reaches only 127 bytes: a trampoline over the loop
      "jmp 1f\n\t"
      "5:\n\t"
      "jmp 2f\n\t"
      "1:\n\t"  // eight limbs
      PARMOD_ADX_STEP(0, lo0, carry, hi0) PARMOD_ADX_STEP(8, lo1, hi0, carry)
      PARMOD_ADX_STEP(16, lo0, carry, hi0) PARMOD_ADX_STEP(24, lo1, hi0, carry)
      PARMOD_ADX_STEP(32, lo0, carry, hi0) PARMOD_ADX_STEP(40, lo1, hi0, carry)
      PARMOD_ADX_STEP(48, lo0, carry, hi0) PARMOD_ADX_STEP(56, lo1, hi0, carry)
      "lea 64(%[a]), %[a]\n\t"
      "lea 64(%[r]), %[r]\n\t"
      "lea -1(%%rcx), %%rcx\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      "adcx %[zero], %[carry]\n\t"  // the last high limb takes both chains' carries
      "adox %[zero], %[carry]\n\t"
      : [carry] "+&r"(carry), [a] "+&r"(ap), [r] "+&r"(rp), "+&c"(count), [lo0] "=&r"(lo0), [lo1] "=&r"(lo1),
        [hi0] "=&r"(hi0), [zero] "=&r"(zero)
      : "d"(b), [blocks] "r"(blocks)
      : "cc", "memory");
#undef PARMOD_ADX_STEP
  return carry;
}
#endif

}  // namespace parmod::limbs

#include "limbs/addmul_1.hpp"

#include "limbs/cpu_features.hpp"

namespace parmod::limbs {

limb_t addmul_1_gmp(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept {
  return mpn_addmul_1(rp, ap, static_cast<mp_size_t>(n), b);
}

#if defined(__x86_64__)
__attribute__((target("bmi2,adx"))) limb_t addmul_1_adx(limb_t* rp, const limb_t* ap, std::size_t n,
                                                          limb_t b) noexcept {
  // The first n mod 4 limbs in C, their carry feeding the unrolled loop.
  limb_t carry = 0;
  std::size_t head = n % 4;
  for (std::size_t i = 0; i < head; ++i) {
    const unsigned __int128 t = static_cast<unsigned __int128>(ap[i]) * b + rp[i] + carry;
    rp[i] = static_cast<limb_t>(t);
    carry = static_cast<limb_t>(t >> 64);
  }
  std::size_t blocks = n / 4;
  if (blocks == 0) return carry;
  limb_t* r = rp + head;
  const limb_t* a = ap + head;
  limb_t lo0, lo1, hi0, zero;
  // Invariant: `carry` is the high limb waiting to be added to the next low
  // limb.  CF carries the adcx chain (high limbs into low limbs), OF the adox
  // chain (rp into the sum).  lea and jrcxz leave both flags alone.
  __asm__ volatile(
      "xor %k[zero], %k[zero]\n\t"  // CF = OF = 0
      "1:\n\t"
      "mulx (%[a]), %[lo0], %[hi0]\n\t"
      "adcx %[carry], %[lo0]\n\t"
      "adox (%[r]), %[lo0]\n\t"
      "mov %[lo0], (%[r])\n\t"
      "mulx 8(%[a]), %[lo1], %[carry]\n\t"
      "adcx %[hi0], %[lo1]\n\t"
      "adox 8(%[r]), %[lo1]\n\t"
      "mov %[lo1], 8(%[r])\n\t"
      "mulx 16(%[a]), %[lo0], %[hi0]\n\t"
      "adcx %[carry], %[lo0]\n\t"
      "adox 16(%[r]), %[lo0]\n\t"
      "mov %[lo0], 16(%[r])\n\t"
      "mulx 24(%[a]), %[lo1], %[carry]\n\t"
      "adcx %[hi0], %[lo1]\n\t"
      "adox 24(%[r]), %[lo1]\n\t"
      "mov %[lo1], 24(%[r])\n\t"
      "lea 32(%[a]), %[a]\n\t"
      "lea 32(%[r]), %[r]\n\t"
      "lea -1(%%rcx), %%rcx\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      "adcx %[zero], %[carry]\n\t"  // the last high limb takes both chains' carries
      "adox %[zero], %[carry]\n\t"
      : [carry] "+&r"(carry), [a] "+&r"(a), [r] "+&r"(r), "+&c"(blocks), [lo0] "=&r"(lo0), [lo1] "=&r"(lo1),
        [hi0] "=&r"(hi0), [zero] "=&r"(zero)
      : "d"(b)
      : "cc", "memory");
  return carry;
}
#else
limb_t addmul_1_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept { return addmul_1_gmp(rp, ap, n, b); }
#endif

limb_t addmul_1(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept {
  static const bool adx = cpu_has_mulx_adx();
  return adx ? addmul_1_adx(rp, ap, n, b) : addmul_1_gmp(rp, ap, n, b);
}

}  // namespace parmod::limbs

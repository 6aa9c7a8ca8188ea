// limbs/comba.cpp - Comba, Modified Comba and the mulx/adx kernel (see comba.hpp).
#include "limbs/comba.hpp"

#include "check/assert.hpp"
#include "limbs/cpu_features.hpp"

namespace parmod::limbs {
namespace {

using u128 = unsigned __int128;

// Modified Comba over columns [k0, k1): per column, the low words of the
// products are summed in one 128-bit accumulator and the high words in
// another; at the end of the column the running carry takes both.
inline void modified_columns(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t k0,
                             std::size_t k1, limb_t carry[2]) noexcept {
  u128 acc = 0;  // carry into the current column (< (n + 1) 2^64)
  for (std::size_t k = k0; k < k1; ++k) {
    std::size_t i0 = k >= n ? k - n + 1 : 0, i1 = k < n ? k : n - 1;
    u128 lo = 0, hi = 0;
    for (std::size_t i = i0; i <= i1 && i0 <= i1; ++i) {
      u128 p = u128(ap[i]) * bp[k - i];
      lo += limb_t(p);
      hi += limb_t(p >> 64);
    }
    acc += lo;
    rp[k] = limb_t(acc);
    acc = (acc >> 64) + hi;
  }
  carry[0] = limb_t(acc);
  carry[1] = limb_t(acc >> 64);
}

template <std::size_t N>
void fixed_kernel(limb_t* rp, const limb_t* ap, const limb_t* bp) noexcept {
  limb_t c[2];
  modified_columns(rp, ap, bp, N, 0, 2 * N, c);
}

}  // namespace

void comba_mul(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  limb_t r0 = 0, r1 = 0, r2 = 0;
  for (std::size_t k = 0; k + 1 < 2 * n; ++k) {
    std::size_t i0 = k >= n ? k - n + 1 : 0, i1 = k < n ? k : n - 1;
    for (std::size_t i = i0; i <= i1; ++i) {
      u128 p = u128(ap[i]) * bp[k - i];
      u128 s = u128(r0) + limb_t(p);  // r0 += v; r1 += u + carry; r2 += carry
      r0 = limb_t(s);
      s = u128(r1) + limb_t(p >> 64) + limb_t(s >> 64);
      r1 = limb_t(s);
      r2 += limb_t(s >> 64);
    }
    rp[k] = r0;
    r0 = r1;
    r1 = r2;
    r2 = 0;
  }
  rp[2 * n - 1] = r0;
}

void comba_mul_modified(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  limb_t c[2];
  modified_columns(rp, ap, bp, n, 0, 2 * n, c);
}

void comba_columns(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, std::size_t k0, std::size_t k1,
                   limb_t carry[2]) noexcept {
  PARMOD_ASSERT(k0 < k1 && k1 <= 2 * n);
  modified_columns(rp, ap, bp, n, k0, k1, carry);
}

void comba_mul_fixed(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1 && n <= 8);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  using Fn = void (*)(limb_t*, const limb_t*, const limb_t*) noexcept;
  static constexpr Fn table[9] = {nullptr,          &fixed_kernel<1>, &fixed_kernel<2>, &fixed_kernel<3>, &fixed_kernel<4>,
                                  &fixed_kernel<5>, &fixed_kernel<6>, &fixed_kernel<7>, &fixed_kernel<8>};
  table[n](rp, ap, bp);
}

namespace {

// Modified Comba with mulx (flags untouched) and the two carry chains of
// ADX: adcx (CF) accumulates the low words of a column in (l1:l0), adox (OF)
// the high words in (h1:h0).  The inner loop keeps both chains alive across
// products (lea and jrcxz leave the flags alone), so a product costs one
// mulx and four flag-chained adds on two independent chains.
#if defined(__x86_64__)
__attribute__((target("bmi2,adx"))) void adx_kernel(limb_t* rp, const limb_t* ap, const limb_t* bp,
                                                     std::size_t n) noexcept {
  limb_t a0 = 0, a1 = 0;  // running carry into the column (two words suffice for n < 2^32)
  for (std::size_t k = 0; k + 1 < 2 * n; ++k) {
    const std::size_t i0 = k >= n ? k - n + 1 : 0, i1 = k < n ? k : n - 1;
    limb_t l0 = 0, l1 = 0, h0 = 0, h1 = 0, lo, hi, z;
    const limb_t* pa = ap + i0;
    const limb_t* pb = bp + (k - i0);
    unsigned long cnt = i1 - i0 + 1;
    __asm__ volatile(
        "xor %[z], %[z]\n\t"  // z = 0, CF = OF = 0
        "1:\n\t"
        "mov (%[pb]), %%rdx\n\t"
        "mulx (%[pa]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[l0]\n\t"
        "adcx %[z], %[l1]\n\t"
        "adox %[hi], %[h0]\n\t"
        "adox %[z], %[h1]\n\t"
        "lea 8(%[pa]), %[pa]\n\t"
        "lea -8(%[pb]), %[pb]\n\t"
        "lea -1(%[cnt]), %[cnt]\n\t"
        "jrcxz 2f\n\t"
        "jmp 1b\n\t"
        "2:\n\t"
        : [l0] "+r"(l0), [l1] "+r"(l1), [h0] "+r"(h0), [h1] "+r"(h1), [pa] "+r"(pa), [pb] "+r"(pb),
          [cnt] "+c"(cnt), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        :
        : "rdx", "cc", "memory");
    // acc = (a1:a0) + (l1:l0); r_k = low word; acc = (acc >> 64) + (h1:h0)
    u128 acc = (u128(a1) << 64 | a0) + (u128(l1) << 64 | l0);
    rp[k] = limb_t(acc);
    acc = (acc >> 64) + (u128(h1) << 64 | h0);
    a0 = limb_t(acc);
    a1 = limb_t(acc >> 64);
  }
  rp[2 * n - 1] = a0;
}
#else
// Not x86-64 (build guard): comba_adx_available() is false, so this is never called.
void adx_kernel(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  comba_mul_modified(rp, ap, bp, n);
}
#endif

}  // namespace

bool comba_adx_available() noexcept {
  return cpu_has_mulx_adx();
}

void comba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  if (comba_adx_available())
    adx_kernel(rp, ap, bp, n);
  else
    comba_mul_modified(rp, ap, bp, n);
}

}  // namespace parmod::limbs

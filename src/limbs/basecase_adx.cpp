#include "limbs/basecase_adx.hpp"

#include "check/assert.hpp"
#include "limbs/addmul_1_adx_row.hpp"
#include "limbs/cpu_features.hpp"
#include "config/tuning.hpp"

namespace parmod::limbs {

#if defined(__x86_64__)
void mul_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  PARMOD_ASSERT(an >= 1 && bn >= 1);
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  for (std::size_t j = 0; j < an; ++j) rp[j] = 0;
  for (std::size_t i = 0; i < bn; ++i) rp[an + i] = addmul_1_adx_row(rp + i, ap, an, bp[i]);
}

void sqr_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  // Off-diagonal triangle: row i adds a_i * a[i+1, n) at limb 2i+1 and its
  // carry lands on limb n+i, which no earlier row has written.
  rp[0] = 0;
  rp[2 * n - 1] = 0;
  for (std::size_t j = 1; j < n; ++j) rp[j] = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) rp[n + i] = addmul_1_adx_row(rp + 2 * i + 1, ap + i + 1, n - 1 - i, ap[i]);
  // rp = 2 rp + sum a_i^2 beta^(2i): the doubled triangle is below a^2 < beta^(2n),
  // so both chains end with no carry.  CF chain: the doubling, adcx x, x
  // shifting each limb left through the carry; OF chain: the squares.
  limb_t* r = rp;
  const limb_t* a = ap;
  std::size_t count = n;
  limb_t lo, hi, x0, x1;
  __asm__ volatile(
      "xor %k[lo], %k[lo]\n\t"  // CF = OF = 0
      "1:\n\t"
      "mov (%[a]), %%rdx\n\t"
      "mulx %%rdx, %[lo], %[hi]\n\t"
      "mov (%[r]), %[x0]\n\t"
      "mov 8(%[r]), %[x1]\n\t"
      "adcx %[x0], %[x0]\n\t"
      "adcx %[x1], %[x1]\n\t"
      "adox %[lo], %[x0]\n\t"
      "adox %[hi], %[x1]\n\t"
      "mov %[x0], (%[r])\n\t"
      "mov %[x1], 8(%[r])\n\t"
      "lea 8(%[a]), %[a]\n\t"
      "lea 16(%[r]), %[r]\n\t"
      "lea -1(%%rcx), %%rcx\n\t"
      "jrcxz 2f\n\t"
      "jmp 1b\n\t"
      "2:\n\t"
      : [a] "+&r"(a), [r] "+&r"(r), "+&c"(count), [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1)
      :
      : "rdx", "cc", "memory");
}
#else
void mul_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn) noexcept {
  mpn_mul(rp, ap, static_cast<mp_size_t>(an), bp, static_cast<mp_size_t>(bn));
}
void sqr_basecase_adx(limb_t* rp, const limb_t* ap, std::size_t n) noexcept { mpn_sqr(rp, ap, static_cast<mp_size_t>(n)); }
#endif

std::size_t mul_basecase_adx_min() noexcept { return 10; }
std::size_t sqr_basecase_adx_min() noexcept { return 18; }

namespace {
std::size_t karatsuba_from(std::size_t key, std::size_t basecase_max) noexcept {
  return key == 0 ? basecase_max : std::max(key, kKaratsubaAdxMinLeaf);
}
}  // namespace

std::size_t mul_karatsuba_adx_min(const config::Tuning& t) noexcept {
  return karatsuba_from(t.mul_karatsuba_adx_min, t.mul_basecase_adx_max);
}
std::size_t sqr_karatsuba_adx_min(const config::Tuning& t) noexcept {
  return karatsuba_from(t.sqr_karatsuba_adx_min, t.sqr_basecase_adx_max);
}
std::size_t mul_karatsuba_adx_min() noexcept { return mul_karatsuba_adx_min(config::tuning()); }
std::size_t sqr_karatsuba_adx_min() noexcept { return sqr_karatsuba_adx_min(config::tuning()); }

}  // namespace parmod::limbs

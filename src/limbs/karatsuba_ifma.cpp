#include "limbs/karatsuba_ifma.hpp"

#include <atomic>

#include "limbs/karatsuba_steps.hpp"
#include "limbs/kernel_limit.hpp"

namespace parmod::limbs {
namespace {

using karatsuba_steps::abs_diff;
using karatsuba_steps::add_middle;

std::atomic<long> g_mul_limit{-1}, g_sqr_limit{-1};
// AMD EPYC (Zen 4), against Debian GMP 6.2.1.
constexpr long kDefaultMulLimit = 4096, kDefaultSqrLimit = 6144;  // measured, see karatsuba_ifma.hpp
constexpr long kMaxLimit = static_cast<long>(kKaratsubaIfmaMaxLimit);

}  // namespace

void karatsuba_mul_ifma(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  if (n < 2 || n < mul_ifma_max()) {  // mul_ifma_max() <= kIfmaMaxLimbs
    mul_ifma(rp, ap, n, bp, n, scratch);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  limb_t* da = scratch;
  limb_t* db = da + h;
  limb_t* d = db + h;
  limb_t* t = d + 2 * h;
  limb_t* next = t + 2 * h + 1;
  const int sa = abs_diff(da, ap, h, ap + h, l);
  const int sb = abs_diff(db, bp, h, bp + h, l);
  karatsuba_mul_ifma(d, da, db, h, next);                   // |a0 - a1| |b0 - b1|
  karatsuba_mul_ifma(rp, ap, bp, h, next);                  // z0
  karatsuba_mul_ifma(rp + 2 * h, ap + h, bp + h, l, next);  // z2
  add_middle(rp, n, h, d, sa == sb, t);                     // (a0 - a1)(b0 - b1) >= 0: subtract it
}

void karatsuba_sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  if (n < 2 || n < sqr_ifma_max()) {
    sqr_ifma(rp, ap, n, scratch);
    return;
  }
  const std::size_t h = (n + 1) / 2, l = n - h;
  limb_t* da = scratch;
  limb_t* d = da + 2 * h;  // keeps the layout of the product
  limb_t* t = d + 2 * h;
  limb_t* next = t + 2 * h + 1;
  abs_diff(da, ap, h, ap + h, l);
  karatsuba_sqr_ifma(d, da, h, next);              // (a0 - a1)^2
  karatsuba_sqr_ifma(rp, ap, h, next);             // z0
  karatsuba_sqr_ifma(rp + 2 * h, ap + h, l, next);  // z2
  add_middle(rp, n, h, d, true, t);
}

std::size_t mul_karatsuba_ifma_limit() noexcept {
  return tuned_kernel_limit(g_mul_limit, "mul.ifma_karatsuba_max", kDefaultMulLimit, kMaxLimit, &cpu_has_avx512_ifma);
}
std::size_t sqr_karatsuba_ifma_limit() noexcept {
  return tuned_kernel_limit(g_sqr_limit, "sqr.ifma_karatsuba_max", kDefaultSqrLimit, kMaxLimit, &cpu_has_avx512_ifma);
}

void set_karatsuba_ifma_limits(std::size_t mul_limit, std::size_t sqr_limit) noexcept {
  const bool ok = cpu_has_avx512_ifma();
  g_mul_limit.store(ok ? static_cast<long>(std::min<std::size_t>(mul_limit, kKaratsubaIfmaMaxLimit)) : 0,
                    std::memory_order_relaxed);
  g_sqr_limit.store(ok ? static_cast<long>(std::min<std::size_t>(sqr_limit, kKaratsubaIfmaMaxLimit)) : 0,
                    std::memory_order_relaxed);
}

}  // namespace parmod::limbs

#include "limbs/karatsuba_ifma.hpp"

#include <atomic>

#include "check/assert.hpp"
#include "limbs/karatsuba_steps.hpp"
#include "limbs/kernel_limit.hpp"

namespace parmod::limbs {
namespace {

std::atomic<long> g_mul_limit{-1}, g_sqr_limit{-1};
// AMD EPYC (Zen 4), against Debian GMP 6.2.1.
constexpr long kDefaultMulLimit = 4096, kDefaultSqrLimit = 6144;  // measured, see karatsuba_ifma.hpp
constexpr long kMaxLimit = static_cast<long>(kKaratsubaIfmaMaxLimit);

}  // namespace

void karatsuba_mul_ifma(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_ifma_scratch(n), rp, 2 * n));
  // mul_ifma_max() <= kIfmaMaxLimbs: every leaf fits the IFMA kernel.
  karatsuba_steps::mul_recursive(rp, ap, bp, n, mul_ifma_max(), scratch,
                                 [](limb_t* r, const limb_t* a, const limb_t* b, std::size_t m, limb_t* s) {
                                   mul_ifma(r, a, m, b, m, s);
                                 });
}

void karatsuba_sqr_ifma(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_ifma_scratch(n), rp, 2 * n));
  karatsuba_steps::sqr_recursive(rp, ap, n, sqr_ifma_max(), scratch,
                                 [](limb_t* r, const limb_t* a, std::size_t m, limb_t* s) { sqr_ifma(r, a, m, s); });
}

std::size_t mul_karatsuba_ifma_limit() noexcept {
  return tuned_kernel_limit(g_mul_limit, "mul.ifma_karatsuba_max", kDefaultMulLimit, kMaxLimit, &cpu_has_avx512_ifma, nullptr);
}
std::size_t sqr_karatsuba_ifma_limit() noexcept {
  return tuned_kernel_limit(g_sqr_limit, "sqr.ifma_karatsuba_max", kDefaultSqrLimit, kMaxLimit, &cpu_has_avx512_ifma, nullptr);
}

void set_karatsuba_ifma_limits(std::size_t mul_limit, std::size_t sqr_limit) noexcept {
  const bool ok = cpu_has_avx512_ifma();
  g_mul_limit.store(ok ? static_cast<long>(std::min<std::size_t>(mul_limit, kKaratsubaIfmaMaxLimit)) : 0,
                    std::memory_order_relaxed);
  g_sqr_limit.store(ok ? static_cast<long>(std::min<std::size_t>(sqr_limit, kKaratsubaIfmaMaxLimit)) : 0,
                    std::memory_order_relaxed);
}

}  // namespace parmod::limbs

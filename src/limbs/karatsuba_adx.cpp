#include "limbs/karatsuba_adx.hpp"

#include <atomic>

#include "check/assert.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/karatsuba_steps.hpp"
#include "limbs/kernel_limit.hpp"

namespace parmod::limbs {
namespace {

std::atomic<long> g_mul_limit{-1}, g_sqr_limit{-1};
constexpr long kDefaultMulLimit = 176, kDefaultSqrLimit = 224;  // AMD EPYC (Zen 4), against Debian GMP 6.2.1
constexpr long kMaxLimit = static_cast<long>(kKaratsubaAdxMaxLimit);

}  // namespace

void karatsuba_mul_adx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_adx_scratch(n), rp, 2 * n));
  karatsuba_steps::mul_recursive(rp, ap, bp, n, mul_basecase_adx_limit(), scratch,
                                 [](limb_t* r, const limb_t* a, const limb_t* b, std::size_t m, limb_t*) {
                                   mul_basecase_adx(r, a, m, b, m);
                                 });
}

void karatsuba_sqr_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, karatsuba_adx_scratch(n), rp, 2 * n));
  karatsuba_steps::sqr_recursive(rp, ap, n, sqr_basecase_adx_limit(), scratch,
                                 [](limb_t* r, const limb_t* a, std::size_t m, limb_t*) { sqr_basecase_adx(r, a, m); });
}

std::size_t mul_karatsuba_adx_limit() noexcept {
  return tuned_kernel_limit(g_mul_limit, "mul.karatsuba_adx_max", kDefaultMulLimit, kMaxLimit);
}
std::size_t sqr_karatsuba_adx_limit() noexcept {
  return tuned_kernel_limit(g_sqr_limit, "sqr.karatsuba_adx_max", kDefaultSqrLimit, kMaxLimit);
}

}  // namespace parmod::limbs

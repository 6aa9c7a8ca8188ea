// limbs/kernel_limit.hpp - the size limit of an own kernel, read once from the
// tuning table.
#pragma once

#include <atomic>
#include <cstddef>

#include "config/tuning_table.hpp"
#include "limbs/cpu_features.hpp"

namespace parmod::limbs {

// The limit stored under `key` (else `fallback`, or 0 when `lose` says the
// kernel loses to GMP on this CPU), at most `max`, cached in `cached` (-1
// until loaded); 0 when the CPU lacks what the kernel needs (`available`:
// BMI2 + ADX for the mulx kernels, AVX-512 IFMA for limbs/mul_ifma).  Loading
// twice from two threads is harmless: both store the same.
inline std::size_t tuned_kernel_limit(std::atomic<long>& cached, const char* key, long fallback, long max,
                                      bool (*available)() noexcept = &cpu_has_mulx_adx,
                                      bool (*lose)() noexcept = &cpu_mulx_kernels_lose) noexcept {
  long v = cached.load(std::memory_order_relaxed);
  if (v < 0) {
    v = 0;
    if (lose && lose()) fallback = 0;
    if (available()) {
      try {
        v = config::tuning_integer(key, fallback);
      } catch (...) {
        v = fallback;
      }
      if (v < 0) v = fallback;
      if (v > max) v = max;
    }
    cached.store(v, std::memory_order_relaxed);
  }
  return static_cast<std::size_t>(v);
}

}  // namespace parmod::limbs

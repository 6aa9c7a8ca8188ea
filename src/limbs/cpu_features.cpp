#include "limbs/cpu_features.hpp"

#include <cstdlib>

namespace parmod::limbs {

bool cpu_has_mulx_adx() noexcept {
#if defined(__x86_64__)
  static const bool has = [] {
    __builtin_cpu_init();  // may run before the CPU model is initialised (static constructors)
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx");
  }();
  return has;
#else
  return false;
#endif
}

bool cpu_mulx_kernels_lose() noexcept {
#if defined(__x86_64__)
  static const bool lose = [] {
    __builtin_cpu_init();
    // PARMOD_MULX_KERNELS=1 uses them anyway, =0 never (to test and time both ways)
    const char* env = std::getenv("PARMOD_MULX_KERNELS");
    if (env && *env) return *env == '0';
    return __builtin_cpu_is("znver1") != 0;
  }();
  return lose;
#else
  return false;
#endif
}

bool cpu_has_avx512_ifma() noexcept {
#if defined(__x86_64__)
  static const bool has = [] {
    __builtin_cpu_init();
    const char* off = std::getenv("PARMOD_NO_IFMA");
    if (off && *off && *off != '0') return false;
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma") && __builtin_cpu_supports("bmi2");
  }();
  return has;
#else
  return false;
#endif
}

}  // namespace parmod::limbs

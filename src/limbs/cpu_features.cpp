#include "limbs/cpu_features.hpp"

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

}  // namespace parmod::limbs

#include "limbs/cpu_features.hpp"

#include "config/cpu.hpp"

namespace parmod::limbs {

bool cpu_has_mulx_adx() noexcept { return config::cpu().mulx_adx; }

bool cpu_has_avx2() noexcept { return config::cpu().avx2; }

bool cpu_has_avx512_ifma() noexcept { return config::cpu().avx512_ifma; }

}  // namespace parmod::limbs

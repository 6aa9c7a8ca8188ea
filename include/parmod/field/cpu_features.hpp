// parmod/field/cpu_features.hpp - run-time choice of the F_q kernel path.
#pragma once

namespace parmod {

// Which Montgomery kernel an Fp<N> context uses.
enum class FieldPath {
  automatic = 0,  // mulx_adx if the CPU has BMI2 and ADX, else portable
  portable = 1,   // unsigned __int128 product scanning (any 64-bit target)
  mulx_adx = 2,   // x86-64 mulx/adcx/adox; requires cpu_has_mulx_adx()
};

// True if this CPU executes mulx (BMI2) and adcx/adox (ADX) and the library
// was built with the x86-64 kernel.  Detected once (cpuid), then cached.
bool cpu_has_mulx_adx() noexcept;

// "automatic", "portable", "mulx_adx".
const char* field_path_name(FieldPath path) noexcept;

}  // namespace parmod

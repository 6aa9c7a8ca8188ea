// limbs/cpu_features.hpp - what the processor offers, asked once per process.
#pragma once

namespace parmod::limbs {

// True when the CPU has BMI2 (mulx) and ADX (adcx/adox).
bool cpu_has_mulx_adx() noexcept;

}  // namespace parmod::limbs

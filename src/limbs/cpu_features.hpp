// limbs/cpu_features.hpp - what the processor offers (config/cpu.hpp asks
// CPUID once per process).
//
// Whether parmod's own product kernels run where the CPU has them is a
// tuning choice per CPU family (config/tuning.hpp: their limits are 0 where
// they lose, as the mulx kernels on first-generation Zen).
#pragma once

namespace parmod::limbs {

// True when the CPU has BMI2 (mulx) and ADX (adcx/adox).
bool cpu_has_mulx_adx() noexcept;

// True when the CPU has AVX2 and the OS saves its registers.
bool cpu_has_avx2() noexcept;

// True when the CPU has AVX-512F, AVX-512 IFMA (vpmadd52luq/huq) and BMI2 and the
// environment does not set PARMOD_NO_IFMA (to test and time the other paths).
// valgrind reports no AVX-512, so code run under it takes the other paths.
bool cpu_has_avx512_ifma() noexcept;

}  // namespace parmod::limbs

// parmod/field/cpu_features.hpp - run-time choice of the F_q kernel path.
#pragma once

namespace parmod {

// Which Montgomery kernel an Fp<N> context uses.
enum class FieldPath {
  automatic = 0,  // mulx_adx if the CPU has BMI2 and ADX, else portable
  portable = 1,   // unsigned __int128 product scanning (any 64-bit target)
  mulx_adx = 2,   // x86-64 mulx/adcx/adox; requires cpu_has_mulx_adx()
};

// How Fp<N>::mul_batch and sqr_batch run their independent products.
enum class BatchPath {
  automatic = 0,    // avx512_ifma if the CPU has AVX-512 IFMA, else scalar
  scalar = 1,       // one after another, each by the context's FieldPath kernel
  avx512_ifma = 2,  // eight at a time, one per lane (montgomery_ifma8.hpp);
                    // requires cpu_has_avx512_ifma()
};

// True if this CPU executes AVX-512F and AVX-512 IFMA and the library was
// built for x86-64.  Detected once, then cached.
bool cpu_has_avx512_ifma() noexcept;

// "automatic", "scalar", "avx512_ifma".
const char* batch_path_name(BatchPath path) noexcept;

// True if this CPU executes mulx (BMI2) and adcx/adox (ADX) and the library
// was built with the x86-64 kernel.  Detected once (cpuid), then cached.
bool cpu_has_mulx_adx() noexcept;

// "automatic", "portable", "mulx_adx".
const char* field_path_name(FieldPath path) noexcept;

}  // namespace parmod

// limbs/cpu_features.hpp - what the processor offers, asked once per process.
#pragma once

namespace parmod::limbs {

// True when the CPU has BMI2 (mulx) and ADX (adcx/adox).
bool cpu_has_mulx_adx() noexcept;

// True on CPUs where parmod's mulx/adcx/adox product kernels (the schoolbook
// row kernels and Karatsuba over them) measured slower than GMP's own code:
// first-generation Zen and Zen+ (gcc's "znver1": AMD family 17h, models below
// 30h).  On a Zen 1 EPYC (2026-11-24, `parmod bench mul --comba`) the row
// kernels ran at 0.58-0.96x mpn_mul_n, squares at 0.49-0.71x mpn_sqr, at every
// size from 2 to 192 limbs.  There limbs::mul and limbs::sqr default to GMP
// (addmul_1 and word-by-word REDC keep their mulx rows: no measurement said
// otherwise); a tuning file may still set the kernels' limits, and the
// environment variable PARMOD_MULX_KERNELS=1 (=0) forces them on (off).  The field
// kernels (Fp<N>) are not affected: they beat the portable code there too.
bool cpu_mulx_kernels_lose() noexcept;

// True when the CPU has AVX-512F, AVX-512 IFMA (vpmadd52luq/huq) and BMI2 and the
// environment does not set PARMOD_NO_IFMA (to test and time the other paths).
// valgrind reports no AVX-512, so code run under it takes the other paths.
bool cpu_has_avx512_ifma() noexcept;

}  // namespace parmod::limbs

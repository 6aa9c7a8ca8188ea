// limbs/addmul_1.hpp - rp[0, n) += ap[0, n) * b, the row of schoolbook
// multiplication and of word-by-word REDC.
#pragma once

#include "limbs/limbs.hpp"

namespace parmod::limbs {

// rp[0, n) += ap[0, n) * b; returns the carry limb.  n >= 1; rp and ap may be
// equal or disjoint.  On x86-64 with BMI2+ADX: mulx with the two carry chains
// of adcx/adox, eight limbs per iteration (about 1.5 core cycles a limb on Zen 4);
// elsewhere GMP's mpn_addmul_1.  Chosen once per process.  The loop itself is
// limbs/addmul_1_adx_row.hpp, inlined by the row-walking kernels.
limb_t addmul_1(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept;

// The two implementations, for tests and benchmarks.  addmul_1_adx requires
// cpu_has_mulx_adx().
limb_t addmul_1_adx(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept;
limb_t addmul_1_gmp(limb_t* rp, const limb_t* ap, std::size_t n, limb_t b) noexcept;

}  // namespace parmod::limbs

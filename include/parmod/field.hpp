// parmod/field.hpp - fixed-size finite-field arithmetic (issue 8):
//   parmod::Fp<N>      F_p, N = 2..8 limbs, Montgomery FIPS, lazy reduction   (field/fp.hpp)
//   parmod::Fp2<F>     F_q[i]/(i^2 + 1), Karatsuba and complex squaring       (field/fp2.hpp)
//   parmod::Fp6<F2>    F_q^2[v]/(v^3 - xi): schoolbook, Karatsuba-3, Toom-3i (field/fp6.hpp)
//   parmod::field::CountingFp2  operation counts for the F_q^6 algorithms   (field/counting.hpp)
// Kernels: field/montgomery_fips.hpp (portable), field/montgomery_fips_adx.hpp
// (mulx/adcx/adox), chosen per context at run time (field/cpu_features.hpp).
// Link with libparmod (cpu_has_mulx_adx) and GMP.
#pragma once

#include "parmod/field/counting.hpp"
#include "parmod/field/cpu_features.hpp"
#include "parmod/field/fp.hpp"
#include "parmod/field/fp2.hpp"
#include "parmod/field/fp6.hpp"

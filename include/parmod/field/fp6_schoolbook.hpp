// parmod/field/fp6_schoolbook.hpp - F_q^6 = F_q^2[v]/(v^3 - xi) multiplication
// by the schoolbook method: all nine products a_j*b_k, then v^3 = xi.
//
//   r0 = a0b0 + xi(a1b2 + a2b1),  r1 = a0b1 + a1b0 + xi a2b2,
//   r2 = a0b2 + a1b1 + a2b0.
// Inputs a[3], b[3] (coefficients of 1, v, v^2), result r[3] (may alias).
// Cost: 9 F_q^2 mul, 6 F_q^2 add, 2 multiplications by xi.
#pragma once

#include "parmod/field/fp2.hpp"

namespace parmod::field {

template <class F2, class E>
inline void fp6_mul_schoolbook(const F2& f, SmallComplex xi, E* r, const E* a, const E* b) {
  E t0 = f.add(f.mul(a[1], b[2]), f.mul(a[2], b[1]));
  E r0 = f.add(f.mul(a[0], b[0]), f.mul_xi(t0, xi));
  E r1 = f.add(f.add(f.mul(a[0], b[1]), f.mul(a[1], b[0])), f.mul_xi(f.mul(a[2], b[2]), xi));
  E r2 = f.add(f.add(f.mul(a[0], b[2]), f.mul(a[1], b[1])), f.mul(a[2], b[0]));
  r[0] = r0;
  r[1] = r1;
  r[2] = r2;
}

}  // namespace parmod::field

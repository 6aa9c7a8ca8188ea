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
  // the nine products a_j b_k, independent: one batch (27 base products)
  E x[9], y[9], v[9];
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k) x[3 * j + k] = a[j], y[3 * j + k] = b[k];
  f.mul_many(v, x, y, 9);  // v[3j + k] = a_j b_k
  E t0 = f.add(v[5], v[7]);
  E r0 = f.add(v[0], f.mul_xi(t0, xi));
  E r1 = f.add(f.add(v[1], v[3]), f.mul_xi(v[8], xi));
  E r2 = f.add(f.add(v[2], v[4]), v[6]);
  r[0] = r0;
  r[1] = r1;
  r[2] = r2;
}

}  // namespace parmod::field

// parmod/field/fp6_karatsuba3.hpp - F_q^6 = F_q^2[v]/(v^3 - xi) multiplication
// by three-term Karatsuba.
//
//   v0 = a0b0, v1 = a1b1, v2 = a2b2,
//   r0 = v0 + xi((a1 + a2)(b1 + b2) - v1 - v2),
//   r1 = (a0 + a1)(b0 + b1) - v0 - v1 + xi v2,
//   r2 = (a0 + a2)(b0 + b2) - v0 + v1 - v2.
// Inputs a[3], b[3], result r[3] (may alias).
// Cost: 6 F_q^2 mul, 15 F_q^2 add/sub (the paper's count), 2 multiplications by xi.
#pragma once

#include "parmod/field/fp2.hpp"

namespace parmod::field {

template <class F2, class E>
inline void fp6_mul_karatsuba3(const F2& f, SmallComplex xi, E* r, const E* a, const E* b) {
  // the six products are independent: one batch (18 base products)
  E x[6] = {a[0], a[1], a[2], f.add(a[1], a[2]), f.add(a[0], a[1]), f.add(a[0], a[2])};
  E y[6] = {b[0], b[1], b[2], f.add(b[1], b[2]), f.add(b[0], b[1]), f.add(b[0], b[2])};
  E v[6];
  f.mul_many(v, x, y, 6);  // v0, v1, v2, s12, s01, s02
  E r0 = f.add(v[0], f.mul_xi(f.sub(f.sub(v[3], v[1]), v[2]), xi));
  E r1 = f.add(f.sub(f.sub(v[4], v[0]), v[1]), f.mul_xi(v[2], xi));
  E r2 = f.sub(f.add(f.sub(v[5], v[0]), v[1]), v[2]);
  r[0] = r0;
  r[1] = r1;
  r[2] = r2;
}

}  // namespace parmod::field

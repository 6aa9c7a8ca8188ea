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
  E v0 = f.mul(a[0], b[0]);
  E v1 = f.mul(a[1], b[1]);
  E v2 = f.mul(a[2], b[2]);
  E s12 = f.mul(f.add(a[1], a[2]), f.add(b[1], b[2]));
  E s01 = f.mul(f.add(a[0], a[1]), f.add(b[0], b[1]));
  E s02 = f.mul(f.add(a[0], a[2]), f.add(b[0], b[2]));
  E r0 = f.add(v0, f.mul_xi(f.sub(f.sub(s12, v1), v2), xi));
  E r1 = f.add(f.sub(f.sub(s01, v0), v1), f.mul_xi(v2, xi));
  E r2 = f.sub(f.add(f.sub(s02, v0), v1), v2);
  r[0] = r0;
  r[1] = r1;
  r[2] = r2;
}

}  // namespace parmod::field

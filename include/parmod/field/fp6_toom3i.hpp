// parmod/field/fp6_toom3i.hpp - F_q^6 = F_q^2[v]/(v^3 - xi) multiplication by
// Toom-Cook-3 at the points (0, +1, -1, +i, -i) ("Toom-Cook-3i"), paper
// faster-fq-arithmetic.txt, "extension fields".  Needs i = sqrt(-1) in F_q^2
// (Fp2), where multiplying by +-i is a swap of components.
//
// The product c(v) = a(v)b(v) = c0 + c1 v + ... + c4 v^4 is found from its
// values at the 4th roots of unity 1, -1, i, -i (where v^4 = 1, so c4 aliases
// c0) and at 0.  Evaluation is a radix-2 butterfly on each operand:
//   s = a0 + a2, d = a0 - a2,
//   A(1) = s + a1, A(-1) = s - a1, A(i) = d + i a1, A(-i) = d - i a1.
// Five products P0 = a0b0, P(1), P(-1), P(i), P(-i).  The inverse butterfly:
//   u = P(1) + P(-1) = 2(c0 + c4 + c2),  w = P(1) - P(-1) = 2(c1 + c3),
//   x = P(i) + P(-i) = 2(c0 + c4 - c2),  y = P(i) - P(-i) = 2i(c1 - c3),
//   4c2 = u - x,  4c1 = w - i y,  4c3 = w + i y,
//   4(c0 + c4) = u + x,  4c0 = 4 P0 (two doublings),  4c4 = (u + x) - 4c0.
// Then v^3 = xi: 4r0 = 4c0 + xi 4c3, 4r1 = 4c1 + xi 4c4, 4r2 = 4c2.
//
// The algorithm thus yields 4 times the product (standard Toom-3 yields 6
// times it).  As the paper describes, the factor is handled either
//  * by two divisions by 2 (halvings) of each coefficient: fp6_mul_toom3i, or
//  * not at all, by keeping F_q^6 elements scaled by 1/4 (like Montgomery's
//    R): for x~ = x/4, 4*(a~ b~) = (ab)~, so fp6_mul4_toom3i is the product in
//    that representation; Fp6 offers to_quarter/from_quarter.  Multiplication
//    by F_q^2 elements is unaffected; adding a subfield element s needs s/4.
// Every add/sub here is fully range-reduced (fp.hpp), so the paper's bias to
// keep subfield inputs positive is not needed.
// Cost of fp6_mul4_toom3i: 5 F_q^2 mul, 25 F_q^2 add/sub (12 evaluation, 13
// interpolation; the paper counts 27), 2 multiplications by xi.
// fp6_mul_toom3i adds 6 F_q^2 halvings.
#pragma once

#include "parmod/field/fp2.hpp"

namespace parmod::field {

// The five evaluations of a0 + a1 v + a2 v^2 at 0, 1, -1, i, -i (6 add/sub).
template <class F2, class E>
inline void toom3i_evaluate(const F2& f, E* out, const E* a) {
  E s = f.add(a[0], a[2]);
  E d = f.sub(a[0], a[2]);
  out[0] = a[0];
  out[1] = f.add(s, a[1]);
  out[2] = f.sub(s, a[1]);
  out[3] = f.add_i(d, a[1]);
  out[4] = f.sub_i(d, a[1]);
}

// From P(0), P(1), P(-1), P(i), P(-i) to 4 * (the product mod v^3 - xi).
template <class F2, class E>
inline void toom3i_interpolate4(const F2& f, SmallComplex xi, E* r, const E* P) {
  E u = f.add(P[1], P[2]);
  E w = f.sub(P[1], P[2]);
  E x = f.add(P[3], P[4]);
  E y = f.sub(P[3], P[4]);
  E e4 = f.add(u, x);     // 4(c0 + c4)
  E c2 = f.sub(u, x);     // 4 c2
  E c1 = f.sub_i(w, y);   // 4 c1
  E c3 = f.add_i(w, y);   // 4 c3
  E c0 = f.dbl(f.dbl(P[0]));  // 4 c0
  E c4 = f.sub(e4, c0);   // 4 c4
  r[0] = f.add(c0, f.mul_xi(c3, xi));
  r[1] = f.add(c1, f.mul_xi(c4, xi));
  r[2] = c2;
}

// r = 4ab in F_q^6 (r may alias a or b).
template <class F2, class E>
inline void fp6_mul4_toom3i(const F2& f, SmallComplex xi, E* r, const E* a, const E* b) {
  E A[5], B[5], P[5];
  toom3i_evaluate(f, A, a);
  toom3i_evaluate(f, B, b);
  f.mul_many(P, A, B, 5);  // independent: batched (15 base products, two IFMA groups)
  toom3i_interpolate4(f, xi, r, P);
}

// r = 4a^2: the same butterflies with 5 F_q^2 squarings (complex squaring).
template <class F2, class E>
inline void fp6_sqr4_toom3i(const F2& f, SmallComplex xi, E* r, const E* a) {
  E A[5], P[5];
  toom3i_evaluate(f, A, a);
  f.sqr_many(P, A, 5);  // 10 base products, batched
  toom3i_interpolate4(f, xi, r, P);
}

// r = ab: fp6_mul4_toom3i, then two halvings per coefficient.
template <class F2, class E>
inline void fp6_mul_toom3i(const F2& f, SmallComplex xi, E* r, const E* a, const E* b) {
  fp6_mul4_toom3i(f, xi, r, a, b);
  for (int k = 0; k < 3; ++k) r[k] = f.half(f.half(r[k]));
}

}  // namespace parmod::field

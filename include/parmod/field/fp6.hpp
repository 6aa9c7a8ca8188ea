// parmod/field/fp6.hpp - parmod::Fp6<F2>: F_q^6 = F_q^2[v]/(v^3 - xi) over an
// F_q^2 context F2 (Fp2<Fp<N>> or counting::CountingFp2), with a small public
// xi = re + im*i that must be neither a square nor a cube in F_q^2 (the caller's
// choice: BN254 uses 9 + i, BLS12-381 uses 1 + i).
//
// Elements are (c0, c1, c2) = c0 + c1 v + c2 v^2.  Three multiplications
// (fp6_schoolbook.hpp, fp6_karatsuba3.hpp, fp6_toom3i.hpp) give the same
// result; mul4_toom3i / sqr4_toom3i give 4 times it, the product in the
// "quarter" representation x~ = x/4 (see fp6_toom3i.hpp).
#pragma once

#include "parmod/field/fp2.hpp"
#include "parmod/field/fp6_karatsuba3.hpp"
#include "parmod/field/fp6_schoolbook.hpp"
#include "parmod/field/fp6_toom3i.hpp"

namespace parmod {

enum class Fp6Method { schoolbook, karatsuba3, toom3i };

template <class F2>
class Fp6 {
 public:
  using Sub = F2;
  using SubElement = typename F2::Element;
  struct Element {
    SubElement c[3];
  };

  Fp6(const F2& sub, SmallComplex xi) : f_(sub), xi_(xi) {}
  const F2& sub() const { return f_; }
  SmallComplex xi() const { return xi_; }

  Element zero() const { return {{f_.zero(), f_.zero(), f_.zero()}}; }
  Element one() const { return {{f_.one(), f_.zero(), f_.zero()}}; }
  // Cost: 3 F_q^2 add/sub each.
  Element add(const Element& a, const Element& b) const {
    return {{f_.add(a.c[0], b.c[0]), f_.add(a.c[1], b.c[1]), f_.add(a.c[2], b.c[2])}};
  }
  Element sub(const Element& a, const Element& b) const {
    return {{f_.sub(a.c[0], b.c[0]), f_.sub(a.c[1], b.c[1]), f_.sub(a.c[2], b.c[2])}};
  }
  Element neg(const Element& a) const { return {{f_.neg(a.c[0]), f_.neg(a.c[1]), f_.neg(a.c[2])}}; }

  Element mul_schoolbook(const Element& a, const Element& b) const {
    Element r;
    field::fp6_mul_schoolbook(f_, xi_, r.c, a.c, b.c);
    return r;
  }
  Element mul_karatsuba3(const Element& a, const Element& b) const {
    Element r;
    field::fp6_mul_karatsuba3(f_, xi_, r.c, a.c, b.c);
    return r;
  }
  // a*b by Toom-Cook-3i with the factor 4 removed by halvings.
  Element mul_toom3i(const Element& a, const Element& b) const {
    Element r;
    field::fp6_mul_toom3i(f_, xi_, r.c, a.c, b.c);
    return r;
  }
  // 4*a*b by Toom-Cook-3i: the product of quarter-represented elements.
  Element mul4_toom3i(const Element& a, const Element& b) const {
    Element r;
    field::fp6_mul4_toom3i(f_, xi_, r.c, a.c, b.c);
    return r;
  }
  // 4*a^2 by Toom-Cook-3i with 5 complex squarings.
  Element sqr4_toom3i(const Element& a) const {
    Element r;
    field::fp6_sqr4_toom3i(f_, xi_, r.c, a.c);
    return r;
  }
  Element mul(const Element& a, const Element& b, Fp6Method m) const {
    switch (m) {
      case Fp6Method::schoolbook: return mul_schoolbook(a, b);
      case Fp6Method::karatsuba3: return mul_karatsuba3(a, b);
      case Fp6Method::toom3i: break;
    }
    return mul_toom3i(a, b);
  }
  // x/4 and 4x: into and out of the quarter representation.
  Element to_quarter(const Element& a) const {
    return {{f_.half(f_.half(a.c[0])), f_.half(f_.half(a.c[1])), f_.half(f_.half(a.c[2]))}};
  }
  Element from_quarter(const Element& a) const {
    return {{f_.dbl(f_.dbl(a.c[0])), f_.dbl(f_.dbl(a.c[1])), f_.dbl(f_.dbl(a.c[2]))}};
  }
  bool equal(const Element& a, const Element& b) const {
    return f_.equal(a.c[0], b.c[0]) & f_.equal(a.c[1], b.c[1]) & f_.equal(a.c[2], b.c[2]);
  }

 private:
  const F2& f_;
  SmallComplex xi_;
};

}  // namespace parmod

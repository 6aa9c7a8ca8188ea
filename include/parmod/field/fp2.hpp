// parmod/field/fp2.hpp - parmod::Fp2<F>: F_q^2 = F_q[i]/(i^2 + 1) over a base
// field context F (Fp<N>), for q = 3 mod 4 (then -1 is not a square and
// i^2 + 1 is irreducible).  Paper: faster-fq-arithmetic.txt, "extension
// fields": adjoin i = sqrt(-1); Karatsuba multiplication, complex squaring.
//
// Elements are pairs (c0, c1) = c0 + c1*i of base elements, each in the base
// representation's range [0, M) (see fp.hpp), which every operation keeps.
// The operations below are also the interface the F_q^6 algorithms use
// (fp6_*.hpp); counting.hpp wraps it to count them.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "parmod/error.hpp"

namespace parmod {

// A small element xi = re + im*i of F_q^2 (the non-residue of F_q^6).
struct SmallComplex {
  std::uint32_t re = 0;
  std::uint32_t im = 0;
};

template <class F>
class Fp2 {
 public:
  using Base = F;
  using BaseElement = typename F::Element;
  struct Element {
    BaseElement c0, c1;
  };

  // Throws parmod::InvalidArgument unless q = 3 mod 4.  Keeps a reference to F.
  explicit Fp2(const F& base) : f_(base) {
    if (mpz_fdiv_ui(base.modulus().get_mpz_t(), 4) != 3)
      throw parmod::InvalidArgument("Fp2: needs q = 3 mod 4 for i^2 = -1");
  }
  const F& base() const { return f_; }

  Element zero() const { return {f_.zero(), f_.zero()}; }
  Element one() const { return {f_.one(), f_.zero()}; }
  Element from_mpz(const mpz_class& re, const mpz_class& im) const { return {f_.from_mpz(re), f_.from_mpz(im)}; }

  // a + b, a - b, -a, 2a, a/2: componentwise.  Cost: 2 base add/sub each.
  Element add(const Element& a, const Element& b) const { return {f_.add(a.c0, b.c0), f_.add(a.c1, b.c1)}; }
  Element sub(const Element& a, const Element& b) const { return {f_.sub(a.c0, b.c0), f_.sub(a.c1, b.c1)}; }
  Element neg(const Element& a) const { return {f_.neg(a.c0), f_.neg(a.c1)}; }
  Element dbl(const Element& a) const { return {f_.dbl(a.c0), f_.dbl(a.c1)}; }
  Element half(const Element& a) const { return {f_.half(a.c0), f_.half(a.c1)}; }
  // a + i*b = (a0 - b1) + (a1 + b0)i and a - i*b = (a0 + b1) + (a1 - b0)i:
  // multiplication by i is a swap, so these cost one F_q^2 addition.
  Element add_i(const Element& a, const Element& b) const { return {f_.sub(a.c0, b.c1), f_.add(a.c1, b.c0)}; }
  Element sub_i(const Element& a, const Element& b) const { return {f_.add(a.c0, b.c1), f_.sub(a.c1, b.c0)}; }
  // i*a = -a1 + a0*i.
  Element mul_i(const Element& a) const { return {f_.neg(a.c1), a.c0}; }
  // conjugate a0 - a1*i.
  Element conj(const Element& a) const { return {a.c0, f_.neg(a.c1)}; }

  // Karatsuba: v0 = a0b0, v1 = a1b1, c0 = v0 - v1,
  // c1 = (a0 + a1)(b0 + b1) - v0 - v1.  Cost: 3 base mul, 5 base add/sub.
  Element mul(const Element& a, const Element& b) const {
    BaseElement v0 = f_.mul(a.c0, b.c0);
    BaseElement v1 = f_.mul(a.c1, b.c1);
    BaseElement s = f_.mul(f_.add(a.c0, a.c1), f_.add(b.c0, b.c1));
    return {f_.sub(v0, v1), f_.sub(f_.sub(s, v0), v1)};
  }
  // Complex squaring: c0 = (a0 + a1)(a0 - a1), c1 = 2*a0*a1.
  // Cost: 2 base mul, 3 base add/sub.
  Element sqr(const Element& a) const {
    BaseElement t = f_.mul(a.c0, a.c1);
    return {f_.mul(f_.add(a.c0, a.c1), f_.sub(a.c0, a.c1)), f_.dbl(t)};
  }
  // r[k] = a[k] * b[k] for k < n, each by the Karatsuba formula of mul, with
  // the 3n base products handed to the base field's mul_batch together (in
  // chunks of 8 F_q^2 products, 24 base products), so on the avx512_ifma batch
  // path they run eight at a time.  The same values as mul.  r[k] may be a[k]
  // or b[k].  Cost: 3n base mul (batched), 5n base add/sub.
  void mul_many(Element* r, const Element* a, const Element* b, std::size_t n) const {
    batched<3>(
        n,
        [&](std::size_t i, BaseElement* x, BaseElement* y, std::size_t m) {
          x[0] = a[i].c0, x[m] = a[i].c1, x[2 * m] = f_.add(a[i].c0, a[i].c1);
          y[0] = b[i].c0, y[m] = b[i].c1, y[2 * m] = f_.add(b[i].c0, b[i].c1);
        },
        [&](std::size_t i, const BaseElement* v, std::size_t m) {  // v0, v1, (a0 + a1)(b0 + b1)
          r[i] = {f_.sub(v[0], v[m]), f_.sub(f_.sub(v[2 * m], v[0]), v[m])};
        });
  }
  // r[k] = a[k]^2 for k < n by complex squaring, the 2n base products batched
  // as in mul_many.  The same values as sqr.  r[k] may be a[k].
  // Cost: 2n base mul (batched), 3n base add/sub.
  void sqr_many(Element* r, const Element* a, std::size_t n) const {
    batched<2>(
        n,
        [&](std::size_t i, BaseElement* x, BaseElement* y, std::size_t m) {
          x[0] = a[i].c0, y[0] = a[i].c1;                                    // a0 a1
          x[m] = f_.add(a[i].c0, a[i].c1), y[m] = f_.sub(a[i].c0, a[i].c1);  // (a0 + a1)(a0 - a1)
        },
        [&](std::size_t i, const BaseElement* v, std::size_t m) { r[i] = {v[m], f_.dbl(v[0])}; });
  }
  // a * s for s in F_q.  Cost: 2 base mul.
  Element mul_base(const Element& a, const BaseElement& s) const { return {f_.mul(a.c0, s), f_.mul(a.c1, s)}; }
  // a * xi for a small public xi = x + y*i: (x a0 - y a1) + (x a1 + y a0)i,
  // by double-and-add (no multiplication).  xi = 1 + i costs 2 add/sub.
  Element mul_xi(const Element& a, SmallComplex xi) const {
    if (xi.im == 0) return {f_.mul_small(a.c0, xi.re), f_.mul_small(a.c1, xi.re)};
    if (xi.re == 0) return mul_i({f_.mul_small(a.c0, xi.im), f_.mul_small(a.c1, xi.im)});
    BaseElement x0 = f_.mul_small(a.c0, xi.re), x1 = f_.mul_small(a.c1, xi.re);
    BaseElement y0 = f_.mul_small(a.c0, xi.im), y1 = f_.mul_small(a.c1, xi.im);
    return {f_.sub(x0, y1), f_.add(x1, y0)};
  }
  // a^-1 = conj(a) / (a0^2 + a1^2); inv(0) = 0.  Constant time.
  Element inv(const Element& a) const {
    BaseElement n = f_.inv(f_.add(f_.sqr(a.c0), f_.sqr(a.c1)));
    return {f_.mul(a.c0, n), f_.neg(f_.mul(a.c1, n))};
  }
  bool equal(const Element& a, const Element& b) const {
    return (f_.equal_mask(a.c0, b.c0) & f_.equal_mask(a.c1, b.c1)) != 0;
  }

 private:
  // The chunking of mul_many / sqr_many: for each chunk of m <= 8 of the n
  // F_q^2 operations, fill(i, x, y, m) writes operation i's P base operand
  // pairs to x[j m], y[j m] (j < P), one mul_batch forms all P m products in
  // place, and combine(i, v, m) reads operation i's products at v[j m].
  template <int P, class Fill, class Combine>
  void batched(std::size_t n, Fill fill, Combine combine) const {
    constexpr std::size_t kChunk = 8;
    BaseElement x[P * kChunk], y[P * kChunk];
    for (std::size_t s = 0; s < n; s += kChunk) {
      const std::size_t m = std::min(kChunk, n - s);
      for (std::size_t k = 0; k < m; ++k) fill(s + k, x + k, y + k, m);
      f_.mul_batch(x, x, y, P * m);
      for (std::size_t k = 0; k < m; ++k) combine(s + k, x + k, m);
    }
  }

  const F& f_;
};

}  // namespace parmod

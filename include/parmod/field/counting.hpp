// parmod/field/counting.hpp - an instrumented F_q^2: the same interface as
// Fp2<F> (the subset the F_q^6 algorithms use), forwarding to a real Fp2 and
// counting each call, so tests can check the paper's operation counts
// (Toom-Cook-3i: 5 multiplications, at most 27 add/subs; Karatsuba-3: 6 and 15).
//
// Counted separately: mul (mul_many: n), sqr (sqr_many: n), add (add, sub, neg, dbl, add_i, sub_i), half,
// mul_xi.  Counters are mutable: a CountingFp2 is not for concurrent use.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parmod/field/fp2.hpp"

namespace parmod::field {

struct OpCounts {
  std::uint64_t mul = 0, sqr = 0, add = 0, half = 0, mul_xi = 0;
};

template <class F2>
class CountingFp2 {
 public:
  using Element = typename F2::Element;

  explicit CountingFp2(const F2& inner) : f_(inner) {}
  const OpCounts& counts() const { return n_; }
  void reset() const { n_ = OpCounts{}; }

  Element zero() const { return f_.zero(); }
  Element one() const { return f_.one(); }
  Element add(const Element& a, const Element& b) const { ++n_.add; return f_.add(a, b); }
  Element sub(const Element& a, const Element& b) const { ++n_.add; return f_.sub(a, b); }
  Element neg(const Element& a) const { ++n_.add; return f_.neg(a); }
  Element dbl(const Element& a) const { ++n_.add; return f_.dbl(a); }
  Element add_i(const Element& a, const Element& b) const { ++n_.add; return f_.add_i(a, b); }
  Element sub_i(const Element& a, const Element& b) const { ++n_.add; return f_.sub_i(a, b); }
  Element half(const Element& a) const { ++n_.half; return f_.half(a); }
  Element mul(const Element& a, const Element& b) const { ++n_.mul; return f_.mul(a, b); }
  Element sqr(const Element& a) const { ++n_.sqr; return f_.sqr(a); }
  void mul_many(Element* r, const Element* a, const Element* b, std::size_t n) const {
    n_.mul += n;
    f_.mul_many(r, a, b, n);
  }
  void sqr_many(Element* r, const Element* a, std::size_t n) const {
    n_.sqr += n;
    f_.sqr_many(r, a, n);
  }
  Element mul_xi(const Element& a, SmallComplex xi) const { ++n_.mul_xi; return f_.mul_xi(a, xi); }
  bool equal(const Element& a, const Element& b) const { return f_.equal(a, b); }

 private:
  const F2& f_;
  mutable OpCounts n_;
};

}  // namespace parmod::field

// bench/limb_product.hpp - the Montgomery-style product of a parmod::Modulus
// on limb arrays, as `parmod bench --quick` and `parmod-bench automatic` time
// it: Modulus::mont_mul_limbs on operands converted once (to_mont_limbs) and
// preallocated scratch, as the peers are timed on preallocated operands.
// Public API only.
#pragma once

#include <memory>
#include <new>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::bench {

// Operand storage on 64-byte boundaries, as a caller that keeps elements
// would allocate them (montgomery28 reads its elements in place there).
template <class T>
struct LineAllocator {
  using value_type = T;
  LineAllocator() = default;
  template <class U>
  LineAllocator(const LineAllocator<U>&) noexcept {}
  T* allocate(std::size_t count) { return static_cast<T*>(::operator new(count * sizeof(T), std::align_val_t(64))); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t(64)); }
  friend bool operator==(const LineAllocator&, const LineAllocator&) { return true; }
};

struct LimbProduct {
  LimbProduct(const Modulus& mod, const mpz_class& a, const mpz_class& b)
      : m(mod), x(m.element_limbs()), y(x.size()), r(x.size()), work(m.mont_mul_scratch_limbs()) {
    m.to_mont_limbs(x.data(), a);
    m.to_mont_limbs(y.data(), b);
  }
  void run() { m.mont_mul_limbs(r.data(), x.data(), y.data(), work.data()); }
  mpz_class result() const { return m.from_mont_limbs(r.data()); }  // a b mod P
  Modulus m;
  std::vector<mp_limb_t, LineAllocator<mp_limb_t>> x, y, r, work;
};

// The product of Modulus(P, algorithm, threads) on a and b, or nothing when
// the row cannot take P on this CPU (montgomery52 without AVX-512 IFMA,
// montgomery28 without AVX2, either outside its sizes).
inline std::unique_ptr<LimbProduct> limb_product(const mpz_class& P, Algorithm algorithm, int threads,
                                                 const mpz_class& a, const mpz_class& b) {
  try {
    return std::make_unique<LimbProduct>(Modulus(P, algorithm, threads), a, b);
  } catch (const UnsupportedAlgorithm&) {
    return nullptr;
  }
}

}  // namespace parmod::bench

// bench/limb_product.hpp - the Montgomery-style product of a parmod::Modulus
// on limb arrays, as `parmod bench --quick` and `parmod-bench automatic` time
// it: Modulus::mont_mul_limbs on operands converted once (to_mont_limbs) and
// preallocated scratch, as the peers are timed on preallocated operands.
// Public API only.
#pragma once

#include <memory>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::bench {

struct LimbProduct {
  LimbProduct(const Modulus& mod, const mpz_class& a, const mpz_class& b)
      : m(mod), x(m.element_limbs()), y(x.size()), r(x.size()), work(m.mont_mul_scratch_limbs()) {
    m.to_mont_limbs(x.data(), a);
    m.to_mont_limbs(y.data(), b);
  }
  void run() { m.mont_mul_limbs(r.data(), x.data(), y.data(), work.data()); }
  mpz_class result() const { return m.from_mont_limbs(r.data()); }  // a b mod P
  Modulus m;
  std::vector<mp_limb_t> x, y, r, work;
};

// The product of Modulus(P, algorithm, threads) on a and b, or nothing when
// the row cannot take P on this CPU (montgomery52 without AVX-512 IFMA or
// above its size limit).
inline std::unique_ptr<LimbProduct> limb_product(const mpz_class& P, Algorithm algorithm, int threads,
                                                 const mpz_class& a, const mpz_class& b) {
  try {
    return std::make_unique<LimbProduct>(Modulus(P, algorithm, threads), a, b);
  } catch (const UnsupportedAlgorithm&) {
    return nullptr;
  }
}

}  // namespace parmod::bench

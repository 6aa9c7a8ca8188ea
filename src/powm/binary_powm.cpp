#include "powm/binary_powm.hpp"

namespace parmod::exponentiation {

std::size_t binary_powm_scratch(std::size_t n, const modmul::Engine& engine) noexcept {
  return 2 * n + engine.scratch_limbs(n);
}

void binary_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                 const modmul::Engine& engine, limb_t* scratch) noexcept {
  const std::size_t n = k.n;
  en = limbs::normalized_size(ep, en);
  if (en == 0) {
    mpn_copyi(r, k.one.data(), static_cast<mp_size_t>(n));
    return;
  }
  limb_t* x = scratch;        // b in the representation
  limb_t* acc = scratch + n;  // running power
  limb_t* work = scratch + 2 * n;
  engine.to_repr(x, b, k, work);
  mpn_copyi(acc, x, static_cast<mp_size_t>(n));
  // The top bit of e is consumed by acc = x.
  int bit = kLimbBits - 1 - __builtin_clzll(ep[en - 1]);
  for (std::size_t i = en; i-- > 0;) {
    const limb_t word = ep[i];
    for (int j = (i == en - 1 ? bit : static_cast<int>(kLimbBits)) - 1; j >= 0; --j) {
      engine.sqr(acc, acc, k, work);
      if ((word >> j) & 1) engine.mul(acc, acc, x, k, work);
    }
  }
  engine.from_repr(r, acc, k, work);
}

}  // namespace parmod::exponentiation

// modmul/engine.hpp - a modular multiplication algorithm as layer 4 sees it.
//
// Each algorithm works in a representation x -> x R mod P (R = beta^n for
// Montgomery, R = 1 for Barrett) and offers its product, square and the
// conversions.  All operands are n-limb residues in [0, P); outputs may alias
// inputs; scratch holds scratch_limbs(n) limbs and is the only memory used.
#pragma once

#include <cstddef>

#include "modmul/modulus_constants.hpp"

namespace parmod::modmul {

struct Engine {
  const char* name;
  bool (*accepts)(const ModulusConstants& k);  // can this algorithm take P?
  std::size_t (*scratch_limbs)(std::size_t n);
  // r = a b R^-1 mod P (the product in the representation).
  void (*mul)(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch);
  // r = a^2 R^-1 mod P.
  void (*sqr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // r = a R mod P, a in [0, P).
  void (*to_repr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // r = a R^-1 mod P, a in [0, P).
  void (*from_repr)(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch);
  // R mod P: 1 in the representation (n limbs, owned by k).
  const limb_t* (*one)(const ModulusConstants& k);
};

extern const Engine montgomery_engine;  // modmul/montgomery_mul.cpp
extern const Engine barrett_engine;     // modmul/barrett_mul.cpp

}  // namespace parmod::modmul

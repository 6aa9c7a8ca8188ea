// modmul/modulus_constants.hpp - everything precomputed for a modulus P of n limbs.
//
// Built once per modulus; immutable afterwards, so it can be shared between
// threads.  Every algorithm of layer 3 reads its constants from here.
#pragma once

#include <gmpxx.h>

#include <memory>
#include <vector>

#include "limbs/limbs.hpp"

namespace parmod::modmul {

// What an engine keeps per modulus beyond the constants (modmul/engine.hpp):
// each engine derives its own type and reads only its own.
struct EngineState {
  virtual ~EngineState() = default;
};

struct ModulusConstants {
  std::size_t n = 0;          // limbs of P; P[n-1] != 0
  std::vector<limb_t> p;      // P, n limbs
  bool odd = false;           // Montgomery constants below are set only for odd P
  std::vector<limb_t> mu;     // -P^-1 mod beta^n, n limbs (mu mod beta^t = -P^-1 mod beta^t for every t <= n)
  limb_t mu0 = 0;             // -P^-1 mod beta
  std::vector<limb_t> r_mod_p;    // beta^n mod P, n limbs: the Montgomery form of 1
  std::vector<limb_t> r2_mod_p;   // beta^2n mod P, n limbs: converts into Montgomery form
  std::vector<limb_t> nu;     // floor(beta^2n / P); nu_t = floor(beta^(n+t)/P) is its top limbs
  std::size_t nu_n = 0;       // limbs of nu: n + 1, or n + 2 when P = beta^(n-1)
  std::vector<limb_t> one;    // 1 mod P, n limbs (the plain form of 1)
  // The state of the engine these constants are bound to (plans, thread
  // split, radix-2^52 digits), built by that engine's factory before the
  // constants are shared (EngineFactory::bind); null for constants not bound
  // to an engine that keeps state.  Only that engine reads it.
  std::shared_ptr<const EngineState> engine_state;

  // P > 0.  Allocates; throws std::bad_alloc.
  explicit ModulusConstants(const mpz_class& P);
  ModulusConstants() = default;  // empty: filled by a builder that must not branch on P (consttime/secret_modulus)

  // nu_t = floor(beta^(n+t) / P) for 1 <= t <= n: a pointer into nu and its limb count.
  const limb_t* nu_t(std::size_t t, std::size_t* size) const noexcept {
    *size = nu_n - (n - t);
    return nu.data() + (n - t);
  }
};

// Copies x into out[0, n), zero-padded; requires 0 <= x < beta^n.
void to_limbs(limb_t* out, std::size_t n, const mpz_class& x) noexcept;
// x = the value of in[0, n).
void from_limbs(mpz_class& x, const limb_t* in, std::size_t n);

}  // namespace parmod::modmul

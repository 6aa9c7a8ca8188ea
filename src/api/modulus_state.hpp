// api/modulus_state.hpp - what a parmod::Modulus holds (shared, immutable).
#pragma once

#include "modmul/engine.hpp"
#include "modmul/modulus_constants.hpp"
#include "parmod/field/fp_any.hpp"
#include "parmod/parmod.hpp"
#include "powm/even_modulus_powm.hpp"

namespace parmod::detail {

struct ModulusState {
  mpz_class m;  // as given
  mpz_class P;  // |m| > 0
  Algorithm algorithm;
  int threads;
  modmul::ModulusConstants k;
  const modmul::Engine* engine;
  // Even P under automatic (when api::even_split_pays): pow runs by the split
  // P = 2^s m' (powm/even_modulus_powm); products stay on `engine` (Barrett).
  std::shared_ptr<const exponentiation::EvenModulusConstants> even;
  // The engine (and its algorithm, for the plan) of the odd part m' of `even`.
  Algorithm even_odd_algorithm = Algorithm::montgomery;
  const modmul::Engine* even_odd_engine = &modmul::montgomery_engine;
  // Modulus::mul under automatic: a b mod P straight from plain operands by
  // Barrett (R = 1, nu is in k for every P), split over this many threads
  // (1: barrett_engine) -- cheaper than a conversion into `engine`'s
  // representation and a product there.  0 under an explicit algorithm: mul
  // runs on `engine`.
  int plain_product_threads = 0;
  // pow under automatic for small moduli: where api::small_odd_pow_pays on
  // the field kernels (this context), the others below api::gmp_powm_pays'
  // size by GMP's mpz_powm.
  std::shared_ptr<const FpAny> small_field;
  bool pow_by_gmp = false;

  ModulusState(const mpz_class& m_, const mpz_class& P_, Algorithm a, int t, bool automatic = false,
               bool even_split = false);
  std::size_t n() const { return k.n; }
};

}  // namespace parmod::detail

namespace parmod::api {

// Runs f, turning allocation failure into OutOfMemory.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    throw OutOfMemory("out of memory");
  }
}

// The plain residue in r[0, n) as an mpz with the sign rule of the modulus.
mpz_class result_from(const detail::ModulusState& s, const limb_t* r);

// The state behind a Modulus (for the API files beside modulus.cpp).
const detail::ModulusState* state_of(const Modulus& m) noexcept;

}  // namespace parmod::api

// api/modulus_state.hpp - what a parmod::Modulus holds (shared, immutable):
// its plan (api/plan) and what the plan needs built.
#pragma once

#include "api/boundary.hpp"
#include "api/plan.hpp"
#include "modmul/engine.hpp"
#include "modmul/modulus_constants.hpp"
#include "parmod/field/fp_any.hpp"
#include "parmod/parmod.hpp"
#include "powm/even_modulus_powm.hpp"
#include "runtime/slow_link_choice.hpp"

namespace parmod::detail {

struct ModulusState {
  mpz_class m;  // as given
  mpz_class P;  // |m| > 0
  api::ModulusPlan plan;
  modmul::BoundEngine bound;       // plan.algorithm's engine bound to P
  const modmul::ModulusConstants& k;  // *bound.k
  const modmul::Engine* engine;       // bound.engine
  Algorithm algorithm;                // plan.algorithm
  int threads;                        // plan.threads
  // PowPath::even_split: P = 2^s m' with m' bound to plan.even_odd_algorithm's engine.
  std::shared_ptr<const exponentiation::EvenModulusConstants> even;
  // PowPath::field_kernels: the field context of P.
  std::shared_ptr<const FpAny> small_field;
  // plan.multi_pow_algorithm's engine bound to P (the plan's options) when it
  // is not plan.algorithm; else null and multi_pow runs on `bound`.
  std::shared_ptr<const modmul::BoundEngine> multi_pow_bound;
  // plan.chain_algorithm's engine bound to P with one thread per product, when
  // plan.square_chain and `bound` is another row or splits its products;
  // else null and the chain runs on `bound`.
  std::shared_ptr<const modmul::BoundEngine> chain_bound;
  // plan.pow_algorithm's engine bound to P when it is not plan.algorithm, or
  // when plan.pow_sequential and `bound` splits its products (then with one
  // thread per product); else null and pow's window runs on `bound`.
  std::shared_ptr<const modmul::BoundEngine> pow_bound;
  // When automatic's pow window runs on products split over the team (odd
  // P, two threads or more): the engine of the window on one thread
  // (api::choose_pow_algorithm's), which pow times against it while the
  // team's link is slow (runtime/slow_link_choice.hpp); else null.
  std::shared_ptr<const modmul::BoundEngine> pow_one_thread;

  // Builds what plan p needs for P (P > 0, p = api::plan_modulus(P, ...)).  Allocates.
  ModulusState(const mpz_class& m_, const mpz_class& P_, const api::ModulusPlan& p);
  std::size_t n() const { return k.n; }
};

}  // namespace parmod::detail

namespace parmod::api {

// The plain residue in r[0, n) as an mpz with the sign rule of the modulus.
mpz_class result_from(const detail::ModulusState& s, const limb_t* r);

// The state behind a Modulus (for the API files beside modulus.cpp).
const detail::ModulusState* state_of(const Modulus& m) noexcept;

// Modulus::pow's measured choices while the team's link is slow, against
// ModulusState::pow_one_thread: classes by the modulus's size (half
// octaves) and the exponent's length in limbs (octaves, up to 15).
runtime::SlowLinkChoice& slow_link_pows() noexcept;

}  // namespace parmod::api

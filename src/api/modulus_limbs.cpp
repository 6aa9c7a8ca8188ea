// api/modulus_limbs.cpp - Modulus's products in the representation on limb
// arrays (element_limbs, to_mont_limbs, mont_mul_limbs, from_mont_limbs):
// the modulus's engine in its element form (modmul/engine.hpp), called
// directly, without the mpz conversions of mont_mul.
#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"

namespace parmod {
namespace {

// The engine the limb-level calls run on: the element form when there is one
// (montgomery52's digits), so that a product converts nothing.
const modmul::Engine& limb_engine(const detail::ModulusState& s) { return modmul::element_engine(*s.engine); }

}  // namespace

std::size_t Modulus::element_limbs() const noexcept {
  return modmul::element_size(limb_engine(*state_), state_->n());
}

std::size_t Modulus::mont_mul_scratch_limbs() const noexcept { return limb_engine(*state_).scratch_limbs(state_->n()); }

void Modulus::to_mont_limbs(mp_limb_t* r, const mpz_class& a) const {
  const detail::ModulusState& s = *state_;
  api::guarded([&] {
    const modmul::Engine& e = limb_engine(s);
    std::vector<limb_t> x(s.n()), scratch(e.scratch_limbs(s.n()));
    api::reduce_to_limbs(x.data(), s.n(), a, s.P);
    e.to_repr(r, x.data(), s.k, scratch.data());
  });
}

void Modulus::mont_mul_limbs(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b, mp_limb_t* scratch) const noexcept {
  const detail::ModulusState& s = *state_;
  limb_engine(s).mul(r, a, b, s.k, scratch);
}

mpz_class Modulus::from_mont_limbs(const mp_limb_t* a) const {
  const detail::ModulusState& s = *state_;
  return api::guarded([&] {
    const modmul::Engine& e = limb_engine(s);
    std::vector<limb_t> x(s.n()), scratch(e.scratch_limbs(s.n()));
    e.from_repr(x.data(), a, s.k, scratch.data());
    mpz_class out;
    modmul::from_limbs(out, x.data(), s.n());
    return out;
  });
}

}  // namespace parmod

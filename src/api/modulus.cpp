// api/modulus.cpp - parmod::Modulus and the free functions mulmod / powm.
//
// Entry: Python semantics on mpz values (api/integer_semantics), one scratch
// lease per call (api/scratch), then the limb layers: modmul engines for
// products, powm/binary_powm for powers.
#include <new>

#include "api/algorithm_choice.hpp"
#include "api/integer_semantics.hpp"
#include "api/scratch.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/engine.hpp"
#include "modmul/montgomery_mul.hpp"
#include "parmod/parmod.hpp"
#include "powm/binary_powm.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {
namespace detail {

struct ModulusState {
  mpz_class m;  // as given
  mpz_class P;  // |m| > 0
  Algorithm algorithm;
  int threads;
  modmul::ModulusConstants k;
  const modmul::Engine* engine;

  ModulusState(const mpz_class& m_, const mpz_class& P_, Algorithm a, int t)
      : m(m_), P(P_), algorithm(a), threads(t), k(P_), engine(a == Algorithm::montgomery ? &modmul::montgomery_engine
                                                                                        : &modmul::barrett_engine) {}
  std::size_t n() const { return k.n; }
};

}  // namespace detail

namespace {

using detail::ModulusState;

// Runs f, turning allocation failure into OutOfMemory.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    throw OutOfMemory("out of memory");
  }
}

mpz_class result_from(const ModulusState& s, const limb_t* r) {
  mpz_class out;
  modmul::from_limbs(out, r, s.n());
  api::apply_modulus_sign(out, s.m);
  return out;
}

void require_residue(const ModulusState& s, const mpz_class& a, const char* what) {
  if (a < 0 || a >= s.P) throw InvalidArgument(std::string(what) + " must be in [0, |m|) for this call");
}

}  // namespace

Modulus::Modulus(const mpz_class& m, Algorithm algorithm, int threads) {
  if (threads < 0) throw InvalidArgument("threads must be >= 0 (0: the default rule)");
  const mpz_class P = api::modulus_magnitude(m);
  api::apply_tuning_once();
  const bool odd = mpz_odd_p(P.get_mpz_t()) != 0;
  const std::size_t n = mpz_size(P.get_mpz_t());
  switch (algorithm) {
    case Algorithm::automatic: algorithm = api::choose_algorithm(n, odd); break;
    case Algorithm::montgomery:
      if (!odd) throw UnsupportedAlgorithm("montgomery needs an odd modulus");
      break;
    case Algorithm::barrett: break;
    default: throw InvalidArgument("unknown algorithm");
  }
  state_ = guarded([&] {
    return std::make_shared<const ModulusState>(m, P, algorithm, runtime::resolve_thread_count(threads));
  });
}

const mpz_class& Modulus::value() const noexcept { return state_->m; }
Algorithm Modulus::algorithm() const noexcept { return state_->algorithm; }
int Modulus::threads() const noexcept { return state_->threads; }
std::size_t Modulus::limbs() const noexcept { return state_->n(); }

mpz_class Modulus::mul(const mpz_class& a, const mpz_class& b) const {
  const ModulusState& s = *state_;
  if (s.P == 1) return 0;
  return guarded([&] {
    const std::size_t n = s.n();
    api::ScratchLease lease(2 * n + s.engine->scratch_limbs(n));
    limb_t* x = lease.get();
    limb_t* y = x + n;
    limb_t* work = y + n;
    api::reduce_to_limbs(x, n, a, s.P);
    api::reduce_to_limbs(y, n, b, s.P);
    // (a R)(b) R^-1 = a b: one conversion and one product in the representation.
    s.engine->to_repr(x, x, s.k, work);
    s.engine->mul(x, x, y, s.k, work);
    return result_from(s, x);
  });
}

mpz_class Modulus::sqr(const mpz_class& a) const { return mul(a, a); }

mpz_class Modulus::pow(const mpz_class& b, const mpz_class& e) const {
  const ModulusState& s = *state_;
  if (s.P == 1) return 0;
  return guarded([&] {
    mpz_class base = b;
    const mpz_class exponent = api::resolve_negative_exponent(base, e, s.P);
    const std::size_t n = s.n();
    api::ScratchLease lease(n + exponentiation::binary_powm_scratch(n, *s.engine));
    limb_t* x = lease.get();
    api::reduce_to_limbs(x, n, base, s.P);
    exponentiation::binary_powm(x, x, mpz_limbs_read(exponent.get_mpz_t()), mpz_size(exponent.get_mpz_t()), s.k, *s.engine,
                      x + n);
    return result_from(s, x);
  });
}

mpz_class Modulus::to_mont(const mpz_class& a) const {
  const ModulusState& s = *state_;
  return guarded([&] {
    const std::size_t n = s.n();
    api::ScratchLease lease(n + s.engine->scratch_limbs(n));
    limb_t* x = lease.get();
    api::reduce_to_limbs(x, n, a, s.P);
    s.engine->to_repr(x, x, s.k, x + n);
    mpz_class out;
    modmul::from_limbs(out, x, n);
    return out;
  });
}

mpz_class Modulus::mont_mul(const mpz_class& a, const mpz_class& b) const {
  const ModulusState& s = *state_;
  require_residue(s, a, "a");
  require_residue(s, b, "b");
  return guarded([&] {
    const std::size_t n = s.n();
    api::ScratchLease lease(2 * n + s.engine->scratch_limbs(n));
    limb_t* x = lease.get();
    limb_t* y = x + n;
    modmul::to_limbs(x, n, a);
    modmul::to_limbs(y, n, b);
    s.engine->mul(x, x, y, s.k, y + n);
    mpz_class out;
    modmul::from_limbs(out, x, n);
    return out;
  });
}

mpz_class Modulus::from_mont(const mpz_class& a) const {
  const ModulusState& s = *state_;
  require_residue(s, a, "a");
  return guarded([&] {
    const std::size_t n = s.n();
    api::ScratchLease lease(n + s.engine->scratch_limbs(n));
    limb_t* x = lease.get();
    modmul::to_limbs(x, n, a);
    s.engine->from_repr(x, x, s.k, x + n);
    mpz_class out;
    modmul::from_limbs(out, x, n);
    return out;
  });
}

mpz_class mulmod(const mpz_class& a, const mpz_class& b, const mpz_class& m, Algorithm algorithm) {
  if (algorithm != Algorithm::automatic) return Modulus(m, algorithm).mul(a, b);
  // One product: a modulus context's precomputation (an inverse and a
  // division) costs more than it saves, so automatic divides directly.
  const mpz_class P = api::modulus_magnitude(m);
  return guarded([&] {
    mpz_class r = a * b;
    mpz_fdiv_r(r.get_mpz_t(), r.get_mpz_t(), P.get_mpz_t());
    api::apply_modulus_sign(r, m);
    return r;
  });
}

mpz_class powm(const mpz_class& b, const mpz_class& e, const mpz_class& m, Algorithm algorithm) {
  return Modulus(m, algorithm).pow(b, e);
}

}  // namespace parmod

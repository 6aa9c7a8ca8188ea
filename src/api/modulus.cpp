// api/modulus.cpp - parmod::Modulus and the free functions mulmod / powm.
//
// Entry: Python semantics on mpz values (api/integer_semantics), one scratch
// lease per call (api/scratch), then the limb layers: modmul engines for
// products, powm/sliding_window (or split_powm on the team) for powers, and
// powm/even_modulus_powm for even moduli under automatic (P = 2^s m', GMP's split).
#include <algorithm>
#include <bit>
#include <new>

#include "api/algorithm_table.hpp"
#include "api/plan.hpp"
#include "api/integer_product.hpp"
#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "api/scratch.hpp"
#include "api/small_odd_pow.hpp"
#include "config/tuning.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm28.hpp"
#include "consttime/wiped_limbs.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/parallel_classic.hpp"
#include "powm/sliding_window.hpp"
#include "powm/split_powm.hpp"
#include "powm/square_chain_powm.hpp"
#include "runtime/slow_link_choice.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/thread_count.hpp"

namespace parmod {
namespace detail {

ModulusState::ModulusState(const mpz_class& m_, const mpz_class& P_, const api::ModulusPlan& p)
    : m(m_), P(P_), plan(p),
      bound(api::algorithm_row(p.algorithm).factory->bind(P_, p.engine_options)),
      k(*bound.k), engine(bound.engine), algorithm(p.algorithm), threads(p.threads) {
  if (p.pow == api::PowPath::even_split)
    even = std::make_shared<const exponentiation::EvenModulusConstants>(
        P_, *api::algorithm_row(p.even_odd_algorithm).factory);
  else if (p.pow == api::PowPath::field_kernels)
    small_field = std::make_shared<const FpAny>(make_fp_any(P_));
  if (p.multi_pow_algorithm != p.algorithm)
    multi_pow_bound = std::make_shared<const modmul::BoundEngine>(
        api::algorithm_row(p.multi_pow_algorithm).factory->bind(P_, p.engine_options));
  if (p.square_chain && (p.chain_algorithm != p.algorithm || bound.product_threads > 1)) {
    modmul::EngineOptions one_thread = p.engine_options;
    one_thread.threads = 1;
    chain_bound = std::make_shared<const modmul::BoundEngine>(
        api::algorithm_row(p.chain_algorithm).factory->bind(P_, one_thread));
  }
  if (p.pow_algorithm != p.algorithm || (p.pow_sequential && bound.product_threads > 1)) {
    modmul::EngineOptions options = p.engine_options;
    if (p.pow_sequential) options.threads = 1;
    pow_bound =
        std::make_shared<const modmul::BoundEngine>(api::algorithm_row(p.pow_algorithm).factory->bind(P_, options));
  }
  const modmul::BoundEngine& window = pow_bound ? *pow_bound : bound;
  if (p.requested == Algorithm::automatic && p.pow == api::PowPath::engine && window.product_threads > 1 &&
      mpz_odd_p(P_.get_mpz_t())) {
    modmul::EngineOptions one_thread = p.engine_options;
    one_thread.threads = 1;
    pow_one_thread = std::make_shared<const modmul::BoundEngine>(
        api::algorithm_row(api::choose_pow_algorithm(k.n)).factory->bind(P_, one_thread));
  }
}

}  // namespace detail

namespace api {

mpz_class result_from(const detail::ModulusState& s, const limb_t* r) {
  mpz_class out;
  modmul::from_limbs(out, r, s.n());
  apply_modulus_sign(out, s.m);
  return out;
}

const detail::ModulusState* state_of(const Modulus& m) noexcept { return m.state_.get(); }

runtime::SlowLinkChoice& slow_link_pows() noexcept {
  static runtime::SlowLinkChoice choices;
  return choices;
}

}  // namespace api

namespace {

using api::guarded;
using api::result_from;
using detail::ModulusState;

// b^e mod P (P > 1) by GMP's mpz_powm, with Python's exponent rule (e < 0:
// the inverse of b raised to -e, NotInvertible when there is none); the
// result in [0, P).  Where api::gmp_powm_pays.
mpz_class gmp_pow(const mpz_class& b, const mpz_class& e, const mpz_class& P) {
  mpz_class r;
  if (e >= 0) {  // mpz_powm reduces a base of any sign into [0, P)
    mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
    return r;
  }
  mpz_class base = b;
  const mpz_class exponent = api::resolve_negative_exponent(base, e, P);
  mpz_powm(r.get_mpz_t(), base.get_mpz_t(), exponent.get_mpz_t(), P.get_mpz_t());
  return r;
}

// The same by the field kernels of P (odd, 3 <= P < 2^512; f = make_fp_any(P)).
mpz_class field_pow(const FpAny& f, const mpz_class& b, const mpz_class& e, const mpz_class& P) {
  if (e >= 0) return api::small_odd_pow(f, b, mpz_limbs_read(e.get_mpz_t()), mpz_size(e.get_mpz_t()));
  mpz_class base = b;
  const mpz_class exponent = api::resolve_negative_exponent(base, e, P);
  return api::small_odd_pow(f, base, mpz_limbs_read(exponent.get_mpz_t()), mpz_size(exponent.get_mpz_t()));
}

void require_residue(const ModulusState& s, const mpz_class& a, const char* what) {
  if (a < 0 || a >= s.P) throw InvalidArgument(std::string(what) + " must be in [0, |m|) for this call");
}

}  // namespace

Modulus::Modulus(const mpz_class& m, Algorithm algorithm, int threads) {
  if (threads < 0) throw InvalidArgument("threads must be >= 0 (0: the default rule)");
  state_ = guarded([&] {
    api::algorithm_row(algorithm);  // InvalidArgument outside the table
    const mpz_class P = api::modulus_magnitude(m);
    const api::ModulusPlan plan = api::plan_modulus(P, algorithm, runtime::resolve_thread_count(threads));
    return std::make_shared<const ModulusState>(m, P, plan);
  });
}

std::string Modulus::describe(const mpz_class& e) const {
  const ModulusState& s = *state_;
  return guarded([&] {
    std::vector<api::TuningUse> uses;
    api::plan_modulus(s.P, s.plan.requested, s.threads, &uses);
    return api::describe_plan(s.P, s.plan, uses, s.bound, mpz_sizeinbase(e.get_mpz_t(), 2) * (e != 0));
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
    const int plain_threads = s.plan.plain_product_threads;
    const std::size_t work_limbs = plain_threads > 1    ? modmul::parallel_classic_scratch(n)
                                   : plain_threads == 1 ? modmul::barrett_engine.scratch_limbs(n)
                                                        : s.engine->scratch_limbs(n);
    api::ScratchLease lease(2 * n + work_limbs);
    limb_t* x = lease.get();
    limb_t* y = x + n;
    limb_t* work = y + n;
    api::reduce_to_limbs(x, n, a, s.P);
    api::reduce_to_limbs(y, n, b, s.P);
    if (plain_threads > 1) {
      modmul::parallel_barrett_mul(x, x, y, s.k, plain_threads, work);
    } else if (plain_threads == 1) {
      modmul::barrett_engine.mul(x, x, y, s.k, work);  // R = 1: a b mod P
    } else {
      // (a R)(b) R^-1 = a b: one conversion and one product in the representation.
      s.engine->to_repr(x, x, s.k, work);
      s.engine->mul(x, x, y, s.k, work);
    }
    return result_from(s, x);
  });
}

mpz_class Modulus::sqr(const mpz_class& a) const { return mul(a, a); }

mpz_class Modulus::pow(const mpz_class& b, const mpz_class& e) const {
  const ModulusState& s = *state_;
  if (s.P == 1) return 0;
  return guarded([&] {
    if (s.small_field || s.plan.pow == api::PowPath::gmp) {
      mpz_class r = s.small_field ? field_pow(*s.small_field, b, e, s.P) : gmp_pow(b, e, s.P);
      api::apply_modulus_sign(r, s.m);
      return r;
    }
    mpz_class base = b;
    const mpz_class exponent = api::resolve_negative_exponent(base, e, s.P);
    const std::size_t n = s.n(), en = mpz_size(exponent.get_mpz_t());
    const limb_t* ep = mpz_limbs_read(exponent.get_mpz_t());
    if (s.even) {
      // P = 2^s m': the odd part on the engine automatic picks for m'
      // (split over the team when the plan says so for m'), the 2^s part by
      // truncated products, then CRT.
      const exponentiation::EvenModulusConstants& c = *s.even;
      const api::PowmPlan plan = api::pow_split(s.plan, mpz_sizeinbase(exponent.get_mpz_t(), 2), 1);
      const int threads = c.odd.k ? plan.split_threads : 1;
      api::ScratchLease lease(n + exponentiation::even_modulus_powm_scratch(c, en, threads));
      limb_t* x = lease.get();
      api::reduce_to_limbs(x, n, base, s.P);
      exponentiation::even_modulus_powm(x, x, ep, en, c, threads, plan.phi, x + n);
      return result_from(s, x);
    }
    const modmul::BoundEngine& planned = s.pow_bound ? *s.pow_bound : s.bound;  // the window's engine
    const api::PowmPlan plan = api::pow_split(s.plan, mpz_sizeinbase(exponent.get_mpz_t(), 2), planned.product_threads);
    if (plan.square_chain) {
      const modmul::BoundEngine& c = s.chain_bound ? *s.chain_bound : s.bound;
      api::ScratchLease lease(n + exponentiation::square_chain_powm_scratch(n, en, *c.engine));
      limb_t* x = lease.get();
      api::reduce_to_limbs(x, n, base, s.P);
      exponentiation::square_chain_powm(x, x, ep, en, *c.k, *c.engine, 2, x + n);
      return result_from(s, x);
    }
    if (plan.split_threads > 1) {
      api::ScratchLease lease(n + exponentiation::split_powm_scratch(n, en, *planned.engine, plan.split_threads));
      limb_t* x = lease.get();
      api::reduce_to_limbs(x, n, base, s.P);
      exponentiation::split_powm(x, x, ep, en, *planned.k, *planned.engine, plan.split_threads, plan.phi, x + n);
      return result_from(s, x);
    }
    // The window.  While the team's link is slow, a window on products split
    // over the team (a run per product, each crossing the link) gives way to
    // the parallel form that crosses it least, the exponent split on the
    // one-thread engine (the split's length and up), timed against the window
    // on that engine; the faster runs, by measurement.  (The exponent split
    // and the squaring chain of the plan cross it a few times per call.)
    const unsigned cls = runtime::SlowLinkChoice::size_class(n, std::min<std::size_t>(15, std::bit_width(en)), 16);
    const runtime::SlowLinkChoice::Pick pick =
        s.pow_one_thread ? api::slow_link_pows().pick(cls, config::tuning().team_slow_link_check != 0)
                         : runtime::SlowLinkChoice::Pick{};
    const std::uint64_t start = pick.timed ? runtime::monotonic_ns() : 0;
    const std::size_t split_min_bits = config::tuning().powm_split_min_bits;
    if (pick.timed && pick.parallel && split_min_bits > 0 &&
        mpz_sizeinbase(exponent.get_mpz_t(), 2) >= split_min_bits) {
      const modmul::BoundEngine& one = *s.pow_one_thread;
      api::ScratchLease lease(n + exponentiation::split_powm_scratch(n, en, *one.engine, s.threads));
      limb_t* x = lease.get();
      api::reduce_to_limbs(x, n, base, s.P);
      exponentiation::split_powm(x, x, ep, en, *one.k, *one.engine, s.threads, api::phi_for(*one.engine), x + n);
      api::slow_link_pows().record(cls, true, runtime::monotonic_ns() - start);
      return result_from(s, x);
    }
    const modmul::BoundEngine& w = pick.parallel ? planned : *s.pow_one_thread;
    api::ScratchLease lease(n + exponentiation::sliding_window_powm_scratch(n, en, *w.engine));
    limb_t* x = lease.get();
    api::reduce_to_limbs(x, n, base, s.P);
    exponentiation::sliding_window_powm(x, x, ep, en, *w.k, *w.engine, x + n);
    if (pick.timed) api::slow_link_pows().record(cls, pick.parallel, runtime::monotonic_ns() - start);
    return result_from(s, x);
  });
}

mpz_class Modulus::pow_sec(const mpz_class& b, const mpz_class& e) const {
  const ModulusState& s = *state_;
  if (!s.k.odd) throw InvalidArgument("pow_sec needs an odd modulus");
  if (e < 0) throw InvalidArgument("pow_sec needs a non-negative exponent");
  if (s.P == 1) return 0;
  return guarded([&] {
    const std::size_t n = s.n(), en = std::max<std::size_t>(1, mpz_size(e.get_mpz_t()));
    // Radix 2^28 on AVX2 from the size the tuning row gives (as powm_sec_crt's halves).
    if (modmul::montgomery28_for_constant_time(mpz_sizeinbase(s.P.get_mpz_t(), 2))) {
      const modmul::Montgomery28Constants c = modmul::montgomery28_constants(s.P);
      api::ScratchLease lease(n + en + 4 + consttime::constant_time_powm28_scratch(c, en));
      limb_t* x = lease.get();
      limb_t* ev = x + n;
      limb_t* work = ev + en;
      work += (32 - reinterpret_cast<std::uintptr_t>(work) % 32) % 32 / sizeof(limb_t);  // 32-byte aligned
      api::reduce_to_limbs(x, n, b, s.P);
      modmul::to_limbs(ev, en, e);
      consttime::constant_time_powm28(x, x, ev, en, s.k.p.data(), c, work);  // wipes its scratch
      mpz_class r = result_from(s, x);
      consttime::wipe(x, n + en);
      return r;
    }
    api::ScratchLease lease(n + en + consttime::constant_time_powm_scratch(n, en));
    limb_t* x = lease.get();
    limb_t* ev = x + n;
    api::reduce_to_limbs(x, n, b, s.P);
    modmul::to_limbs(ev, en, e);
    consttime::constant_time_powm(x, x, ev, en, s.k, ev + en);  // wipes its scratch
    mpz_class r = result_from(s, x);
    consttime::wipe(x, n + en);  // the thread's scratch is reused: no secret stays in it
    return r;
  });
}

mpz_class Modulus::to_mont(const mpz_class& a) const {
  const ModulusState& s = *state_;
  if (s.P == 1) return 0;  // the only residue, as in mul and pow (multipartite's q-values need P > 1)
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
  if (s.P == 1) return 0;  // the only residue, as in mul and pow (multipartite's q-values need P > 1)
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
  if (s.P == 1) return 0;  // the only residue, as in mul and pow (multipartite's q-values need P > 1)
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
  // division) costs more than it saves, so automatic divides directly, after
  // the product by parmod's kernels (as parmod::mul, default thread rule).
  const mpz_class P = api::modulus_magnitude(m);
  return guarded([&] {
    mpz_class r;
    api::integer_product(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t(), 0);
    mpz_fdiv_r(r.get_mpz_t(), r.get_mpz_t(), P.get_mpz_t());
    api::apply_modulus_sign(r, m);
    return r;
  });
}

mpz_class powm(const mpz_class& b, const mpz_class& e, const mpz_class& m, Algorithm algorithm) {
  if (algorithm == Algorithm::automatic) {
    // A small modulus needs no Modulus context: the plan says field kernels
    // (odd, a few limbs) or mpz_powm.
    const mpz_class P = api::modulus_magnitude(m);
    const api::ModulusPlan plan =
        guarded([&] { return api::plan_modulus(P, algorithm, runtime::resolve_thread_count(0)); });
    if (plan.pow == api::PowPath::field_kernels || plan.pow == api::PowPath::gmp) {
      if (P == 1) return 0;
      return guarded([&] {
        mpz_class r = plan.pow == api::PowPath::field_kernels ? field_pow(make_fp_any(P), b, e, P) : gmp_pow(b, e, P);
        api::apply_modulus_sign(r, m);
        return r;
      });
    }
  }
  return Modulus(m, algorithm).pow(b, e);
}

mpz_class powm_sec(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  if (mpz_even_p(m.get_mpz_t()) && m != 0) throw InvalidArgument("powm_sec needs an odd modulus");
  return Modulus(m, Algorithm::montgomery).pow_sec(b, e);
}

}  // namespace parmod

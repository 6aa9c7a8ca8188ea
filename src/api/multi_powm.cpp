// api/multi_powm.cpp - Modulus::multi_pow and multi_powm: prod(pow(b_i, e_i, m)) % m
// with Python's semantics, computed as one multi-exponentiation (multiexp/).
//
// Semantics are settled on the caller's thread before any task runs: lengths
// checked (InvalidArgument), negative exponents turned into inverses
// (NotInvertible thrown here), bases reduced into [0, |m|), items with
// exponent 0 dropped (pow(b, 0, m) = 1 % m, also for b = 0).  Then the cost
// model (multiexp/multiexp_plan, with phi = M/S of the engine, api::phi_for) picks Lim-Lee MULEXP, interleaved windows or
// parallel EXP and the chunk count from (count, exponent bits, limbs, the
// Modulus's threads), and parallel_multiexp runs it on the team, on the
// engine of the plan's multi_pow_algorithm (api/plan.hpp: under automatic on
// two threads the one-thread engine from multi_pow.sequential_engine_min_limbs).
#include <algorithm>

#include "api/algorithm_choice.hpp"
#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "api/scratch.hpp"
#include "multiexp/multiexp_plan.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "runtime/team.hpp"

namespace parmod {

mpz_class Modulus::multi_pow(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps) const {
  if (bases.size() != exps.size())
    throw InvalidArgument("multi_pow: bases and exps must have the same length");
  const detail::ModulusState& s = *api::state_of(*this);
  if (s.P == 1) return 0;
  return api::guarded([&] {
    const std::size_t n = s.n();
    // The plan needs only the count of nonzero exponents, their length and
    // the modulus: it is chosen before the items are prepared, so that a
    // parallel one wakes the team's workers (runtime::prewake) meanwhile.
    std::size_t nb = 0, bits = 0;
    for (const mpz_class& e : exps)
      if (e != 0) ++nb, bits = std::max<std::size_t>(bits, mpz_sizeinbase(e.get_mpz_t(), 2));
    std::vector<limb_t> r(n, 0);
    if (nb == 0) {
      r[0] = 1;  // the empty product, 1 % P with P > 1
      return api::result_from(s, r.data());
    }
    // While the team is busy or unhealthy (its workers rarely got a core in
    // time lately) plan for one thread, probing the parallel plan one call in
    // eight: a parallel plan run by one thread does its chunks' extra squarings.
    int threads = s.threads;
    if (threads > 1 && !runtime::team_worth_planning(0.5)) threads = 1;
    const modmul::BoundEngine& bound = s.multi_pow_bound ? *s.multi_pow_bound : s.bound;
    const modmul::Engine& engine = *bound.engine;
    const double phi = api::phi_for(modmul::element_engine(engine));
    const multiexp::Plan plan = multiexp::choose_plan(nb, bits, n, threads, phi);
    if (threads > 1 && (plan.method == multiexp::Method::hybrid ? plan.tasks > 1 : plan.chunks > 1))
      runtime::prewake(threads);
    // Items with a nonzero exponent: base (reduced, inverted for e < 0) and |e|.
    std::vector<mpz_class> abs_exps;
    std::vector<limb_t> xs;
    abs_exps.reserve(bases.size());
    xs.reserve(bases.size() * n);
    for (std::size_t i = 0; i < bases.size(); ++i) {
      if (exps[i] == 0) continue;
      mpz_class b = bases[i];
      abs_exps.push_back(api::resolve_negative_exponent(b, exps[i], s.P));
      xs.resize(xs.size() + n);
      api::reduce_to_limbs(xs.data() + xs.size() - n, n, b, s.P);
    }
    std::vector<const limb_t*> ep(nb);
    std::vector<std::size_t> en(nb);
    for (std::size_t i = 0; i < nb; ++i) {
      ep[i] = mpz_limbs_read(abs_exps[i].get_mpz_t());
      en[i] = mpz_size(abs_exps[i].get_mpz_t());
    }
    api::ScratchLease lease(multiexp::parallel_multiexp_scratch(n, nb, plan, engine));
    multiexp::parallel_multiexp(r.data(), xs.data(), nb, ep.data(), en.data(), plan, *bound.k, engine, threads,
                                lease.get(), nullptr);
    return api::result_from(s, r.data());
  });
}

mpz_class multi_powm(const std::vector<mpz_class>& bases, const std::vector<mpz_class>& exps, const mpz_class& m) {
  if (bases.size() != exps.size())
    throw InvalidArgument("multi_powm: bases and exps must have the same length");
  return Modulus(m).multi_pow(bases, exps);
}

}  // namespace parmod

// api/crt.cpp - parmod::powm_crt: one exponentiation per coprime factor, the
// factors' exponentiations run as tasks on the thread team, recombined by
// Garner's algorithm (HAC Alg. 14.71).
//
// Everything that can fail (coprimality, inverses for e < 0, contexts) is
// settled on the caller's thread before the team starts.  Variable time and
// nothing cached: the primality test (GMP >= 6.2: BPSW) that allows e mod
// f - 1 runs on every call, so no factor outlives the call; it runs only
// where it pays (kFermatMinExponentRatio).  Private keys go to powm_sec_crt
// (api/sec_crt.cpp).
#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "process/fork_safe_mutex.hpp"
#include "runtime/team.hpp"

namespace parmod {
namespace {

// The test costs about four exponentiations modulo f with an exponent as
// long as f (docs/algorithms.md, "powm_crt"); reducing e mod f - 1 saves
// the bits of e beyond those of f.  So a factor is tested only when e has
// more than this many times its bits; below, its exponentiation takes e
// as it is (an RSA d against its primes: twice their bits).
constexpr std::size_t kFermatMinExponentRatio = 6;

struct CrtJob {
  const std::vector<Modulus>* moduli;
  const std::vector<mpz_class>* bases;
  const std::vector<mpz_class>* exps;
  std::vector<mpz_class>* residues;
  const std::vector<char>* may_reduce;  // e > 0, long enough, and the base prime to the factor
};

void run_factor(const void* ctx, unsigned i) {
  const CrtJob& j = *static_cast<const CrtJob*>(ctx);
  // Inputs are settled: base in [0, f), exponent >= 0, so pow cannot throw but
  // for memory; a failed allocation leaves the residue unset (-1) for the caller.
  try {
    const Modulus& f = (*j.moduli)[i];
    mpz_class e = (*j.exps)[i];
    // Fermat: for a prime f and b prime to f, b^e = b^(e mod (f-1)).  The
    // test (GMP >= 6.2: BPSW) runs in the task, beside the other factors'.
    if ((*j.may_reduce)[i] && mpz_probab_prime_p(f.value().get_mpz_t(), 24) > 0) {
      const mpz_class f1 = f.value() - 1;
      mpz_fdiv_r(e.get_mpz_t(), e.get_mpz_t(), f1.get_mpz_t());
    }
    (*j.residues)[i] = f.pow((*j.bases)[i], e);
  } catch (...) {
    (*j.residues)[i] = -1;
  }
}

}  // namespace

mpz_class powm_crt(const mpz_class& b, const mpz_class& e, const std::vector<mpz_class>& factors) {
  if (factors.empty()) throw InvalidArgument("powm_crt needs at least one factor");
  for (std::size_t i = 0; i < factors.size(); ++i) {
    if (factors[i] < 2) throw InvalidArgument("powm_crt factors must be >= 2");
    for (std::size_t j = 0; j < i; ++j) {
      mpz_class g;
      mpz_gcd(g.get_mpz_t(), factors[i].get_mpz_t(), factors[j].get_mpz_t());
      if (g != 1) throw InvalidArgument("powm_crt factors must be pairwise coprime");
    }
  }
  return api::guarded([&] {
    const std::size_t count = factors.size();
    std::vector<Modulus> moduli;
    std::vector<mpz_class> bases(count), exps(count), r(count);
    std::vector<char> may_reduce(count);
    moduli.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      const mpz_class& f = factors[i];
      mpz_class base = b, g;
      const mpz_class exponent = api::resolve_negative_exponent(base, e, f);  // throws NotInvertible
      mpz_fdiv_r(base.get_mpz_t(), base.get_mpz_t(), f.get_mpz_t());
      exps[i] = exponent;
      mpz_gcd(g.get_mpz_t(), base.get_mpz_t(), f.get_mpz_t());
      may_reduce[i] = exponent > 0 && g == 1 &&
                      mpz_sizeinbase(exponent.get_mpz_t(), 2) > kFermatMinExponentRatio * mpz_sizeinbase(f.get_mpz_t(), 2);
      bases[i] = base;
      moduli.emplace_back(f, Algorithm::automatic, 1);
    }
    const CrtJob job{&moduli, &bases, &exps, &r, &may_reduce};
    const int threads = resolve_num_threads(0);
    runtime::Schedule s(threads);
    for (std::size_t i = 0; i < count; ++i)
      s.add(run_factor, &job, static_cast<unsigned>(i), static_cast<double>(mpz_sizeinbase(factors[i].get_mpz_t(), 2)),
            static_cast<int>(i % static_cast<std::size_t>(threads)), "crt factor");
    runtime::run(s, threads);
    for (const auto& x : r)
      if (x < 0) throw OutOfMemory("out of memory in powm_crt");
    // Garner: x = r_0 + f_0 (c_1 + f_1 (c_2 + ...)).
    mpz_class x = r[0], prod = factors[0];
    for (std::size_t i = 1; i < count; ++i) {
      mpz_class inv, t;
      mpz_invert(inv.get_mpz_t(), prod.get_mpz_t(), factors[i].get_mpz_t());
      t = (r[i] - x) * inv;
      mpz_fdiv_r(t.get_mpz_t(), t.get_mpz_t(), factors[i].get_mpz_t());
      x += prod * t;
      prod *= factors[i];
    }
    return x;
  });
}

}  // namespace parmod

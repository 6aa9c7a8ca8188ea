// api/crt.cpp - parmod::powm_crt: one exponentiation per coprime factor, the
// factors' exponentiations run as tasks on the thread team, recombined by
// Garner's algorithm (HAC Alg. 14.71).
//
// Everything that can fail (coprimality, inverses for e < 0, contexts) is
// settled on the caller's thread before the team starts.
#include <deque>
#include <mutex>

#include "api/integer_semantics.hpp"
#include "api/modulus_state.hpp"
#include "process/fork_safe_mutex.hpp"
#include "runtime/team.hpp"

namespace parmod {
namespace {

struct CrtJob {
  const std::vector<Modulus>* moduli;
  const std::vector<mpz_class>* bases;
  const std::vector<mpz_class>* exps;
  std::vector<mpz_class>* residues;
};

void run_factor(const void* ctx, unsigned i) {
  const CrtJob& j = *static_cast<const CrtJob*>(ctx);
  // Inputs are settled: base in [0, f), exponent >= 0, so pow cannot throw but
  // for memory; a failed allocation leaves the residue unset (-1) for the caller.
  try {
    (*j.residues)[i] = (*j.moduli)[i].pow((*j.bases)[i], (*j.exps)[i]);
  } catch (...) {
    (*j.residues)[i] = -1;
  }
}

// Primality of recent factors: RSA keys call powm_crt again and again with the
// same p and q, and a BPSW test costs about as much as the exponentiation.
bool probably_prime_cached(const mpz_class& f) {
  static process::ForkSafeMutex mutex{process::kRankCrtPrimes};
  static std::deque<std::pair<mpz_class, bool>> cache;  // most recent last, at most 32
  {
    std::lock_guard<process::ForkSafeMutex> lock(mutex);
    for (const auto& [x, prime] : cache)
      if (x == f) return prime;
  }
  const bool prime = mpz_probab_prime_p(f.get_mpz_t(), 24) > 0;  // GMP >= 6.2: BPSW
  std::lock_guard<process::ForkSafeMutex> lock(mutex);
  cache.emplace_back(f, prime);
  if (cache.size() > 32) cache.pop_front();
  return prime;
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
    moduli.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      const mpz_class& f = factors[i];
      mpz_class base = b, g;
      const mpz_class exponent = api::resolve_negative_exponent(base, e, f);  // throws NotInvertible
      mpz_fdiv_r(base.get_mpz_t(), base.get_mpz_t(), f.get_mpz_t());
      exps[i] = exponent;
      mpz_gcd(g.get_mpz_t(), base.get_mpz_t(), f.get_mpz_t());
      // Fermat: for a prime f and b prime to f, b^e = b^(e mod (f-1)).
      if (exponent > 0 && g == 1 && probably_prime_cached(f)) {
        const mpz_class f1 = f - 1;
        mpz_fdiv_r(exps[i].get_mpz_t(), exponent.get_mpz_t(), f1.get_mpz_t());
      }
      bases[i] = base;
      moduli.emplace_back(f, Algorithm::automatic, 1);
    }
    const CrtJob job{&moduli, &bases, &exps, &r};
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

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

struct MultipartiteEnginePlans;  // modmul/multipartite_engine.hpp
struct Montgomery52Constants;    // modmul/montgomery52.hpp

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
  // The bipartite/multipartite engines' per-modulus context (plans, k,
  // threads, R mod P), set once by the owner before the constants are shared
  // (api: the Modulus); null for the other engines.  The engines read it
  // with no lock; without it they fall back to a small shared cache.
  std::shared_ptr<const MultipartiteEnginePlans> multipartite_plans;
  // Threads the parallel Montgomery and Barrett engines split each product
  // over (modmul/parallel_classic), set once by the owner like the plans
  // above; 1 for every other engine.
  int product_threads = 1;
  // Radix-2^52 Montgomery constants (modmul/montgomery52), built with the rest
  // when P is odd, small enough and the CPU has AVX-512 IFMA; null otherwise.
  std::shared_ptr<const Montgomery52Constants> m52;

  // P > 0.  Allocates; throws std::bad_alloc.
  explicit ModulusConstants(const mpz_class& P);

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

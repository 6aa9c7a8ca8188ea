// support/mixed_workload.hpp - random operations on shared Modulus objects of
// every algorithm and size class, each checked against GMP: the body of the
// concurrency test (tests/api/test_concurrency.cpp) and of the soak
// (`parmod-bench soak`).  Public API and GMP only; header-only.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::testing {

// The size classes: the fixed-size field kernels (4 limbs), a mid size, and
// sizes where automatic runs the bipartite or multipartite engines (or the
// parallel products) on the generic row.
inline const std::vector<unsigned> kWorkloadBits = {256, 2048, 8192};

struct WorkloadContext {
  std::string name;  // "montgomery 2048"
  mpz_class m;
  parmod::Modulus mod;
};

// Every algorithm of parmod::algorithms() at every size class that takes it
// (an odd modulus with long runs of ones and zeros, and an even one for the
// algorithms that take it), each shared by all callers.
inline std::vector<WorkloadContext> make_workload(std::uint64_t seed, const std::vector<unsigned>& bits = kWorkloadBits) {
  std::vector<WorkloadContext> out;
  gmp_randstate_t r;
  gmp_randinit_default(r);
  gmp_randseed_ui(r, static_cast<unsigned long>(seed));
  for (unsigned b : bits) {
    for (bool odd : {true, false}) {
      mpz_class m;
      mpz_rrandomb(m.get_mpz_t(), r, b);
      mpz_setbit(m.get_mpz_t(), b - 1);
      if (odd) mpz_setbit(m.get_mpz_t(), 0); else mpz_clrbit(m.get_mpz_t(), 0);
      for (const auto& info : parmod::algorithms()) {
        try {
          out.push_back({std::string(info.name) + (odd ? " " : " even ") + std::to_string(b), m,
                         parmod::Modulus(m, info.algorithm)});
        } catch (const parmod::UnsupportedAlgorithm&) {
        }
      }
    }
  }
  gmp_randclear(r);
  return out;
}

inline mpz_class random_below(std::mt19937_64& rng, const mpz_class& m) {
  mpz_class x = 0;
  for (std::size_t i = 0; i < mpz_size(m.get_mpz_t()) + 1; ++i) x = (x << 64) + mpz_class(std::to_string(rng()));
  if (rng() % 8 == 0) x = m - 1 - (x % 3);  // P-1, P-2, P-3
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), m.get_mpz_t());
  return r;
}

inline mpz_class random_exponent(std::mt19937_64& rng, unsigned bits) {
  const unsigned k = rng() % 16;
  if (k == 0) return 0;
  if (k == 1) return 1;
  mpz_class e = 0;
  for (unsigned i = 0; i < bits; i += 64) e = (e << 64) + mpz_class(std::to_string(rng()));
  return e >> (rng() % 64);
}

// The names of the operations run_random_operation draws from.
inline const char* const kWorkloadOps[] = {"mul", "pow", "multi_pow", "pow_list", "mont", "pow_sec", "int_mul"};
constexpr int kWorkloadOpCount = 7;

// One random operation on a random context of w, checked against GMP.
// Returns "" when it agrees, else a description of the mismatch.  *op: the
// index of the operation in kWorkloadOps.
inline std::string run_random_operation(const std::vector<WorkloadContext>& w, std::mt19937_64& rng,
                                        unsigned exponent_bits, int* op = nullptr) {
  const WorkloadContext& c = w[rng() % w.size()];
  const mpz_class& m = c.m;
  const int k = static_cast<int>(rng() % kWorkloadOpCount);
  if (op) *op = k;
  const mpz_class a = random_below(rng, m), b = random_below(rng, m);
  mpz_class got, want;
  switch (k) {
    case 0:
      got = c.mod.mul(a, b);
      want = a * b % m;
      break;
    case 1: {
      const mpz_class e = random_exponent(rng, exponent_bits);
      got = c.mod.pow(a, e);
      mpz_powm(want.get_mpz_t(), a.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
      break;
    }
    case 2: {
      const mpz_class e1 = random_exponent(rng, exponent_bits), e2 = random_exponent(rng, exponent_bits);
      got = c.mod.multi_pow({a, b}, {e1, e2});
      mpz_class t;
      mpz_powm(want.get_mpz_t(), a.get_mpz_t(), e1.get_mpz_t(), m.get_mpz_t());
      mpz_powm(t.get_mpz_t(), b.get_mpz_t(), e2.get_mpz_t(), m.get_mpz_t());
      want = want * t % m;
      break;
    }
    case 3: {
      const std::vector<mpz_class> bases{a, b, a + 1};
      const mpz_class e = random_exponent(rng, exponent_bits / 2);
      const std::vector<mpz_class> r = c.mod.pow_list(bases, {e});
      got = r[0] + r[1] * 3 + r[2] * 5;  // one number for the comparison
      mpz_class t0, t1, t2, a1 = (a + 1) % m;
      mpz_powm(t0.get_mpz_t(), a.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
      mpz_powm(t1.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
      mpz_powm(t2.get_mpz_t(), a1.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
      want = t0 + t1 * 3 + t2 * 5;
      break;
    }
    case 4:
      got = c.mod.from_mont(c.mod.mont_mul(c.mod.to_mont(a), c.mod.to_mont(b)));
      want = a * b % m;
      break;
    case 5: {
      if (mpz_even_p(m.get_mpz_t())) return run_random_operation(w, rng, exponent_bits, op);
      const mpz_class e = random_exponent(rng, exponent_bits / 2);
      got = c.mod.pow_sec(a, e);
      mpz_powm(want.get_mpz_t(), a.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
      break;
    }
    default: {
      const mpz_class x = a * m + b, y = b * m - a;  // two sizes' worth of limbs
      got = parmod::mul(x, y, static_cast<int>(rng() % 3));
      want = x * y;
      break;
    }
  }
  if (got == want) return {};
  return std::string(kWorkloadOps[k]) + " on " + c.name + ": a=0x" + a.get_str(16) + " b=0x" + b.get_str(16) +
         " got 0x" + got.get_str(16) + " want 0x" + want.get_str(16);
}

}  // namespace parmod::testing

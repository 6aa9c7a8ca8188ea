// Differential tests of multipartite_mul against GMP: every n in 1..96 limbs,
// every k in 2..8, uneven chunks, edge moduli and operands.
#include <gtest/gtest.h>

#include "modmul/multipartite.hpp"
#include "mp_support.hpp"

namespace parmod::test {
namespace {

using modmul::MultipartiteConfig;
using modmul::ModulusConstants;

void check_one(const ModulusConstants& k, const modmul::MultipartitePlan& plan, const mpz_class& P, const mpz_class& A,
               const mpz_class& B, int threads = 1) {
  const std::size_t n = k.n;
  auto a = limbs_of(A, n), b = limbs_of(B, n);
  std::vector<limb_t> r(n), ws(plan.scratch_limbs);
  modmul::multipartite_mul(r.data(), a.data(), b.data(), k, plan, ws.data(), threads);
  ASSERT_EQ(value_of(r), expected_mp(A, B, P, n))
      << "n=" << n << " ka=" << plan.config.ka << " kb=" << plan.config.kb << " P=" << P.get_str(16)
      << " A=" << A.get_str(16) << " B=" << B.get_str(16);
}

TEST(Multipartite, EveryLimbCountAndK) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n = 1; n <= 96; ++n) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    for (int kk = 2; kk <= 8; ++kk) {
      MultipartiteConfig c;
      c.ka = c.kb = kk;
      const auto plan = modmul::make_multipartite_plan(n, c, costs);
      for (int rep = 0; rep < reps(3); ++rep) check_one(k, plan, P, random_below(P), random_below(P));
      check_one(k, plan, P, P - 1, P - 1);
    }
  }
}

TEST(Multipartite, EdgeModuliAndOperands) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 64}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P == 1) continue;
      const ModulusConstants k(P);
      for (int kk : {2, 3, 4, 5, 8}) {
        MultipartiteConfig c;
        c.ka = c.kb = kk;
        const auto plan = modmul::make_multipartite_plan(n, c, costs);
        const auto ops = operands_for(P, 2);
        for (const auto& A : ops)
          for (const auto& B : ops) check_one(k, plan, P, A, B);
      }
    }
  }
}

TEST(Multipartite, UngroupedAlsoCorrect) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {1, 2, 5, 12, 13, 40, 48, 77}) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    for (int kk = 2; kk <= 8; ++kk) {
      MultipartiteConfig c;
      c.ka = c.kb = kk;
      c.grouped = false;
      const auto plan = modmul::make_multipartite_plan(n, c, costs);
      for (int rep = 0; rep < reps(3); ++rep) check_one(k, plan, P, random_below(P), random_below(P));
      check_one(k, plan, P, P - 1, P - 2);
    }
  }
}

TEST(Multipartite, LargeSizes) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {128, 192, 257, 512}) {
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    for (int kk : {2, 3, 4, 6, 8}) {
      MultipartiteConfig c;
      c.ka = c.kb = kk;
      const auto plan = modmul::make_multipartite_plan(n, c, costs);
      check_one(k, plan, P, random_below(P), random_below(P));
      check_one(k, plan, P, P - 1, P - 1);
    }
  }
}

TEST(Multipartite, LargerKSequential) {
  const auto costs = runtime::CostTable::quadratic();
  for (std::size_t n : {1, 7, 16, 33, 64, 100}) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    for (int kk = 9; kk <= modmul::kMaxChunks; ++kk) {
      MultipartiteConfig c;
      c.ka = c.kb = kk;
      const auto plan = modmul::make_multipartite_plan(n, c, costs);
      check_one(k, plan, P, random_below(P), random_below(P));
      check_one(k, plan, P, P - 1, P - 1);
      c.threads = 2;  // more than 96 tasks: runs sequentially, still correct
      const auto plan2 = modmul::make_multipartite_plan(n, c, costs);
      check_one(k, plan2, P, random_below(P), random_below(P), 2);
    }
  }
}

TEST(Multipartite, AliasingResultWithOperand) {
  const auto costs = runtime::CostTable::quadratic();
  const std::size_t n = 21;
  const mpz_class P = random_modulus(n, true);
  const ModulusConstants k(P);
  MultipartiteConfig c;
  c.ka = c.kb = 4;
  const auto plan = modmul::make_multipartite_plan(n, c, costs);
  const mpz_class A = random_below(P), B = random_below(P);
  auto a = limbs_of(A, n), b = limbs_of(B, n);
  std::vector<limb_t> ws(plan.scratch_limbs);
  modmul::multipartite_mul(a.data(), a.data(), b.data(), k, plan, ws.data(), 1);
  EXPECT_EQ(value_of(a), expected_mp(A, B, P, n));
}

}  // namespace
}  // namespace parmod::test

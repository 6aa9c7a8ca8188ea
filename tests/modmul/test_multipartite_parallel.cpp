// Multipartite, bipartite and squaring run by the team from the list
// schedule (2, 3 and 4 threads; more threads than cores is allowed and
// correct), differential against GMP.  Labelled `threads` (TSan build).
#include <gtest/gtest.h>

#include "config/tuning.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_square.hpp"
#include "mp_support.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

TEST(MultipartiteParallel, ProductsAndSquares) {
  const auto costs = runtime::CostTable::measured();
  for (std::size_t n : {1, 2, 5, 16, 33, 64, 100, 160}) {
    const mpz_class P = random_modulus(n, true);
    if (P == 1) continue;
    const ModulusConstants k(P);
    for (int T : {2, 3, 4}) {
      for (int kk = 2; kk <= 8; ++kk) {
        MultipartiteConfig c;
        c.ka = c.kb = kk;
        c.threads = T;
        const auto plan = make_multipartite_plan(n, c, costs);
        const auto splan = make_multipartite_plan(n, square_config(kk, T), costs);
        std::vector<limb_t> r(n), ws(std::max(plan.scratch_limbs, splan.scratch_limbs));
        for (int rep = 0; rep < reps(3); ++rep) {
          const mpz_class A = rep == 0 ? mpz_class(P - 1) : random_below(P), B = random_below(P);
          auto a = limbs_of(A, n), b = limbs_of(B, n);
          multipartite_mul(r.data(), a.data(), b.data(), k, plan, ws.data(), T);
          ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << n << " T=" << T << " k=" << kk;
          multipartite_sqr(r.data(), a.data(), k, splan, ws.data(), T);
          ASSERT_EQ(value_of(r), expected_mp(A, A, P, n)) << n << " T=" << T << " k=" << kk << " (square)";
        }
      }
      const auto bplan = make_multipartite_plan(n, bipartite_config(T), costs);
      std::vector<limb_t> r(n), ws(bplan.scratch_limbs);
      const mpz_class A = random_below(P), B = random_below(P);
      auto a = limbs_of(A, n), b = limbs_of(B, n);
      bipartite_mul(r.data(), a.data(), b.data(), k, bplan, ws.data(), T);
      ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << n << " T=" << T << " (bipartite)";
    }
  }
}

}  // namespace
}  // namespace parmod::test

#include "modmul/parallel_classic.hpp"

namespace parmod::test {
namespace {

TEST(ParallelClassic, MontgomeryAndBarrettOnParallelMul) {
  for (std::size_t n : {1, 2, 3, 8, 31, 64, 130, 300}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P == 1) continue;
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> r(n), ws(modmul::parallel_classic_scratch(n));
      const mpz_class Rinv = [&] {
        mpz_class x;
        const mpz_class R = beta_pow(n);
        mpz_invert(x.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
        return x;
      }();
      auto ops = operands_for(P, 2);
      for (std::size_t i = 0; i + 1 < ops.size(); i += 2) {
        const mpz_class &A = ops[i], &B = ops[i + 1];
        auto a = limbs_of(A, n), b = limbs_of(B, n);
        for (int T : {1, 2}) {
          modmul::parallel_montgomery_mul(r.data(), a.data(), b.data(), k, T, ws.data());
          ASSERT_EQ(value_of(r), A * B * Rinv % P) << n;
          modmul::parallel_barrett_mul(r.data(), a.data(), b.data(), k, T, ws.data());
          ASSERT_EQ(value_of(r), A * B % P) << n;
        }
      }
    }
  }
}

// With modmul.wrapped_min and mul.par_min low, the two-thread Montgomery
// product takes Q as the three tasks of limbs::parallel_mullo and Q P as its
// wrapped product (limbs::mul_wrapped) with its high half from the known low
// half: the edge moduli (P near beta^(n-1) and beta^n) and the edge
// operands (0, 1, P - 1, ...), sizes whose wrapped length exceeds n; also
// the wrapped form forced on one thread and the whole form forced on two.
TEST(ParallelClassic, MontgomeryWithTheWrappedProduct) {
  config::Tuning t = config::tuning();
  t.mul_par_min = 4;
  t.modmul_wrapped_min = 40;
  t.mul_health_pct = 0;  // the choice must not depend on how loaded the test machine is
  const config::ScopedTuning scoped(t);
  for (std::size_t n : {40, 64, 100, 129, 300, 1000}) {
    ASSERT_NE(limbs::wrapped_length(n), 0u) << n;
    ASSERT_EQ(limbs::choose_mul(n, n, false, 2).threads, 2) << n;
    for (const mpz_class& P : edge_moduli(n, true)) {
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> r(n), ws(modmul::parallel_classic_scratch(n));
      mpz_class Rinv;
      const mpz_class R = beta_pow(n);
      mpz_invert(Rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
      auto ops = operands_for(P, 2);
      for (std::size_t i = 0; i + 1 < ops.size(); i += 2) {
        const mpz_class &A = ops[i], &B = ops[i + 1];
        auto a = limbs_of(A, n), b = limbs_of(B, n);
        modmul::parallel_montgomery_mul(r.data(), a.data(), b.data(), k, 2, ws.data());
        ASSERT_EQ(value_of(r), A * B * Rinv % P) << n << " limbs, P = " << P.get_str(16);
        modmul::parallel_montgomery_mul(r.data(), a.data(), a.data(), k, 2, ws.data());
        ASSERT_EQ(value_of(r), A * A * Rinv % P) << n << " limbs (square)";
        modmul::parallel_montgomery_mul(r.data(), a.data(), b.data(), k, 1, ws.data(), modmul::QpProduct::wrapped);
        ASSERT_EQ(value_of(r), A * B * Rinv % P) << n << " limbs, wrapped on one thread";
        modmul::parallel_montgomery_mul(r.data(), a.data(), b.data(), k, 2, ws.data(), modmul::QpProduct::whole);
        ASSERT_EQ(value_of(r), A * B * Rinv % P) << n << " limbs, whole on two threads";
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

namespace parmod::test {
namespace {

// The sizes of Appendix B (a subset up to 393216 bits), every k of the
// benchmark, 1 and 2 threads, products and squares, and bipartite.
TEST(MultipartiteParallel, AppendixSizes) {
  const auto costs = runtime::CostTable::measured();
  for (std::size_t bits : {1024, 1536, 4096, 16384, 65536, 393216}) {
    const std::size_t n = bits / 64;
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    const mpz_class A = random_below(P), B = random_below(P);
    auto a = limbs_of(A, n), b = limbs_of(B, n);
    std::vector<limb_t> r(n);
    for (int T : {1, 2}) {
      for (int kk : {2, 3, 4, 6, 8}) {
        MultipartiteConfig c;
        c.ka = c.kb = kk;
        c.threads = T;
        const auto plan = make_multipartite_plan(n, c, costs);
        std::vector<limb_t> ws(plan.scratch_limbs);
        multipartite_mul(r.data(), a.data(), b.data(), k, plan, ws.data(), T);
        ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << bits << " T=" << T << " k=" << kk;
        const auto splan = make_multipartite_plan(n, square_config(kk, T), costs);
        ws.resize(splan.scratch_limbs);
        multipartite_sqr(r.data(), a.data(), k, splan, ws.data(), T);
        ASSERT_EQ(value_of(r), expected_mp(A, A, P, n)) << bits << " T=" << T << " k=" << kk << " (square)";
      }
      const auto bplan = make_multipartite_plan(n, bipartite_config(T), costs);
      std::vector<limb_t> ws(bplan.scratch_limbs);
      bipartite_mul(r.data(), a.data(), b.data(), k, bplan, ws.data(), T);
      ASSERT_EQ(value_of(r), expected_mp(A, B, P, n)) << bits << " T=" << T << " (bipartite)";
    }
  }
}

}  // namespace
}  // namespace parmod::test

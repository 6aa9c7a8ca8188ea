// pow_sec, fixed_base, powm_crt, the list calls and partition_points through the C++ API.
#include <gtest/gtest.h>

#include <bit>

#include "api/modulus_state.hpp"
#include "config/tuning.hpp"
#include "modmul/montgomery28.hpp"
#include "parmod/parmod.hpp"
#include "runtime/link_speed.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(PowmApi, PowSec) {
  for (std::size_t n : {1u, 2u, 8u, 32u}) {
    const mpz_class P = random_modulus(n, true);
    const Modulus mod(P);
    for (const mpz_class& e : {mpz_class(0), mpz_class(1), rrandom_bits(64 * n), mpz_class(beta_pow(n) - 1)}) {
      const mpz_class b = random_below(P);
      EXPECT_EQ(mod.pow_sec(b, e), gmp_powm(b, e, P));
      EXPECT_EQ(powm_sec(b, e, -P), py_mod(gmp_powm(b, e, P), -P));
      EXPECT_EQ(mod.pow_sec(-b - P, e), gmp_powm(py_mod(-b, P), e, P));
    }
  }
  EXPECT_THROW(powm_sec(2, 3, 10), InvalidArgument);
  EXPECT_THROW(powm_sec(2, -3, 11), InvalidArgument);
  EXPECT_THROW(powm_sec(2, 3, 0), DivisionByZero);
  EXPECT_EQ(powm_sec(2, 3, 1), 0);
}

// pow_sec in radix 2^28 on AVX2 (the tuning key on from the smallest size it takes), against GMP.
TEST(PowmApi, PowSecRadix28) {
  if (!modmul::montgomery28_available(2048)) GTEST_SKIP() << "no AVX2 on this CPU";
  config::Tuning t = config::tuning();
  t.powm_sec_digits28_min_bits = 111;
  const config::ScopedTuning scoped(t);
  for (std::size_t n : {2u, 3u, 16u, 32u, 33u, 54u}) {
    if (reduced_sizes() && (n == 32 || n == 54)) continue;  // the kernels of 33 limbs, at more cost
    for (const mpz_class& P : {random_modulus(n, true), edge_moduli(n, true).front(), edge_moduli(n, true).back()}) {
      if (!modmul::montgomery28_available(mpz_sizeinbase(P.get_mpz_t(), 2))) continue;
      const Modulus mod(P);
      for (const mpz_class& e : {mpz_class(0), mpz_class(1), rrandom_bits(64 * n), mpz_class(beta_pow(n) - 1)}) {
        const mpz_class b = random_below(P);
        EXPECT_EQ(mod.pow_sec(b, e), gmp_powm(b, e, P)) << "n=" << n;
        EXPECT_EQ(mod.pow_sec(-b - P, e), gmp_powm(py_mod(-b, P), e, P)) << "n=" << n;
        EXPECT_EQ(mod.pow_sec(P - 1, e), gmp_powm(P - 1, e, P)) << "n=" << n;
      }
    }
  }
}

TEST(PowmApi, FixedBase) {
  for (std::size_t n : {1u, 3u, 16u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const Modulus mod(P);
      const mpz_class g = rrandom_bits(64 * n + 5);
      const FixedBase fb = mod.fixed_base(g);
      EXPECT_GE(fb.max_exponent_bits(), 64 * n - 1);
      for (const mpz_class& e : {mpz_class(0), mpz_class(1), rrandom_bits(64 * n - 1), rrandom_bits(64 * n + 100)}) {
        EXPECT_EQ(fb.pow(e), gmp_powm(g, e, P));
      }
      mpz_class inv;
      if (mpz_invert(inv.get_mpz_t(), g.get_mpz_t(), P.get_mpz_t()))
        EXPECT_EQ(fb.pow(-5), gmp_powm(inv, 5, P));
      else
        EXPECT_THROW(fb.pow(-5), NotInvertible);
    }
  }
  EXPECT_EQ(Modulus(-7).fixed_base(3).pow(2), -5);  // pow(3, 2, -7) == -5
}

TEST(PowmApi, Crt) {
  // RSA-like: two primes.
  mpz_class p, q;
  mpz_nextprime(p.get_mpz_t(), rrandom_bits(512).get_mpz_t());
  mpz_nextprime(q.get_mpz_t(), rrandom_bits(500).get_mpz_t());
  const mpz_class N = p * q, b = random_below(N), e = rrandom_bits(1000);
  EXPECT_EQ(powm_crt(b, e, {p, q}), gmp_powm(b, e, N));
  // Paillier-like: p^2, q^2; a base sharing a factor; three factors; even factor.
  EXPECT_EQ(powm_crt(b, e, {p * p, q * q}), gmp_powm(b, e, N * N));
  EXPECT_EQ(powm_crt(p * 3, e, {p, q}), gmp_powm(p * 3, e, N));
  EXPECT_EQ(powm_crt(b, e, {p, q, mpz_class(1) << 70}), gmp_powm(b, e, N << 70));
  EXPECT_EQ(powm_crt(b, 0, {p, q}), 1);
  EXPECT_EQ(powm_crt(-b, 65537, {p, q}), gmp_powm(py_mod(-b, N), 65537, N));
  // Exponents long enough for the reduction mod f - 1 (more than 6 times the
  // factor's bits): primes, a prime power and a composite whose f - 1 is wrong.
  const mpz_class E = rrandom_bits(7 * 512 + 64);
  EXPECT_EQ(powm_crt(b, E, {p, q}), gmp_powm(b, E, N));
  EXPECT_EQ(powm_crt(b, E, {p * p, q}), gmp_powm(b, E, p * N));
  EXPECT_EQ(powm_crt(b, E, {p, mpz_class(15)}), gmp_powm(b, E, p * 15));
  EXPECT_EQ(powm_crt(b, E, {q, mpz_class(2)}), gmp_powm(b, E, q * 2));
  mpz_class inv;
  mpz_invert(inv.get_mpz_t(), b.get_mpz_t(), N.get_mpz_t());
  EXPECT_EQ(powm_crt(b, -3, {p, q}), gmp_powm(inv, 3, N));
  EXPECT_THROW(powm_crt(p, -1, {p, q}), NotInvertible);
  EXPECT_THROW(powm_crt(b, e, {}), InvalidArgument);
  EXPECT_THROW(powm_crt(b, e, {p, p * q}), InvalidArgument);
  EXPECT_THROW(powm_crt(b, e, {p, 1}), InvalidArgument);
}

TEST(PowmApi, Lists) {
  const mpz_class m = random_modulus(5, true), even = random_modulus(3, false);
  std::vector<mpz_class> bases, exps;
  for (int i = 0; i < 9; ++i) {
    bases.push_back(rrandom_bits(1 + 40 * i) * (i % 2 ? -1 : 1));
    exps.push_back(rrandom_bits(1 + 37 * i));
  }
  const auto r1 = powm_base_list(bases, exps[5], m);
  const auto r2 = powm_exp_list(bases[3], exps, even);
  const auto r3 = powm_exp_list(bases[3], {exps[0], exps[1]}, m);
  ASSERT_EQ(r1.size(), bases.size());
  for (std::size_t i = 0; i < bases.size(); ++i) {
    EXPECT_EQ(r1[i], gmp_powm(py_mod(bases[i], m), exps[5], m));
    EXPECT_EQ(r2[i], gmp_powm(py_mod(bases[3], even), exps[i], even));
  }
  EXPECT_EQ(r3[1], gmp_powm(py_mod(bases[3], m), exps[1], m));
  EXPECT_TRUE(powm_base_list({}, 3, m).empty());
  EXPECT_THROW(powm_base_list(bases, 3, 0), DivisionByZero);
}

TEST(PowmApi, ListsOnTheTeamWithNegativeExponents) {
  mpz_class m;  // prime: every nonzero base is invertible
  mpz_nextprime(m.get_mpz_t(), random_modulus(7, true).get_mpz_t());
  std::vector<mpz_class> bases, exps;
  for (int i = 0; i < 203; ++i) {
    bases.push_back(random_below(m - 1) + 1);
    exps.push_back(rrandom_bits(1 + (i * 13) % 500) * (i % 5 == 0 ? -1 : 1));
  }
  set_num_threads(3);
  const auto r = powm_list(bases, exps, m);
  const auto r1 = powm_exp_list(bases[1], exps, m);
  const auto r2 = powm_base_list(bases, exps[3], m);
  set_num_threads(0);
  ASSERT_EQ(r.size(), bases.size());
  for (std::size_t i = 0; i < bases.size(); ++i) {
    EXPECT_EQ(r[i], Modulus(m).pow(bases[i], exps[i])) << i;
    EXPECT_EQ(r1[i], Modulus(m).pow(bases[1], exps[i])) << i;
    EXPECT_EQ(r2[i], Modulus(m).pow(bases[i], exps[3])) << i;
  }
  EXPECT_THROW(powm_list({2, 3}, {1, 2, 3}, m), InvalidArgument);
  EXPECT_THROW(powm_list({2, 0, 4}, {mpz_class(-1)}, m), NotInvertible);
  EXPECT_TRUE(powm_list({}, {}, m).empty());
}

TEST(PowmApi, PartitionPoints) {
  const PartitionPoints p = partition_points(1024, 1.14);
  EXPECT_EQ(p.k, 8u);
  EXPECT_NEAR(p.points[0], 652.42623896, 1e-6);
  EXPECT_THROW(partition_points(0, 1.14), InvalidArgument);
  EXPECT_THROW(partition_points(1024, -1), InvalidArgument);
}

}  // namespace
}  // namespace parmod::test

namespace parmod::test {
namespace {

TEST(PublicCounts, MultipartiteLemmas) {
  // k = 5: Figure 1 shows 6 PMR and 6 PBR calls (Lemma 2 erratum), first PBR weight 6.
  const MultipartiteCounts c5 = multipartite_counts(5);
  EXPECT_EQ(c5.pmr_calls, 6);
  EXPECT_EQ(c5.pbr_calls, 6);
  EXPECT_EQ(c5.first_pbr_weight, 6);
  EXPECT_EQ(c5.unreduced_products, 25 - 12);
  EXPECT_EQ(c5.grouped_pmr_calls, 3);
  for (int k = 2; k <= 40; ++k) {
    const MultipartiteCounts c = multipartite_counts(k);
    const int h = (k + 1) / 2;
    EXPECT_EQ(c.pmr_calls, h * (h + 1) / 2) << k;
    EXPECT_EQ(c.unreduced_products, k * k - 2 * c.pmr_calls) << k;
    EXPECT_EQ(c.grouped_pbr_calls, h) << k;
  }
  EXPECT_THROW(multipartite_counts(0), InvalidArgument);
  EXPECT_THROW(multipartite_counts(1), InvalidArgument);  // no split
  EXPECT_THROW(multipartite_counts(32769), InvalidArgument);
  // 3k^2 passes 2^31 from k = 26756 (an outside audit found negative counts).
  for (long long k : {26755LL, 26756LL, 32767LL, 32768LL}) {
    const MultipartiteCounts c = multipartite_counts(static_cast<int>(k));
    const long long h = (k + 1) / 2;
    EXPECT_EQ(c.pmr_calls, h * (h + 1) / 2) << k;
    EXPECT_EQ(c.unreduced_products, k * k - 2 * c.pmr_calls) << k;
  }
}

// While the team's link is slow (made so by hand before each call),
// automatic's pow window on products split over the team (bipartite here)
// runs as the window (powm.split_min_bits 0) or the exponent split (64) on
// the one-thread engine, or as the window on one thread: exact in each
// (against mpz_powm, edge bases and exponents), both forms' times in the
// call's class.  An explicitly requested algorithm is not measured.
class PowWhileTheLinkIsSlow : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PowWhileTheLinkIsSlow, RunsBothForms) {
  config::Tuning t = config::tuning();
  t.modmul_odd_parallel = {{~std::size_t(0), Algorithm::bipartite}};
  t.powm_split_min_bits = GetParam();
  t.powm_square_chain_min_bits = 0;
  t.powm_sequential_engine_max_limbs = 0;  // pow on the bipartite's products
  t.mul_health_pct = 0;
  const config::ScopedTuning scoped(t);
  auto make_slow = [] {
    runtime::link_reset();
    for (int i = 0; i < 64; ++i) runtime::link_observe(250);
    for (int i = 0; i < 64; ++i) runtime::link_observe(1000);
  };
  // The bipartite splits its products from a size its cost table decides
  // (each tuning row has its own): the sizes here that it splits, two at most.
  std::vector<std::size_t> sizes;
  for (std::size_t n : {64u, 97u, 128u, 192u, 256u})
    if (sizes.size() < 2 && Modulus(random_modulus(n, true), Algorithm::automatic, 2)
                                    .describe()
                                    .find("bipartite (chosen by automatic); products on 2 threads") != std::string::npos)
      sizes.push_back(n);
  ASSERT_FALSE(sizes.empty()) << "the bipartite splits none of the sizes under the " << t.row << " row";
  api::slow_link_pows().reset();
  for (std::size_t n : sizes) {
    const mpz_class P = random_modulus(n, true);
    const Modulus mod(P, Algorithm::automatic, 2);
    // Exponents of up to 1024 bits: the forms' choice does not depend on the length.
    const std::vector<mpz_class> exps = {mpz_class(0), mpz_class(1), rrandom_bits(1024), mpz_class(beta_pow(16) - 1)};
    for (int call = 0; call < 12; ++call) {
      make_slow();
      const mpz_class b = call == 0 ? mpz_class(P - 1) : call == 1 ? mpz_class(1) : random_below(P);
      const mpz_class& e = exps[static_cast<std::size_t>(call) % exps.size()];
      EXPECT_EQ(mod.pow(b, e), gmp_powm(b, e, P)) << n << " limbs, call " << call;
    }
    const mpz_class e = rrandom_bits(1024);
    for (int call = 0; call < 8; ++call) {
      make_slow();
      EXPECT_EQ(mod.pow(3, e), gmp_powm(3, e, P));
    }
    const unsigned c = runtime::SlowLinkChoice::size_class(n, std::bit_width(mpz_size(e.get_mpz_t())), 16);
    EXPECT_GT(api::slow_link_pows().parallel_ns(c), 0u) << n;
    EXPECT_GT(api::slow_link_pows().sequential_ns(c), 0u) << n;
  }
  api::slow_link_pows().reset();
  const std::size_t n = sizes.front();
  const mpz_class P = random_modulus(n, true);
  const Modulus requested(P, Algorithm::bipartite, 2);
  ASSERT_NE(requested.describe().find("products on 2 threads"), std::string::npos) << requested.describe();
  const mpz_class e = rrandom_bits(1024);
  for (int call = 0; call < 8; ++call) {
    make_slow();
    EXPECT_EQ(requested.pow(5, e), gmp_powm(5, e, P));
  }
  const unsigned c = runtime::SlowLinkChoice::size_class(n, std::bit_width(mpz_size(e.get_mpz_t())), 16);
  EXPECT_EQ(api::slow_link_pows().parallel_ns(c) + api::slow_link_pows().sequential_ns(c), 0u);
  runtime::link_reset();
}

INSTANTIATE_TEST_SUITE_P(SplitMinBits, PowWhileTheLinkIsSlow, ::testing::Values(std::size_t(0), std::size_t(64)));

}  // namespace
}  // namespace parmod::test

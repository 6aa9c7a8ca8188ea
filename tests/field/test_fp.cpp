// tests/field/test_fp.cpp - parmod::Fp<N> against GMP for N = 2..8, both
// kernel paths, random and edge values (0, 1, p-1, and representations in
// [p, 2p) when lazy): add, sub, neg, dbl, half, mul, sqr, mul_small, pow, inv,
// sqrt, equality, mpz and byte conversions; the named primes are checked
// against their defining formulas and for primality.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"

using namespace fieldtest;
using u64 = std::uint64_t;

namespace {

// The residue an element represents: raw * R^-1 mod p; also checks the range.
template <int N>
mpz_class value(const parmod::Fp<N>& F, const typename parmod::Fp<N>::Element& e) {
  mpz_class raw = from_limbs(e.v, N);
  mpz_class bound = F.lazy() ? mpz_class(2 * F.modulus()) : F.modulus();
  EXPECT_LT(raw, bound) << "element out of range";
  mpz_class r = F.to_mpz(e);
  mpz_class Ri, R = mpz_class(1) << (64 * N);
  mpz_invert(Ri.get_mpz_t(), R.get_mpz_t(), F.modulus().get_mpz_t());
  mpz_class want = raw * Ri % F.modulus();
  EXPECT_EQ(r, want);
  return r;
}

template <int N>
void check_field(const mpz_class& p, parmod::FieldPath path, Rng& rng, int iterations) {
  parmod::Fp<N> F(p, path);
  ASSERT_EQ(F.lazy(), 4 * p < (mpz_class(1) << (64 * N)));
  std::vector<mpz_class> edge = {0, 1, 2, p - 1, p - 2, (p - 1) / 2};
  for (int it = 0; it < reps(iterations); ++it) {
    mpz_class a = it < (int)edge.size() * (int)edge.size() ? edge[it % edge.size()] : rng.below(p);
    mpz_class b = it < (int)edge.size() * (int)edge.size() ? edge[it / edge.size()] : rng.below(p);
    auto ea = element(F, a, it & 1), eb = element(F, b, it & 2);
    ASSERT_EQ(value(F, ea), a);
    ASSERT_EQ(value(F, eb), b);
    ASSERT_EQ(value(F, F.add(ea, eb)), (a + b) % p);
    ASSERT_EQ(value(F, F.sub(ea, eb)), ((a - b) % p + p) % p);
    ASSERT_EQ(value(F, F.neg(ea)), (p - a) % p);
    ASSERT_EQ(value(F, F.dbl(ea)), 2 * a % p);
    ASSERT_EQ(value(F, F.mul(ea, eb)), a * b % p);
    ASSERT_EQ(value(F, F.sqr(ea)), a * a % p);
    mpz_class half = a * ((p + 1) / 2) % p;
    ASSERT_EQ(value(F, F.half(ea)), half);
    std::uint32_t k = (std::uint32_t)(it * 2654435761u >> 20);
    ASSERT_EQ(value(F, F.mul_small(ea, k)), a * k % p);
    ASSERT_EQ(F.equal(ea, eb), a == b);
    ASSERT_TRUE(F.equal(ea, F.from_mpz(a)));
    ASSERT_EQ(F.is_zero(ea), a == 0);
    // bytes round trip, fixed length, big-endian
    std::vector<unsigned char> bytes(F.byte_length());
    F.to_bytes(bytes.data(), ea);
    mpz_class from_bytes;
    mpz_import(from_bytes.get_mpz_t(), bytes.size(), 1, 1, 0, 0, bytes.data());
    ASSERT_EQ(from_bytes, a);
    typename parmod::Fp<N>::Element back;
    ASSERT_TRUE(F.from_bytes(back, bytes.data()));
    ASSERT_TRUE(F.equal(back, ea));
    if (it % 16 == 0) {
      // inversion, Fermat; inv(0) = 0
      mpz_class want = 0;
      if (a != 0) mpz_invert(want.get_mpz_t(), a.get_mpz_t(), p.get_mpz_t());
      ASSERT_EQ(value(F, F.inv(ea)), want);
      // square root (p = 3 mod 4 for every test modulus)
      typename parmod::Fp<N>::Element s;
      bool is_sq = F.sqrt(s, ea);
      ASSERT_EQ(is_sq, mpz_legendre(a.get_mpz_t(), p.get_mpz_t()) >= 0);
      if (is_sq) {
        ASSERT_EQ(value(F, F.sqr(s)), a);
      }
      // pow with an mpz exponent
      mpz_class e = rng.bits(100), want_pow;
      mpz_powm(want_pow.get_mpz_t(), a.get_mpz_t(), e.get_mpz_t(), p.get_mpz_t());
      ASSERT_EQ(value(F, F.pow(ea, e)), want_pow);
    }
  }
  // a value >= p is rejected by from_bytes
  std::vector<unsigned char> bytes(F.byte_length());
  mpz_export(bytes.data() + bytes.size() - (mpz_sizeinbase(p.get_mpz_t(), 256)), nullptr, 1, 1, 0, 0, p.get_mpz_t());
  typename parmod::Fp<N>::Element r;
  ASSERT_FALSE(F.from_bytes(r, bytes.data()));
  // conversions of out-of-range and negative integers
  ASSERT_EQ(F.to_mpz(F.from_mpz(-mpz_class(5))), p - 5);
  ASSERT_EQ(F.to_mpz(F.from_mpz(p * 3 + 7)), 7);
}

}  // namespace

TEST(Fp, NamedPrimesMatchTheirSpecifications) {
  for (auto& np : named_primes()) {
    EXPECT_EQ(np.p, np.formula) << np.name;
    EXPECT_GT(mpz_probab_prime_p(np.p.get_mpz_t(), 40), 0) << np.name;
    EXPECT_EQ(mpz_fdiv_ui(np.p.get_mpz_t(), 4), 3u) << np.name;
    EXPECT_LE(mpz_sizeinbase(np.p.get_mpz_t(), 2), 64u * np.limbs) << np.name;
  }
  // which named primes are lazy: BN254 (< 2^254) and BLS12-381 (< 2^382) are
  parmod::Fp<4> bn(named_primes()[2].p), p256(named_primes()[0].p);
  parmod::Fp<6> bls(named_primes()[3].p);
  EXPECT_TRUE(bn.lazy());
  EXPECT_TRUE(bls.lazy());
  EXPECT_FALSE(p256.lazy());
}

TEST(Fp, AgreesWithGmpAllSizesBothPaths) {
  for_each_n([]<int N>() {
    Rng rng(200 + N);
    for (auto& [name, p] : moduli_for(N, 2))
      for (auto path : paths()) {
        SCOPED_TRACE(name + " N=" + std::to_string(N) + " " + parmod::field_path_name(path));
        check_field<N>(p, path, rng, 400);
      }
  });
}

TEST(Fp, RejectsBadModuli) {
  EXPECT_THROW(parmod::Fp<2>(mpz_class(10)), parmod::InvalidArgument);
  EXPECT_THROW(parmod::Fp<2>(mpz_class(1)), parmod::InvalidArgument);
  EXPECT_THROW(parmod::Fp<2>(mpz_class(1) << 129), parmod::InvalidArgument);
  parmod::Fp<2> f(mpz_class(13));  // 13 = 1 mod 4: sqrt not supported
  parmod::Fp<2>::Element r;
  EXPECT_THROW(f.sqrt(r, f.one()), parmod::InvalidArgument);
  // a small modulus in many limbs works
  EXPECT_EQ(f.to_mpz(f.mul(f.from_mpz(5), f.from_mpz(7))), 35 % 13);
}

TEST(Fp, PathsGiveIdenticalRepresentations) {
  if (!parmod::cpu_has_mulx_adx()) GTEST_SKIP() << "no mulx/adx on this CPU";
  for_each_n([]<int N>() {
    Rng rng(300 + N);
    for (auto& [name, p] : moduli_for(N, 3)) {
      parmod::Fp<N> A(p, parmod::FieldPath::portable), B(p, parmod::FieldPath::mulx_adx);
      for (int i = 0; i < reps(200); ++i) {
        mpz_class a = rng.below(p), b = rng.below(p);
        auto x = A.mul(A.from_mpz(a), A.from_mpz(b)), y = B.mul(B.from_mpz(a), B.from_mpz(b));
        auto s = A.sqr(A.from_mpz(a)), t = B.sqr(B.from_mpz(a));
        for (int j = 0; j < N; ++j) {
          ASSERT_EQ(x.v[j], y.v[j]) << name;
          ASSERT_EQ(s.v[j], t.v[j]) << name;
        }
      }
    }
  });
}

// tests/field/test_lazy.cpp - lazy reduction (fp.hpp): long randomized chains
// of mixed operations, every result checked for its range ([0, 2p) lazy,
// [0, p) strict) and its value against GMP; unreduced sums fed into
// multiplications where mul_unreduced_ok() allows it; both kernel paths.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"

using namespace fieldtest;

namespace {

template <int N>
void chain(const mpz_class& p, parmod::FieldPath path, unsigned long seed, int steps) {
  using F = parmod::Fp<N>;
  F f(p, path);
  Rng rng(seed);
  mpz_class R = mpz_class(1) << (64 * N), Ri;
  mpz_invert(Ri.get_mpz_t(), R.get_mpz_t(), p.get_mpz_t());
  const mpz_class bound = f.lazy() ? mpz_class(2 * p) : p;
  constexpr int K = 8;
  typename F::Element x[K];
  mpz_class v[K];
  for (int i = 0; i < K; ++i) {
    v[i] = i == 2 ? mpz_class(p - 1) : i < 2 ? mpz_class(i) : rng.below(p);
    x[i] = f.from_mpz(v[i]);
  }
  for (int s = 0; s < reps(steps); ++s) {
    int d = (int)rng.below(K).get_ui(), i = (int)rng.below(K).get_ui(), j = (int)rng.below(K).get_ui();
    int op = (int)rng.below(9).get_ui();
    typename F::Element r;
    mpz_class want;
    switch (op) {
      case 0: r = f.add(x[i], x[j]); want = v[i] + v[j]; break;
      case 1: r = f.sub(x[i], x[j]); want = v[i] - v[j]; break;
      case 2: r = f.neg(x[i]); want = -v[i]; break;
      case 3: r = f.dbl(x[i]); want = 2 * v[i]; break;
      case 4: r = f.half(x[i]); want = v[i] * ((p + 1) / 2); break;
      case 5: r = f.mul(x[i], x[j]); want = v[i] * v[j]; break;
      case 6: r = f.sqr(x[i]); want = v[i] * v[i]; break;
      case 7: r = f.mul_small(x[i], 12345); want = v[i] * 12345; break;
      default: {
        // an unreduced sum (< 2M) feeding a multiplication, when allowed
        if (f.mul_unreduced_ok() >= 2) {
          typename F::Element sum;
          parmod::field::limbs::add<N>(sum.v, x[i].v, x[j].v);  // no reduction
          r = f.mul(sum, x[d]);
          want = (v[i] + v[j]) * v[d];
        } else {
          r = f.mul(f.add(x[i], x[j]), x[d]);
          want = (v[i] + v[j]) * v[d];
        }
      }
    }
    want %= p;
    if (want < 0) want += p;
    mpz_class raw = from_limbs(r.v, N);
    ASSERT_LT(raw, bound) << "step " << s << " op " << op;
    ASSERT_EQ(raw * Ri % p, want) << "step " << s << " op " << op;
    x[d] = r;
    v[d] = want;
  }
}

}  // namespace

TEST(LazyReduction, LongMixedChainsStayInRangeAndCorrect) {
  std::vector<parmod::FieldPath> paths{parmod::FieldPath::portable};
  if (parmod::cpu_has_mulx_adx()) paths.push_back(parmod::FieldPath::mulx_adx);
  for_each_n([&]<int N>() {
    for (auto& [name, p] : moduli_for(N, 4))
      for (auto path : paths) {
        SCOPED_TRACE(name + " N=" + std::to_string(N) + " " + parmod::field_path_name(path));
        chain<N>(p, path, 400 + N, 20000);
      }
  });
}

TEST(LazyReduction, BoundIsExactlyQuarterOfR) {
  // p just below R/4 is lazy, p just above is strict (first odd primes around 2^126).
  mpz_class q = mpz_class(1) << 126, below = q, above = q;
  mpz_class t = q - 200;
  mpz_nextprime(below.get_mpz_t(), t.get_mpz_t());
  mpz_nextprime(above.get_mpz_t(), q.get_mpz_t());
  ASSERT_LT(below, q);
  EXPECT_TRUE(parmod::Fp<2>(below).lazy());
  EXPECT_FALSE(parmod::Fp<2>(above).lazy());
  // and the largest lazy prime still keeps products of maximal lazy values < 2p
  parmod::Fp<2> f(below);
  parmod::Fp<2>::Element m;
  to_limbs(m.v, 2, 2 * below - 1);
  auto r = f.mul(m, m);
  EXPECT_LT(from_limbs(r.v, 2), 2 * below);
}

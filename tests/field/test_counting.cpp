// tests/field/test_counting.cpp - the paper's operation counts, measured by
// the instrumented F_q^2 (counting.hpp): Toom-Cook-3i 5 multiplications and at
// most 27 add/subs, Karatsuba-3 6 multiplications and 15 add/subs, schoolbook
// 9; and the counting field computes the same results.
#include <gtest/gtest.h>

#include "field_test_util.hpp"
#include "parmod/field.hpp"

using namespace fieldtest;

TEST(OperationCounts, PaperCounts) {
  using F = parmod::Fp<4>;
  using F2 = parmod::Fp2<F>;
  using CF2 = parmod::field::CountingFp2<F2>;
  F f(named_primes()[2].p);  // BN254
  F2 f2(f);
  CF2 cf2(f2);
  parmod::Fp6<F2> plain(f2, {9, 1});
  parmod::Fp6<CF2> counted(cf2, {9, 1});
  Rng rng(700);
  auto rnd = [&] {
    parmod::Fp6<F2>::Element e;
    for (auto& c : e.c) c = f2.from_mpz(rng.below(f.modulus()), rng.below(f.modulus()));
    return e;
  };
  auto a = rnd(), b = rnd();
  parmod::Fp6<CF2>::Element ca{{a.c[0], a.c[1], a.c[2]}}, cb{{b.c[0], b.c[1], b.c[2]}};

  cf2.reset();
  auto t4 = counted.mul4_toom3i(ca, cb);
  EXPECT_EQ(cf2.counts().mul, 5u);
  EXPECT_LE(cf2.counts().add, 27u);
  EXPECT_EQ(cf2.counts().add, 25u);  // 12 evaluation + 13 interpolation
  EXPECT_EQ(cf2.counts().mul_xi, 2u);
  EXPECT_EQ(cf2.counts().sqr, 0u);
  EXPECT_EQ(cf2.counts().half, 0u);
  RecordProperty("toom3i_adds", (int)cf2.counts().add);

  cf2.reset();
  auto t = counted.mul_toom3i(ca, cb);
  EXPECT_EQ(cf2.counts().mul, 5u);
  EXPECT_EQ(cf2.counts().half, 6u);  // the factor 4 removed by two halvings per coefficient

  cf2.reset();
  auto k = counted.mul_karatsuba3(ca, cb);
  EXPECT_EQ(cf2.counts().mul, 6u);
  EXPECT_EQ(cf2.counts().add, 15u);
  EXPECT_EQ(cf2.counts().mul_xi, 2u);

  cf2.reset();
  auto s = counted.mul_schoolbook(ca, cb);
  EXPECT_EQ(cf2.counts().mul, 9u);
  EXPECT_EQ(cf2.counts().add, 6u);

  cf2.reset();
  auto q = counted.sqr4_toom3i(ca);
  EXPECT_EQ(cf2.counts().sqr, 5u);
  EXPECT_EQ(cf2.counts().mul, 0u);
  EXPECT_EQ(cf2.counts().add, 19u);  // 6 evaluation + 13 interpolation

  // counting does not change results
  auto want = plain.mul_karatsuba3(a, b);
  auto want4 = plain.mul4_toom3i(a, b);
  auto wantsq4 = plain.sqr4_toom3i(a);
  for (int j = 0; j < 3; ++j) {
    EXPECT_TRUE(f2.equal(k.c[j], want.c[j]));
    EXPECT_TRUE(f2.equal(s.c[j], want.c[j]));
    EXPECT_TRUE(f2.equal(t.c[j], want.c[j]));
    EXPECT_TRUE(f2.equal(t4.c[j], want4.c[j]));
    EXPECT_TRUE(f2.equal(q.c[j], wantsq4.c[j]));
  }
}

// Tests bench/check: a result equal to GMP's passes, any other fails with
// one line naming the check; from_limbs reads little-endian limbs.  (That
// PARMOD_BENCH_CORRUPT_CHECK makes every bench fail is tested end to end by
// tests/bench/test_bench_checks.sh.)
#include "check.hpp"

#include <gtest/gtest.h>

namespace parmod::bench {
namespace {

TEST(BenchCheck, PassesEqualFailsUnequal) {
  const std::size_t before = checks_made();
  EXPECT_NO_THROW(check_result("demo 64 bits: same", mpz_class(12345), mpz_class(12345)));
  try {
    check_result("demo 64 bits: off by one", mpz_class(12346), mpz_class(12345));
    FAIL() << "no CheckFailure";
  } catch (const CheckFailure& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("demo 64 bits: off by one"), std::string::npos) << w;
    EXPECT_EQ(w.find('\n'), std::string::npos) << w;
  }
  EXPECT_THROW(check_result("sign", mpz_class(-5), mpz_class(5)), CheckFailure);
  EXPECT_EQ(checks_made(), before + 3);
}

TEST(BenchCheck, FromLimbs) {
  const mp_limb_t l[3] = {1, 2, 3};
  EXPECT_EQ(from_limbs(l, 3), (mpz_class(3) << 128) + (mpz_class(2) << 64) + 1);
  EXPECT_EQ(from_limbs(l, 0), 0);
}

}  // namespace
}  // namespace parmod::bench

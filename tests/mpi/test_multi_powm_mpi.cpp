// tests/mpi/test_multi_powm_mpi.cpp - parmod_mpi_multi_powm against
// parmod_multi_powm and GMP on every rank: 0, 1, fewer pairs than ranks and
// hundreds, mixed sizes and signs, even and odd moduli.
#include <gtest/gtest.h>

#include "mpi/mpi_support.hpp"
#include "parmod_mpi.h"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_multi(std::size_t count, std::size_t bits, bool odd) {
  SCOPED_TRACE(::testing::Message() << "count " << count << ", m bits " << bits << (odd ? " odd" : " even"));
  const mpz_class m = signed_modulus(bits, odd);
  std::vector<mpz_class> bases, exps;
  for (std::size_t i = 0; i < count; ++i) {
    bases.push_back(random_base(m, 1 + rng().below_ui(bits), odd));
    exps.push_back(random_exponent(1 + rng().below_ui(bits), odd && rng().below_ui(4) == 0));
  }
  Mpzs b(bases), e(exps);
  mpz_class got = 777, want, oracle = 1;
  ASSERT_EQ(parmod_mpi_multi_powm(got.get_mpz_t(), count, b.get(), e.get(), m.get_mpz_t(), MPI_COMM_WORLD), PARMOD_OK);
  ASSERT_EQ(parmod_multi_powm(want.get_mpz_t(), count, b.get(), e.get(), m.get_mpz_t()), PARMOD_OK);
  ASSERT_EQ(got, want);
  bool nonnegative = true;
  for (std::size_t i = 0; i < count; ++i) {
    nonnegative = nonnegative && exps[i] >= 0;
    if (nonnegative) oracle = py_mod(oracle * python_powm(bases[i], exps[i], m), m);
  }
  if (nonnegative) ASSERT_EQ(got, py_mod(oracle, m));
}

TEST(MpiMultiPowm, SmallCounts) {
  const std::size_t ranks = static_cast<std::size_t>(world_size());
  for (std::size_t count : {std::size_t(0), std::size_t(1), ranks - 1, ranks + 2})
    for (bool odd : {true, false}) check_multi(count, 256, odd);
}

TEST(MpiMultiPowm, MixedSizesAndHundreds) {
  for (std::size_t bits : {64u, 200u, 1024u, 2048u})
    for (bool odd : {true, false}) check_multi(9, bits, odd);
  check_multi(400, 256, true);
}

}  // namespace
}  // namespace parmod::test

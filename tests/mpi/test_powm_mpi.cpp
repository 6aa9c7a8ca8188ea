// tests/mpi/test_powm_mpi.cpp - parmod_mpi_powm (the exponent split across the
// ranks) against parmod_powm and GMP on every rank: edge exponents and bases,
// even and odd moduli of either sign, exponents long enough for every rank to
// get a factor, negative exponents.
#include <gtest/gtest.h>

#include "mpi/mpi_support.hpp"
#include "parmod_mpi.h"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

void check_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  SCOPED_TRACE(::testing::Message() << "b bits " << mpz_sizeinbase(b.get_mpz_t(), 2) << ", e " << (e < 0 ? "-" : "")
                                    << mpz_sizeinbase(e.get_mpz_t(), 2) << " bits, m " << m);
  mpz_class got = 12345, want;
  ASSERT_EQ(parmod_mpi_powm(got.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t(), MPI_COMM_WORLD), PARMOD_OK);
  ASSERT_EQ(parmod_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t()), PARMOD_OK);
  ASSERT_EQ(got, want);
  if (e >= 0) ASSERT_EQ(got, python_powm(b, e, m));
}

TEST(MpiPowm, EdgeOperands) {
  for (const mpz_class& m : {mpz_class(1), mpz_class(-1), mpz_class(2), mpz_class(3), mpz_class(-7),
                             random_modulus_bits(64, true), random_modulus_bits(200, false)})
    for (const mpz_class& b : {mpz_class(0), mpz_class(1), mpz_class(-1), mpz_class(2), mpz_class(m - 1)})
      for (const mpz_class& e : {mpz_class(0), mpz_class(1), mpz_class(2), mpz_class(3), mpz_class(1000)})
        check_powm(b, e, m);
}

TEST(MpiPowm, RandomSizes) {
  for (std::size_t bits : {64u, 128u, 511u, 1024u, 2048u, 4096u})
    for (bool odd : {true, false})
      for (int i = 0; i < 3; ++i) {
        const mpz_class m = signed_modulus(bits, odd);
        check_powm(random_base(m, bits, false), random_exponent(bits + rng().below_ui(2 * bits), false), m);
      }
}

TEST(MpiPowm, LongExponentsAllOnes) {  // every rank a factor, runs of ones across the boundaries
  const mpz_class m = random_modulus_bits(1024, true);
  mpz_class e = (mpz_class(1) << 5000) - 1;
  check_powm(random_base(m, 1024, false), e, m);
  check_powm(random_base(m, 1024, false), rrandom_bits(9000), m);
}

TEST(MpiPowm, NegativeExponents) {
  for (bool odd : {true, false})
    for (int i = 0; i < 4; ++i) {
      const mpz_class m = signed_modulus(700, odd);
      check_powm(random_base(m, 700, true), random_exponent(3000, true), m);
    }
}

}  // namespace
}  // namespace parmod::test

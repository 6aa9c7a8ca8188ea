// tests/mpi/test_errors_mpi.cpp - an error on one rank is the error of every
// rank, nothing hangs, and no result changes on error.
#include <gtest/gtest.h>

#include "mpi/mpi_support.hpp"
#include "parmod_mpi.h"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// The rank that misbehaves: the last one.
bool is_bad_rank() { return world_rank() == world_size() - 1; }

struct ListCase {
  mpz_class m = random_modulus_bits(256, true);
  std::vector<mpz_class> bases, exps;
  ListCase() {
    for (int i = 0; i < 11; ++i) {
      bases.push_back(random_base(m, 256, true));
      exps.push_back(random_exponent(200, false));
    }
  }
};

TEST(MpiErrors, ZeroModulusOnOneRank) {
  ListCase c;
  const mpz_class m = is_bad_rank() ? mpz_class(0) : c.m;
  Mpzs b(c.bases), e(c.exps), r(std::vector<mpz_class>(c.bases.size(), mpz_class(42)));
  EXPECT_EQ(parmod_mpi_powm_list(r.get(), c.bases.size(), b.get(), c.bases.size(), e.get(), c.exps.size(),
                                 m.get_mpz_t(), MPI_COMM_WORLD),
            PARMOD_ERR_DIVISION_BY_ZERO);
  for (const mpz_class& x : r.values()) EXPECT_EQ(x, 42);  // unchanged
  mpz_class out = 42;
  EXPECT_EQ(parmod_mpi_powm(out.get_mpz_t(), c.bases[0].get_mpz_t(), c.exps[0].get_mpz_t(), m.get_mpz_t(),
                            MPI_COMM_WORLD),
            PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(parmod_mpi_multi_powm(out.get_mpz_t(), c.bases.size(), b.get(), e.get(), m.get_mpz_t(), MPI_COMM_WORLD),
            PARMOD_ERR_DIVISION_BY_ZERO);
  EXPECT_EQ(out, 42);
}

TEST(MpiErrors, BadCountsOnOneRank) {
  ListCase c;
  Mpzs b(c.bases), e(c.exps), r(c.bases.size());
  const std::size_t n = c.bases.size();
  // bases_count neither 1 nor count on one rank.
  EXPECT_EQ(parmod_mpi_powm_list(r.get(), n, b.get(), is_bad_rank() ? n - 1 : n, e.get(), n, c.m.get_mpz_t(),
                                 MPI_COMM_WORLD),
            PARMOD_ERR_INVALID_ARGUMENT);
  // A valid but different count on one rank (the ranks disagree).
  if (world_size() > 1)
    EXPECT_EQ(parmod_mpi_powm_list(r.get(), is_bad_rank() ? n - 1 : n, b.get(), 1, e.get(), 1, c.m.get_mpz_t(),
                                   MPI_COMM_WORLD),
              PARMOD_ERR_INVALID_ARGUMENT);
  // A null result array on one rank.
  EXPECT_EQ(parmod_mpi_powm_list(is_bad_rank() ? nullptr : r.get(), n, b.get(), n, e.get(), n, c.m.get_mpz_t(),
                                 MPI_COMM_WORLD),
            PARMOD_ERR_INVALID_ARGUMENT);
  mpz_class out;
  EXPECT_EQ(parmod_mpi_multi_powm(out.get_mpz_t(), n, is_bad_rank() ? nullptr : b.get(), e.get(), c.m.get_mpz_t(),
                                  MPI_COMM_WORLD),
            PARMOD_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(parmod_mpi_powm(is_bad_rank() ? nullptr : out.get_mpz_t(), c.bases[0].get_mpz_t(), c.exps[0].get_mpz_t(),
                            c.m.get_mpz_t(), MPI_COMM_WORLD),
            PARMOD_ERR_INVALID_ARGUMENT);
}

TEST(MpiErrors, NotInvertibleInTheLastBlock) {  // only the last rank's block meets it
  ListCase c;
  c.bases.back() = c.m * 3;  // no inverse
  c.exps.back() = -5;
  const std::size_t n = c.bases.size();
  Mpzs b(c.bases), e(c.exps), r(n);
  EXPECT_EQ(parmod_mpi_powm_list(r.get(), n, b.get(), n, e.get(), n, c.m.get_mpz_t(), MPI_COMM_WORLD),
            PARMOD_ERR_NOT_INVERTIBLE);
  mpz_class out;
  EXPECT_EQ(parmod_mpi_multi_powm(out.get_mpz_t(), n, b.get(), e.get(), c.m.get_mpz_t(), MPI_COMM_WORLD),
            PARMOD_ERR_NOT_INVERTIBLE);
  EXPECT_EQ(parmod_mpi_powm(out.get_mpz_t(), c.bases.back().get_mpz_t(), c.exps.back().get_mpz_t(), c.m.get_mpz_t(),
                            MPI_COMM_WORLD),
            PARMOD_ERR_NOT_INVERTIBLE);
}

TEST(MpiErrors, NullCommunicatorFailsLocally) {  // no communication: only one rank calls
  ListCase c;
  mpz_class out;
  if (world_rank() == 0) {
    EXPECT_EQ(parmod_mpi_powm(out.get_mpz_t(), c.bases[0].get_mpz_t(), c.exps[0].get_mpz_t(), c.m.get_mpz_t(),
                              MPI_COMM_NULL),
              PARMOD_ERR_INVALID_ARGUMENT);
    Mpzs b(c.bases), e(c.exps), r(c.bases.size());
    EXPECT_EQ(parmod_mpi_powm_list(r.get(), 1, b.get(), 1, e.get(), 1, c.m.get_mpz_t(), MPI_COMM_NULL),
              PARMOD_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(parmod_mpi_multi_powm(out.get_mpz_t(), 1, b.get(), e.get(), c.m.get_mpz_t(), MPI_COMM_NULL),
              PARMOD_ERR_INVALID_ARGUMENT);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

TEST(MpiErrors, ValidCallAfterErrors) {  // the ranks stay in step after every failure above
  ListCase c;
  const std::size_t n = c.bases.size();
  Mpzs b(c.bases), e(c.exps), r(n);
  ASSERT_EQ(parmod_mpi_powm_list(r.get(), n, b.get(), n, e.get(), n, c.m.get_mpz_t(), MPI_COMM_WORLD), PARMOD_OK);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(r.values()[i], python_powm(c.bases[i], c.exps[i], c.m));
}

}  // namespace
}  // namespace parmod::test

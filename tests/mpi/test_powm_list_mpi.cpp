// tests/mpi/test_powm_list_mpi.cpp - parmod_mpi_powm_list against
// parmod_powm_list and GMP, on every rank, for lists of 0, 1, fewer items than
// ranks and thousands, mixed sizes and signs, even and odd moduli, and the
// three list forms (one base, one exponent, pairs).
#include <gtest/gtest.h>

#include "mpi/mpi_support.hpp"
#include "parmod_mpi.h"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

enum class Form { pairs, one_base, one_exponent };

// Runs one list both ways and compares; operands drawn alike on every rank.
void check_list(std::size_t count, std::size_t modulus_bits, bool odd, std::size_t exponent_bits, Form form) {
  SCOPED_TRACE(::testing::Message() << "count " << count << ", m bits " << modulus_bits << (odd ? " odd" : " even")
                                    << ", e bits " << exponent_bits << ", form " << static_cast<int>(form));
  const mpz_class m = signed_modulus(modulus_bits, odd);
  const std::size_t nb = form == Form::one_base ? 1 : count, ne = form == Form::one_exponent ? 1 : count;
  std::vector<mpz_class> bases, exps;
  const bool negatives = odd;  // negative exponents need inverses: bases prime to m
  for (std::size_t i = 0; i < nb; ++i)
    bases.push_back(random_base(m, 1 + rng().below_ui(modulus_bits), negatives));
  for (std::size_t i = 0; i < ne; ++i)
    exps.push_back(random_exponent(1 + rng().below_ui(exponent_bits), negatives && rng().below_ui(4) == 0));
  if (count == 0) {  // the counts follow parmod_powm_list: 1 stands for every i
    bases.assign(1, mpz_class(3));
    exps.assign(1, mpz_class(5));
  }
  Mpzs b(bases), e(exps), distributed(count), single(count);
  Mpzs mm(std::vector<mpz_class>{m});
  ASSERT_EQ(parmod_mpi_powm_list(distributed.get(), count, b.get(), b.size(), e.get(), e.size(), mm.get()[0],
                                 MPI_COMM_WORLD),
            PARMOD_OK);
  ASSERT_EQ(parmod_powm_list(single.get(), count, b.get(), b.size(), e.get(), e.size(), mm.get()[0]), PARMOD_OK);
  const std::vector<mpz_class> got = distributed.values(), want = single.values();
  for (std::size_t i = 0; i < count; ++i) {
    ASSERT_EQ(got[i], want[i]) << "item " << i;
    const mpz_class& x = exps[ne == 1 ? 0 : i];
    if (x >= 0) ASSERT_EQ(got[i], python_powm(bases[nb == 1 ? 0 : i], x, m)) << "item " << i;
  }
}

TEST(MpiPowmList, EmptyOneAndFewerThanRanks) {
  const std::size_t ranks = static_cast<std::size_t>(world_size());
  for (std::size_t count : {std::size_t(0), std::size_t(1), ranks - 1, ranks + 1})
    for (bool odd : {true, false})
      for (Form f : {Form::pairs, Form::one_base, Form::one_exponent}) check_list(count, 256, odd, 300, f);
}

TEST(MpiPowmList, MixedSizes) {
  for (std::size_t bits : {64u, 65u, 127u, 521u, 1024u, 2048u})
    for (bool odd : {true, false})
      for (Form f : {Form::pairs, Form::one_base, Form::one_exponent}) check_list(7 + bits % 5, bits, odd, bits, f);
}

TEST(MpiPowmList, Thousands) {
  check_list(3000, 192, true, 200, Form::pairs);
  check_list(2000, 130, false, 130, Form::one_base);
  check_list(2000, 256, true, 64, Form::one_exponent);
}

TEST(MpiPowmList, SubCommunicator) {  // ranks split into even and odd halves, each its own list
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, world_rank() % 2, world_rank(), &half);
  const mpz_class m = random_modulus_bits(300, true);
  std::vector<mpz_class> bases;
  for (int i = 0; i < 17; ++i) bases.push_back(rrandom_bits(280) + world_rank() % 2);
  Mpzs b(bases), e(std::vector<mpz_class>{mpz_class(65537)}), r(bases.size());
  Mpzs mm(std::vector<mpz_class>{m});
  ASSERT_EQ(parmod_mpi_powm_list(r.get(), bases.size(), b.get(), bases.size(), e.get(), 1, mm.get()[0], half),
            PARMOD_OK);
  for (std::size_t i = 0; i < bases.size(); ++i) EXPECT_EQ(r.values()[i], python_powm(bases[i], 65537, m));
  MPI_Comm_free(&half);
}

}  // namespace
}  // namespace parmod::test

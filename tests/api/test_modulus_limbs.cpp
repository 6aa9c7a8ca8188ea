// Modulus's limb-level products in the representation (element_limbs,
// to_mont_limbs, mont_mul_limbs, from_mont_limbs) against GMP, for every
// algorithm that takes the modulus, on edge and random moduli, one and two
// threads, chained products and aliased outputs.
#include <gtest/gtest.h>

#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

// The algorithms that take P here (montgomery52: CPUs with IFMA, odd P; montgomery28: AVX2, odd P of up to 16574 bits).
std::vector<Modulus> moduli_for(const mpz_class& P, int threads) {
  std::vector<Modulus> out;
  for (Algorithm a : {Algorithm::automatic, Algorithm::montgomery, Algorithm::barrett, Algorithm::bipartite,
                      Algorithm::multipartite, Algorithm::montgomery52, Algorithm::montgomery28}) {
    try {
      out.emplace_back(P, a, threads);
    } catch (const UnsupportedAlgorithm&) {
    }
  }
  return out;
}

TEST(ModulusLimbs, ProductsMatchGmp) {
  std::vector<mpz_class> moduli;
  for (std::size_t n : {1u, 2u, 5u, 16u, 33u, 70u}) {
    for (const auto& P : edge_moduli(n, n % 2 == 1)) moduli.push_back(P);
    moduli.push_back(random_modulus(n, true));
    moduli.push_back(random_modulus(n, false));
  }
  for (const mpz_class& P : moduli) {
    for (int threads : {1, 2}) {
      for (const Modulus& m : moduli_for(P, threads)) {
        const std::string where = std::string(algorithm_name(m.algorithm())) + " T=" + std::to_string(threads) +
                                  " P=" + P.get_str(16);
        ASSERT_GE(m.element_limbs(), 1u) << where;
        std::vector<mp_limb_t> x(m.element_limbs()), y(x.size()), r(x.size()), work(m.mont_mul_scratch_limbs());
        std::vector<mpz_class> ops = edge_operands(P);
        ops.push_back(-random_below(P) - 5);  // any integer: reduced first
        ops.push_back(rrandom_bits(mpz_sizeinbase(P.get_mpz_t(), 2) + 70));
        const mpz_class b = random_below(P);
        m.to_mont_limbs(y.data(), b);
        for (const mpz_class& a : ops) {
          const mpz_class a_mod = py_mod(a, P);
          m.to_mont_limbs(x.data(), a);
          ASSERT_EQ(m.from_mont_limbs(x.data()), a_mod) << where;
          m.mont_mul_limbs(r.data(), x.data(), y.data(), work.data());
          ASSERT_EQ(m.from_mont_limbs(r.data()), a_mod * b % P) << where << " a=" << a;
          // The representation itself is mont_mul's: r = x y R^-1.
          if (m.element_limbs() == m.limbs())
            ASSERT_EQ(value_of(r.data(), r.size()), m.mont_mul(m.to_mont(a), m.to_mont(b))) << where;
          // Chained, with r aliasing an operand: a b b mod P.
          m.mont_mul_limbs(r.data(), r.data(), y.data(), work.data());
          ASSERT_EQ(m.from_mont_limbs(r.data()), a_mod * b % P * b % P) << where;
          // Squaring through aliased inputs.
          m.mont_mul_limbs(r.data(), x.data(), x.data(), work.data());
          ASSERT_EQ(m.from_mont_limbs(r.data()), a_mod * a_mod % P) << where;
        }
      }
    }
  }
}

TEST(ModulusLimbs, NegativeModulusResultsAreResidues) {
  const Modulus m(mpz_class(-1000003), Algorithm::montgomery);
  std::vector<mp_limb_t> x(m.element_limbs()), r(x.size()), work(m.mont_mul_scratch_limbs());
  m.to_mont_limbs(x.data(), -5);
  m.mont_mul_limbs(r.data(), x.data(), x.data(), work.data());
  EXPECT_EQ(m.from_mont_limbs(r.data()), 25);  // in [0, |m|), as from_mont
}

}  // namespace
}  // namespace parmod::test

// tests/mpi/mpi_support.cpp - what the MPI tests share.
#include "mpi/mpi_support.hpp"

#include "support/random_operands.hpp"

namespace parmod::test {

int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int world_size() {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

Mpzs::Mpzs(std::size_t n) : n_(n), p_(new mpz_t[n ? n : 1]) {
  for (std::size_t i = 0; i < n_; ++i) mpz_init(p_[i]);
}

Mpzs::Mpzs(const std::vector<mpz_class>& values) : Mpzs(values.size()) {
  for (std::size_t i = 0; i < n_; ++i) mpz_set(p_[i], values[i].get_mpz_t());
}

Mpzs::~Mpzs() {
  for (std::size_t i = 0; i < n_; ++i) mpz_clear(p_[i]);
}

std::vector<mpz_class> Mpzs::values() const {
  std::vector<mpz_class> v;
  for (std::size_t i = 0; i < n_; ++i) v.emplace_back(p_[i]);
  return v;
}

mpz_class python_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  const mpz_class am = abs(m);
  return py_mod(gmp_powm(b, e, am), m);
}

mpz_class signed_modulus(std::size_t bits, bool odd) {
  mpz_class m = random_modulus_bits(bits < 2 ? 2 : bits, odd);
  return rng().below_ui(2) ? mpz_class(-m) : m;
}

mpz_class random_base(const mpz_class& m, std::size_t bits, bool invertible) {
  for (;;) {
    mpz_class b = rrandom_bits(1 + rng().below_ui(2 * bits));
    if (rng().below_ui(2)) b = -b;
    mpz_class g;
    mpz_gcd(g.get_mpz_t(), b.get_mpz_t(), m.get_mpz_t());
    if (!invertible || g == 1) return b;
  }
}

mpz_class random_exponent(std::size_t bits, bool negative) {
  const unsigned long pick = rng().below_ui(8);
  mpz_class e = pick == 0 ? mpz_class(0) : pick == 1 ? mpz_class(1) : rrandom_bits(1 + rng().below_ui(bits));
  return negative ? mpz_class(-e) : e;
}

}  // namespace parmod::test

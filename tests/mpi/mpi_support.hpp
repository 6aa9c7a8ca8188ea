// tests/mpi/mpi_support.hpp - what the MPI tests share: the rank, arrays of
// mpz_t built from mpz_class lists, and the Python-semantics oracle.
#pragma once

#include <gmpxx.h>
#include <mpi.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace parmod::test {

int world_rank();
int world_size();

// An array of initialised mpz_t holding a list (for the C calls).
class Mpzs {
 public:
  explicit Mpzs(const std::vector<mpz_class>& values);
  explicit Mpzs(std::size_t n);  // n zeros
  ~Mpzs();
  Mpzs(const Mpzs&) = delete;
  Mpzs& operator=(const Mpzs&) = delete;
  mpz_t* get() { return p_.get(); }
  std::size_t size() const { return n_; }
  std::vector<mpz_class> values() const;

 private:
  std::size_t n_;
  std::unique_ptr<mpz_t[]> p_;
};

// Python's pow(b, e, m) for e >= 0 by GMP (result with the sign of m).
mpz_class python_powm(const mpz_class& b, const mpz_class& e, const mpz_class& m);

// A random odd or even modulus of about `bits` bits, negative half of the time.
mpz_class signed_modulus(std::size_t bits, bool odd);
// A random base of up to 2 * bits bits, any sign, prime to m when `invertible`.
mpz_class random_base(const mpz_class& m, std::size_t bits, bool invertible);
// A random exponent of up to `bits` bits (0 and 1 included), negative when `negative`.
mpz_class random_exponent(std::size_t bits, bool negative);

}  // namespace parmod::test

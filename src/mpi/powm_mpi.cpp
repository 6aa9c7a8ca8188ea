// mpi/powm_mpi.cpp - parmod_mpi_powm: one exponentiation, its exponent split
// across the ranks (Lara, Borges, Portugal, Nedjah, JCSS 2012, Alg. 2).
//
// b^e = prod_i (b^(2^lo_i))^(e_i), e_i the bits [lo_i, hi_i) of |e| (b
// replaced by its inverse for e < 0); rank i < k computes factor i with the
// public parmod_powm (b^(2^lo_i) by lo_i squarings, then the power by e_i),
// the factors meet in a product tree.  The boundaries come from
// parmod::exponent_split_boundaries at the tuned phi, k = min(ranks, the
// paper's optimal k of eq. 18 for |e|'s bits).
#include <algorithm>
#include <new>
#include <vector>

#include "mpi/collective.hpp"
#include "parmod/parmod.hpp"
#include "parmod_mpi.h"

namespace {

// The factor count and boundaries for an exponent of `bits` bits on `ranks` ranks.
std::vector<std::size_t> split_for(std::size_t bits, int ranks) {
  const double phi = parmod::exponent_split_phi();
  unsigned k = 1;
  if (bits >= 2) k = std::min<unsigned>(static_cast<unsigned>(ranks), parmod::partition_points(double(bits), phi).k);
  return parmod::exponent_split_boundaries(bits, std::max(k, 1u), phi);
}

// part = (b^(2^lo))^(bits [lo, hi) of e) mod m, e >= 0.
int factor(mpz_t part, const mpz_t b, const mpz_t e, std::size_t lo, std::size_t hi, const mpz_t m) {
  mpz_t x, ei;
  mpz_init(x);
  mpz_init(ei);
  mpz_setbit(ei, lo);  // 2^lo
  int code = parmod_powm(x, b, ei, m);
  mpz_fdiv_q_2exp(ei, e, lo);
  mpz_fdiv_r_2exp(ei, ei, hi - lo);
  if (code == PARMOD_OK) code = parmod_powm(part, x, ei, m);
  mpz_clear(x);
  mpz_clear(ei);
  return code;
}

}  // namespace

extern "C" int parmod_mpi_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m, MPI_Comm comm) {
  using namespace parmod::mpi;
  int size = 1, rank = 0;
  if (!rank_and_size(comm, &rank, &size)) return PARMOD_ERR_INVALID_ARGUMENT;
  int code = PARMOD_OK;
  std::vector<std::size_t> bounds = {0, 0};
  std::size_t bits = 0;
  mpz_t base, ex, part;
  mpz_inits(base, ex, part, nullptr);
  if (!r || !b || !e || !m) {
    code = PARMOD_ERR_INVALID_ARGUMENT;
  } else if (mpz_sgn(m) == 0) {
    code = PARMOD_ERR_DIVISION_BY_ZERO;
  } else {
    mpz_abs(ex, e);
    if (mpz_sgn(e) < 0) {  // the inverse of b, raised to |e|
      mpz_set_si(part, -1);
      code = parmod_powm(base, b, part, m);
    } else {
      mpz_set(base, b);
    }
    bits = mpz_sgn(ex) == 0 ? 0 : mpz_sizeinbase(ex, 2);
    try {
      if (code == PARMOD_OK) bounds = split_for(bits, size);
    } catch (const std::bad_alloc&) {
      code = PARMOD_ERR_OUT_OF_MEMORY;
    } catch (const parmod::Error& x) {
      code = static_cast<int>(x.code());
    }
    const std::size_t k = bounds.size() - 1;
    if (code == PARMOD_OK && static_cast<std::size_t>(rank) < k)
      code = factor(part, base, ex, bounds[rank], bounds[rank + 1], m);
  }
  const auto factors = static_cast<std::uint64_t>(bounds.size() - 1);
  code = agree(code, Shape{factors, bits, m ? mpz_size(m) : 0}, comm);
  if (code == PARMOD_OK) code = product_tree(part, static_cast<int>(factors), m, comm);
  if (code == PARMOD_OK) mpz_set(r, part);
  mpz_clears(base, ex, part, nullptr);
  return code;
}

// mpi/multi_powm_mpi.cpp - parmod_mpi_multi_powm: the bases' chunks over the
// ranks (the chunked scheme of Topcuoglu, Kaya, Savas across processes).
//
// Rank i multi-exponentiates its contiguous chunk with parmod_multi_powm (an
// empty chunk gives 1 mod m); the chunk products meet in a product tree.
#include <new>
#include <vector>

#include "mpi/blocks.hpp"
#include "mpi/collective.hpp"
#include "mpi/item_cost.hpp"
#include "parmod_mpi.h"

extern "C" int parmod_mpi_multi_powm(mpz_t r, size_t count, const mpz_t* bases, const mpz_t* exps, const mpz_t m,
                                     MPI_Comm comm) {
  using namespace parmod::mpi;
  int size = 1, rank = 0;
  if (!rank_and_size(comm, &rank, &size)) return PARMOD_ERR_INVALID_ARGUMENT;
  int code = PARMOD_OK;
  mpz_t part;
  mpz_init(part);
  if (!r || !m || (count > 0 && (!bases || !exps))) {
    code = PARMOD_ERR_INVALID_ARGUMENT;
  } else {
    try {
      const std::vector<std::size_t> b = balanced_blocks(exponent_costs(count, exps, count), size);
      const std::size_t lo = b[rank], c = b[rank + 1] - lo;
      code = parmod_multi_powm(part, c, c ? bases + lo : bases, c ? exps + lo : exps, m);
    } catch (const std::bad_alloc&) {
      code = PARMOD_ERR_OUT_OF_MEMORY;
    }
  }
  code = agree(code, Shape{count, m ? mpz_size(m) : 0, 0}, comm);
  if (code == PARMOD_OK) code = product_tree(part, size, m, comm);
  if (code == PARMOD_OK) mpz_set(r, part);
  mpz_clear(part);
  return code;
}

// mpi/powm_list_mpi.cpp - parmod_mpi_powm_list: a list's blocks over the ranks.
//
// Each rank checks the arguments as parmod_powm_list does, computes its block
// into its own integers, the ranks agree on status, and only then the blocks
// are exchanged (so r is written only when every rank succeeded).
#include <memory>
#include <new>
#include <vector>

#include "mpi/blocks.hpp"
#include "mpi/collective.hpp"
#include "mpi/item_cost.hpp"
#include "mpi/wire.hpp"
#include "parmod_mpi.h"

namespace {

// This rank's block of the list as bytes (put_integer per result) or an error code.
int run_block(std::vector<unsigned char>* out, std::size_t lo, std::size_t hi, const mpz_t* bases,
              std::size_t bases_count, const mpz_t* exps, std::size_t exps_count, const mpz_t m) {
  const std::size_t c = hi - lo;
  const std::unique_ptr<mpz_t[]> block(new mpz_t[c]);
  for (std::size_t i = 0; i < c; ++i) mpz_init(block[i]);
  const int code = parmod_powm_list(block.get(), c, bases_count == 1 ? bases : bases + lo, bases_count == 1 ? 1 : c,
                                    exps_count == 1 ? exps : exps + lo, exps_count == 1 ? 1 : c, m);
  for (std::size_t i = 0; i < c; ++i) {
    if (code == PARMOD_OK) parmod::mpi::put_integer(*out, block[i]);
    mpz_clear(block[i]);
  }
  return code;
}

}  // namespace

extern "C" int parmod_mpi_powm_list(mpz_t* r, size_t count, const mpz_t* bases, size_t bases_count, const mpz_t* exps,
                                    size_t exps_count, const mpz_t m, MPI_Comm comm) {
  using namespace parmod::mpi;
  int size = 1, rank = 0;
  if (!rank_and_size(comm, &rank, &size)) return PARMOD_ERR_INVALID_ARGUMENT;
  int code = PARMOD_OK;
  std::vector<unsigned char> mine, all;
  if (!m || (count > 0 && (!r || !bases || !exps)) || (bases_count != 1 && bases_count != count) ||
      (exps_count != 1 && exps_count != count)) {
    code = PARMOD_ERR_INVALID_ARGUMENT;
  } else {
    try {
      const std::vector<std::size_t> b = balanced_blocks(exponent_costs(count, exps, exps_count), size);
      code = run_block(&mine, b[rank], b[rank + 1], bases, bases_count, exps, exps_count, m);
    } catch (const std::bad_alloc&) {
      code = PARMOD_ERR_OUT_OF_MEMORY;
    }
  }
  code = agree(code, Shape{count, bases_count, exps_count}, comm);
  if (code != PARMOD_OK) return code;
  try {
    code = allgather_bytes(mine, comm, &all);
  } catch (const std::bad_alloc&) {
    code = PARMOD_ERR_OUT_OF_MEMORY;
  }
  if (code != PARMOD_OK) return code;
  const unsigned char* p = all.data();
  for (std::size_t i = 0; i < count; ++i)
    if (!get_integer(r[i], &p, all.data() + all.size())) return PARMOD_ERR_INTERNAL;
  return PARMOD_OK;
}

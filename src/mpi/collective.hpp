// mpi/collective.hpp - the collective steps every parmod_mpi call is built of.
//
// Each is called by every rank of comm in the same order.  Status is agreed
// before any step whose message sizes depend on the data, so a rank that
// failed never leaves another waiting.
#pragma once

#include <gmp.h>
#include <mpi.h>

#include <cstdint>
#include <vector>

namespace parmod::mpi {

// Whether comm can be used: MPI initialised and not finalised, comm not
// MPI_COMM_NULL.  Local: no communication.
bool comm_usable(MPI_Comm comm);

// This rank and the number of ranks of comm, when comm_usable(comm); false
// (rank and size untouched) otherwise.  Local: no communication.
bool rank_and_size(MPI_Comm comm, int* rank, int* size);

// The ranks' agreed status: the first nonzero code in rank order, or
// PARMOD_ERR_INVALID_ARGUMENT when the ranks' `shape` values (counts that must
// be equal on every rank) differ; PARMOD_OK when every rank passed code 0 and
// the same shape.  One MPI_Allgather; PARMOD_ERR_INTERNAL if it fails.
struct Shape {
  std::uint64_t a = 0, b = 0, c = 0;
};
int agree(int code, const Shape& shape, MPI_Comm comm);

// Every rank's bytes, concatenated in rank order, on every rank (MPI_Allgather
// of the lengths, then MPI_Allgatherv).  PARMOD_ERR_OUT_OF_MEMORY on every
// rank when the total exceeds what one MPI message can count (INT_MAX bytes)
// or any rank cannot allocate it (agreed before the exchange).
int allgather_bytes(const std::vector<unsigned char>& mine, MPI_Comm comm, std::vector<unsigned char>* all);

// The product modulo m of the values `part` held by ranks 0 .. active-1
// (1 <= active <= size of comm), multiplied up a binomial tree to rank 0
// (parmod_mulmod, so the result has the sign of m) and broadcast: on return
// `part` holds the product on every rank and the status is agreed.  Parts must already be reduced as
// parmod_mulmod leaves them and m nonzero (the caller agreed on status).
int product_tree(mpz_t part, int active, const mpz_t m, MPI_Comm comm);

}  // namespace parmod::mpi

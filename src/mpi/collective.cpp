// mpi/collective.cpp - agreement, gathering and the product tree over MPI.
#include "mpi/collective.hpp"

#include <climits>
#include <new>

#include "mpi/wire.hpp"
#include "parmod.h"

namespace parmod::mpi {
namespace {

constexpr int kTreeTag = 0x7061;  // "pa": the product tree's messages

int comm_size(MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  return size;
}

int send_integer(const mpz_t x, int to, MPI_Comm comm) {
  std::vector<unsigned char> bytes;
  put_integer(bytes, x);
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) return PARMOD_ERR_OUT_OF_MEMORY;
  return MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_UNSIGNED_CHAR, to, kTreeTag, comm) == MPI_SUCCESS
             ? PARMOD_OK
             : PARMOD_ERR_INTERNAL;
}

int receive_integer(mpz_t x, int from, MPI_Comm comm) {
  MPI_Status st;
  int count = 0;
  if (MPI_Probe(from, kTreeTag, comm, &st) != MPI_SUCCESS || MPI_Get_count(&st, MPI_UNSIGNED_CHAR, &count) != MPI_SUCCESS)
    return PARMOD_ERR_INTERNAL;
  std::vector<unsigned char> bytes(static_cast<std::size_t>(count));
  if (MPI_Recv(bytes.data(), count, MPI_UNSIGNED_CHAR, from, kTreeTag, comm, MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return PARMOD_ERR_INTERNAL;
  const unsigned char* p = bytes.data();
  return get_integer(x, &p, bytes.data() + bytes.size()) ? PARMOD_OK : PARMOD_ERR_INTERNAL;
}

}  // namespace

bool comm_usable(MPI_Comm comm) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized && !finalized && comm != MPI_COMM_NULL;
}

bool rank_and_size(MPI_Comm comm, int* rank, int* size) {
  if (!comm_usable(comm)) return false;
  MPI_Comm_size(comm, size);
  MPI_Comm_rank(comm, rank);
  return true;
}

int agree(int code, const Shape& shape, MPI_Comm comm) {
  const int size = comm_size(comm);
  const std::uint64_t mine[4] = {static_cast<std::uint64_t>(code), shape.a, shape.b, shape.c};
  std::vector<std::uint64_t> all(4 * static_cast<std::size_t>(size));
  if (MPI_Allgather(mine, 4, MPI_UINT64_T, all.data(), 4, MPI_UINT64_T, comm) != MPI_SUCCESS)
    return PARMOD_ERR_INTERNAL;
  for (int r = 0; r < size; ++r)
    if (all[4 * r] != 0) return static_cast<int>(all[4 * r]);
  for (int r = 1; r < size; ++r)
    for (int j = 1; j < 4; ++j)
      if (all[4 * r + j] != all[j]) return PARMOD_ERR_INVALID_ARGUMENT;
  return PARMOD_OK;
}

int allgather_bytes(const std::vector<unsigned char>& mine, MPI_Comm comm, std::vector<unsigned char>* all) {
  const int size = comm_size(comm);
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(static_cast<std::size_t>(size));
  if (MPI_Allgather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, comm) != MPI_SUCCESS)
    return PARMOD_ERR_INTERNAL;
  long long total = 0;
  for (long long l : lengths) total += l;
  if (total > INT_MAX) return PARMOD_ERR_OUT_OF_MEMORY;  // the same verdict on every rank
  std::vector<int> counts(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
  for (int r = 0, at = 0; r < size; ++r) {
    counts[r] = static_cast<int>(lengths[r]);
    displs[r] = at;
    at += counts[r];
  }
  int code = PARMOD_OK;
  try {
    all->resize(static_cast<std::size_t>(total));
  } catch (const std::bad_alloc&) {
    code = PARMOD_ERR_OUT_OF_MEMORY;
  }
  code = agree(code, Shape{}, comm);  // no rank enters the exchange that another cannot finish
  if (code != PARMOD_OK) return code;
  return MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_UNSIGNED_CHAR, all->data(), counts.data(),
                        displs.data(), MPI_UNSIGNED_CHAR, comm) == MPI_SUCCESS
             ? PARMOD_OK
             : PARMOD_ERR_INTERNAL;
}

int product_tree(mpz_t part, int active, const mpz_t m, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int rc = PARMOD_OK;
  if (rank < active) {
    mpz_t other;
    mpz_init(other);
    // Every message is sent and received whatever failed before it, so that
    // no rank waits for one that never comes; the failure is agreed at the end.
    for (int step = 1; step < active; step *= 2) {
      if (rank % (2 * step) == step) {  // hand the partial product down and leave the tree
        const int sent = send_integer(part, rank - step, comm);
        if (rc == PARMOD_OK) rc = sent;
        break;
      }
      if (rank + step < active) {
        int got = receive_integer(other, rank + step, comm);
        if (got == PARMOD_OK) got = parmod_mulmod(part, part, other, m);
        if (rc == PARMOD_OK) rc = got;
      }
    }
    mpz_clear(other);
  }
  // Rank 0's product to every rank: its length, then its bytes.
  std::vector<unsigned char> bytes;
  if (rank == 0) put_integer(bytes, part);
  long long length = static_cast<long long>(bytes.size());
  if (MPI_Bcast(&length, 1, MPI_LONG_LONG, 0, comm) != MPI_SUCCESS || length > INT_MAX) return PARMOD_ERR_INTERNAL;
  bytes.resize(static_cast<std::size_t>(length));
  if (MPI_Bcast(bytes.data(), static_cast<int>(length), MPI_UNSIGNED_CHAR, 0, comm) != MPI_SUCCESS)
    return PARMOD_ERR_INTERNAL;
  const unsigned char* p = bytes.data();
  if (rank != 0 && !get_integer(part, &p, bytes.data() + bytes.size()) && rc == PARMOD_OK) rc = PARMOD_ERR_INTERNAL;
  return agree(rc, Shape{}, comm);
}

}  // namespace parmod::mpi

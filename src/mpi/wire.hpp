// mpi/wire.hpp - integers as bytes for MPI messages.
//
// An integer is a sign byte (0 or 1 for negative), its magnitude's byte count
// as 8 bytes little-endian, then the magnitude, least significant byte first:
// the same bytes on every rank whatever its byte order.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <vector>

namespace parmod::mpi {

// Appends x to out.
void put_integer(std::vector<unsigned char>& out, const mpz_t x);
// Reads one integer at *pos into x and advances *pos; false (x unchanged)
// when the bytes in [*pos, end) do not hold a whole integer.
bool get_integer(mpz_t x, const unsigned char** pos, const unsigned char* end);

}  // namespace parmod::mpi

// mpi/wire.cpp - integers as bytes for MPI messages.
#include "mpi/wire.hpp"

#include <cstdint>

namespace parmod::mpi {

void put_integer(std::vector<unsigned char>& out, const mpz_t x) {
  const std::size_t bytes = (mpz_sizeinbase(x, 2) + 7) / 8;
  const std::size_t at = out.size();
  out.resize(at + 9 + bytes);
  out[at] = mpz_sgn(x) < 0 ? 1 : 0;
  for (int i = 0; i < 8; ++i) out[at + 1 + i] = static_cast<unsigned char>(static_cast<std::uint64_t>(bytes) >> (8 * i));
  if (mpz_sgn(x) != 0) mpz_export(out.data() + at + 9, nullptr, -1, 1, 0, 0, x);
}

bool get_integer(mpz_t x, const unsigned char** pos, const unsigned char* end) {
  const unsigned char* p = *pos;
  if (end - p < 9) return false;
  std::uint64_t bytes = 0;
  for (int i = 0; i < 8; ++i) bytes |= static_cast<std::uint64_t>(p[1 + i]) << (8 * i);
  if (bytes > static_cast<std::uint64_t>(end - p - 9)) return false;
  mpz_import(x, bytes, -1, 1, 0, 0, p + 9);
  if (p[0] == 1) mpz_neg(x, x);
  *pos = p + 9 + bytes;
  return true;
}

}  // namespace parmod::mpi

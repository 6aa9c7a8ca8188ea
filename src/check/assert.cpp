// check/assert.cpp - the failure path of PARMOD_ASSERT and the helper that
// needs a product (see check/assert.hpp).
#include "check/assert.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace parmod::check {

void assert_fail(const char* function, const char* condition, const char* file, int line) noexcept {
  std::fprintf(stderr, "parmod: contract violated in %s: %s (%s:%d)\n", function, condition, file, line);
  std::fflush(stderr);
  std::abort();
}

bool below_square(const mp_limb_t* c, std::size_t m, const mp_limb_t* p, std::size_t n) {
  while (m > 0 && c[m - 1] == 0) --m;
  if (m < 2 * n - 1) return true;  // c < beta^(2n-2) <= p^2
  if (m > 2 * n) return false;     // c >= beta^2n > p^2
  std::vector<mp_limb_t> sq(2 * n);
  mpn_sqr(sq.data(), p, static_cast<mp_size_t>(n));
  std::size_t sn = 2 * n;
  while (sn > 0 && sq[sn - 1] == 0) --sn;
  if (m != sn) return m < sn;
  return mpn_cmp(c, sq.data(), static_cast<mp_size_t>(m)) < 0;
}

}  // namespace parmod::check

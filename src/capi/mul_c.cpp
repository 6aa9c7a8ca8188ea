// capi/mul_c.cpp - parmod_mul, the C face of parmod::mul (parmod.h).
//
// The body is api::integer_product: a and b read and r written through
// mpz_limbs_read / mpz_limbs_write, with no copy of the operands; r may be a
// or b.  Threads: parmod_set_num_threads and the environment rule.
#include <gmpxx.h>

#include <new>

#include "api/integer_product.hpp"
#include "capi/error_codes.hpp"
#include "parmod.h"

extern "C" int parmod_mul(mpz_t r, const mpz_t a, const mpz_t b) {
  if (!r || !a || !b) return PARMOD_ERR_INVALID_ARGUMENT;
  return parmod::capi::call([&] { parmod::api::integer_product(r, a, b, 0); });
}

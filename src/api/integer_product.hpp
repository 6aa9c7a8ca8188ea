// api/integer_product.hpp - r = a * b on mpz_t, the one body behind
// parmod::mul and parmod_mul.
#pragma once

#include <gmp.h>

namespace parmod::api {

// r = a * b exactly, any signs and sizes; r may be a or b.  threads <= 0: the
// default rule.  Route by limbs::mul_route: mpz_mul where GMP would run
// anyway, limbs::mul straight into r's limbs where parmod's own kernels win
// (no scratch), else limbs::parallel_mul with the calling thread's scratch
// (api/scratch.hpp).  Reads and writes the limbs in place (mpz_limbs_read /
// mpz_limbs_write); when r is a or b the product goes to a temporary that is
// swapped in.  Throws std::bad_alloc when memory runs out (r unchanged).
void integer_product(mpz_ptr r, mpz_srcptr a, mpz_srcptr b, int threads);

}  // namespace parmod::api

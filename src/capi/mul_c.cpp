// capi/mul_c.cpp - parmod_mul, the C face of parmod::mul (parmod.h).
//
// Reads a and b and writes r through mpz_limbs_read / mpz_limbs_write, with
// no copy of the operands.  When r is a or b the product goes to a
// temporary first (the operand's limbs are still being read) and is then
// swapped in.  Threads: parmod_set_num_threads and the environment rule.
#include <gmpxx.h>

#include <new>

#include "api/scratch.hpp"
#include "limbs/parallel_mul.hpp"
#include "parmod.h"

extern "C" int parmod_mul(mpz_t r, const mpz_t a, const mpz_t b) {
  if (!r || !a || !b) return PARMOD_ERR_INVALID_ARGUMENT;
  try {
    const std::size_t an = mpz_size(a), bn = mpz_size(b);
    if (an == 0 || bn == 0) {
      mpz_set_ui(r, 0);
      return PARMOD_OK;
    }
    if (!parmod::limbs::parallel_mul_pays(an, bn)) {  // small: GMP directly (it handles aliasing)
      mpz_mul(r, a, b);
      return PARMOD_OK;
    }
    const bool negative = (mpz_sgn(a) < 0) != (mpz_sgn(b) < 0);
    const bool alias = r == a || r == b;
    mpz_class tmp;
    mpz_ptr out = alias ? tmp.get_mpz_t() : r;
    {
      parmod::api::ScratchLease scratch(parmod::limbs::parallel_mul_scratch(an, bn));
      const mp_limb_t* ap = mpz_limbs_read(a);
      const mp_limb_t* bp = mpz_limbs_read(b);
      mp_limb_t* rp = mpz_limbs_write(out, static_cast<mp_size_t>(an + bn));
      parmod::limbs::parallel_mul(rp, ap, an, bp, bn, 0, scratch.get());
      const mp_size_t rn = static_cast<mp_size_t>(parmod::limbs::normalized_size(rp, an + bn));
      mpz_limbs_finish(out, negative ? -rn : rn);
    }
    if (alias) mpz_swap(r, tmp.get_mpz_t());
    return PARMOD_OK;
  } catch (const std::bad_alloc&) {
    return PARMOD_ERR_OUT_OF_MEMORY;
  } catch (...) {
    return PARMOD_ERR_INTERNAL;
  }
}

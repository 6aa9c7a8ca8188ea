// api/integer_product.cpp - see integer_product.hpp.
#include "api/integer_product.hpp"

#include <gmpxx.h>

#include <optional>

#include "api/scratch.hpp"
#include "limbs/parallel_mul.hpp"

namespace parmod::api {

void integer_product(mpz_ptr r, mpz_srcptr a, mpz_srcptr b, int threads) {
  const std::size_t an = mpz_size(a), bn = mpz_size(b);
  if (an == 0 || bn == 0) {
    mpz_set_ui(r, 0);
    return;
  }
  const limbs::MulRoute route = limbs::mul_route(an, bn);
  if (route == limbs::MulRoute::gmp) {  // GMP would run anyway (mpz_mul handles aliasing)
    mpz_mul(r, a, b);
    return;
  }
  const bool negative = (mpz_sgn(a) < 0) != (mpz_sgn(b) < 0);
  const bool alias = r == a || r == b;
  std::optional<mpz_class> tmp;  // only when r aliases an operand
  mpz_ptr out = alias ? tmp.emplace().get_mpz_t() : r;
  const mp_limb_t* ap = mpz_limbs_read(a);
  const mp_limb_t* bp = mpz_limbs_read(b);
  std::optional<ScratchLease> scratch;  // before r's limbs are touched: a throw leaves r as it was
  if (route == limbs::MulRoute::parallel_mul) scratch.emplace(limbs::parallel_mul_scratch(an, bn));
  mp_limb_t* rp = mpz_limbs_write(out, static_cast<mp_size_t>(an + bn));
  if (scratch)
    limbs::parallel_mul(rp, ap, an, bp, bn, threads, scratch->get());
  else
    limbs::mul(rp, ap, an, bp, bn);
  const mp_size_t rn = static_cast<mp_size_t>(limbs::normalized_size(rp, an + bn));
  mpz_limbs_finish(out, negative ? -rn : rn);
  if (alias) mpz_swap(r, tmp->get_mpz_t());
}

}  // namespace parmod::api

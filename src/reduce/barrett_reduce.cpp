#include "reduce/barrett_reduce.hpp"

#include "check/assert.hpp"

namespace parmod::reduce {

int barrett_reduce(limb_t* rp, const limb_t* cp, const limb_t* pp, std::size_t n, const limb_t* nu, std::size_t nu_n,
                   limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(nu_n == n + 1 || nu_n == n + 2);
  PARMOD_ASSERT(!check::overlap(rp, n, cp, 2 * n));
  PARMOD_ASSERT(!check::overlap(scratch, barrett_reduce_scratch(n), rp, n) && !check::overlap(scratch, barrett_reduce_scratch(n), cp, 2 * n));
  const std::size_t k1 = n + 1;
  limb_t* q2 = scratch;               // (n + 1) + nu_n <= 2n + 3 limbs
  limb_t* q3p = q2 + (2 * n + 4);     // (n + 1) + n limbs
  limb_t* r = q3p + (2 * n + 2);      // n + 1 limbs
  // q1 = floor(C / beta^(n-1)): n + 1 limbs; q2 = q1 nu; q3 = floor(q2 / beta^(n+1)).
  limbs::mul(q2, cp + (n - 1), k1, nu, nu_n);
  const limb_t* q3 = q2 + k1;  // q3 <= C / P < beta^(n+1): n + 1 limbs
  // r = (C - q3 P) mod beta^(n+1); the true value is in [0, 3P) (HAC Fact 14.43).
  limbs::mul(q3p, q3, k1, pp, n);
  mpn_sub_n(r, cp, q3p, static_cast<mp_size_t>(k1));
  int corrections = 0;
  while (r[n] != 0 || mpn_cmp(r, pp, static_cast<mp_size_t>(n)) >= 0) {
    mpn_sub(r, r, static_cast<mp_size_t>(k1), pp, static_cast<mp_size_t>(n));
    ++corrections;
  }
  mpn_copyi(rp, r, static_cast<mp_size_t>(n));
  return corrections;
}

}  // namespace parmod::reduce

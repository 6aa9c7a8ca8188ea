#include "reduce/partial_montgomery_reduce.hpp"

#include "check/assert.hpp"

namespace parmod::reduce {

int partial_montgomery_reduce(limb_t* rp, const limb_t* cp, std::size_t m, const limb_t* pp, std::size_t n,
                              const limb_t* mu, std::size_t t, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && pp[0] % 2 == 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(t >= 1 && t <= n && n + t <= m && m <= 2 * n);
  PARMOD_ASSERT(limb_t(pp[0] * mu[0]) == ~limb_t(0));  // mu = -P^-1 mod beta^n, checked mod beta
  PARMOD_ASSERT(check::below_square(cp, m, pp, n));     // C < P^2
  PARMOD_ASSERT(!check::overlap(rp, m - t, cp, m));
  PARMOD_ASSERT(!check::overlap(scratch, partial_montgomery_reduce_scratch(n, m, t), rp, m - t) &&
                !check::overlap(scratch, partial_montgomery_reduce_scratch(n, m, t), cp, m));
  limb_t* q = scratch;                 // t limbs
  limb_t* qp = q + t;                  // n + t limbs
  limb_t* sum = qp + n + t;            // m + 1 limbs
  // Step 1: Q = mu C mod beta^t.
  limbs::mullo(q, cp, mu, t);
  // Step 2: R = (C + QP) / beta^t; the division is exact.
  limbs::mul(qp, pp, n, q, t);
  limb_t carry = mpn_add(sum, cp, static_cast<mp_size_t>(m), qp, static_cast<mp_size_t>(n + t));
  sum[m] = carry;
  const std::size_t rn = m - t;  // R < beta^(m-t) + P <= 2 beta^(m-t): rn + 1 limbs
  limb_t* r = sum + t;
  // Step 3: at most one subtraction of P.
  int steps = 0;
  if (r[rn] != 0) {
    mpn_sub(r, r, static_cast<mp_size_t>(rn + 1), pp, static_cast<mp_size_t>(n));
    steps = 1;
  }
  mpn_copyi(rp, r, static_cast<mp_size_t>(rn));
  return steps;
}

}  // namespace parmod::reduce

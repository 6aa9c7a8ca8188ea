#include "reduce/partial_barrett_reduce.hpp"

#include "check/assert.hpp"

namespace parmod::reduce {

int partial_barrett_reduce(limb_t* rp, const limb_t* cp, std::size_t m, const limb_t* pp, std::size_t n,
                           const limb_t* nu, std::size_t nu_n, std::size_t t, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1 && pp[n - 1] != 0);
  PARMOD_ASSERT(t >= 1 && n + t <= m && (nu_n == t + 1 || nu_n == t + 2));
  PARMOD_ASSERT(check::below_square(cp, m, pp, n));  // C < P^2
  PARMOD_ASSERT(!check::overlap(rp, m - t, cp, m));
  PARMOD_ASSERT(!check::overlap(scratch, partial_barrett_reduce_scratch(n, m, t), rp, m - t) &&
                !check::overlap(scratch, partial_barrett_reduce_scratch(n, m, t), cp, m));
  const std::size_t s = m - n - t;  // Q's weight: Q = Q' beta^s
  limb_t* c1nu = scratch;           // t + nu_n <= 2t + 2 limbs
  limb_t* qp = c1nu + (2 * t + 2);  // Q' P: n + nu_n - ... <= n + t + 2 limbs
  limb_t* r = qp + (n + t + 2);     // m limbs
  // Step 1: Q' = floor(C1 nu / beta^t), C1 = floor(C / beta^(m-t)) (t limbs).
  limbs::mul(c1nu, cp + (m - t), t, nu, nu_n);
  const limb_t* q = c1nu + t;
  const std::size_t qn = limbs::normalized_size(q, nu_n);
  // Step 2: R = C - Q' P beta^s.  Q' P <= C / beta^s < beta^(n+t): n + t limbs.
  mpn_copyi(r, cp, static_cast<mp_size_t>(m));
  if (qn != 0) {
    limbs::mul(qp, q, qn, pp, n);
    const std::size_t pn = limbs::normalized_size(qp, qn + n);
    PARMOD_ASSERT(pn <= n + t);
    mpn_sub(r + s, r + s, static_cast<mp_size_t>(n + t), qp, static_cast<mp_size_t>(pn));
  }
  // Step 3: R < beta^(m-t) + 2 beta^s P (eq. 5); subtract beta^s P while R >= beta^(m-t).
  int steps = 0;
  while (limbs::any_nonzero(r + (m - t), t)) {
    mpn_sub(r + s, r + s, static_cast<mp_size_t>(n + t), pp, static_cast<mp_size_t>(n));
    ++steps;
  }
  mpn_copyi(rp, r, static_cast<mp_size_t>(m - t));
  return steps;
}

}  // namespace parmod::reduce

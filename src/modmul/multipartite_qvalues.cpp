#include "modmul/multipartite_qvalues.hpp"

#include <gmp.h>

#include "check/assert.hpp"
#include "modmul/multipartite_products.hpp"

namespace parmod::modmul::multipartite {

int compute_q_value(const MultipartitePlan& plan, int group, const ModulusConstants& k, limb_t* ws) noexcept {
  const ReductionGroup& g = plan.groups[static_cast<std::size_t>(group)];
  const limb_t* S = group_sum(plan, group, ws);
  limb_t* Q = ws + g.q_off;
  const std::size_t t = g.t, L = g.len;
  if (g.kind == Reduction::montgomery) {
    // PMR step 1: Q = mu S mod beta^t (mu mod beta^t = -P^-1 mod beta^t).
    if (L >= t) {
      limbs::mullo(Q, S, k.mu.data(), t);
    } else {
      limb_t* tmp = ws + g.tmp_off;
      limbs::mul(tmp, k.mu.data(), t, S, L);
      mpn_copyi(Q, tmp, static_cast<mp_size_t>(t));
    }
  } else {
    // PBR step 1 (eq. 4): Q = floor(C1 nu_t / beta^c), C1 = top c limbs of S.
    std::size_t nun = 0;
    const limb_t* nu = k.nu_t(t, &nun);
    PARMOD_ASSERT(nun == t + 1);
    const std::size_t c = L < t ? L : t;
    limb_t* tmp = ws + g.tmp_off;
    limbs::mul(tmp, nu, nun, S + (L - c), c);
    mpn_copyi(Q, tmp + c, static_cast<mp_size_t>(t + 1));
  }
  return 1;
}

void sum_q_montgomery(const MultipartitePlan& plan, limb_t* ws) noexcept {
  const std::size_t h = plan.h;
  limb_t* Qm = ws + plan.qlow_off;
  mpn_zero(Qm, static_cast<mp_size_t>(h));
  for (const ReductionGroup& g : plan.groups)
    if (g.kind == Reduction::montgomery) add_at(Qm, h, g.w, ws + g.q_off, g.q_n);  // carries past beta^h dropped
}

void sum_q_barrett(const MultipartitePlan& plan, limb_t* ws) noexcept {
  limb_t* Qb = ws + plan.qhigh_off;
  mpn_zero(Qb, static_cast<mp_size_t>(plan.qhigh_n));
  for (const ReductionGroup& g : plan.groups)
    if (g.kind == Reduction::barrett) add_at(Qb, plan.qhigh_n, 0, ws + g.q_off, g.q_n);
}

void compute_qp_block(const MultipartitePlan& plan, int block, const ModulusConstants& k, limb_t* ws) noexcept {
  const QpBlock& b = plan.qp[static_cast<std::size_t>(block)];
  const limb_t* Q = ws + (b.high ? plan.qhigh_off : plan.qlow_off);
  limbs::mul(ws + b.off, Q, b.q_n, k.p.data() + b.p_off, b.p_len);
}

int reduce_small_multiple(limb_t* r, limb_t* y, const ModulusConstants& k, limb_t* tmp) noexcept {
  const std::size_t n = k.n;
  const limb_t* P = k.p.data();
  if (n == 1 && P[0] == 1) {
    r[0] = 0;
    return 0;
  }
  std::size_t nun = 0;
  const limb_t* nu1 = k.nu_t(1, &nun);  // floor(beta^(n+1)/P), 2 limbs
  // q = floor(floor(Y / beta^(n-1)) nu_1 / beta^2) <= Y/P, and Y/P - q < 3.
  limb_t* prod = tmp;  // 4 limbs
  limbs::mul(prod, y + (n - 1), 2, nu1, nun);
  const limb_t q[2] = {prod[2], prod[3]};
  limb_t* qp = tmp + 4;  // n + 2 limbs
  limbs::mul(qp, P, n, q, 2);
  [[maybe_unused]] const limb_t borrow = mpn_sub_n(y, y, qp, static_cast<mp_size_t>(n + 1));
  PARMOD_ASSERT(borrow == 0 && qp[n + 1] == 0);
  int subs = 0;
  while (y[n] != 0 || mpn_cmp(y, P, static_cast<mp_size_t>(n)) >= 0) {
    y[n] -= mpn_sub_n(y, y, P, static_cast<mp_size_t>(n));
    ++subs;
  }
  PARMOD_ASSERT(subs <= 3);
  mpn_copyi(r, y, static_cast<mp_size_t>(n));
  return subs;
}

void combine_and_reduce(const MultipartitePlan& plan, const ModulusConstants& k, limb_t* ws, limb_t* r) noexcept {
  const std::size_t h = plan.h;
  limb_t* X = ws + plan.x_off;
  const std::size_t xn = plan.x_n;
  for (const QpBlock& b : plan.qp)
    if (!b.high) add_at(X, xn, b.p_off, ws + b.off, b.q_n + b.p_len);
  // X = AB + Q_m P is divisible by beta^h (PMR, Alg. 1 step 2).
  limb_t* Y = X + h;
  const std::size_t yn = xn - h;
  for (const QpBlock& b : plan.qp)
    if (b.high) {
      [[maybe_unused]] const limb_t borrow = sub_at(Y, yn, b.p_off, ws + b.off, b.q_n + b.p_len);
      PARMOD_ASSERT(borrow == 0);
    }
  PARMOD_ASSERT(limbs::normalized_size(Y, yn) <= plan.n + 1);
  reduce_small_multiple(r, Y, k, ws + plan.final_tmp_off);
}

}  // namespace parmod::modmul::multipartite

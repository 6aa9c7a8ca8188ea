#include "modmul/multipartite_products.hpp"

#include <gmp.h>

namespace parmod::modmul::multipartite {

limb_t add_at(limb_t* x, std::size_t xn, std::size_t off, const limb_t* s, std::size_t sn) noexcept {
  if (sn == 0) return 0;
  limb_t c = mpn_add_n(x + off, x + off, s, static_cast<mp_size_t>(sn));
  const std::size_t rest = xn - off - sn;
  if (c && rest) c = mpn_add_1(x + off + sn, x + off + sn, static_cast<mp_size_t>(rest), c);
  return c;
}

limb_t sub_at(limb_t* x, std::size_t xn, std::size_t off, const limb_t* s, std::size_t sn) noexcept {
  if (sn == 0) return 0;
  limb_t c = mpn_sub_n(x + off, x + off, s, static_cast<mp_size_t>(sn));
  const std::size_t rest = xn - off - sn;
  if (c && rest) c = mpn_sub_1(x + off + sn, x + off + sn, static_cast<mp_size_t>(rest), c);
  return c;
}

void compute_product(const MultipartitePlan& plan, int product, const limb_t* a, const limb_t* b, limb_t* ws) noexcept {
  const ProductSlot& s = plan.products[static_cast<std::size_t>(product)];
  const limb_t* ai = a + plan.a_off[s.i];
  const limb_t* bj = (plan.config.square ? a + plan.a_off[s.j] : b + plan.b_off[s.j]);
  if (ai == bj && s.an == s.bn)
    limbs::sqr(ws + s.off, ai, s.an);
  else
    limbs::mul(ws + s.off, ai, s.an, bj, s.bn);
}

const limb_t* group_sum(const MultipartitePlan& plan, int group, limb_t* ws) noexcept {
  const ReductionGroup& g = plan.groups[static_cast<std::size_t>(group)];
  if (g.s_is_product) return ws + g.s_off;
  limb_t* S = ws + g.s_off;
  mpn_zero(S, static_cast<mp_size_t>(g.len));
  for (int q : g.products) {
    const ProductSlot& s = plan.products[static_cast<std::size_t>(q)];
    const std::size_t sn = s.an + s.bn;
    add_at(S, g.len, s.w - g.w, ws + s.off, sn);
    if (s.twice) add_at(S, g.len, s.w - g.w, ws + s.off, sn);
  }
  return S;
}

void sum_products(const MultipartitePlan& plan, limb_t* ws) noexcept {
  limb_t* X = ws + plan.x_off;
  mpn_zero(X, static_cast<mp_size_t>(plan.x_n));
  for (const ProductSlot& s : plan.products) {
    const std::size_t sn = s.an + s.bn;
    add_at(X, plan.x_n, s.w, ws + s.off, sn);
    if (s.twice) add_at(X, plan.x_n, s.w, ws + s.off, sn);
  }
}

}  // namespace parmod::modmul::multipartite

// modmul/multipartite_products.hpp - the partial products A_i B_j of the
// multipartite multiplication and their sums: the sum S_l of the products of
// one reduction group (products of equal weight summed before one reduction,
// Giorgi-Imbert-Izard section 3.4, Lemma 3) and the full product
// AB = sum A_i B_j beta^(a_i + b_j) (eq. 8).  Tasks of the plan's graph; each
// writes only its own buffers of the workspace, so tasks without a
// dependency between them may run at the same time.
#pragma once

#include "limbs/limbs.hpp"
#include "modmul/multipartite_plan.hpp"

namespace parmod::modmul::multipartite {

// x[off, xn) += s[0, sn), carry propagated up to x[xn-1].  Requires off + sn
// <= xn.  Returns the carry out of x[xn-1] (0 when the caller's bounds hold).
// Cost O(sn) plus the carry run.
limb_t add_at(limb_t* x, std::size_t xn, std::size_t off, const limb_t* s, std::size_t sn) noexcept;
// x[off, xn) -= s[0, sn), borrow propagated.  Returns the borrow out.
limb_t sub_at(limb_t* x, std::size_t xn, std::size_t off, const limb_t* s, std::size_t sn) noexcept;

// Product task: ws[slot.off, +an+bn) = A_i * B_j.  a, b: the n-limb operands.
// Cost M(|A_i|, |B_j|).
void compute_product(const MultipartitePlan& plan, int product, const limb_t* a, const limb_t* b, limb_t* ws) noexcept;

// S of reduction group g: sum over its products of A_i B_j beta^(w_ij - W)
// (twice for a squaring's A_i A_j, i < j), into ws[g.s_off, +g.len); nothing to
// do when S is a product's own buffer.  Requires the group's products done.
// Cost O(terms * L) additions.  Returns a pointer to S.
const limb_t* group_sum(const MultipartitePlan& plan, int group, limb_t* ws) noexcept;

// Sum task: ws[x_off, +x_n) = AB = sum of all products at their weights.
// Requires every product done.  Cost O(2 k n) additions.
void sum_products(const MultipartitePlan& plan, limb_t* ws) noexcept;

}  // namespace parmod::modmul::multipartite

// modmul/multipartite_qvalues.hpp - the Q-values of the multipartite
// multiplication, their sums, the single QP product (in blocks of P) and the
// final combination.  Giorgi, Imbert, Izard (2011): the Q of PMR (Alg. 1,
// step 1) and of PBR (Alg. 2, step 1, eq. 4) computed per reduction group,
// all Q-values summed and one QP computed in parallel (section 4.2, Lemma 5).
//
// With Q_m = sum over Montgomery groups of Q_l beta^(W_l) mod beta^h (then
// AB + Q_m P = 0 mod beta^h) and Q_b = sum over Barrett groups of Q_l, the
// result is
//     Y = (AB + Q_m P) / beta^h - Q_b P  =  AB beta^-h (mod P),
// 0 <= Y < (k^2 + 3k + 1) beta^n (Theorems 1 and 2 per group: every Barrett
// group leaves its term below beta^n + 2P, every unreduced group is below
// 2k beta^n), and one Barrett step with nu_1 = floor(beta^(n+1)/P) and at most
// three subtractions bring Y below P.
#pragma once

#include "limbs/limbs.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/multipartite_plan.hpp"

namespace parmod::modmul::multipartite {

// Q-value task of group g (needs the group's products).  Forms S (group_sum),
// then
//  - Montgomery (PMR step 1): Q = mu_t S mod beta^t, t = h - W; cost
//    M_lo(t) when L >= t, else M(t, L) (eq. 2, "M(m, t) when m < t");
//  - Barrett (PBR step 1 with m - n - t = 0): with the term T = S beta^(W-h)
//    of m = W - h + L limbs and t = m - n, C1 = floor(T / beta^n), the top
//    c = min(L, t) limbs of S, and Q = floor(C1 nu_t / beta^c) < beta^(t+1),
//    nu_t = floor(beta^(n+t) / P); then 0 <= T - QP < beta^n + 2P
//    (Theorem 2, eq. 5); cost M(c, t + 1) (eq. 6, "M(s, t) when s < t").
// Writes only the group's S, Q and scratch buffers.  Returns 1 (one reduction
// performed), for the tests that count reductions.
int compute_q_value(const MultipartitePlan& plan, int group, const ModulusConstants& k, limb_t* ws) noexcept;

// Q_m = sum of the Montgomery Q_l beta^(W_l) mod beta^h (h limbs).  Cost O(k h).
void sum_q_montgomery(const MultipartitePlan& plan, limb_t* ws) noexcept;
// Q_b = sum of the Barrett Q_l (qhigh_n limbs).  Cost O(k n).
void sum_q_barrett(const MultipartitePlan& plan, limb_t* ws) noexcept;

// One block of the single QP: ws[blk.off, +q_n+p_len) = Q * P_b, Q = Q_m or Q_b.
// Cost M(q_n, p_len); blocks are independent (Table 4, tasks T14..T19).
void compute_qp_block(const MultipartitePlan& plan, int block, const ModulusConstants& k, limb_t* ws) noexcept;

// Final task: X = AB (from sum_products) += Q_m P, Y = X / beta^h -= Q_b P,
// then r[0, n) = Y mod P (< P).  Needs every other task.  Cost O(n) per
// block plus one 2 x 2 limb product and an n x 2 one.
void combine_and_reduce(const MultipartitePlan& plan, const ModulusConstants& k, limb_t* ws, limb_t* r) noexcept;

// r[0, n) = Y mod P for Y in y[0, n+1) with Y < 2^60 beta^n (one Barrett step
// with nu_1 = floor(beta^(n+1)/P), then at most 3 subtractions of P).  P odd
// or n >= 2 (nu_1 has 2 limbs); tmp holds n + 8 limbs.  y is destroyed.
// Returns the number of final subtractions.
int reduce_small_multiple(limb_t* r, limb_t* y, const ModulusConstants& k, limb_t* tmp) noexcept;

}  // namespace parmod::modmul::multipartite

// modmul/multipartite_plan.hpp - the plan of a multipartite (or bipartite)
// modular product for an n-limb modulus: chunk boundaries, the weight and
// class of every partial product, the reduction groups, the buffer layout of
// the workspace, and the task graph with its list schedule.  Giorgi, Imbert,
// Izard, "Multipartite Modular Multiplication" (2011), sections 2.3, 3.2, 3.4,
// 4.2, 4.3, at limb granularity (beta = 2^64).
//
// Notation.  h = floor(n/2) and the representation is R = beta^h (for odd n
// R = beta^((n-1)/2); for n = 1, R = 1).  A = sum A_i beta^(a_i) with
// a_i = floor(i n / ka), B = sum B_j beta^(b_j) with b_j = floor(j n / kb)
// (uneven chunks when ka or kb does not divide n; empty chunks, when k > n,
// contribute no product).  Product A_i B_j has weight w = a_i + b_j and extends
// to E = w + |A_i| + |B_j|; its term in (8) is A_i B_j beta^(w - h), i.e.
// d_ij = w - h.  Products are grouped by l = i + j (section 3.4; with k | n and
// 2 | n all products of one group have the same weight).  A group of weight
// W = min w and extent E = max E is
//   - reduced by a partial Montgomery Q-value (PMR, Alg. 1) when W < h
//     (d < 0), with t = h - W;
//   - reduced by a partial Barrett Q-value (PBR, Alg. 2) when E - h > n
//     (d > n - 2n/k), zeroing the limbs of its term above beta^n;
//   - not reduced otherwise (its term is below beta^n; Corollary 1).
// With config.grouped = false every product is its own group (section 3.2,
// Lemmas 1 and 2); with grouped = true there are ceil(k/2) groups of each
// reducing kind when 2k | n (Lemma 3).
//
// The plan depends only on n and the configuration, never on P: it is built
// once per modulus (it allocates) and read concurrently afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/cost_table.hpp"
#include "runtime/list_scheduler.hpp"
#include "runtime/task_graph.hpp"

namespace parmod::modmul {

constexpr int kMaxChunks = 16;        // any k in [2, 16] (sequential beyond 8: the graph exceeds the runtime's 96 tasks)
constexpr int kMaxEngineChunks = 8;   // the engines and the automatic choice use k <= 8

enum class Reduction : std::uint8_t { montgomery, none, barrett };

struct MultipartiteConfig {
  int ka = 2, kb = 2;     // chunks of A and of B: multipartite k = ka = kb in [2, 16]; bipartite ka = 1, kb = 2
  bool square = false;    // A = B: A_i A_j computed once for i <= j (needs ka == kb)
  bool grouped = true;    // section 3.4: products of equal weight summed before one Q-value
  int threads = 1;        // threads the list schedule is made for (1: sequential)
  int qp_blocks = 0;      // blocks of P in each Q-value product (0: max(1, threads / 2), Table 4)
};

struct ProductSlot {
  int i = 0, j = 0;        // A_i B_j
  std::size_t w = 0;       // weight a_i + b_j (limbs)
  std::size_t an = 0, bn = 0;
  std::size_t off = 0;     // its an + bn limbs in the workspace
  bool twice = false;      // squaring: stands for A_i A_j + A_j A_i
  int group = -1;          // reduction group, -1 when not reduced
};

struct ReductionGroup {
  Reduction kind = Reduction::none;
  int ell = 0;             // i + j (grouped) or the product index (ungrouped)
  std::size_t w = 0;       // W: weight of S = sum of the group's products beta^(w_ij - W)
  std::size_t len = 0;     // L: limbs of S
  std::size_t t = 0;       // montgomery: h - W; barrett: m - n with m = W - h + L
  std::vector<int> products;
  std::size_t s_off = 0;   // S in the workspace (a product's own buffer when s_is_product)
  bool s_is_product = false;
  std::size_t q_off = 0, q_n = 0;      // the Q-value: t limbs (montgomery) or t + 1 (barrett)
  std::size_t tmp_off = 0, tmp_n = 0;  // the task's private scratch
};

struct QpBlock {
  bool high = false;        // Q_barrett * P_b (subtracted) or Q_montgomery * P_b (added)
  std::size_t p_off = 0, p_len = 0;
  std::size_t q_n = 0;      // limbs of the Q factor
  std::size_t off = 0;      // q_n + p_len limbs in the workspace
};

enum MultipartiteTask : int { kProductTask, kQValueTask, kQSumLowTask, kQSumHighTask, kQpTask, kSumTask, kFinalTask };

struct MultipartitePlan {
  MultipartiteConfig config;
  std::size_t n = 0, h = 0;
  std::size_t a_off[kMaxChunks + 1] = {}, b_off[kMaxChunks + 1] = {};
  std::vector<ProductSlot> products;
  std::vector<ReductionGroup> groups;
  std::vector<QpBlock> qp;
  std::size_t qlow_off = 0;                  // Q_montgomery = sum Q_l beta^(W_l) mod beta^h, h limbs
  std::size_t qhigh_off = 0, qhigh_n = 0;    // Q_barrett = sum Q_l, qhigh_n limbs (0: no Barrett group)
  std::size_t x_off = 0, x_n = 0;            // X = AB + Q_m P, then Y = X / beta^h - Q_b P
  std::size_t final_tmp_off = 0;             // n + 8 limbs for the last reduction
  std::size_t scratch_limbs = 0;             // the whole workspace
  // Counts of what the plan reduces (the algorithm's own count, section 3.3 / 3.4).
  int montgomery_groups = 0, barrett_groups = 0;
  int montgomery_products = 0, barrett_products = 0, unreduced_products = 0;
  // The task graph (one task per product, Q-value, Q sum, QP block, sum and
  // final step) and its list schedule on config.threads threads.
  runtime::TaskGraph graph;
  runtime::ListSchedule schedule;
};

// Builds the plan.  Requires n >= 1, 1 <= ka, kb <= kMaxChunks, ka == kb or
// ka == 1 (bipartite), square only with ka == kb, threads >= 1.  Throws
// std::invalid_argument otherwise.  Costs of the task graph come from
// `costs` (ns from the measured table, or the paper's quadratic model).
MultipartitePlan make_multipartite_plan(std::size_t n, const MultipartiteConfig& config,
                                        const runtime::CostTable& costs);

// "A0B1", "Qm(l=0)", ...: the task names of the graph (for printing).
std::string describe_plan(const MultipartitePlan& plan);

}  // namespace parmod::modmul

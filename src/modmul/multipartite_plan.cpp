#include "modmul/multipartite_plan.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

namespace parmod::modmul {
namespace {

struct Layout {
  std::size_t top = 0;
  std::size_t take(std::size_t limbs) {
    const std::size_t o = top;
    top += limbs;
    return o;
  }
};

void classify(ReductionGroup& g, std::size_t E, std::size_t n, std::size_t h) {
  if (g.w < h) {
    g.kind = Reduction::montgomery;
    g.t = h - g.w;
  } else if (E - h > n) {
    g.kind = Reduction::barrett;
    g.t = (g.w - h + g.len) - n;  // m - n
  } else {
    g.kind = Reduction::none;
  }
}

}  // namespace

MultipartitePlan make_multipartite_plan(std::size_t n, const MultipartiteConfig& config,
                                        const runtime::CostTable& costs) {
  const int ka = config.ka, kb = config.kb;
  if (n < 1 || ka < 1 || kb < 1 || ka > kMaxChunks || kb > kMaxChunks || (ka != kb && ka != 1) ||
      (config.square && ka != kb) || config.threads < 1 || (ka == 1 && kb == 1))
    throw std::invalid_argument("make_multipartite_plan: bad configuration");
  MultipartitePlan p;
  p.config = config;
  if (p.config.qp_blocks <= 0) p.config.qp_blocks = std::max(1, config.threads / 2);
  p.config.qp_blocks = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(p.config.qp_blocks), n));
  p.n = n;
  p.h = n / 2;
  const std::size_t h = p.h;
  for (int i = 0; i <= ka; ++i) p.a_off[i] = static_cast<std::size_t>(i) * n / static_cast<std::size_t>(ka);
  for (int j = 0; j <= kb; ++j) p.b_off[j] = static_cast<std::size_t>(j) * n / static_cast<std::size_t>(kb);

  Layout lay;
  // Partial products (section 3.2): all A_i B_j, or A_i A_j with i <= j when squaring.
  for (int i = 0; i < ka; ++i)
    for (int j = config.square ? i : 0; j < kb; ++j) {
      ProductSlot s;
      s.i = i;
      s.j = j;
      s.an = p.a_off[i + 1] - p.a_off[i];
      s.bn = p.b_off[j + 1] - p.b_off[j];
      if (s.an == 0 || s.bn == 0) continue;
      s.w = p.a_off[i] + p.b_off[j];
      s.twice = config.square && i != j;
      s.off = lay.take(s.an + s.bn);
      p.products.push_back(s);
    }

  // Reduction groups: by l = i + j (section 3.4) or one per product (section 3.2).
  std::map<int, std::vector<int>> by_key;
  for (std::size_t q = 0; q < p.products.size(); ++q) {
    const auto& s = p.products[q];
    by_key[config.grouped ? s.i + s.j : static_cast<int>(q)].push_back(static_cast<int>(q));
  }
  for (auto& [key, members] : by_key) {
    ReductionGroup g;
    g.ell = key;
    g.w = SIZE_MAX;
    std::size_t E = 0;
    int terms = 0;
    for (int q : members) {
      const auto& s = p.products[static_cast<std::size_t>(q)];
      g.w = std::min(g.w, s.w);
      E = std::max(E, s.w + s.an + s.bn);
      terms += s.twice ? 2 : 1;
    }
    g.len = E - g.w + (terms > 1 ? 1 : 0);  // a sum of <= 2k < beta terms: one carry limb
    g.products = members;
    classify(g, E, n, h);
    const int count = static_cast<int>(members.size());
    if (g.kind == Reduction::none) {
      p.unreduced_products += count;
      continue;
    }
    if (g.kind == Reduction::montgomery) {
      p.montgomery_products += count;
      ++p.montgomery_groups;
    } else {
      p.barrett_products += count;
      ++p.barrett_groups;
    }
    for (int q : members) p.products[static_cast<std::size_t>(q)].group = static_cast<int>(p.groups.size());
    p.groups.push_back(std::move(g));
  }
  std::size_t max_bt = 0;
  for (auto& g : p.groups) {
    const auto& first = p.products[static_cast<std::size_t>(g.products.front())];
    g.s_is_product = g.products.size() == 1 && !first.twice;
    g.s_off = g.s_is_product ? first.off : lay.take(g.len);
    if (g.kind == Reduction::montgomery) {
      g.q_n = g.t;
      g.tmp_n = g.len >= g.t ? 0 : g.t + g.len;
    } else {
      g.q_n = g.t + 1;
      g.tmp_n = (g.t + 1) + std::min(g.len, g.t);
      max_bt = std::max(max_bt, g.t);
    }
    g.q_off = lay.take(g.q_n);
    g.tmp_off = lay.take(g.tmp_n);
  }
  p.qlow_off = lay.take(h);
  p.qhigh_n = p.barrett_groups > 0 ? max_bt + 2 : 0;
  p.qhigh_off = lay.take(p.qhigh_n);
  // Q-value products in blocks of P (section 4.2, Lemma 5; Table 4's tasks T14..T19).
  const std::size_t pb = static_cast<std::size_t>(p.config.qp_blocks);
  for (int side = 0; side < 2; ++side) {
    const bool high = side == 1;
    const std::size_t qn = high ? p.qhigh_n : (p.montgomery_groups > 0 ? h : 0);
    if (qn == 0) continue;
    for (std::size_t b = 0; b < pb; ++b) {
      QpBlock blk;
      blk.high = high;
      blk.p_off = b * n / pb;
      blk.p_len = (b + 1) * n / pb - blk.p_off;
      blk.q_n = qn;
      blk.off = lay.take(qn + blk.p_len);
      p.qp.push_back(blk);
    }
  }
  p.x_n = std::max(2 * n, h + n + p.qhigh_n) + 2;
  p.x_off = lay.take(p.x_n);
  p.final_tmp_off = lay.take(n + 8);
  p.scratch_limbs = lay.top;

  // The task graph (section 4.3): costs from the table.
  auto& G = p.graph;
  std::vector<int> prod_task(p.products.size());
  std::size_t sum_limbs = 0;
  for (std::size_t q = 0; q < p.products.size(); ++q) {
    const auto& s = p.products[q];
    prod_task[q] = G.add("A" + std::to_string(s.i) + (config.square ? "A" : "B") + std::to_string(s.j),
                         costs.mul(s.an, s.bn), kProductTask, static_cast<unsigned>(q));
    sum_limbs += (s.an + s.bn) * (s.twice ? 2 : 1);
  }
  std::vector<int> qtask_low, qtask_high;
  for (std::size_t gi = 0; gi < p.groups.size(); ++gi) {
    const auto& g = p.groups[gi];
    double c = 0;
    if (!g.s_is_product) {
      std::size_t terms = 0;
      for (int q : g.products) terms += p.products[static_cast<std::size_t>(q)].twice ? 2 : 1;
      c += costs.add(g.len * (terms + 1));
    }
    std::string name;
    if (g.kind == Reduction::montgomery) {
      c += g.len >= g.t ? costs.mullo(g.t) : costs.mul(g.t, g.len);
      name = "Qm(l=" + std::to_string(g.ell) + ")";
    } else {
      c += costs.mul(g.t + 1, std::min(g.len, g.t));
      name = "Qb(l=" + std::to_string(g.ell) + ")";
    }
    const int id = G.add(name, c, kQValueTask, static_cast<unsigned>(gi));
    for (int q : g.products) G.depend(id, prod_task[static_cast<std::size_t>(q)]);
    (g.kind == Reduction::montgomery ? qtask_low : qtask_high).push_back(id);
  }
  int qsum_low = -1, qsum_high = -1;
  if (!qtask_low.empty()) {
    qsum_low = G.add("sumQm", costs.add(h * (qtask_low.size() + 1)), kQSumLowTask, 0);
    for (int d : qtask_low) G.depend(qsum_low, d);
  }
  if (!qtask_high.empty()) {
    qsum_high = G.add("sumQb", costs.add(p.qhigh_n * (qtask_high.size() + 1)), kQSumHighTask, 0);
    for (int d : qtask_high) G.depend(qsum_high, d);
  }
  std::vector<int> qp_tasks;
  std::size_t final_limbs = n + 8;
  for (std::size_t b = 0; b < p.qp.size(); ++b) {
    const auto& blk = p.qp[b];
    const int id = G.add(std::string(blk.high ? "Qb" : "Qm") + "*P" + std::to_string(b % pb), costs.mul(blk.q_n, blk.p_len),
                         kQpTask, static_cast<unsigned>(b));
    G.depend(id, blk.high ? qsum_high : qsum_low);
    qp_tasks.push_back(id);
    final_limbs += blk.q_n + blk.p_len;
  }
  const int sum = G.add("sumAB", costs.add(sum_limbs + p.x_n), kSumTask, 0);
  for (int t : prod_task) G.depend(sum, t);
  const int fin = G.add("final", costs.add(final_limbs), kFinalTask, 0);
  G.depend(fin, sum);
  for (int t : qp_tasks) G.depend(fin, t);
  if (qsum_low >= 0) G.depend(fin, qsum_low);
  if (qsum_high >= 0) G.depend(fin, qsum_high);
  p.schedule = runtime::list_schedule(G, config.threads);
  return p;
}

std::string describe_plan(const MultipartitePlan& p) {
  std::ostringstream o;
  o << "n=" << p.n << " limbs, R=beta^" << p.h << ", ka=" << p.config.ka << " kb=" << p.config.kb
    << (p.config.square ? " square" : "") << (p.config.grouped ? " grouped" : " ungrouped") << "; products "
    << p.products.size() << " (PMR " << p.montgomery_products << ", PBR " << p.barrett_products << ", unreduced "
    << p.unreduced_products << "); Q-values: " << p.montgomery_groups << " Montgomery, " << p.barrett_groups
    << " Barrett; " << p.graph.size() << " tasks; scratch " << p.scratch_limbs << " limbs";
  return o.str();
}

}  // namespace parmod::modmul

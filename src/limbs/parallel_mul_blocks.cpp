// limbs/parallel_mul_blocks.cpp - k1 x k2 block parallel product and square (see parallel_mul_blocks.hpp).
#include "limbs/parallel_mul_blocks.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "check/assert.hpp"
#include "limbs/limbs.hpp"
#include "limbs/mul_cost.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::limbs {
namespace {

constexpr int kMaxK = 8;
constexpr int kMaxBlocks = kMaxK * kMaxK;

// "AiBj" for a product, "AiAj" / "Ai^2" for a square's block: formatted once
// per process (planning runs on every call and must not format strings).
const char* block_name(int i, int j, bool square) noexcept {
  struct Names {
    char product[kMaxK][kMaxK][8], square[kMaxK][kMaxK][8];
    Names() {
      for (int a = 0; a < kMaxK; ++a)
        for (int b = 0; b < kMaxK; ++b) {
          std::snprintf(product[a][b], sizeof product[a][b], "A%dB%d", a, b);
          if (a == b)
            std::snprintf(square[a][b], sizeof square[a][b], "A%d^2", a);
          else
            std::snprintf(square[a][b], sizeof square[a][b], "A%dA%d", a, b);
        }
    }
  };
  static const Names names;
  return square ? names.square[i][j] : names.product[i][j];
}

struct Part {
  std::size_t off, len;
};

// Cuts len limbs into at most k parts of ceil(len/k) limbs (the last one
// shorter); returns the number of parts.
int cut(std::size_t len, int k, Part* parts) noexcept {
  k = std::clamp(k, 1, kMaxK);
  if (static_cast<std::size_t>(k) > len) k = static_cast<int>(len);
  std::size_t q = (len + k - 1) / k;
  int n = 0;
  for (std::size_t off = 0; off < len; off += q) parts[n++] = {off, std::min(q, len - off)};
  return n;
}

struct Block {
  const limb_t* a;
  std::size_t an;
  const limb_t* b;  // null: square of a
  std::size_t bn;
  std::size_t off;  // limb offset of the product in r
  limb_t* out;      // r + off when direct, else scratch
  bool direct;
  bool twice;       // squaring: an off-diagonal product counted twice
};

struct Plan {
  limb_t* rp = nullptr;
  std::size_t total = 0;
  Block blk[kMaxBlocks];
  int nblk = 0;
  Part gap[kMaxBlocks + 1];
  int ngap = 0;
  limb_t* acc = nullptr;  // squaring: the sum of off-diagonal products
  std::size_t scratch_used = 0;
  const char* names[kMaxBlocks];  // task names for describe(), from block_name
};

void product_task(const void* ctx, unsigned i) {
  const Block& b = static_cast<const Plan*>(ctx)->blk[i];
  if (!b.b)
    limbs::sqr(b.out, b.a, b.an);
  else
    limbs::mul(b.out, b.a, b.an, b.b, b.bn);  // either operand may be the longer
}

// The one summation task: zero the limbs no direct product covers, then add
// the products kept in scratch (squaring: twice their sum).
void sum_task(const void* ctx, unsigned) {
  const Plan& p = *static_cast<const Plan*>(ctx);
  for (int g = 0; g < p.ngap; ++g) std::memset(p.rp + p.gap[g].off, 0, p.gap[g].len * sizeof(limb_t));
  limb_t* dst = p.acc ? p.acc : p.rp;
  if (p.acc) std::memset(p.acc, 0, p.total * sizeof(limb_t));
  for (int i = 0; i < p.nblk; ++i) {
    const Block& b = p.blk[i];
    if (b.direct) continue;
    std::size_t len = b.an + b.bn;
    mpn_add(dst + b.off, dst + b.off, static_cast<mp_size_t>(p.total - b.off), b.out, static_cast<mp_size_t>(len));
  }
  if (p.acc) {
    mpn_lshift(p.acc, p.acc, static_cast<mp_size_t>(p.total), 1);
    mpn_add_n(p.rp, p.rp, p.acc, static_cast<mp_size_t>(p.total));
  }
}

// Places the blocks: direct when disjoint from every direct block so far.
void place(Plan& p, limb_t* scratch) {
  std::size_t used = 0;
  for (int i = 0; i < p.nblk; ++i) {
    Block& b = p.blk[i];
    std::size_t lo = b.off, hi = b.off + b.an + b.bn;
    bool free = !b.twice;
    for (int j = 0; j < i && free; ++j)
      if (p.blk[j].direct && lo < p.blk[j].off + p.blk[j].an + p.blk[j].bn && p.blk[j].off < hi) free = false;
    b.direct = free;
    if (free) {
      b.out = p.rp ? p.rp + b.off : nullptr;
    } else {
      b.out = scratch ? scratch + used : nullptr;
      used += b.an + b.bn;
    }
  }
  // Gaps: the complement of the direct blocks in [0, total).
  Part cover[kMaxBlocks];
  int nc = 0;
  for (int i = 0; i < p.nblk; ++i)
    if (p.blk[i].direct) cover[nc++] = {p.blk[i].off, p.blk[i].an + p.blk[i].bn};
  std::sort(cover, cover + nc, [](const Part& x, const Part& y) { return x.off < y.off; });
  std::size_t at = 0;
  p.ngap = 0;
  for (int i = 0; i < nc; ++i) {
    if (cover[i].off > at) p.gap[p.ngap++] = {at, cover[i].off - at};
    at = cover[i].off + cover[i].len;
  }
  if (at < p.total) p.gap[p.ngap++] = {at, p.total - at};
  p.scratch_used = used;
}

// Builds the blocks of a*b: diagonal blocks first, so they are the direct ones.
// base + off, or null for the sizing plans (no operands; arithmetic on a null pointer is undefined).
const limb_t* at(const limb_t* base, std::size_t off) noexcept { return base ? base + off : nullptr; }

void plan_mul(Plan& p, limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int k1,
              int k2, limb_t* scratch) {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  Part pa[kMaxK], pb[kMaxK];
  int na = cut(an, k1, pa), nb = cut(bn, k2, pb);
  p.rp = rp;
  p.total = an + bn;
  p.nblk = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < na; ++i)
      for (int j = 0; j < nb; ++j) {
        if ((i == j) != (pass == 0)) continue;
        Block& b = p.blk[p.nblk];
        b = Block{at(ap, pa[i].off), pa[i].len, at(bp, pb[j].off), pb[j].len, pa[i].off + pb[j].off, nullptr, false,
                  false};
        p.names[p.nblk] = block_name(i, j, false);
        p.nblk++;
      }
  place(p, scratch);
}

void plan_sqr(Plan& p, limb_t* rp, const limb_t* ap, std::size_t n, int k, limb_t* scratch) {
  Part pa[kMaxK];
  int na = cut(n, k, pa);
  p.rp = rp;
  p.total = 2 * n;
  p.nblk = 0;
  for (int i = 0; i < na; ++i) {
    p.blk[p.nblk] = Block{at(ap, pa[i].off), pa[i].len, nullptr, pa[i].len, 2 * pa[i].off, nullptr, false, false};
    p.names[p.nblk] = block_name(i, i, true);
    p.nblk++;
  }
  for (int i = 0; i < na; ++i)
    for (int j = i + 1; j < na; ++j) {
      p.blk[p.nblk] = Block{at(ap, pa[i].off), pa[i].len, at(ap, pa[j].off), pa[j].len, pa[i].off + pa[j].off, nullptr,
                            false, true};
      p.names[p.nblk] = block_name(i, j, true);
      p.nblk++;
    }
  place(p, scratch);
  p.acc = na > 1 ? (scratch ? scratch + p.scratch_used : nullptr) : nullptr;
  if (na > 1) p.scratch_used += p.total;
}

// The task graph: products spread round-robin over the lists (largest first
// is not needed: all blocks are the same size within one limb), then the sum.
void build(runtime::Schedule& s, const Plan& p) {
  for (int i = 0; i < p.nblk; ++i)
    s.add(&product_task, &p, static_cast<unsigned>(i), mul_cost_estimate(p.blk[i].an, p.blk[i].bn), i, p.names[i]);
  bool need_sum = p.ngap > 0 || p.acc;
  for (int i = 0; i < p.nblk; ++i) need_sum |= !p.blk[i].direct;
  if (!need_sum) return;
  int sum = s.add(&sum_task, &p, 0, 0.3 * double(p.total), 0, "sum");
  for (int i = 0; i < p.nblk; ++i) s.depend(sum, i);
}

}  // namespace

std::size_t mul_blocks_scratch(std::size_t an, std::size_t bn, int k1, int k2) noexcept {
  Plan p;
  plan_mul(p, nullptr, nullptr, an, nullptr, bn, k1, k2, nullptr);
  return p.scratch_used;
}

void mul_blocks(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int k1, int k2,
                int threads, limb_t* scratch) noexcept {
  PARMOD_ASSERT(an >= 1 && bn >= 1);
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_blocks_scratch(an, bn, k1, k2), rp, an + bn));
  Plan p;
  plan_mul(p, rp, ap, an, bp, bn, k1, k2, scratch);
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, p); });
}

std::size_t sqr_blocks_scratch(std::size_t n, int k) noexcept {
  // What plan_sqr places (without planning: parallel_mul_scratch asks on
  // every call): the diagonal squares go straight into r, each of the
  // na (na - 1) / 2 cross products (len_i + len_j limbs) to scratch, so
  // (na - 1) n limbs, and the sum of the cross products, 2n limbs.
  Part parts[kMaxK];
  const std::size_t na = static_cast<std::size_t>(cut(n, k, parts));
  return na > 1 ? (na - 1) * n + 2 * n : 0;
}

void sqr_blocks(limb_t* rp, const limb_t* ap, std::size_t n, int k, int threads, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, sqr_blocks_scratch(n, k), rp, 2 * n));
  Plan p;
  plan_sqr(p, rp, ap, n, k, scratch);
  PARMOD_ASSERT(p.scratch_used == sqr_blocks_scratch(n, k));
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, p); });
}

std::string describe_mul_blocks(std::size_t an, std::size_t bn, int k1, int k2, int threads) {
  Plan p;
  plan_mul(p, nullptr, nullptr, an, nullptr, bn, k1, k2, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, p); });
}

}  // namespace parmod::limbs

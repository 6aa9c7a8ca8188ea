// limbs/parallel_mul_residues.cpp - the product from its residues mod beta^L -+ 1 (see the header).
#include "limbs/parallel_mul_residues.hpp"

#include <algorithm>
#include <utility>

#include "check/assert.hpp"
#include "limbs/mul_cost.hpp"
#include "limbs/residue_products.hpp"
#include "runtime/team.hpp"

// GMP's products modulo beta^rn - 1 and beta^pl + 1 (mpn/generic/mulmod_bnm1.c
// and mul_fft.c; exported by libgmp since 5.0).  mulmod_bnm1 writes
// min(rn, an + bn) limbs and needs 0 < bn <= an <= rn, an + bn > rn / 2 and
// 2 rn + 4 limbs of scratch; rn must be a size mulmod_bnm1_next_size returns.
// It gives the class of 0 as beta^rn - 1 when neither operand is 0.  mul_fft
// needs pl = fft_next_size(pl, k) and returns the top bit: the residue is
// {op, pl} + bit beta^pl (the bit is set only for beta^pl itself).  GMP 5
// declared the return type int, so only its low bit is read.
extern "C" {
void __gmpn_mulmod_bnm1(mp_ptr rp, mp_size_t rn, mp_srcptr ap, mp_size_t an, mp_srcptr bp, mp_size_t bn, mp_ptr tp);
mp_size_t __gmpn_mulmod_bnm1_next_size(mp_size_t n);
int __gmpn_mul_fft(mp_ptr op, mp_size_t pl, mp_srcptr n, mp_size_t nl, mp_srcptr m, mp_size_t ml, int k);
int __gmpn_fft_best_k(mp_size_t n, int sqr);
mp_size_t __gmpn_fft_next_size(mp_size_t pl, int k);
}

namespace parmod::limbs {
namespace {

constexpr std::size_t kResiduesMin = 16;  // below, the FFT's rounding makes L far larger than the operands

// The scratch, laid out from its first line boundary: each task's areas
// together and line-aligned, so that the two threads never write one line.
struct Layout {
  std::size_t L = 0;
  int k = 0;  // the FFT's 2^k pieces
  std::size_t x1, fold, t1, x2, total;
  Layout(std::size_t L_, bool square) noexcept : L(L_) {
    k = L ? __gmpn_fft_best_k(static_cast<mp_size_t>(L), square) : 0;
    x1 = 0;                          // task 0: X1, L limbs
    fold = x1 + line_words(L);       // operands longer than L folded mod beta^L - 1: 2L
    t1 = fold + line_words(2 * L);   // mulmod_bnm1's scratch, 2L + 4
    x2 = t1 + line_words(2 * L + 4);  // task 1: X2, L limbs and the top bit; the CRT works in it
    total = x2 + L + 2 + kLineWords - 1;  // (+ 1: mul_fft of GMP 5 writes L + 1) + the alignment of the start
  }
};

struct Residues {
  const limb_t* a;  // the longer operand
  std::size_t an;
  const limb_t* b;
  std::size_t bn;
  limb_t* ws;
  Layout lay;
};

// Task 0: X1 = a b mod (beta^L - 1) in ws[x1, x1 + L); operands longer than
// L are folded first (mulmod_bnm1 takes at most L limbs).
void minus_one_task(const void* ctx, unsigned) {
  const Residues& c = *static_cast<const Residues*>(ctx);
  const std::size_t L = c.lay.L;
  limb_t* x1 = c.ws + c.lay.x1;
  const limb_t* a = c.a;
  const limb_t* b = c.b;
  std::size_t an = c.an, bn = c.bn;
  const bool square = a == b && an == bn;
  limb_t* f = c.ws + c.lay.fold;
  if (an > L) {
    fold_minus_one(f, a, an, L);
    a = f;
    an = L;
  }
  if (square) {
    b = a;
    bn = an;
  } else if (bn > L) {
    fold_minus_one(f + L, b, bn, L);
    b = f + L;
    bn = L;
  }
  // an + bn > L (both callers' preconditions), so mulmod_bnm1 writes all L limbs.
  PARMOD_ASSERT(an + bn > L);
  __gmpn_mulmod_bnm1(x1, static_cast<mp_size_t>(L), a, static_cast<mp_size_t>(an), b, static_cast<mp_size_t>(bn),
                     c.ws + c.lay.t1);
}

// Task 1: X2 = a b mod (beta^L + 1) in ws[x2, x2 + L] (the top limb 0 or 1);
// mul_fft reduces operands longer than L itself.
void plus_one_task(const void* ctx, unsigned) {
  const Residues& c = *static_cast<const Residues*>(ctx);
  const std::size_t L = c.lay.L;
  limb_t* x2 = c.ws + c.lay.x2;
  const int top = __gmpn_mul_fft(x2, static_cast<mp_size_t>(L), c.a, static_cast<mp_size_t>(c.an), c.b,
                                 static_cast<mp_size_t>(c.bn), c.lay.k);
  x2[L] = static_cast<limb_t>(top & 1);
}

// out[0, L + hn) = the CRT of the two residues (limbs::crt_minus_plus), X2
// destroyed.
void combine(limb_t* out, std::size_t hn, const Residues& c) noexcept {
  crt_minus_plus(out, hn, c.ws + c.lay.x1, c.ws + c.lay.x2, c.lay.L);
}

// The longer operand first (mulmod_bnm1 wants bn <= an).
Residues ordered(const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, std::size_t L,
                 limb_t* scratch) {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  return Residues{ap, an, bp, bn, scratch ? line_aligned(scratch) : nullptr, Layout(L, ap == bp && an == bn)};
}

void build(runtime::Schedule& s, const Residues& c) {
  const double half = 0.5 * mul_cost_estimate(c.lay.L, c.lay.L);
  // The mod beta^L + 1 product is the heavier: the caller (list 0) takes it,
  // the partner (which starts later) the other.
  s.add(&plus_one_task, &c, 0, 1.1 * half, 0, "residue mod beta^L + 1 (mul_fft)");
  s.add(&minus_one_task, &c, 0, half, 1, "residue mod beta^L - 1 (mulmod_bnm1)");
}

}  // namespace

std::size_t residues_length(std::size_t an, std::size_t bn) noexcept {
  const std::size_t m = std::max(an, bn);
  if (m == 0 || m > (std::size_t(1) << 40)) return 0;
  auto L = static_cast<mp_size_t>(m);
  for (int round = 0; round < 8; ++round) {
    const int k = __gmpn_fft_best_k(L, 0);
    const mp_size_t f = __gmpn_fft_next_size(L, k);
    const mp_size_t g = __gmpn_mulmod_bnm1_next_size(f);
    // the square's k may differ; both must accept the same L
    const int ks = __gmpn_fft_best_k(g, 1);
    if (g == f && __gmpn_fft_next_size(g, ks) == g && __gmpn_fft_next_size(g, __gmpn_fft_best_k(g, 0)) == g)
      return static_cast<std::size_t>(g);
    L = std::max(g, f);
  }
  return 0;
}

bool residues_applicable(std::size_t an, std::size_t bn) noexcept {
  if (std::min(an, bn) < kResiduesMin) return false;
  const std::size_t L = residues_length(an, bn);
  return L != 0 && an + bn > L;
}

std::size_t mul_residues_scratch(std::size_t an, std::size_t bn) noexcept {
  if (std::min(an, bn) < kResiduesMin) return 0;  // as residues_applicable, with residues_length once
  const std::size_t L = residues_length(an, bn);
  return L != 0 && an + bn > L ? Layout(L, false).total : 0;
}

void mul_residues(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
                  limb_t* scratch) noexcept {
  PARMOD_ASSERT(residues_applicable(an, bn));
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_residues_scratch(an, bn), rp, an + bn));
  const Residues c = ordered(ap, an, bp, bn, residues_length(an, bn), scratch);
  PARMOD_ASSERT(c.lay.total <= mul_residues_scratch(an, bn));
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, c); });
  combine(rp, an + bn - c.lay.L, c);  // a b < (beta^L - 1)^2 < beta^2L - beta^L
}

std::string describe_mul_residues(std::size_t an, std::size_t bn, int threads) {
  const Residues c = ordered(nullptr, an, nullptr, bn, residues_length(an, bn), nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, c); });
}

std::size_t wrapped_length(std::size_t n) noexcept {
  if (n < 2 * kResiduesMin) return 0;
  const std::size_t h = (n + 1) / 2;
  const std::size_t L = residues_length(h, h);
  return L ? 2 * L : 0;
}

std::size_t mul_wrapped_scratch(std::size_t rn) noexcept { return Layout(rn / 2, false).total; }

void mul_wrapped(limb_t* xp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, std::size_t rn,
                 int threads, limb_t* scratch) noexcept {
  PARMOD_ASSERT(rn % 2 == 0 && rn >= 2 * kResiduesMin && residues_length(rn / 2, rn / 2) == rn / 2);
  PARMOD_ASSERT(an >= 1 && bn >= 1 && an <= rn && bn <= rn && an + bn > rn / 2);
  PARMOD_ASSERT(!check::overlap(xp, rn, ap, an) && !check::overlap(xp, rn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_wrapped_scratch(rn), xp, rn));
  const Residues c = ordered(ap, an, bp, bn, rn / 2, scratch);
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, c); });
  combine(xp, rn / 2, c);
}

}  // namespace parmod::limbs

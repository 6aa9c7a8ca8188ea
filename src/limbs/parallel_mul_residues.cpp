// limbs/parallel_mul_residues.cpp - the product from its residues mod beta^L -+ 1 (see the header).
#include "limbs/parallel_mul_residues.hpp"

#include <algorithm>
#include <utility>

#include "check/assert.hpp"
#include "limbs/mul_cost.hpp"
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
  std::size_t x1, t1, x2, total;
  Layout(std::size_t an, std::size_t bn, bool square) noexcept {
    L = residues_length(an, bn);
    k = L ? __gmpn_fft_best_k(static_cast<mp_size_t>(L), square) : 0;
    x1 = 0;                          // task 0: X1, L limbs
    t1 = x1 + line_words(L);         // mulmod_bnm1's scratch, 2L + 4
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

// Task 0: X1 = a b mod (beta^L - 1) in ws[x1, x1 + L).
void minus_one_task(const void* ctx, unsigned) {
  const Residues& c = *static_cast<const Residues*>(ctx);
  const std::size_t L = c.lay.L;
  limb_t* x1 = c.ws + c.lay.x1;
  __gmpn_mulmod_bnm1(x1, static_cast<mp_size_t>(L), c.a, static_cast<mp_size_t>(c.an), c.b,
                     static_cast<mp_size_t>(c.bn), c.ws + c.lay.t1);
  if (c.an + c.bn < L) mpn_zero(x1 + c.an + c.bn, static_cast<mp_size_t>(L - c.an - c.bn));
}

// Task 1: X2 = a b mod (beta^L + 1) in ws[x2, x2 + L] (the top limb 0 or 1).
void plus_one_task(const void* ctx, unsigned) {
  const Residues& c = *static_cast<const Residues*>(ctx);
  const std::size_t L = c.lay.L;
  limb_t* x2 = c.ws + c.lay.x2;
  const int top = __gmpn_mul_fft(x2, static_cast<mp_size_t>(L), c.a, static_cast<mp_size_t>(c.an), c.b,
                                 static_cast<mp_size_t>(c.bn), c.lay.k);
  x2[L] = static_cast<limb_t>(top & 1);
}

// rp[0, an + bn) from X1 and X2 (the CRT of the header), in four passes over L limbs.
// X1 may be beta^L - 1 for the class of 0 (mulmod_bnm1's convention): the
// formula takes any X1 in [0, beta^L - 1], since a b < beta^2L - 1 is the
// only value of X1 + (beta^L - 1) y in range with both residues.
void combine(limb_t* rp, const Residues& c) noexcept {
  const std::size_t L = c.lay.L, rn = c.an + c.bn;
  const auto sL = static_cast<mp_size_t>(L);
  const limb_t* x1 = c.ws + c.lay.x1;
  limb_t* d = c.ws + c.lay.x2;  // X2, then X1 - X2 mod (beta^L + 1), then y
  // X1 - X2 = t - (borrow + top) beta^L = t + borrow + top (mod beta^L + 1), t = x1 - x2
  // mod beta^L.  top = 1 only for X2 = beta^L, whose low limbs are 0: no borrow then,
  // so the sum is at most beta^L.
  const limb_t top = d[L];
  const limb_t borrow = mpn_sub_n(d, x1, d, sL);
  d[L] = mpn_add_1(d, d, sL, borrow + top);
  PARMOD_ASSERT(d[L] == 0 || mpn_zero_p(d, sL));
  // y = d / 2 mod (beta^L + 1): for odd d, (d + beta^L + 1) / 2; y <= beta^L.
  if (d[0] & 1) d[L] += 1 + mpn_add_1(d, d, sL, 1);
  mpn_rshift(d, d, sL + 1, 1);
  // a b = (X1 - y) + y beta^L, below (beta^L - 1)^2 < beta^2L - beta^L, so y < beta^L.
  PARMOD_ASSERT(d[L] == 0);
  const limb_t b = mpn_sub_n(rp, x1, d, sL);  // the low half: (X1 - y) mod beta^L, borrow b
  // The high half y - b < beta^(rn - L): its low rn - L limbs (y's limbs above
  // them are just the borrow that y - b takes from them).
  [[maybe_unused]] const limb_t under = mpn_sub_1(rp + L, d, static_cast<mp_size_t>(rn - L), b);
  PARMOD_ASSERT(2 * L == rn ? under == 0
                            : d[rn - L] == under && !any_nonzero(d + (rn - L) + 1, 2 * L - rn - 1));
}

// The longer operand first (mulmod_bnm1 wants bn <= an).
Residues ordered(const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, limb_t* scratch) {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  return Residues{ap, an, bp, bn, scratch ? line_aligned(scratch) : nullptr, Layout(an, bn, ap == bp && an == bn)};
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
  if (!residues_applicable(an, bn)) return 0;
  return Layout(std::max(an, bn), std::min(an, bn), false).total;
}

void mul_residues(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
                  limb_t* scratch) noexcept {
  PARMOD_ASSERT(residues_applicable(an, bn));
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_residues_scratch(an, bn), rp, an + bn));
  const Residues c = ordered(ap, an, bp, bn, scratch);
  PARMOD_ASSERT(c.lay.total <= mul_residues_scratch(an, bn));
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, c); });
  combine(rp, c);
}

std::string describe_mul_residues(std::size_t an, std::size_t bn, int threads) {
  const Residues c = ordered(nullptr, an, nullptr, bn, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, c); });
}

}  // namespace parmod::limbs

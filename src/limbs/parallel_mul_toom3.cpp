// limbs/parallel_mul_toom3.cpp - Toom-3 top level with parallel point products (see parallel_mul_toom3.hpp).
#include "limbs/parallel_mul_toom3.hpp"

#include <algorithm>
#include <cstring>

#include "check/assert.hpp"
#include "limbs/karatsuba_steps.hpp"
#include "limbs/limbs.hpp"
#include "limbs/mul_cost.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::limbs {
namespace {

using sz = mp_size_t;

// out[0, s] = x0 + x1 + x2 (x2 has t <= s limbs).
void eval_p1(limb_t* out, const limb_t* x, std::size_t s, std::size_t t) noexcept {
  limb_t cy = mpn_add_n(out, x, x + s, sz(s));
  cy += mpn_add(out, out, sz(s), x + 2 * s, sz(t));
  out[s] = cy;
}

// out[0, s] = |x0 - x1 + x2|; returns 1 when x0 - x1 + x2 < 0.
int eval_m1(limb_t* out, const limb_t* x, std::size_t s, std::size_t t) noexcept {
  out[s] = mpn_add(out, x, sz(s), x + 2 * s, sz(t));
  if (out[s] == 0 && mpn_cmp(out, x + s, sz(s)) < 0) {
    mpn_sub_n(out, x + s, out, sz(s));
    return 1;
  }
  mpn_sub(out, out, sz(s + 1), x + s, sz(s));
  return 0;
}

// out[0, s] = x0 + 2 x1 + 4 x2 (< 7 beta^s).
void eval_p2(limb_t* out, const limb_t* x, std::size_t s, std::size_t t) noexcept {
  out[t] = mpn_lshift(out, x + 2 * s, sz(t), 1);
  if (t < s) std::memset(out + t + 1, 0, (s - t) * sizeof(limb_t));
  out[s] += mpn_add_n(out, out, x + s, sz(s));
  mpn_lshift(out, out, sz(s + 1), 1);
  mpn_add(out, out, sz(s + 1), x, sz(s));
}

struct Toom {
  limb_t* rp;
  const limb_t* a;
  const limb_t* b;  // null: squaring
  std::size_t an, bn, s, ta, tb, h, tk, w;
  limb_t* ev[2][2];  // private evaluation buffers of the tasks W1, Wm1
  limb_t* x2;        // A(2), s + 1 limbs, written by the W1 task
  limb_t* y2;        // B(2), s + 1 limbs, written by the Wm1 task (unused for a square)
  limb_t* w1;        // W(1), 2s+2 limbs
  limb_t* wm1;       // |W(-1)|, 2s+2 limbs
  limb_t* w2;        // W(2): x0 y0 in [0, 2h), x1 y1 in [2h, w); the interpolation adds the middle
  limb_t* w2mid;     // (x0 + x1)(y0 + y1), 2tk + 2 limbs
  limb_t* sums[2];   // x0 + x1 and y0 + y1, tk + 1 limbs each
  // x1 y1 (tk limbs each) in three tasks too when split_hi: x1 = u0 + u1
  // beta^h2 (u1 of tk2 limbs), u0 v0 and u1 v1 in place at w2 + 2h,
  // (u0 + u1)(v0 + v1) in hi_mid; interpolate-2 joins them first.
  bool split_hi;
  std::size_t h2, tk2;
  limb_t* hi_mid;     // 2tk2 + 2 limbs
  limb_t* hi_sums[2];  // tk2 + 1 limbs each
  limb_t* t1;
  limb_t* t3;
  limb_t* t2;  // t2 = W(-1) - W(0), then v = t2 + 4 W(inf)
  limb_t* c2;  // c2; then y = W(-1) + 3 v + 6 t1 (interpolate-1), which interpolate-2 subtracts from W(2)
};

enum Job : unsigned { kW1, kWm1, kW0, kWinf, kW2lo, kW2hi, kW2mid, kW2hiLo, kW2hiHi, kW2hiMid };

void product_task(const void* ctx, unsigned job) {
  Toom& T = *const_cast<Toom*>(static_cast<const Toom*>(ctx));
  const std::size_t s = T.s;
  const bool sq = T.b == nullptr;
  switch (job) {
    case kW0:
      if (sq)
        limbs::sqr(T.rp, T.a, s);
      else
        limbs::mul(T.rp, T.a, s, T.b, s);
      break;
    case kWinf:
      if (sq)
        limbs::sqr(T.rp + 4 * s, T.a + 2 * s, T.ta);
      else
        limbs::mul(T.rp + 4 * s, T.a + 2 * s, T.ta, T.b + 2 * s, T.tb);
      break;
    case kW1: {
      limb_t *ea = T.ev[0][0], *eb = T.ev[0][1];
      eval_p1(ea, T.a, s, T.ta);
      if (sq) {
        limbs::sqr(T.w1, ea, s + 1);
      } else {
        eval_p1(eb, T.b, s, T.tb);
        limbs::mul(T.w1, ea, s + 1, eb, s + 1);
      }
      eval_p2(T.x2, T.a, s, T.ta);  // A(2) for W(2)'s three products, once
      break;
    }
    case kWm1: {
      limb_t *ea = T.ev[1][0], *eb = T.ev[1][1];
      int neg = eval_m1(ea, T.a, s, T.ta);
      if (sq) {
        limbs::sqr(T.wm1, ea, s + 1);
        neg = 0;
      } else {
        neg ^= eval_m1(eb, T.b, s, T.tb);
        limbs::mul(T.wm1, ea, s + 1, eb, s + 1);
        eval_p2(T.y2, T.b, s, T.tb);  // B(2), once
      }
      if (neg) mpn_neg(T.wm1, T.wm1, sz(T.w));  // two's complement on w limbs from here on
      break;
    }
    case kW2lo:
    case kW2hi:
    case kW2mid:
    case kW2hiLo:
    case kW2hiHi:
    case kW2hiMid: {
      // W(2) = x y with x = A(2), y = B(2) of s + 1 limbs (evaluated by
      // the W(1) and W(-1) tasks), cut at h: x = x0 + x1 beta^h (x1 of tk
      // limbs), one Karatsuba level.
      const limb_t* x = T.x2;
      const limb_t* y = sq ? T.x2 : T.y2;
      const std::size_t h = T.h, tk = T.tk;
      // x1 y1 = (u0 + u1 beta^h2)(v0 + v1 beta^h2) with u = x + h, v = y + h.
      const limb_t* u = x + h;
      const limb_t* v = y + h;
      const std::size_t h2 = T.h2, tk2 = T.tk2;
      switch (job) {
        case kW2lo: limbs::mul(T.w2, x, h, y, h); break;
        case kW2hi: limbs::mul(T.w2 + 2 * h, u, tk, v, tk); break;
        case kW2mid: karatsuba_steps::product_of_sums(T.w2mid, x, y, h, tk, T.sums[0], T.sums[1]); break;
        case kW2hiLo: limbs::mul(T.w2 + 2 * h, u, h2, v, h2); break;
        case kW2hiHi: limbs::mul(T.w2 + 2 * h + 2 * h2, u + h2, tk2, v + h2, tk2); break;
        default: karatsuba_steps::product_of_sums(T.hi_mid, u, v, h2, tk2, T.hi_sums[0], T.hi_sums[1]); break;
      }
      break;
    }
  }
}

// The interpolation (Bodrato's sequence for the points 0, 1, -1, 2, inf) in
// two parts.  Part 1 needs only W(1), W(-1), W(0), W(inf), so it overlaps
// W(2)'s products:
//   t1 = (W1 - Wm1)/2 = c1 + c3,  t2 = Wm1 - W0 = -c1 + c2 - c3 + c4,
//   c2 = t2 + t1 - W4,  v = t2 + 4 W4,
// then r[2s, 4s) = 0 and c2 is added at limb 2s (W(0) and W(inf) already sit
// in r[0, 2s) and r[4s, ...)); last y = Wm1 + 3v + 6 t1.  Part 2, after W(2),
// is what Bodrato's steps t3 = (W2 - Wm1)/3, t3 = (t3 - v)/2 = c1 + 2c3,
// c3 = t3 - t1 leave after folding every term but W2 into y:
//   c3 = ((W2 - y)/3)/2,  c1 = t1 - c3, added at limbs s and 3s
// ((W2 - y)/3 = 2 c3 >= 0, so the shift is exact).
// All on w = 2s+2 limbs in two's complement; every division is exact.
void interpolate1_task(const void* ctx, unsigned) {
  Toom& T = *const_cast<Toom*>(static_cast<const Toom*>(ctx));
  const std::size_t s = T.s, w = T.w, total = T.an + T.bn, l4 = T.ta + T.tb;
  const limb_t* w0 = T.rp;
  const limb_t* w4 = T.rp + 4 * s;
  mpn_sub_n(T.t1, T.w1, T.wm1, sz(w));
  mpn_rshift(T.t1, T.t1, sz(w), 1);                // t1 = c1 + c3
  mpn_sub(T.t2, T.wm1, sz(w), w0, sz(2 * s));      // t2 (may be < 0)
  mpn_add_n(T.c2, T.t2, T.t1, sz(w));
  mpn_sub(T.c2, T.c2, sz(w), w4, sz(l4));          // c2
  limb_t* tmp = T.ev[0][0];                        // W(1)'s evaluation buffers (2s+2 limbs) are free now
  tmp[l4] = mpn_lshift(tmp, w4, sz(l4), 2);
  mpn_add(T.t2, T.t2, sz(w), tmp, sz(l4 + 1));     // v = t2 + 4 W4
  std::memset(T.rp + 2 * s, 0, 2 * s * sizeof(limb_t));
  karatsuba_steps::add_at(T.rp, total, 2 * s, T.c2, w);
  limb_t* y = T.c2;  // c2 is in r now
  mpn_copyi(y, T.wm1, sz(w));
  mpn_addmul_1(y, T.t2, sz(w), 3);  // carries out of w limbs drop: arithmetic mod beta^w
  mpn_addmul_1(y, T.t1, sz(w), 6);
}

void interpolate2_task(const void* ctx, unsigned) {
  Toom& T = *const_cast<Toom*>(static_cast<const Toom*>(ctx));
  const std::size_t s = T.s, w = T.w, total = T.an + T.bn;
  // W(2) = x0 y0 + x1 y1 beta^2h (in place) + ((x0 + x1)(y0 + y1) - x0 y0 - x1 y1) beta^h,
  // x1 y1 first joined the same way when it was split.
  if (T.split_hi) karatsuba_steps::add_middle_of_sums(T.w2 + 2 * T.h, T.h2, T.tk2, T.hi_mid);
  karatsuba_steps::add_middle_of_sums(T.w2, T.h, T.tk, T.w2mid);
  mpn_sub_n(T.t3, T.w2, T.c2, sz(w));              // W2 - y
  mpn_divexact_by3(T.t3, T.t3, sz(w));             // 2 c3
  mpn_rshift(T.t3, T.t3, sz(w), 1);                // c3
  mpn_sub_n(T.t1, T.t1, T.t3, sz(w));              // c1
  karatsuba_steps::add_at(T.rp, total, s, T.t1, w);
  karatsuba_steps::add_at(T.rp, total, 3 * s, T.t3, w);
}

// Whether limbs::mul on two n-limb operands runs a recursive algorithm
// (Karatsuba or above), whose top level the schedule may as well run as three
// tasks: the same work, in pieces that balance the end of the run.  For
// GMP's mpn_mul: from 32 limbs, about its MUL_TOOM22_THRESHOLD on x86-64
// (below it, its schoolbook).
bool product_recurses(std::size_t n) noexcept {
  switch (mul_kernel(n, n)) {
    case MulKernel::karatsuba_adx:
    case MulKernel::karatsuba_ifma: return true;
    case MulKernel::gmp: return n >= 32;
    default: return false;
  }
}

void setup(Toom& T, limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
           limb_t* scratch) noexcept {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  T.rp = rp;
  T.a = ap;
  T.b = bp;
  T.an = an;
  T.bn = bn;
  T.s = (an + 2) / 3;
  T.ta = an - 2 * T.s;
  T.tb = bn - 2 * T.s;
  T.h = (T.s + 1) / 2;
  T.tk = T.s + 1 - T.h;
  T.w = 2 * T.s + 2;
  T.h2 = T.tk / 2;
  T.tk2 = T.tk - T.h2;
  T.split_hi = product_recurses(T.tk);
  const std::size_t e = T.s + 1;
  // Each buffer on its own cache lines: the tasks on the two threads write
  // them side by side (mul_toom*_scratch counts the rounding).
  limb_t* p = scratch ? line_aligned(scratch) : nullptr;
  auto take = [&](std::size_t n) {
    limb_t* q = p;
    if (p) p += line_words(n);
    return q;
  };
  for (auto& ev : T.ev) {
    ev[0] = take(e);
    ev[1] = take(e);
  }
  T.x2 = take(e);
  T.y2 = take(e);
  T.w1 = take(T.w);
  T.wm1 = take(T.w);
  T.w2 = take(T.w);
  T.w2mid = take(2 * T.tk + 2);
  T.sums[0] = take(T.tk + 1);
  T.sums[1] = take(T.tk + 1);
  T.hi_mid = take(2 * T.tk2 + 2);
  T.hi_sums[0] = take(T.tk2 + 1);
  T.hi_sums[1] = take(T.tk2 + 1);
  T.t1 = take(T.w);
  T.t3 = take(T.w);
  T.t2 = take(T.w);
  T.c2 = take(T.w);
}

void build(runtime::Schedule& s, const Toom& T) {
  const double c = mul_cost_estimate(T.s + 1, T.s + 1);
  // Plan for two lists: {W1, W0, interpolate-1, W2mid, W2hi.mid,
  // interpolate-2} and {W-1, Winf, W2lo, W2hi or W2hi.lo and W2hi.hi}.  The
  // four whole products balance; then thread 0, which starts first (the
  // caller), takes W(2)'s middle product and part 1 of the interpolation
  // (ready once W(inf) is), thread 1 the other products of W(2), and a list
  // that runs dry takes the other's next ready task, so the last pieces go
  // to whichever thread is free.  W(2)'s products read A(2) and B(2), which
  // the W(1) and W(-1) tasks evaluate after their own products.
  const int w1 = s.add(&product_task, &T, kW1, c, 0, "W(1)");
  const int wm1 = s.add(&product_task, &T, kWm1, c, 1, "W(-1)");
  const int w0 = s.add(&product_task, &T, kW0, c, 0, "W(0)");
  const int winf = s.add(&product_task, &T, kWinf, mul_cost_estimate(T.ta, T.tb), 1, "W(inf)");
  const int i1 = s.add(&interpolate1_task, &T, 0, 4.0 * double(T.w), 0, "interpolate-1");
  for (int d : {w1, wm1, w0, winf}) s.depend(i1, d);
  const int w2mid = s.add(&product_task, &T, kW2mid, mul_cost_estimate(T.tk + 1, T.tk + 1), 0, "W(2)mid");
  for (int d : {w1, wm1}) s.depend(w2mid, d);
  const int w2lo = s.add(&product_task, &T, kW2lo, mul_cost_estimate(T.h, T.h), 1, "W(2)lo");
  for (int d : {w1, wm1}) s.depend(w2lo, d);
  int hi[3] = {-1, -1, -1};
  if (T.split_hi) {
    hi[0] = s.add(&product_task, &T, kW2hiLo, mul_cost_estimate(T.h2, T.h2), 1, "W(2)hi.lo");
    for (int d : {w1, wm1}) s.depend(hi[0], d);
    hi[1] = s.add(&product_task, &T, kW2hiHi, mul_cost_estimate(T.tk2, T.tk2), 1, "W(2)hi.hi");
    for (int d : {w1, wm1}) s.depend(hi[1], d);
    hi[2] = s.add(&product_task, &T, kW2hiMid, mul_cost_estimate(T.tk2 + 1, T.tk2 + 1), 0, "W(2)hi.mid");
    for (int d : {w1, wm1}) s.depend(hi[2], d);
  } else {
    hi[0] = s.add(&product_task, &T, kW2hi, mul_cost_estimate(T.tk, T.tk), 1, "W(2)hi");
    for (int d : {w1, wm1}) s.depend(hi[0], d);
  }
  const int i2 = s.add(&interpolate2_task, &T, 0, 4.0 * double(T.w), 0, "interpolate-2");
  for (int d : {i1, w2mid, w2lo}) s.depend(i2, d);
  for (int d : hi)
    if (d >= 0) s.depend(i2, d);
}

}  // namespace

bool toom3_applicable(std::size_t an, std::size_t bn) noexcept {
  std::size_t m = std::max(an, bn), n = std::min(an, bn);
  std::size_t s = (m + 2) / 3;
  return n >= 1 && m >= 2 * s + 1 && n >= 2 * s + 1;
}

std::size_t mul_toom3_scratch(std::size_t an, std::size_t bn) noexcept {
  std::size_t s = (std::max(an, bn) + 2) / 3;
  // setup(): 6 evaluations and 7 values of s + 1 or w = 2s + 2 limbs, the middles and sums of W(2) and
  // of its x1 y1 (4 tk + 4 <= 2 (s + 1) + 6 and 4 tk2 + 4 <= (s + 1) + 7 limbs): 21 buffers, each rounded
  // up to whole lines, from a line boundary.
  return 23 * (s + 1) + 13 + 22 * (kLineWords - 1);
}

void mul_toom3(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
               limb_t* scratch) noexcept {
  PARMOD_ASSERT(toom3_applicable(an, bn));
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_toom3_scratch(an, bn), rp, an + bn));
  Toom T;
  setup(T, rp, ap, an, bp, bn, scratch);
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, T); });
}

void sqr_toom3(limb_t* rp, const limb_t* ap, std::size_t n, int threads, limb_t* scratch) noexcept {
  PARMOD_ASSERT(toom3_applicable(n, n));
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n));
  PARMOD_ASSERT(!check::overlap(scratch, mul_toom3_scratch(n, n), rp, 2 * n));
  Toom T;
  setup(T, rp, ap, n, nullptr, n, scratch);
  T.tb = T.ta;
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, T); });
}

std::string describe_mul_toom3(std::size_t an, std::size_t bn, int threads) {
  Toom T;
  setup(T, nullptr, nullptr, an, nullptr, bn, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, T); });
}

}  // namespace parmod::limbs

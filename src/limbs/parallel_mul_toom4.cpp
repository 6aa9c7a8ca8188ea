// limbs/parallel_mul_toom4.cpp - Toom-4 top level with parallel point products (see parallel_mul_toom4.hpp).
#include "limbs/parallel_mul_toom4.hpp"

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

// The four parts of an operand: x0, x1, x2 of s limbs, x3 of t limbs.
struct Parts {
  const limb_t* x;
  std::size_t s, t;
  const limb_t* part(int i) const { return x + i * s; }
};

// out[0, s] = x_i + x_j (x_j may be the short top part when j == 3).
void add2(limb_t* out, const Parts& p, int i, int j) {
  std::size_t lj = j == 3 ? p.t : p.s;
  out[p.s] = mpn_add(out, p.part(i), sz(p.s), p.part(j), sz(lj));
}

// out = |e - o| over n limbs; returns 1 when e < o.
int abs_diff(limb_t* out, const limb_t* e, const limb_t* o, std::size_t n) {
  if (mpn_cmp(e, o, sz(n)) < 0) {
    mpn_sub_n(out, o, e, sz(n));
    return 1;
  }
  mpn_sub_n(out, e, o, sz(n));
  return 0;
}

// p1 = x(1), m1 = |x(-1)|; returns the sign of x(-1).  tmp: s+1 limbs.
int eval_pm1(limb_t* p1, limb_t* m1, const Parts& p, limb_t* tmp) {
  const std::size_t s = p.s;
  add2(p1, p, 0, 2);   // e = x0 + x2
  add2(tmp, p, 1, 3);  // o = x1 + x3
  int neg = abs_diff(m1, p1, tmp, s + 1);
  mpn_add_n(p1, p1, tmp, sz(s + 1));
  return neg;
}

// p2 = x(2), m2 = |x(-2)|; returns the sign of x(-2).  tmp: s+1 limbs.
int eval_pm2(limb_t* p2, limb_t* m2, const Parts& p, limb_t* tmp) {
  const std::size_t s = p.s, t = p.t;
  // e = x0 + 4 x2 into p2
  p2[s] = mpn_lshift(p2, p.part(2), sz(s), 2);
  mpn_add(p2, p2, sz(s + 1), p.part(0), sz(s));
  // o = 2 (x1 + 4 x3) into tmp
  tmp[t] = mpn_lshift(tmp, p.part(3), sz(t), 2);
  if (t < s) {
    std::memset(tmp + t + 1, 0, (s - t) * sizeof(limb_t));
  }
  limb_t top = tmp[s];
  top += mpn_add_n(tmp, tmp, p.part(1), sz(s));
  tmp[s] = top;
  mpn_lshift(tmp, tmp, sz(s + 1), 1);
  int neg = abs_diff(m2, p2, tmp, s + 1);
  mpn_add_n(p2, p2, tmp, sz(s + 1));
  return neg;
}

// h = 8 x(1/2) = 8 x0 + 4 x1 + 2 x2 + x3 (< 15 beta^s).
void eval_half(limb_t* h, const Parts& p) {
  const std::size_t s = p.s;
  h[s] = mpn_lshift(h, p.part(0), sz(s), 1);
  mpn_add(h, h, sz(s + 1), p.part(1), sz(s));
  mpn_lshift(h, h, sz(s + 1), 1);
  mpn_add(h, h, sz(s + 1), p.part(2), sz(s));
  mpn_lshift(h, h, sz(s + 1), 1);
  mpn_add(h, h, sz(s + 1), p.part(3), sz(p.t));
}

enum Job : unsigned { kW1, kWm1, kW2, kWm2, kW0, kWinf, kWhLo, kWhHi, kWhMid };
enum Point : unsigned { kP1, kM1, kP2, kM2, kHalf, kPoints };
// The point products' jobs index their points (product_task).
static_assert(unsigned(kW1) == kP1 && unsigned(kWm1) == kM1 && unsigned(kW2) == kP2 && unsigned(kWm2) == kM2);

struct Toom4 {
  limb_t* rp;
  Parts a, b;
  std::size_t an, bn, s, h, tk, w;
  // ev[0] A's values, ev[1] B's, s + 1 limbs each: A(1), |A(-1)|, A(2),
  // |A(-2)|, 8 A(1/2); neg[op][0] and neg[op][1] the signs of the values at
  // -1 and -2.  Written by the two evaluation tasks.
  limb_t* ev[2][kPoints];
  int neg[2][2];
  limb_t* ev_tmp[2];    // s + 1 limbs per evaluation task
  limb_t* sums[2];      // x0 + x1 and y0 + y1 of W(1/2)'s middle product, s + 1 limbs each
  limb_t* wv[6];        // W1, Wm1, W2, Wm2, Wh, Wh's Karatsuba middle (w limbs each)
  limb_t* y;            // Y, then Q, then c3 (w limbs)
  limb_t* itmp[2];      // part 1's temporaries, w + 2 limbs each
};

// Evaluates operand `op` (0: A, 1: B) at 1, -1, 2, -2 and 1/2 (as 8 x(1/2)),
// x(-1) and x(-2) in absolute value, their signs into neg[op].
void eval_task(const void* ctx, unsigned op) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const Parts& x = op == 0 ? T.a : T.b;
  limb_t* const* v = T.ev[op];
  T.neg[op][0] = eval_pm1(v[kP1], v[kM1], x, T.ev_tmp[op]);
  T.neg[op][1] = eval_pm2(v[kP2], v[kM2], x, T.ev_tmp[op]);
  eval_half(v[kHalf], x);
}

// Point products; a negative value is stored in two's complement on w limbs.
void product_task(const void* ctx, unsigned job) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const std::size_t s = T.s, e = s + 1;
  switch (job) {
    case kW0:
      limbs::mul(T.rp, T.a.x, s, T.b.x, s);
      return;
    case kWinf:
      limbs::mul(T.rp + 6 * s, T.a.part(3), T.a.t, T.b.part(3), T.b.t);
      return;
    case kW1:
    case kWm1:
    case kW2:
    case kWm2: {
      const unsigned point = job;
      limb_t* out = T.wv[point];
      limbs::mul(out, T.ev[0][point], e, T.ev[1][point], e);
      if (point == kM1 || point == kM2) {
        const int i = point == kM1 ? 0 : 1;
        if (T.neg[0][i] ^ T.neg[1][i]) mpn_neg(out, out, sz(T.w));
      }
      return;
    }
    default: {
      // W(1/2) = x y (x = 8 A(1/2), y = 8 B(1/2), s + 1 limbs) by one
      // Karatsuba level at h: x0 y0 into Wh[0, 2h), x1 y1 into Wh[2h, w), the
      // middle (x0 + x1)(y0 + y1) into wv[5]; the interpolation joins them.
      const limb_t* x = T.ev[0][kHalf];
      const limb_t* y = T.ev[1][kHalf];
      const std::size_t h = T.h, tk = T.tk;
      if (job == kWhLo)
        limbs::mul(T.wv[4], x, h, y, h);
      else if (job == kWhHi)
        limbs::mul(T.wv[4] + 2 * h, x + h, tk, y + h, tk);
      else
        karatsuba_steps::product_of_sums(T.wv[5], x, y, h, tk, T.sums[0], T.sums[1]);
      return;
    }
  }
}

// x -= y << k (sub) or x += y << k (add) for y of yn limbs (1 <= k < 64), mod
// beta^w; tmp holds yn + 1 limbs.
void sub_shifted(limb_t* x, std::size_t w, const limb_t* y, std::size_t yn, unsigned k, limb_t* tmp) {
  tmp[yn] = mpn_lshift(tmp, y, sz(yn), k);
  mpn_sub(x, x, sz(w), tmp, sz(yn + 1));
}
void add_shifted(limb_t* x, std::size_t w, const limb_t* y, std::size_t yn, unsigned k, limb_t* tmp) {
  tmp[yn] = mpn_lshift(tmp, y, sz(yn), k);
  mpn_add(x, x, sz(w), tmp, sz(yn + 1));
}

// r[off, an + bn) += c (w limbs, its limbs beyond the product's length zero).
void add_coefficient(const Toom4& T, std::size_t off, const limb_t* c) {
  karatsuba_steps::add_at(T.rp, T.an + T.bn, off, c, T.w);
}

// The interpolation (the header's sequence) in two parts, in two's
// complement on w limbs.  Part 1 needs W(0), W(inf), W(+-1) and W(+-2) only,
// so it overlaps W(1/2)'s products: O1, P = c3 + 5c5, c2 and c4 (added into
// r), and, folding every term of Q but W(1/2), Y = 32 O1 + K with K = 64c0 +
// 16c2 + 4c4 + c6 = W(1/2) - 2V.  Part 2 joins W(1/2): Q = (Y - W(1/2))/6
// (= (32 O1 - 2V)/6 = 4c3 + 5c5 >= 0, so the divisions are exact on w
// limbs), then c3, c5, c1 into r.
void interpolate1_task(const void* ctx, unsigned) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const std::size_t s = T.s, w = T.w, l6 = T.a.t + T.b.t;
  const limb_t* c0 = T.rp;
  const limb_t* c6 = T.rp + 6 * s;
  limb_t *W1 = T.wv[0], *Wm1 = T.wv[1], *W2 = T.wv[2], *Wm2 = T.wv[3];
  limb_t *e1 = T.itmp[0], *sh = T.itmp[1], *y = T.y;
  // E1 = (W1 + Wm1)/2 into e1; O1 = W1 - E1 into W1.
  mpn_add_n(e1, W1, Wm1, sz(w));
  mpn_rshift(e1, e1, sz(w), 1);
  mpn_sub_n(W1, W1, e1, sz(w));  // O1 = c1 + c3 + c5
  limb_t* o1 = W1;
  // E2 = (W2 + Wm2)/2 into Wm1's place; O2 = (W2 - Wm2)/4 into W2.
  limb_t* e2 = Wm1;
  mpn_add_n(e2, W2, Wm2, sz(w));
  mpn_rshift(e2, e2, sz(w), 1);
  mpn_sub_n(W2, W2, Wm2, sz(w));
  mpn_rshift(W2, W2, sz(w), 2);  // O2 = c1 + 4c3 + 16c5
  limb_t* o2 = W2;
  // c2 + c4 = E1 - c0 - c6;  c2 + 4c4 = (E2 - c0 - 64 c6)/4
  mpn_sub(e1, e1, sz(w), c0, sz(2 * s));
  mpn_sub(e1, e1, sz(w), c6, sz(l6));
  mpn_sub(e2, e2, sz(w), c0, sz(2 * s));
  sub_shifted(e2, w, c6, l6, 6, sh);
  mpn_rshift(e2, e2, sz(w), 2);
  // c4 = ((c2 + 4c4) - (c2 + c4))/3 into e2;  c2 = (c2 + c4) - c4 into e1
  mpn_sub_n(e2, e2, e1, sz(w));
  mpn_divexact_by3(e2, e2, sz(w));
  mpn_sub_n(e1, e1, e2, sz(w));
  limb_t *c2 = e1, *c4 = e2;
  // P = (O2 - O1)/3 = c3 + 5c5 into o2
  mpn_sub_n(o2, o2, o1, sz(w));
  mpn_divexact_by3(o2, o2, sz(w));
  // Y = 32 O1 + 64 c0 + 16 c2 + 4 c4 + c6 (mod beta^w)
  mpn_lshift(y, o1, sz(w), 5);
  add_shifted(y, w, c0, 2 * s, 6, sh);
  add_shifted(y, w, c2, w - 1, 4, sh);
  add_shifted(y, w, c4, w - 1, 2, sh);
  mpn_add(y, y, sz(w), c6, sz(l6));
  // r[2s, 6s) = 0, then c2 at 2s and c4 at 4s (c0 and c6 are in place).
  std::memset(T.rp + 2 * s, 0, 4 * s * sizeof(limb_t));
  add_coefficient(T, 2 * s, c2);
  add_coefficient(T, 4 * s, c4);
}

void interpolate2_task(const void* ctx, unsigned) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const std::size_t s = T.s, w = T.w;
  limb_t *o1 = T.wv[0], *p = T.wv[2], *Wh = T.wv[4], *q = T.y;
  // W(1/2) = x0 y0 + x1 y1 beta^2h (in place) + ((x0 + x1)(y0 + y1) - x0 y0 - x1 y1) beta^h.
  karatsuba_steps::add_middle_of_sums(Wh, T.h, T.tk, T.wv[5]);
  // Q = (Y - W(1/2))/6 = 4c3 + 5c5 into q (Y's place)
  mpn_sub_n(q, q, Wh, sz(w));
  mpn_divexact_by3(q, q, sz(w));
  mpn_rshift(q, q, sz(w), 1);
  // c3 = (Q - P)/3 into q;  c5 = (P - c3)/5 into p;  c1 = O1 - c3 - c5 into o1
  mpn_sub_n(q, q, p, sz(w));
  mpn_divexact_by3(q, q, sz(w));
  mpn_sub_n(p, p, q, sz(w));
  mpn_divexact_1(p, p, sz(w), 5);
  mpn_sub_n(o1, o1, q, sz(w));
  mpn_sub_n(o1, o1, p, sz(w));
  add_coefficient(T, s, o1);
  add_coefficient(T, 3 * s, q);
  add_coefficient(T, 5 * s, p);
}

void setup(Toom4& T, limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
           limb_t* scratch) noexcept {
  if (an < bn) {
    std::swap(ap, bp);
    std::swap(an, bn);
  }
  const std::size_t s = (an + 3) / 4;
  T.rp = rp;
  T.an = an;
  T.bn = bn;
  T.s = s;
  T.a = Parts{ap, s, an - 3 * s};
  T.b = Parts{bp, s, bn - 3 * s};
  T.h = (s + 1) / 2;
  T.tk = s + 1 - T.h;
  T.w = 2 * s + 2;
  // Each buffer on its own cache lines: the tasks on the two threads write
  // them side by side (mul_toom*_scratch counts the rounding).
  limb_t* p = scratch ? line_aligned(scratch) : nullptr;
  auto take = [&](std::size_t n) {
    limb_t* q = p;
    if (p) p += line_words(n);
    return q;
  };
  for (auto& op : T.ev)
    for (auto& x : op) x = take(s + 1);
  for (auto& x : T.ev_tmp) x = take(s + 1);
  for (auto& x : T.sums) x = take(s + 1);
  for (auto& x : T.wv) x = take(T.w);
  T.y = take(T.w);
  for (auto& x : T.itmp) x = take(T.w + 2);
  T.neg[0][0] = T.neg[0][1] = T.neg[1][0] = T.neg[1][1] = 0;
}

void build(runtime::Schedule& sch, const Toom4& T) {
  const double c = mul_cost_estimate(T.s + 1, T.s + 1), ch = mul_cost_estimate(T.tk + 1, T.tk + 1);
  // Two planned lists: {evaluate A, W0, W1, W2, W(1/2)lo, interpolate-1,
  // interpolate-2} and {evaluate B, Winf, W-1, W-2, W(1/2)hi, W(1/2)mid}.
  // W(0) and W(inf) need no evaluation and run while the other thread
  // evaluates; the six whole products balance, then part 1 of the
  // interpolation (ready once the six are) runs beside W(1/2)'s products,
  // on the list that also runs part 2 (one hand-over less on the critical
  // path); a list that runs dry takes the other's next ready task.
  const int ea = sch.add(&eval_task, &T, 0, 5.0 * double(T.s), 0, "evaluate A");
  const int eb = sch.add(&eval_task, &T, 1, 5.0 * double(T.s), 1, "evaluate B");
  int whole[6];
  whole[0] = sch.add(&product_task, &T, kW0, c, 0, "W(0)");
  whole[1] = sch.add(&product_task, &T, kWinf, mul_cost_estimate(T.a.t, T.b.t), 1, "W(inf)");
  const struct {
    Job job;
    int thread;
    const char* name;
  } points[4] = {{kW1, 0, "W(1)"}, {kWm1, 1, "W(-1)"}, {kW2, 0, "W(2)"}, {kWm2, 1, "W(-2)"}};
  for (int i = 0; i < 4; ++i) {
    whole[2 + i] = sch.add(&product_task, &T, points[i].job, c, points[i].thread, points[i].name);
    for (int d : {ea, eb}) sch.depend(whole[2 + i], d);
  }
  const struct {
    Job job;
    int thread;
    const char* name;
  } halves[3] = {{kWhLo, 0, "W(1/2)lo"}, {kWhHi, 1, "W(1/2)hi"}, {kWhMid, 1, "W(1/2)mid"}};
  int half[3];
  for (int i = 0; i < 3; ++i) {
    half[i] = sch.add(&product_task, &T, halves[i].job, ch, halves[i].thread, halves[i].name);
    for (int d : {ea, eb}) sch.depend(half[i], d);
  }
  const int i1 = sch.add(&interpolate1_task, &T, 0, 9.0 * double(T.w), 0, "interpolate-1");
  for (int d : whole) sch.depend(i1, d);
  const int i2 = sch.add(&interpolate2_task, &T, 0, 6.0 * double(T.w), 0, "interpolate-2");
  sch.depend(i2, i1);
  for (int d : half) sch.depend(i2, d);
}

}  // namespace

bool toom4_applicable(std::size_t an, std::size_t bn) noexcept {
  std::size_t m = std::max(an, bn), n = std::min(an, bn);
  std::size_t s = (m + 3) / 4;
  return n >= 1 && m >= 3 * s + 1 && n >= 3 * s + 1;
}

std::size_t mul_toom4_scratch(std::size_t an, std::size_t bn) noexcept {
  std::size_t s = (std::max(an, bn) + 3) / 4;
  // setup(): 14 values of s + 1 limbs (the evaluations and their temporaries, W(1/2)'s sums), 7 of w = 2s + 2
  // and 2 of w + 2, each rounded up to whole lines, from a line boundary.
  return 32 * (s + 1) + 4 + 23 * (kLineWords - 1);
}

void mul_toom4(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
               limb_t* scratch) noexcept {
  PARMOD_ASSERT(toom4_applicable(an, bn));
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, mul_toom4_scratch(an, bn), rp, an + bn));
  Toom4 T;
  setup(T, rp, ap, an, bp, bn, scratch);
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, T); });
}

std::string describe_mul_toom4(std::size_t an, std::size_t bn, int threads) {
  Toom4 T;
  setup(T, nullptr, nullptr, an, nullptr, bn, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, T); });
}

}  // namespace parmod::limbs

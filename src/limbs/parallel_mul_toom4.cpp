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

enum Job : unsigned { kW1, kWm1, kW2, kWm2, kW0, kWinf, kWhLo, kWhHi, kWhMid, kJobs };

struct Toom4 {
  limb_t* rp;
  Parts a, b;
  std::size_t an, bn, s, h, tk, w;
  limb_t* priv[kJobs];  // 4 (s+1) private limbs per task
  limb_t* wv[6];        // W1, Wm1, W2, Wm2, Wh, Wh's Karatsuba middle (w limbs each)
  limb_t* tmp[4];       // interpolation temporaries, w + 2 limbs each
};

// Point products; a negative value is stored in two's complement on w limbs.
void product_task(const void* ctx, unsigned job) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const std::size_t s = T.s, e = s + 1;
  limb_t* q = T.priv[job];
  limb_t *ea = q, *eb = q + e, *t1 = q + 2 * e, *t2 = q + 3 * e;
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
      // W(+-1) from eval_pm1, W(+-2) from eval_pm2: each evaluates both signs,
      // the plus point into its first argument; only the needed one lands in ea/eb.
      const bool two = job == kW2 || job == kWm2, plus = job == kW1 || job == kW2;
      auto eval = two ? eval_pm2 : eval_pm1;
      const int na = eval(plus ? ea : t1, plus ? t1 : ea, T.a, t2);
      const int nb = eval(plus ? eb : t1, plus ? t1 : eb, T.b, t2);
      limb_t* out = T.wv[(two ? 2 : 0) + (plus ? 0 : 1)];
      limbs::mul(out, ea, e, eb, e);
      if (!plus && (na ^ nb)) mpn_neg(out, out, sz(T.w));
      return;
    }
    case kWhLo:
    case kWhHi:
    case kWhMid: {
      // W(1/2) = x y (x = 8 A(1/2), y = 8 B(1/2), s + 1 limbs) by one
      // Karatsuba level at h: x0 y0 into Wh[0, 2h), x1 y1 into Wh[2h, w), the
      // middle (x0 + x1)(y0 + y1) into wv[5]; the interpolation joins them.
      eval_half(ea, T.a);
      eval_half(eb, T.b);
      const std::size_t h = T.h, tk = T.tk;
      if (job == kWhLo) {
        limbs::mul(T.wv[4], ea, h, eb, h);
      } else if (job == kWhHi) {
        limbs::mul(T.wv[4] + 2 * h, ea + h, tk, eb + h, tk);
      } else {
        karatsuba_steps::product_of_sums(T.wv[5], ea, eb, h, tk, t1, t2);
      }
      return;
    }
  }
}

// x -= y << k for y of yn limbs (k < 64); tmp holds yn + 1 limbs.
void sub_shifted(limb_t* x, std::size_t w, const limb_t* y, std::size_t yn, unsigned k, limb_t* tmp) {
  if (k == 0) {
    mpn_sub(x, x, sz(w), y, sz(yn));
    return;
  }
  tmp[yn] = mpn_lshift(tmp, y, sz(yn), k);
  mpn_sub(x, x, sz(w), tmp, sz(yn + 1));
}

void interpolate_task(const void* ctx, unsigned) {
  Toom4& T = *const_cast<Toom4*>(static_cast<const Toom4*>(ctx));
  const std::size_t s = T.s, w = T.w, total = T.an + T.bn, l6 = T.a.t + T.b.t;
  const limb_t* c0 = T.rp;
  const limb_t* c6 = T.rp + 6 * s;
  limb_t *W1 = T.wv[0], *Wm1 = T.wv[1], *W2 = T.wv[2], *Wm2 = T.wv[3], *Wh = T.wv[4];
  limb_t *e1 = T.tmp[0], *sh = T.tmp[1], *q = T.tmp[2];
  // W(1/2) = x0 y0 + x1 y1 beta^2h (in place) + ((x0 + x1)(y0 + y1) - x0 y0 - x1 y1) beta^h.
  karatsuba_steps::add_middle_of_sums(Wh, T.h, T.tk, T.wv[5]);
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
  // V = (W(1/2) - 64 c0 - 16 c2 - 4 c4 - c6)/2 = 16c1 + 4c3 + c5 into Wh
  sub_shifted(Wh, w, c0, 2 * s, 6, sh);
  sub_shifted(Wh, w, c2, w - 1, 4, sh);
  sub_shifted(Wh, w, c4, w - 1, 2, sh);
  mpn_sub(Wh, Wh, sz(w), c6, sz(l6));
  mpn_rshift(Wh, Wh, sz(w), 1);
  // P = (O2 - O1)/3 = c3 + 5c5 into o2
  mpn_sub_n(o2, o2, o1, sz(w));
  mpn_divexact_by3(o2, o2, sz(w));
  // Q = (16 O1 - V)/3 = 4c3 + 5c5 into q
  mpn_lshift(q, o1, sz(w), 4);
  mpn_sub_n(q, q, Wh, sz(w));
  mpn_divexact_by3(q, q, sz(w));
  // c3 = (Q - P)/3 into q;  c5 = (P - c3)/5 into o2;  c1 = O1 - c3 - c5 into o1
  mpn_sub_n(q, q, o2, sz(w));
  mpn_divexact_by3(q, q, sz(w));
  mpn_sub_n(o2, o2, q, sz(w));
  mpn_divexact_1(o2, o2, sz(w), 5);
  mpn_sub_n(o1, o1, q, sz(w));
  mpn_sub_n(o1, o1, o2, sz(w));
  // r = c0 + c1 x + ... + c6 x^6 at x = beta^s
  std::memset(T.rp + 2 * s, 0, 4 * s * sizeof(limb_t));
  const limb_t* coef[5] = {o1, c2, q, c4, o2};
  for (int i = 0; i < 5; ++i) {
    std::size_t off = (i + 1) * s;
    std::size_t len = normalized_size(coef[i], w);
    if (len > total - off) len = total - off;  // higher limbs are zero for the true value
    if (len) mpn_add(T.rp + off, T.rp + off, sz(total - off), coef[i], sz(len));
  }
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
  for (auto& x : T.priv) x = take(4 * (s + 1));
  for (int i = 0; i < 5; ++i) T.wv[i] = take(T.w);
  T.wv[5] = take(T.w);
  for (auto& x : T.tmp) x = take(T.w + 2);
}

void build(runtime::Schedule& sch, const Toom4& T) {
  const double c = mul_cost_estimate(T.s + 1, T.s + 1), ch = mul_cost_estimate(T.tk + 1, T.tk + 1);
  // Two planned lists: {W1, W2, W0, W(1/2)lo, W(1/2)mid} and {W-1, W-2, Winf, W(1/2)hi}.
  sch.add(&product_task, &T, kW1, c, 0, "W(1)");
  sch.add(&product_task, &T, kWm1, c, 1, "W(-1)");
  sch.add(&product_task, &T, kW2, c, 0, "W(2)");
  sch.add(&product_task, &T, kWm2, c, 1, "W(-2)");
  sch.add(&product_task, &T, kW0, c, 0, "W(0)");
  sch.add(&product_task, &T, kWinf, mul_cost_estimate(T.a.t, T.b.t), 1, "W(inf)");
  sch.add(&product_task, &T, kWhLo, ch, 0, "W(1/2)lo");
  sch.add(&product_task, &T, kWhHi, ch, 1, "W(1/2)hi");
  sch.add(&product_task, &T, kWhMid, ch, 0, "W(1/2)mid");
  int in = sch.add(&interpolate_task, &T, 0, 14.0 * double(T.w), 0, "interpolate");
  for (int i = 0; i < int(kJobs); ++i) sch.depend(in, i);
}

}  // namespace

bool toom4_applicable(std::size_t an, std::size_t bn) noexcept {
  std::size_t m = std::max(an, bn), n = std::min(an, bn);
  std::size_t s = (m + 3) / 4;
  return n >= 1 && m >= 3 * s + 1 && n >= 3 * s + 1;
}

std::size_t mul_toom4_scratch(std::size_t an, std::size_t bn) noexcept {
  std::size_t s = (std::max(an, bn) + 3) / 4;
  // setup(): kJobs private areas, 6 values and 4 temporaries, each rounded up to whole lines, from a line boundary.
  return 64 * (s + 1) + (kJobs + 11) * (kLineWords - 1);
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

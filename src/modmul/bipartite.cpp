#include "modmul/bipartite.hpp"

#include <gmp.h>

#include "check/assert.hpp"
#include "limbs/limbs.hpp"
#include "modmul/multipartite_qvalues.hpp"
#include "reduce/partial_barrett_reduce.hpp"
#include "reduce/partial_montgomery_reduce.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::modmul {
namespace {

// The scratch of bipartite_mul_halves, laid out from its first line boundary:
// each task's areas together and line-aligned (limbs::line_words), then the
// caller's, so that the two threads never write one line or its neighbour.
struct HalvesLayout {
  std::size_t c0, t0, s0, c1, t1, s1, y, tmp, total;
  explicit HalvesLayout(std::size_t n) noexcept {
    using limbs::line_words;
    const std::size_t h = n / 2, t = n - h;
    c0 = 0;                                // task 0: A B0 (A0^2), n + h limbs
    t0 = c0 + line_words(n + h);           // T0: n + 1 limbs
    s0 = t0 + line_words(n + 1);           // PMR's scratch
    c1 = s0 + line_words(reduce::partial_montgomery_reduce_scratch(n, n + h, h));  // task 1: A B1, n + t limbs
    t1 = c1 + line_words(n + t);           // T1: n + 1 limbs
    s1 = t1 + line_words(n + 1);           // PBR's scratch
    y = s1 + line_words(reduce::partial_barrett_reduce_scratch(n, n + t, t));  // the caller: T0 + T1, n + 1 limbs
    tmp = y + n + 1;                       // reduce_small_multiple: n + 8
    total = tmp + n + 8 + limbs::kLineWords - 1;  // + the alignment of the start
  }
};

struct Halves {
  const ModulusConstants* k;
  const limb_t* a;
  const limb_t* b;
  limb_t* ws;
  HalvesLayout L;
};

// Task 0: T0 = A B0 beta^-h + (0 or -P) < beta^n, on n + 1 limbs.
void montgomery_half(const void* ctx, unsigned) {
  const Halves& c = *static_cast<const Halves*>(ctx);
  const std::size_t n = c.k->n, h = n / 2;
  const HalvesLayout& L = c.L;
  limbs::mul(c.ws + L.c0, c.a, n, c.b, h);
  reduce::partial_montgomery_reduce(c.ws + L.t0, c.ws + L.c0, n + h, c.k->p.data(), n, c.k->mu.data(), h,
                                    c.ws + L.s0);
  c.ws[L.t0 + n] = 0;
}

// Task 1: T1 = A B1 - Q1 P < beta^n, on n + 1 limbs.
void barrett_half(const void* ctx, unsigned) {
  const Halves& c = *static_cast<const Halves*>(ctx);
  const std::size_t n = c.k->n, h = n / 2, t = n - h;
  const HalvesLayout& L = c.L;
  limbs::mul(c.ws + L.c1, c.a, n, c.b + h, t);
  std::size_t nun = 0;
  const limb_t* nu = c.k->nu_t(t, &nun);
  reduce::partial_barrett_reduce(c.ws + L.t1, c.ws + L.c1, n + t, c.k->p.data(), n, nu, nun, t, c.ws + L.s1);
  c.ws[L.t1 + n] = 0;
}

// Adds 2 x[0, xn) to y[0, yn) in place, x destroyed (x[xn] takes the
// doubling's carry); the sum must fit: yn >= xn + 1.
void add_twice(limb_t* y, std::size_t yn, limb_t* x, std::size_t xn) {
  x[xn] = mpn_lshift(x, x, static_cast<mp_size_t>(xn), 1);
  [[maybe_unused]] const limb_t cy =
      mpn_add(y, y, static_cast<mp_size_t>(yn), x, static_cast<mp_size_t>(xn + 1));
  PARMOD_ASSERT(cy == 0);
}

// The square's task 0: T0 = (A0^2 + Q0 P) / beta^h + 2 A0 A1[0, s), n + 1 limbs.
void montgomery_square_half(const void* ctx, unsigned) {
  const Halves& c = *static_cast<const Halves*>(ctx);
  const std::size_t n = c.k->n, h = n / 2, t = n - h, s = t / 2;
  const HalvesLayout& L = c.L;
  limb_t* c0 = c.ws + L.c0;  // A0^2 on n + h limbs
  limb_t* t0 = c.ws + L.t0;
  limbs::sqr(c0, c.a, h);
  mpn_zero(c0 + 2 * h, static_cast<mp_size_t>(n - h));
  reduce::partial_montgomery_reduce(t0, c0, n + h, c.k->p.data(), n, c.k->mu.data(), h, c.ws + L.s0);
  t0[n] = 0;
  if (s == 0) return;  // n = 2: task 1 takes all of A0 A1
  limbs::mul(c0, c.a, h, c.a + h, s);  // A0 A1[0, s): h + s limbs (c0 is free again)
  add_twice(t0, n + 1, c0, h + s);
}

// The square's task 1: T1 = A1^2 beta^h - Q1 P + 2 A0 A1[s, t) beta^s, n + 1 limbs.
void barrett_square_half(const void* ctx, unsigned) {
  const Halves& c = *static_cast<const Halves*>(ctx);
  const std::size_t n = c.k->n, h = n / 2, t = n - h, s = t / 2;
  const HalvesLayout& L = c.L;
  limb_t* c1 = c.ws + L.c1;  // A1^2 beta^h on n + t limbs
  limb_t* t1 = c.ws + L.t1;
  mpn_zero(c1, static_cast<mp_size_t>(h));
  limbs::sqr(c1 + h, c.a + h, t);
  std::size_t nun = 0;
  const limb_t* nu = c.k->nu_t(t, &nun);
  reduce::partial_barrett_reduce(t1, c1, n + t, c.k->p.data(), n, nu, nun, t, c.ws + L.s1);
  t1[n] = 0;
  limbs::mul(c1, c.a, h, c.a + h + s, t - s);  // A0 A1[s, t): h + t - s limbs
  add_twice(t1 + s, n + 1 - s, c1, n - s);
}

// Runs the two tasks of a halves form: the Barrett one, the heavier (its Q
// takes M(n/2 + 1) against the Montgomery half's mullo), on the caller and
// the Montgomery one on the partner, which starts later (its wake-up or the
// signal); with one thread both in order.  Then r = (T0 + T1) mod P, T0 and
// T1 on n + 1 limbs with a sum below 4 beta^n.
void run_halves(limb_t* r, const Halves& c, runtime::TaskFn montgomery, const char* montgomery_name,
                runtime::TaskFn barrett, const char* barrett_name, int threads) noexcept {
  if (threads > 1) {
    runtime::Schedule s(2);
    s.add(barrett, &c, 1, 1.1, 0, barrett_name);
    s.add(montgomery, &c, 0, 1.0, 1, montgomery_name);
    runtime::run(s, 2);
  } else {
    montgomery(&c, 0);
    barrett(&c, 1);
  }
  const std::size_t n = c.k->n;
  limb_t* y = c.ws + c.L.y;
  [[maybe_unused]] const limb_t cy =
      mpn_add_n(y, c.ws + c.L.t0, c.ws + c.L.t1, static_cast<mp_size_t>(n + 1));
  PARMOD_ASSERT(cy == 0);
  multipartite::reduce_small_multiple(r, y, *c.k, c.ws + c.L.tmp);
}

}  // namespace

MultipartiteConfig bipartite_config(int threads) noexcept {
  MultipartiteConfig c;
  c.ka = 1;
  c.kb = 2;
  c.square = false;
  c.grouped = true;
  c.threads = threads < 1 ? 1 : threads;
  c.qp_blocks = threads >= 4 ? threads / 2 : 1;
  return c;
}

void bipartite_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k,
                   const MultipartitePlan& plan, limb_t* scratch, int threads) noexcept {
  multipartite_mul(r, a, b, k, plan, scratch, threads);
}

std::size_t bipartite_halves_scratch(std::size_t n) noexcept { return HalvesLayout(n).total; }

void bipartite_mul_halves(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch,
                          int threads) noexcept {
  const std::size_t n = k.n;
  PARMOD_ASSERT(k.odd && n >= 2);
  PARMOD_ASSERT(check::less(a, k.p.data(), n) && check::less(b, k.p.data(), n));
  PARMOD_ASSERT(check::same_or_separate(r, a, n) && check::same_or_separate(r, b, n));
  PARMOD_ASSERT(!check::overlap_any(scratch, bipartite_halves_scratch(n), n, r, a) &&
                !check::overlap(scratch, bipartite_halves_scratch(n), b, n));
  run_halves(r, Halves{&k, a, b, limbs::line_aligned(scratch), HalvesLayout(n)}, &montgomery_half,
             "bipartite: A B0 and PMR", &barrett_half, "bipartite: A B1 and PBR", threads);
}

void bipartite_sqr_halves(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch,
                          int threads) noexcept {
  const std::size_t n = k.n;
  PARMOD_ASSERT(k.odd && n >= 2);
  PARMOD_ASSERT(check::less(a, k.p.data(), n) && check::same_or_separate(r, a, n));
  PARMOD_ASSERT(!check::overlap_any(scratch, bipartite_halves_scratch(n), n, r, a));
  run_halves(r, Halves{&k, a, a, limbs::line_aligned(scratch), HalvesLayout(n)}, &montgomery_square_half,
             "bipartite square: A0^2 and PMR, half of A0 A1", &barrett_square_half,
             "bipartite square: A1^2 and PBR, half of A0 A1", threads);
}

}  // namespace parmod::modmul

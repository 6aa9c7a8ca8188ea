#include "modmul/scheduled_montgomery.hpp"

#include <gmp.h>

#include <algorithm>
#include <optional>

#include "check/assert.hpp"
#include "limbs/mul_cost.hpp"
#include "limbs/parallel_mullo.hpp"
#include "limbs/residue_products.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::modmul {
namespace {

using limbs::line_words;

// The scratch, laid out from its first line boundary: each task's areas on
// whole cache lines.  T's two halves are written by two tasks (A0 B0 below
// 2h limbs, A1 B1 above).
struct Layout {
  std::size_t t = 0, c0 = 0, c1 = 0, m = 0, lo = 0, q = 0, minus = 0, plus = 0, fin = 0, total = 0;
  // The residue tasks' areas: Q (n), Q's and P's residues, the product (2L), the result.
  static std::size_t residue_words(std::size_t n, std::size_t L) {
    return line_words(n) + 2 * line_words(L + 1) + line_words(2 * L) + line_words(L + 1);
  }
  Layout() noexcept = default;
  // A product task's area: its part of M, then its own copies of the sums.
  static std::size_t middle_words(std::size_t h, std::size_t part) {
    return line_words(h + 1 + part) + 2 * line_words(h + 1);
  }
  explicit Layout(std::size_t n) noexcept {
    const std::size_t L = (n + 1) / 2, h = (n + 1) / 2, g = (h + 1) / 2;
    t = 0;                                                         // T, 2n limbs
    c0 = t + line_words(2 * n);                                    // M's low part (the square: A0 A1, n limbs)
    c1 = c0 + std::max(line_words(n), middle_words(h, g));         // M's high part
    m = c1 + middle_words(h, h + 1 - g);                           // M, then the cross terms, 2h + 2 limbs
    lo = m + line_words(2 * h + 2);                                // T mod beta^n
    q = lo + line_words(n);                     // Q's three parts
    minus = q + line_words(limbs::parallel_mullo_scratch(n));
    plus = minus + residue_words(n, L);
    fin = plus + residue_words(n, L);           // X (2L limbs), then REDC's n
    total = fin + line_words(2 * L) + n + limbs::kLineWords - 1;  // + the alignment of the start
  }
};

struct Job {
  const ModulusConstants* k;
  const limb_t* a;
  const limb_t* b;
  limb_t* r;
  std::size_t n, h, l, L;
  std::size_t g;  // the product's middle factor: (A0 + A1) (B0 + B1) as its rows [0, g) and [g, h + 1)
  limb_t* ws;
  Layout lay;
  limbs::MulloParts q;
  bool square() const { return a == b; }
  limb_t* at(std::size_t offset) const { return ws + offset; }
};

// The square's tasks 0-3 are A0^2, A0 A1 (into c0), A1^2 into T's halves.
// The product's (Karatsuba): A0 B0 and A1 B1 into T's halves, and M = (A0 +
// A1) (B0 + B1) in two parts, task 1 (A0 + A1) times the low g limbs of B0 +
// B1 into c0, task 2 times the other h + 1 - g into c1, each from its own
// copies of the two sums (h + 1 limbs each, after its part).
void middle_part(const Job& j, limb_t* area, std::size_t from, std::size_t count) {
  const std::size_t h = j.h, l = j.l;
  limb_t* sa = area + line_words(h + 1 + count);
  limb_t* sb = sa + line_words(h + 1);
  sa[h] = mpn_add(sa, j.a, static_cast<mp_size_t>(h), j.a + h, static_cast<mp_size_t>(l));
  sb[h] = mpn_add(sb, j.b, static_cast<mp_size_t>(h), j.b + h, static_cast<mp_size_t>(l));
  limbs::mul(area, sa, h + 1, sb + from, count);
}

void product_task(const void* ctx, unsigned which) {
  const Job& j = *static_cast<const Job*>(ctx);
  const std::size_t h = j.h, l = j.l;
  limb_t* t = j.at(j.lay.t);
  switch (which) {
    case 0:
      if (j.square())
        limbs::sqr(t, j.a, h);
      else
        limbs::mul(t, j.a, h, j.b, h);
      return;
    case 1:
      if (j.square())
        limbs::mul(j.at(j.lay.c0), j.a, h, j.a + h, l);
      else
        middle_part(j, j.at(j.lay.c0), 0, j.g);
      return;
    case 2: middle_part(j, j.at(j.lay.c1), j.g, h + 1 - j.g); return;
    default:
      if (j.square())
        limbs::sqr(t + 2 * h, j.a + h, l);
      else
        limbs::mul(t + 2 * h, j.a + h, l, j.b + h, l);
      return;
  }
}

// The cross terms A0 B1 + A1 B0 (the square: A0 A1 twice) from where the
// product tasks left them, n + 1 limbs at m (the product: M - A0 B0 - A1 B1,
// 2h + 2 limbs whose top ones are 0).
const limb_t* cross_terms(const Job& j) {
  const std::size_t h = j.h, g = j.g, mn = 2 * h + 2;
  limb_t* m = j.at(j.lay.m);
  const limb_t* t = j.at(j.lay.t);
  if (j.square()) {
    m[j.n] = mpn_lshift(m, j.at(j.lay.c0), static_cast<mp_size_t>(j.n), 1);
    return m;
  }
  const std::size_t low = h + 1 + g;  // c0's limbs; c1's are mn - g
  mpn_copyi(m, j.at(j.lay.c0), static_cast<mp_size_t>(low));
  mpn_zero(m + low, static_cast<mp_size_t>(mn - low));
  [[maybe_unused]] limb_t c = mpn_add_n(m + g, m + g, j.at(j.lay.c1), static_cast<mp_size_t>(mn - g));
  c += mpn_sub(m, m, static_cast<mp_size_t>(mn), t, static_cast<mp_size_t>(2 * h));
  c += mpn_sub(m, m, static_cast<mp_size_t>(mn), t + 2 * h, static_cast<mp_size_t>(2 * j.l));
  PARMOD_ASSERT(c == 0);  // M < beta^(2h+2) and M >= A0 B0 + A1 B1
  return m;
}

// T mod beta^n = A0 B0 + (the cross terms mod beta^l) beta^h, apart from T;
// the cross terms left at m for whole_task.
void low_task(const void* ctx, unsigned) {
  const Job& j = *static_cast<const Job*>(ctx);
  const limb_t* cross = cross_terms(j);
  limb_t* lo = j.at(j.lay.lo);
  mpn_copyi(lo, j.at(j.lay.t), static_cast<mp_size_t>(j.n));           // 2h >= n
  mpn_add_n(lo + j.h, lo + j.h, cross, static_cast<mp_size_t>(j.l));   // the carries out of beta^n drop
}

// T: the cross terms added into place (after low_task has read T's low half).
void whole_task(const void* ctx, unsigned) {
  const Job& j = *static_cast<const Job*>(ctx);
  limb_t* t = j.at(j.lay.t) + j.h;
  [[maybe_unused]] const limb_t cy = mpn_add(t, t, static_cast<mp_size_t>(2 * j.n - j.h), j.at(j.lay.m),
                                              static_cast<mp_size_t>(j.n + 1));
  PARMOD_ASSERT(cy == 0);  // T = a b < beta^2n
}

// Tasks of Q P's residues: Q from its parts (each residue task sums them for
// itself), Q and P folded, their product mod beta^L - 1 (which = 0) or
// beta^L + 1 (which = 1).
void residue_task(const void* ctx, unsigned which) {
  const Job& j = *static_cast<const Job*>(ctx);
  const std::size_t n = j.n, L = j.L;
  limb_t* area = j.at(which == 0 ? j.lay.minus : j.lay.plus);
  limb_t* q = area;
  limb_t* fq = q + line_words(n);
  limb_t* fp = fq + line_words(L + 1);
  limb_t* w = fp + line_words(L + 1);
  limb_t* x = w + line_words(2 * L);
  limbs::mullo_parts_sum(q, j.q, n);
  if (which == 0) {
    limbs::fold_minus_one(fq, q, n, L);
    limbs::fold_minus_one(fp, j.k->p.data(), n, L);
    limbs::mulmod_minus_one(x, fq, fp, L, w);
  } else {
    limbs::fold_plus_one(fq, q, n, L);
    limbs::fold_plus_one(fp, j.k->p.data(), n, L);
    limbs::mulmod_plus_one(x, fq, fp, L, w);
  }
}

limb_t* residue_of(const Job& j, std::size_t area) {
  return j.at(area) + line_words(j.n) + 2 * line_words(j.L + 1) + line_words(2 * j.L);
}

// The CRT of the two residues, then REDC from the wrapped Q P.
void final_task(const void* ctx, unsigned) {
  const Job& j = *static_cast<const Job*>(ctx);
  limb_t* x = j.at(j.lay.fin);
  limbs::crt_minus_plus(x, j.L, residue_of(j, j.lay.minus), residue_of(j, j.lay.plus), j.L);
  reduce::montgomery_reduce_wrapped(j.r, j.at(j.lay.t), x, 2 * j.L, j.k->p.data(), j.n,
                                    x + line_words(2 * j.L));
}

// The lists: the caller (list 0) starts with A0 B0 and M's rows [g, h] (the
// square: A0^2 and A1^2), the partner (which starts later) with M's rows
// [0, g) and A1 B1 (the square: A0 A1), then T's low half, Q's whole part and
// T; the caller takes Q's low products.  Free threads take ready tasks of
// either list.
void build(runtime::Schedule& s, const Job& j) {
  const double half = limbs::mul_cost_estimate(j.h, j.h), pass = 0.02 * half;
  const bool sq = j.square();
  const double square_cost = 0.6 * half;
  const int p0 = s.add(&product_task, &j, 0, sq ? square_cost : half, 0, sq ? "A0^2" : "A0 B0");
  const int p1 = s.add(&product_task, &j, 1, sq ? half : limbs::mul_cost_estimate(j.h + 1, j.g), 1,
                       sq ? "A0 A1" : "M, rows [0, g)");
  int p2 = -1;
  if (!sq) p2 = s.add(&product_task, &j, 2, limbs::mul_cost_estimate(j.h + 1, j.h + 1 - j.g), 0, "M, rows [g, h]");
  const int p3 = s.add(&product_task, &j, 3, sq ? square_cost : half, sq ? 0 : 1, sq ? "A1^2" : "A1 B1");
  const int low = s.add(&low_task, &j, 0, 2 * pass, 1, "T mod beta^n");
  s.depend(low, p0);
  s.depend(low, p1);
  if (p2 >= 0) {
    s.depend(low, p2);
    s.depend(low, p3);  // the cross terms are M - A0 B0 - A1 B1
  }
  const int q_last = limbs::add_mullo_tasks(s, j.q, low, 1, 0);
  const int whole = s.add(&whole_task, &j, 0, pass, 1, "T");
  s.depend(whole, p3);
  s.depend(whole, low);
  const double residue = limbs::mul_cost_estimate(j.L, j.L);
  const int minus = s.add(&residue_task, &j, 0, residue, 0, "Q P mod beta^L - 1");
  for (int i = q_last - 2; i <= q_last; ++i) s.depend(minus, i);
  const int plus = s.add(&residue_task, &j, 1, residue, 1, "Q P mod beta^L + 1");
  for (int i = q_last - 2; i <= q_last; ++i) s.depend(plus, i);
  const int fin = s.add(&final_task, &j, 0, 4 * pass, 0, "CRT, REDC from Q P mod beta^2L - 1");
  s.depend(fin, whole);
  s.depend(fin, minus);
  s.depend(fin, plus);
}

Job job(const limb_t* a, const limb_t* b, limb_t* r, const ModulusConstants* k, std::size_t n, limb_t* scratch) {
  const std::size_t h = (n + 1) / 2;
  limb_t* ws = scratch ? limbs::line_aligned(scratch) : nullptr;
  Job j{k, a, b, r, n, h, n - h, (n + 1) / 2, (h + 1) / 2, ws, Layout(n), {}};
  j.q = limbs::mullo_parts(ws ? ws + j.lay.lo : nullptr, k ? k->mu.data() : nullptr, n,
                           ws ? ws + j.lay.q : nullptr);
  return j;
}

// Each user thread's last schedule and its job, one for squares and one for
// products (an exponentiation alternates them), built again only when the
// size, the thread count or the scratch change (building one costs about a
// tenth of the work at 128 limbs); each call sets the operands and the
// modulus's constants.
struct Cache {
  std::size_t n = 0;
  int threads = 0;
  limb_t* scratch = nullptr;
  Job job{};
  std::optional<runtime::Schedule> schedule;
};
thread_local Cache t_cache[2];  // [0] products, [1] squares

}  // namespace

std::size_t scheduled_montgomery_scratch(std::size_t n) noexcept { return Layout(n).total; }

void scheduled_montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                              limb_t* scratch) noexcept {
  const std::size_t n = k.n;
  PARMOD_ASSERT(k.odd && n >= kScheduledMontgomeryMin);
  PARMOD_ASSERT(check::less(a, k.p.data(), n) && check::less(b, k.p.data(), n));
  PARMOD_ASSERT(check::same_or_separate(r, a, n) && check::same_or_separate(r, b, n));
  PARMOD_ASSERT(!check::overlap_any(scratch, scheduled_montgomery_scratch(n), n, r, a, b));
  const int T = threads < 1 ? 1 : threads;
  if (runtime::inside_task()) {  // a nested call: the thread's cache may be running
    const Job j = job(a, b, r, &k, n, scratch);
    runtime::run_built(T, [&](runtime::Schedule& s) { build(s, j); });
    return;
  }
  Cache& c = t_cache[a == b ? 1 : 0];
  if (!c.schedule || c.n != n || c.threads != T || c.scratch != scratch) {
    c.schedule.reset();  // its tasks point at c.job
    c.job = job(a, b, r, &k, n, scratch);
    c.n = n;
    c.threads = T;
    c.scratch = scratch;
    c.schedule.emplace(T);
    build(*c.schedule, c.job);
  }
  c.job.k = &k;
  c.job.q.b = k.mu.data();
  c.job.a = a;
  c.job.b = b;
  c.job.r = r;
  runtime::run(*c.schedule, T);
}

runtime::Schedule* scheduled_montgomery_schedule(bool square) noexcept {
  Cache& c = t_cache[square ? 1 : 0];
  return c.schedule ? &*c.schedule : nullptr;
}

std::string describe_scheduled_montgomery(std::size_t n, bool square, int threads) {
  static const limb_t one = 1, two = 2;
  const Job j = job(&one, square ? &one : &two, nullptr, nullptr, n, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, j); });
}

}  // namespace parmod::modmul

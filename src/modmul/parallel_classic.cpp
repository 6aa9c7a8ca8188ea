#include "modmul/parallel_classic.hpp"

#include <gmp.h>

#include <algorithm>

#include "check/assert.hpp"
#include "config/tuning.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mullo.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/scheduled_montgomery.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "runtime/slow_link_choice.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"

namespace parmod::modmul {

runtime::SlowLinkChoice slow_link_scheduled;

std::size_t parallel_classic_scratch(std::size_t n) noexcept {
  // T (2n), mu T or q1 nu (2n + 4), q P (2n + 4), the products' own scratch;
  // or the one schedule's, or the sequential product's.
  const std::size_t rn = limbs::wrapped_length(n);
  const std::size_t split = (2 * n) + (2 * n + 4) + (2 * n + 4) +
                            std::max({limbs::parallel_mul_scratch(n + 2, n + 2), rn ? limbs::mul_wrapped_scratch(rn) : 0,
                                      n >= 2 ? limbs::parallel_mullo_scratch(n) : 0});
  return std::max({split, n >= kScheduledMontgomeryMin ? scheduled_montgomery_scratch(n) : 0, montgomery_scratch(n)});
}

namespace {

// r = (T + Q P) / beta^n, reduced below P, with Q P's high half from
// X = Q P mod (beta^rn - 1) (limbs::mul_wrapped, on the team;
// reduce::montgomery_reduce_wrapped).  Q is destroyed; X holds rn limbs.
void redc_wrapped(limb_t* r, const limb_t* T, limb_t* Q, limb_t* X, std::size_t rn, const ModulusConstants& k,
                  int threads, limb_t* ws) noexcept {
  PARMOD_ASSERT(rn >= k.n && rn <= 2 * k.n + 4);  // X holds 2n + 4 limbs
  limbs::mul_wrapped(X, Q, k.n, k.p.data(), k.n, rn, threads, ws);
  reduce::montgomery_reduce_wrapped(r, T, X, rn, k.p.data(), k.n, Q);
}

// Whether Q = mu T mod beta^n runs as limbs::parallel_mullo's three tasks
// under the choice ch for n x n (parallel_montgomery_mul says when).
bool low_product_tasks(const limbs::MulChoice& ch, std::size_t n) noexcept {
  if (ch.method == limbs::MulMethod::sequential || ch.method == limbs::MulMethod::residues || ch.threads < 2 || n < 2)
    return false;
  const std::size_t l = n - limbs::parallel_mullo_split(n);
  return !limbs::is_ifma(limbs::mul_kernel(l, l));
}

}  // namespace

void parallel_montgomery_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                             limb_t* scratch, QpProduct qp) noexcept {
  PARMOD_ASSERT(k.odd && check::less(a, k.p.data(), k.n) && check::less(b, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && check::same_or_separate(r, b, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, parallel_classic_scratch(k.n), k.n, r, a, b));
  const std::size_t n = k.n;
  const config::Tuning& t = config::tuning();
  if (qp == QpProduct::automatic && threads >= 2 && n >= t.modmul_scheduled_min && n >= kScheduledMontgomeryMin) {
    // One schedule of dependent tasks; while the team is busy, unhealthy or
    // the caller runs inside a task, the sequential product.  While the
    // team's link is slow (its tasks meet across it five times or more, and
    // pass T's and Q's parts over it), the faster of the two by measurement.
    if (!runtime::team_worth_planning(static_cast<double>(t.mul_health_pct) / 100.0))
      return montgomery_mul(r, a, b, k, scratch);
    const unsigned cls = runtime::SlowLinkChoice::size_class(n, a == b ? 1 : 0, 2);
    const runtime::SlowLinkChoice::Pick pick = slow_link_scheduled.pick(cls, t.team_slow_link_check != 0);
    if (!pick.timed) return scheduled_montgomery_mul(r, a, b, k, threads, scratch);
    const std::uint64_t start = runtime::monotonic_ns();
    if (pick.parallel)
      scheduled_montgomery_mul(r, a, b, k, threads, scratch);
    else
      montgomery_mul(r, a, b, k, scratch);
    slow_link_scheduled.record(cls, pick.parallel, runtime::monotonic_ns() - start);
    return;
  }
  const mp_size_t sn = static_cast<mp_size_t>(n);
  limb_t* T = scratch;
  limb_t* Q = T + 2 * n;
  limb_t* QP = Q + 2 * n + 4;
  limb_t* ws = QP + 2 * n + 4;
  limbs::parallel_mul(T, a, n, b, n, threads, ws);                 // T = ab
  // One choice for the two n x n products that follow (one probe of a
  // low-health team, not two).  Q = mu T mod beta^n: the low product's three
  // tasks where the choice is a method on two threads or more other than the
  // residues (GMP's FFT range, where a low product costs a whole one) and
  // the tasks' products would not run on the IFMA kernels (GMP's low
  // product loses to those); else the whole product by that choice, of
  // which Q is the low half.  Then Q P as its wrapped product when forced,
  // or from modmul.wrapped_min limbs when the choice runs on two threads,
  // else the whole product by that choice.
  const limbs::MulChoice ch = limbs::choose_mul(n, n, false, threads);
  if (low_product_tasks(ch, n))
    limbs::parallel_mullo(Q, T, k.mu.data(), n, ch.threads, ws);
  else
    limbs::mul_with(ch, Q, T, n, k.mu.data(), n, ws);
  const std::size_t rn = limbs::wrapped_length(n);
  if (rn != 0 && qp == QpProduct::wrapped) return redc_wrapped(r, T, Q, QP, rn, k, threads, ws);
  if (rn != 0 && qp == QpProduct::automatic && n >= t.modmul_wrapped_min &&
      ch.method != limbs::MulMethod::sequential && ch.threads == 2)
    return redc_wrapped(r, T, Q, QP, rn, k, threads, ws);
  limbs::mul_with(ch, QP, Q, n, k.p.data(), n, ws);                 // QP
  const limb_t cy = mpn_add_n(QP, QP, T, 2 * sn);                  // T + QP = 0 mod beta^n
  if (cy || mpn_cmp(QP + n, k.p.data(), sn) >= 0)
    mpn_sub_n(r, QP + n, k.p.data(), sn);
  else
    mpn_copyi(r, QP + n, sn);
}

void parallel_barrett_mul(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, int threads,
                          limb_t* scratch) noexcept {
  PARMOD_ASSERT(check::less(a, k.p.data(), k.n) && check::less(b, k.p.data(), k.n));
  PARMOD_ASSERT(check::same_or_separate(r, a, k.n) && check::same_or_separate(r, b, k.n));
  PARMOD_ASSERT(!check::overlap_any(scratch, parallel_classic_scratch(k.n), k.n, r, a, b));
  const std::size_t n = k.n;
  limb_t* T = scratch;
  limb_t* Q = T + 2 * n;
  limb_t* QP = Q + 2 * n + 4;
  limb_t* ws = QP + 2 * n + 4;
  limbs::parallel_mul(T, a, n, b, n, threads, ws);
  // q1 = floor(T / beta^(n-1)): n + 1 limbs; q = floor(q1 nu / beta^(n+1)).
  limbs::parallel_mul(Q, T + (n - 1), n + 1, k.nu.data(), k.nu_n, threads, ws);
  limb_t* q = Q + (n + 1);
  const std::size_t qn = k.nu_n;  // q < beta^(nu_n): n + 1 (or n + 2) limbs
  // r = (T - qP) mod beta^(n+1): only the low n + 1 limbs matter.
  limbs::parallel_mul(QP, q, qn, k.p.data(), n, threads, ws);
  limb_t* R = T;  // reuse: R = low n + 1 limbs of T - qP
  mpn_sub_n(R, T, QP, static_cast<mp_size_t>(n + 1));
  while (R[n] != 0 || mpn_cmp(R, k.p.data(), static_cast<mp_size_t>(n)) >= 0)
    R[n] -= mpn_sub_n(R, R, k.p.data(), static_cast<mp_size_t>(n));
  mpn_copyi(r, R, static_cast<mp_size_t>(n));
}

namespace {

// The engines' scratch: the parallel products' or the conversions' (which
// run on the sequential engine), whichever is larger.
std::size_t parallel_montgomery_scratch(std::size_t n) {
  return std::max(parallel_classic_scratch(n), montgomery_engine.scratch_limbs(n));
}
std::size_t parallel_barrett_scratch(std::size_t n) {
  return std::max(parallel_classic_scratch(n), barrett_engine.scratch_limbs(n));
}
int threads_of(const ModulusConstants& k) { return static_cast<const ProductSplit&>(*k.engine_state).threads; }
void montgomery_product(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  parallel_montgomery_mul(r, a, b, k, threads_of(k), scratch);
}
void montgomery_square(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  parallel_montgomery_mul(r, a, a, k, threads_of(k), scratch);
}
void barrett_product(limb_t* r, const limb_t* a, const limb_t* b, const ModulusConstants& k, limb_t* scratch) {
  parallel_barrett_mul(r, a, b, k, threads_of(k), scratch);
}
void barrett_square(limb_t* r, const limb_t* a, const ModulusConstants& k, limb_t* scratch) {
  parallel_barrett_mul(r, a, a, k, threads_of(k), scratch);
}

}  // namespace

const Engine parallel_montgomery_engine = {
    .name = "montgomery", .scratch_limbs = parallel_montgomery_scratch, .mul = montgomery_product,
    .sqr = montgomery_square, .to_repr = to_montgomery, .from_repr = from_montgomery, .one = montgomery_one,
};
const Engine parallel_barrett_engine = {
    .name = "barrett", .scratch_limbs = parallel_barrett_scratch, .mul = barrett_product, .sqr = barrett_square,
    .to_repr = barrett_copy_residue, .from_repr = barrett_copy_residue, .one = barrett_one,
};

bool parallel_products_pay(std::size_t n, int threads) noexcept {
  return threads >= 2 && n >= config::tuning().modmul_split_min_limbs &&
         limbs::mul_route(n, n) == limbs::MulRoute::parallel_mul;
}

bool montgomery_products_split(std::size_t n, int threads) noexcept {
  return (threads >= 2 && n >= config::tuning().modmul_scheduled_min && n >= kScheduledMontgomeryMin) ||
         parallel_products_pay(n, threads);
}

}  // namespace parmod::modmul

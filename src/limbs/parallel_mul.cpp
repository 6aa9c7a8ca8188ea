// limbs/parallel_mul.cpp - the automatic choice among the product methods (see parallel_mul.hpp).
#include "limbs/parallel_mul.hpp"

#include <algorithm>
#include <bit>

#include "check/assert.hpp"
#include "config/tuning.hpp"

#include "limbs/comba.hpp"
#include "limbs/parallel_mul_blocks.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "limbs/parallel_mul_toom4.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::limbs {

MulRoute mul_route(std::size_t an, std::size_t bn) noexcept {
  const config::Tuning& t = config::tuning();
  const std::size_t n = std::min(an, bn);
  if (n >= std::min(t.mul_par_min, t.mul_sqr_par_min) || (an == bn && n <= t.mul_comba_max)) return MulRoute::parallel_mul;
  if (mul_kernel(t, an, bn) != MulKernel::gmp || (an == bn && sqr_kernel(t, an) != MulKernel::gmp))
    return MulRoute::sequential;
  return MulRoute::gmp;
}

namespace {

// The choice from the sizes, the thread count and the tuning; `team_ok` says
// whether the team may be planned for (choose_mul asks the runtime,
// planned_mul assumes it may).
template <class TeamOk>
MulChoice decide(std::size_t an, std::size_t bn, bool square, int threads, TeamOk team_ok) noexcept {
  MulChoice c;
  const config::Tuning& t = config::tuning();
  const std::size_t m = std::max(an, bn), n = std::min(an, bn);
  const std::size_t par_min = square ? t.mul_sqr_par_min : t.mul_par_min;
  if (n < par_min) {  // fast path: no thread-count lookup
    if (an == bn && n <= t.mul_comba_max && !square) c.method = MulMethod::comba;
    return c;
  }
  int T = runtime::resolve_thread_count(threads);
  if (T > 16) T = 16;
  if (T <= 1 || n < 2 || !team_ok(t)) {
    if (an == bn && n <= t.mul_comba_max && !square) c.method = MulMethod::comba;
    return c;
  }
  c.threads = T;
  // Two threads in GMP's FFT range: the two residues, one task each.
  const std::size_t residues_min = square ? t.mul_sqr_residues_min : t.mul_residues_min;
  if (T == 2 && n >= residues_min && double(n) >= static_cast<double>(t.mul_unbalanced_pct) / 100.0 * double(m) &&
      residues_applicable(m, n)) {
    c.method = MulMethod::residues;
    return c;
  }
  if (n >= t.mul_fft_split_min || double(n) < static_cast<double>(t.mul_unbalanced_pct) / 100.0 * double(m) ||
      !toom3_applicable(m, n) || (!square && n < t.mul_toom_min)) {
    // Blocks: cut the longer operand T ways (k2 = 1 keeps the shorter one
    // whole, so the products stay in GMP's FFT range when it is); below
    // mul.toom_min the T unbalanced block products beat Toom's point products
    // and its sequential interpolation.
    c.method = MulMethod::blocks;
    c.k1 = std::min(T, 8);
    c.k2 = 1;
    return c;
  }
  c.method = n >= t.mul_toom4_min && !square && toom4_applicable(m, n) ? MulMethod::toom4 : MulMethod::toom3;
  return c;
}

}  // namespace

MulChoice choose_mul(std::size_t an, std::size_t bn, bool square, int threads) noexcept {
  // Sequential while the team is busy or unhealthy (its workers rarely got
  // a core in time lately), probing the parallel path on one call in eight.
  return decide(an, bn, square, threads, [](const config::Tuning& t) {
    return runtime::team_worth_planning(static_cast<double>(t.mul_health_pct) / 100.0);
  });
}

MulChoice planned_mul(std::size_t an, std::size_t bn, bool square, int threads) noexcept {
  return decide(an, bn, square, threads, [](const config::Tuning&) { return true; });
}

std::string mul_choice_name(const MulChoice& c) {
  switch (c.method) {
    case MulMethod::sequential: return "sequential";
    case MulMethod::comba: return "comba";
    case MulMethod::toom3: return "toom3";
    case MulMethod::toom4: return "toom4";
    case MulMethod::blocks: return "blocks " + std::to_string(c.k1) + "x" + std::to_string(c.k2);
    case MulMethod::residues: return "residues";
  }
  return "?";
}

std::size_t parallel_mul_scratch(std::size_t an, std::size_t bn) noexcept {
  std::size_t s = std::max(mul_toom3_scratch(an, bn), mul_toom4_scratch(an, bn));
  // Blocks with k2 = 1 and k1 <= 8: at most all products but one in scratch.
  s = std::max(s, std::max(an, bn) + 8 * std::min(an, bn) + 16);
  s = std::max(s, sqr_blocks_scratch(std::max(an, bn), 8));
  s = std::max(s, mul_residues_scratch(an, bn));
  return s;
}

void mul_with(const MulChoice& c, limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn,
              limb_t* scratch) noexcept {
  PARMOD_ASSERT(c.method != MulMethod::comba || an == bn);
  const bool square = ap == bp && an == bn;
  switch (c.method) {
    case MulMethod::sequential:
      mul(rp, ap, an, bp, bn);
      return;
    case MulMethod::comba:
      comba_mul_adx(rp, ap, bp, an);
      return;
    case MulMethod::toom3:
      if (square)
        sqr_toom3(rp, ap, an, c.threads, scratch);
      else
        mul_toom3(rp, ap, an, bp, bn, c.threads, scratch);
      return;
    case MulMethod::toom4:
      mul_toom4(rp, ap, an, bp, bn, c.threads, scratch);
      return;
    case MulMethod::blocks:
      if (square)
        sqr_blocks(rp, ap, an, std::max(c.k1, 2), c.threads, scratch);
      else
        mul_blocks(rp, ap, an, bp, bn, c.k1, c.k2, c.threads, scratch);
      return;
    case MulMethod::residues:
      mul_residues(rp, ap, an, bp, bn, c.threads, scratch);
      return;
  }
}

void parallel_mul(limb_t* rp, const limb_t* ap, std::size_t an, const limb_t* bp, std::size_t bn, int threads,
                  limb_t* scratch) noexcept {
  PARMOD_ASSERT(an >= 1 && bn >= 1);
  PARMOD_ASSERT(!check::overlap(rp, an + bn, ap, an) && !check::overlap(rp, an + bn, bp, bn));
  PARMOD_ASSERT(!check::overlap(scratch, parallel_mul_scratch(an, bn), rp, an + bn));
  const bool square = ap == bp && an == bn;
  const MulChoice c = choose_mul(an, bn, square, threads);
  if (c.threads < 2) return mul_with(c, rp, ap, an, bp, bn, scratch);
  // While the team's link is slow: the faster of one thread and the parallel
  // form that crosses it least, by measurement.  Toom's point products and
  // interpolation meet between the threads several times; blocks T x 1 (the
  // longer operand cut T ways) meet once, at the sum.
  const unsigned cls = mul_class(an, bn, square);
  const runtime::SlowLinkChoice::Pick pick = slow_link_products.pick(cls, config::tuning().team_slow_link_check != 0);
  if (!pick.timed) return mul_with(c, rp, ap, an, bp, bn, scratch);
  MulChoice run = planned_mul(an, bn, square, 1);
  if (pick.parallel) {
    run = c;
    if (c.method == MulMethod::toom3 || c.method == MulMethod::toom4) {
      run.method = MulMethod::blocks;
      run.k1 = std::min(c.threads, 8);
      run.k2 = 1;
    }
  }
  const std::uint64_t start = runtime::monotonic_ns();
  mul_with(run, rp, ap, an, bp, bn, scratch);
  slow_link_products.record(cls, pick.parallel, runtime::monotonic_ns() - start);
}

runtime::SlowLinkChoice slow_link_products;

unsigned mul_class(std::size_t an, std::size_t bn, bool square) noexcept {
  const std::size_t m = std::max(an, bn), n = std::min(an, bn);
  const unsigned shape = std::min<unsigned>(7, static_cast<unsigned>(std::bit_width(m / n)) - 1);  // octaves of m / n
  return runtime::SlowLinkChoice::size_class(n, 2 * shape + (square ? 1 : 0), 16);
}

}  // namespace parmod::limbs

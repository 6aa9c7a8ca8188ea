#include "limbs/parallel_mullo.hpp"

#include <gmp.h>

#include <algorithm>
#include <cmath>

#include "check/assert.hpp"
#include "limbs/mul_cost.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::limbs {
namespace {

std::size_t x_words(std::size_t h) noexcept { return line_words(2 * h); }

// A low product of l limbs (GMP's mullo) against the whole l x l product,
// in the cost model that balances the tasks
// (docs/bench/sapphire_rapids/parallel_mullo.md).
constexpr double kMulloShare = 0.85;

// The split and where each task writes: X (2h limbs), Y and Z (l limbs
// each), each area on whole cache lines (the tasks run on two cores).
MulloParts halves(const limb_t* a, const limb_t* b, std::size_t n, limb_t* scratch) noexcept {
  const std::size_t h = parallel_mullo_split(n), l = n - h;
  limb_t* x = scratch ? line_aligned(scratch) : nullptr;
  limb_t* y = x ? x + x_words(h) : nullptr;
  limb_t* z = y ? y + line_words(l) : nullptr;
  return MulloParts{a, b, h, l, x, y, z};
}

void low_product_task(const void* ctx, unsigned) {
  const auto& c = *static_cast<const MulloParts*>(ctx);
  mul(c.x, c.a, c.h, c.b, c.h);  // A0 B0
}

void cross_task(const void* ctx, unsigned which) {
  const auto& c = *static_cast<const MulloParts*>(ctx);
  if (which == 0)
    mullo(c.y, c.a + c.h, c.b, c.l);  // A1 B0 mod beta^l
  else
    mullo(c.z, c.a, c.b + c.h, c.l);  // A0 B1 mod beta^l
}

int add_tasks(runtime::Schedule& s, const MulloParts& c, int after, int thread_x, int thread_yz) {
  const double cross = kMulloShare * mul_cost_estimate(c.l, c.l);
  int i = s.add(&low_product_task, &c, 0, mul_cost_estimate(c.h, c.h), thread_x, "A0 B0 (the low product's whole part)");
  if (after >= 0) s.depend(i, after);
  i = s.add(&cross_task, &c, 0, cross, thread_yz, "A1 B0 mod beta^l");
  if (after >= 0) s.depend(i, after);
  i = s.add(&cross_task, &c, 1, cross, thread_yz, "A0 B1 mod beta^l");
  if (after >= 0) s.depend(i, after);
  return i;
}

void build(runtime::Schedule& s, const MulloParts& c) { add_tasks(s, c, -1, 0, 1); }

}  // namespace

std::size_t parallel_mullo_split(std::size_t n) noexcept {
  PARMOD_ASSERT(n >= 2);
  // The least h in [ceil(n/2), n - 1] at which the caller's product costs
  // at least the partner's two (h = n - 1 if none), by the cost model, which
  // grows as m^2 below 30 limbs and as m^1.5 above: start from the balance
  // h / l of the model's range for l, then step to the exact h (a step or two).
  auto caller_heavier = [n](std::size_t h) {
    return mul_cost_estimate(h, h) >= 2 * kMulloShare * mul_cost_estimate(n - h, n - h);
  };
  const double r15 = std::cbrt(4 * kMulloShare * kMulloShare), r2 = std::sqrt(2 * kMulloShare);
  const double r = double(n) / (1 + r15) >= 30 ? r15 : r2;
  const std::size_t lo = (n + 1) / 2, hi = n - 1;
  std::size_t h = std::clamp(static_cast<std::size_t>(std::ceil(double(n) * r / (1 + r))), lo, hi);
  while (h < hi && !caller_heavier(h)) ++h;
  while (h > lo && caller_heavier(h - 1)) --h;
  return h;
}

std::size_t parallel_mullo_scratch(std::size_t n) noexcept {
  const std::size_t h = parallel_mullo_split(n), l = n - h;
  return x_words(h) + 2 * line_words(l) + kLineWords;  // + kLineWords: the alignment of the start
}

void parallel_mullo(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int threads,
                    limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  PARMOD_ASSERT(!check::overlap(rp, n, ap, n) && !check::overlap(rp, n, bp, n));
  PARMOD_ASSERT(!check::overlap(scratch, parallel_mullo_scratch(n), rp, n));
  const MulloParts c = halves(ap, bp, n, scratch);
  runtime::run_built(threads, [&](runtime::Schedule& s) { build(s, c); });
  mullo_parts_sum(rp, c, n);
}

MulloParts mullo_parts(const limb_t* ap, const limb_t* bp, std::size_t n, limb_t* scratch) noexcept {
  PARMOD_ASSERT(n >= 2);
  return halves(ap, bp, n, scratch);
}

int add_mullo_tasks(runtime::Schedule& s, const MulloParts& parts, int after, int thread_x, int thread_yz) {
  return add_tasks(s, parts, after, thread_x, thread_yz);
}

void mullo_parts_sum(limb_t* rp, const MulloParts& c, std::size_t n) noexcept {
  PARMOD_ASSERT(c.h + c.l == n && !check::overlap(rp, n, c.x, 2 * c.h));
  const auto sl = static_cast<mp_size_t>(c.l);
  mpn_copyi(rp, c.x, static_cast<mp_size_t>(n));  // X mod beta^n (2h >= n)
  mpn_add_n(rp + c.h, rp + c.h, c.y, sl);         // + Y and Z: the carries out of beta^n drop
  mpn_add_n(rp + c.h, rp + c.h, c.z, sl);
}

std::string describe_parallel_mullo(std::size_t n, int threads) {
  const MulloParts c = halves(nullptr, nullptr, n, nullptr);
  return runtime::describe_built(threads, [&](runtime::Schedule& s) { build(s, c); });
}

}  // namespace parmod::limbs

// limbs/comba_parallel.cpp - Modified Comba 2x and Mx as task graphs (see comba_parallel.hpp).
#include "limbs/comba_parallel.hpp"

#include <algorithm>

#include "check/assert.hpp"
#include "limbs/comba.hpp"
#include "runtime/schedule.hpp"
#include "runtime/team.hpp"

namespace parmod::limbs {
namespace {

constexpr int kMaxM = 16;

struct Columns {
  limb_t* rp;
  const limb_t* ap;
  const limb_t* bp;
  std::size_t n;
  int m;
  std::size_t bound[kMaxM + 1];  // block b is columns [bound[b], bound[b+1])
  limb_t carry[kMaxM][2];
};

void column_task(const void* ctx, unsigned b) {
  auto& c = *const_cast<Columns*>(static_cast<const Columns*>(ctx));
  comba_columns(c.rp, c.ap, c.bp, c.n, c.bound[b], c.bound[b + 1], c.carry[b]);
}

// The sequential carry pass: block b's carry enters at limb bound[b+1].
void merge_task(const void* ctx, unsigned) {
  const auto& c = *static_cast<const Columns*>(ctx);
  const std::size_t total = 2 * c.n;
  for (int b = 0; b + 1 < c.m; ++b) {
    std::size_t at = c.bound[b + 1];
    mpn_add(c.rp + at, c.rp + at, mp_size_t(total - at), c.carry[b], mp_size_t(std::min<std::size_t>(2, total - at)));
  }
}

// Products in column k.
std::size_t column_height(std::size_t n, std::size_t k) {
  if (k >= 2 * n - 1) return 0;
  return k < n ? k + 1 : 2 * n - 1 - k;
}

void run_columns(Columns& c, int threads, const char* label) {
  runtime::Schedule s(std::max(threads, 1));
  static const char* names[kMaxM] = {"cols0", "cols1", "cols2",  "cols3",  "cols4",  "cols5",  "cols6",  "cols7",
                                     "cols8", "cols9", "cols10", "cols11", "cols12", "cols13", "cols14", "cols15"};
  for (int b = 0; b < c.m; ++b) {
    double cost = 0;
    for (std::size_t k = c.bound[b]; k < c.bound[b + 1]; ++k) cost += double(column_height(c.n, k));
    s.add(&column_task, &c, unsigned(b), cost, b, names[b]);
  }
  if (c.m > 1) {
    int mg = s.add(&merge_task, &c, 0, 2.0 * c.m, 0, label);
    for (int b = 0; b < c.m; ++b) s.depend(mg, b);
  }
  runtime::run(s, std::max(threads, 1));
}

}  // namespace

void comba_mul_2x(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int threads) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  Columns c{rp, ap, bp, n, 2, {0, n, 2 * n}, {}};
  run_columns(c, threads, "merge");
}

void comba_mul_mx(limb_t* rp, const limb_t* ap, const limb_t* bp, std::size_t n, int M, int threads) noexcept {
  PARMOD_ASSERT(n >= 1);
  PARMOD_ASSERT(!check::overlap(rp, 2 * n, ap, n) && !check::overlap(rp, 2 * n, bp, n));
  M = std::clamp(M, 1, kMaxM);
  if (std::size_t(M) > 2 * n) M = int(2 * n);
  Columns c{rp, ap, bp, n, M, {}, {}};
  // Boundaries at equal shares of the n^2 products.
  const double share = double(n) * double(n) / M;
  std::size_t k = 0;
  double acc = 0;
  c.bound[0] = 0;
  for (int b = 1; b < M; ++b) {
    while (k < 2 * n && acc + double(column_height(n, k)) / 2 < share * b) acc += double(column_height(n, k++));
    std::size_t lo = c.bound[b - 1] + 1, hi = 2 * n - std::size_t(M - b);
    c.bound[b] = std::clamp(k, lo, hi);
  }
  c.bound[M] = 2 * n;
  run_columns(c, threads, "carry-pass");
}

}  // namespace parmod::limbs

// modmul/montgomery52_parallel.cpp - one radix-2^52 Montgomery product on two
// threads (see montgomery52_mul_digits_parallel in montgomery52.hpp).
#include <algorithm>
#include <atomic>

#include "limbs/radix52.hpp"
#include "modmul/montgomery52.hpp"
#include "runtime/team.hpp"

namespace parmod::modmul {
namespace {

std::atomic<std::size_t> g_parallel_min_bits{9931};  // the memory kernel; measured on a 2-core AMD EPYC

// A reducing step costs about rho = 0.55 of a multiplying one (two IFMA
// instructions a block instead of four, the same loads and moves):
// h + rho (d - h) = d - h gives h = d (1 - rho) / (2 - rho).
std::size_t low_steps(std::size_t d) { return std::max<std::size_t>(1, d * 45 / 145); }

struct Split {
  std::uint64_t *u, *w;
  const std::uint64_t *a, *b;
  const Montgomery52Constants* c;
  std::size_t h;
};

void run_half(const void* ctx, unsigned which) {
  const Split& s = *static_cast<const Split*>(ctx);
  const std::size_t d = s.c->digits;
  if (which == 0)
    montgomery52_partial_digits(s.u, s.a, s.b, s.h, d, *s.c);  // (a B_lo + q P) / 2^(52 d)
  else
    montgomery52_partial_digits(s.w, s.a, s.b + s.h, d - s.h, d - s.h, *s.c);  // (a B_hi + q' P) / 2^(52 (d - h))
}

}  // namespace

std::size_t montgomery52_parallel_min_bits() noexcept { return g_parallel_min_bits.load(std::memory_order_relaxed); }
void set_montgomery52_parallel_min_bits(std::size_t bits) noexcept {
  g_parallel_min_bits.store(bits, std::memory_order_relaxed);
}

void montgomery52_mul_digits_parallel(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b,
                                      const Montgomery52Constants& c, int threads, std::uint64_t* scratch) noexcept {
  const std::size_t d = c.digits, lanes = c.lanes;
  Split s{scratch, scratch + lanes, a, b, &c, low_steps(d)};
  // Both halves read a and b; r (which may alias them) is written after both.
  runtime::run_built(std::min(threads, 2), [&](runtime::Schedule& sch) {
    const double full = static_cast<double>(d - s.h);  // the second half; the first is balanced to it
    sch.add(run_half, &s, 0, full, 0, "m52 low half");
    sch.add(run_half, &s, 1, full, threads >= 2 ? 1 : 0, "m52 high half");
  });
  // Each part is below 2P, so the sum is below 4P: at most one subtraction of 2P.
  for (std::size_t j = 0; j < lanes; ++j) r[j] = s.u[j] + s.w[j];
  limbs::normalize_radix52(r, lanes);
  std::size_t j = lanes;
  while (j > 0 && r[j - 1] == c.two_p[j - 1]) --j;
  if (j == 0 || r[j - 1] > c.two_p[j - 1]) {
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < lanes; ++i) {
      const std::uint64_t t = r[i] - c.two_p[i] - borrow;
      borrow = t >> 63;  // digits < 2^52: a negative difference wraps to the top bits
      r[i] = t & limbs::kDigitMask;
    }
  }
}

}  // namespace parmod::modmul

// tune/tune_mul.cpp - `parmod tune` step "mul": the integer product kernels
// (mulx rows, Karatsuba over them, the IFMA schoolbook and Karatsuba over it,
// Comba) and the thresholds of the parallel product.
#include <gmp.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "context.hpp"
#include "harness.hpp"
#include "limbs/comba.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/mul_ifma.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "limbs/window_adx.hpp"
#include "runtime/team.hpp"
#include "steps.hpp"
#include "wins_from.hpp"

namespace parmod::tune {
namespace {

constexpr std::size_t kNever = std::size_t(1) << 30;  // mul.toom4_min, mul.fft_split_min: never

void random_limbs(std::vector<limb_t>& x) { mpn_random(x.data(), mp_size_t(x.size())); }

// Time ratio limbs::mul / the method (fastest rounds) at an x bn limbs (> 1: the method wins).
double gain(const Context& c, std::size_t an, std::size_t bn, bool square, const limbs::MulChoice& ch) {
  std::vector<limb_t> x(an), y(bn), r(an + bn), scratch(limbs::parallel_mul_scratch(an, bn));
  random_limbs(x);
  random_limbs(y);
  const limb_t* yp = square ? x.data() : y.data();
  std::vector<bench::Variant> v = {
      {"seq", [&] { limbs::mul(r.data(), x.data(), an, yp, bn); }},
      {"par", [&] { limbs::mul_with(ch, r.data(), x.data(), an, yp, bn, scratch.data()); }},
  };
  const auto t = bench::measure_interleaved(v, c.timing(15, 0.003));
  return t[0].min_ns / t[1].min_ns;
}

limbs::MulChoice choice(limbs::MulMethod method, int threads, int k1 = 1) {
  limbs::MulChoice ch;
  ch.method = method;
  ch.threads = threads;
  ch.k1 = k1;
  return ch;
}

// The smallest size from which the parallel product on the team (Toom-3;
// for products also T x 1 blocks, the better of the two) wins by > 3% at
// this and every larger size of the ladder (1024 when it never does).
std::size_t crossover(const Context& c, bool square, const char* what) {
  HoldsFrom found;
  const int T = c.threads();
  for (std::size_t n : c.ladder({16, 24, 32, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 448, 512, 640})) {
    double g = gain(c, n, n, square, choice(limbs::MulMethod::toom3, T));
    std::cerr << "  " << what << " " << n << " limbs: toom3 T=" << T << " / sequential " << g << "x";
    if (!square) {
      const double gb = gain(c, n, n, square, choice(limbs::MulMethod::blocks, T, T));
      std::cerr << ", blocks " << T << "x1 " << gb << "x";
      g = std::max(g, gb);
    }
    std::cerr << "\n";
    found.add(n, g > 1.03);
  }
  return found.from() ? found.from() : 1024;
}

// Kernels r = f(x, y) on random n-limb operands (r has 2n limbs), timed in
// 11 interleaved rounds: kernels[2i]'s fastest round over kernels[2i + 1]'s
// (> 1: the second of the pair wins).
using Kernel = std::function<void(limb_t*, const limb_t*, const limb_t*)>;
std::vector<double> kernel_gains(const Context& c, std::size_t n, const std::vector<Kernel>& kernels) {
  std::vector<limb_t> x(n), y(n), r(2 * n);
  random_limbs(x);
  random_limbs(y);
  std::vector<bench::Variant> v;
  for (const Kernel& k : kernels) v.push_back({"kernel", [&, k] { k(r.data(), x.data(), y.data()); }});
  const auto t = bench::measure_interleaved(v, c.timing(11, 0.002));
  std::vector<double> gains;
  for (std::size_t i = 0; i + 1 < t.size(); i += 2) gains.push_back(t[i].min_ns / t[i + 1].min_ns);
  return gains;
}

// Gains kernels[0]/kernels[1] (products) and kernels[2]/kernels[3]
// (squares): the median of three interleaved measurements (one with
// --quick), since another tenant can halve a core for seconds.
std::pair<double, double> median_gains(const Context& c, std::size_t n, const std::vector<Kernel>& kernels) {
  std::vector<double> gm, gs;
  for (int rep = 0; rep < (c.quick() ? 1 : 3); ++rep) {
    const auto g = kernel_gains(c, n, kernels);
    gm.push_back(g[0]);
    gs.push_back(g[1]);
  }
  std::sort(gm.begin(), gm.end());
  std::sort(gs.begin(), gs.end());
  return {gm[gm.size() / 2], gs[gs.size() / 2]};
}

Kernel gmp_mul(std::size_t n) {
  return [n](limb_t* r, const limb_t* x, const limb_t* y) { mpn_mul_n(r, x, y, mp_size_t(n)); };
}
Kernel gmp_sqr(std::size_t n) {
  return [n](limb_t* r, const limb_t* x, const limb_t*) { mpn_sqr(r, x, mp_size_t(n)); };
}

// mul.karatsuba_adx_min and sqr.karatsuba_adx_min: inside the schoolbook's
// range (which says where the kernel beats GMP), one Karatsuba level over the
// kernel (the key set to n, so the halves are schoolbook) against the
// kernel: the smallest ladder size from which Karatsuba wins by > 2% at that
// and every larger measured size of the range; 0 (from the schoolbook's
// limit) where it never does.
void tune_karatsuba_adx_min(Context& c, std::size_t rows_mul, std::size_t rows_sqr) {
  WinsFrom mul_from(0), sqr_from(0);
  for (std::size_t n : c.ladder({16, 20, 24, 26, 28, 32, 36, 40, 48, 56, 64})) {
    if (n >= std::max(rows_mul, rows_sqr)) break;
    c.set("mul.karatsuba_adx_min", n);
    c.set("sqr.karatsuba_adx_min", n);
    std::vector<limb_t> ws(limbs::karatsuba_adx_scratch(n));
    const auto [gm, gs] = median_gains(
        c, n,
        {[n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mulx_schoolbook_mul(r, x, n, y, n); },
         [n, &ws](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mulx_karatsuba_mul(r, x, y, n, ws.data()); },
         [n](limb_t* r, const limb_t* x, const limb_t*) { limbs::mulx_schoolbook_sqr(r, x, n); },
         [n, &ws](limb_t* r, const limb_t* x, const limb_t*) { limbs::mulx_karatsuba_sqr(r, x, n, ws.data()); }});
    std::cerr << "  one Karatsuba level over the mulx kernels " << n << " limbs against them: product " << gm
              << "x, square " << gs << "x\n";
    if (n < rows_mul) mul_from.add(n, gm > 1.02);
    if (n < rows_sqr) sqr_from.add(n, gs > 1.02);
  }
  c.set("mul.karatsuba_adx_min", mul_from.from());
  c.set("sqr.karatsuba_adx_min", sqr_from.from());
}

// The mulx kernels against GMP, as limbs::mul runs them for these keys: the
// register windows (limbs/window_adx) where window_adx_enabled(), else the
// rows (limbs/basecase_adx).  The schoolbook range: one past the largest
// size where the kernel wins by > 2% (a single noisy loss in between does
// not cut the range short); the lower ends are fixed in limbs/basecase_adx.cpp.
// Then Karatsuba over that kernel above its range (recursing down to the
// range just set): one past the largest ladder size where it beats GMP by
// > 2%.  All 0 without BMI2+ADX.  limbs::mulx_* make the choice limbs::mul makes.
void tune_mulx(Context& c) {
  std::size_t rows_mul = 0, rows_sqr = 0, kara_mul = 0, kara_sqr = 0;
  const char* kernel = limbs::window_adx_enabled() ? "mulx windows" : "mulx rows";
  if (limbs::cpu_has_mulx_adx()) {
    for (std::size_t n : c.ladder({20, 24, 26, 28, 30, 32, 36, 40, 48, 56, 64, 80, 96})) {
      const auto [gm, gs] = median_gains(
          c, n,
          {gmp_mul(n), [n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mulx_schoolbook_mul(r, x, n, y, n); },
           gmp_sqr(n), [n](limb_t* r, const limb_t* x, const limb_t*) { limbs::mulx_schoolbook_sqr(r, x, n); }});
      std::cerr << "  " << kernel << " " << n << " limbs against GMP: product " << gm << "x, square " << gs << "x\n";
      if (gm > 1.02) rows_mul = n + 1;
      if (gs > 1.02) rows_sqr = n + 1;
    }
  } else {
    std::cerr << "  no BMI2+ADX: the mulx kernels cannot run\n";
  }
  c.set("mul.basecase_adx_max", rows_mul);
  c.set("sqr.basecase_adx_max", rows_sqr);
  tune_karatsuba_adx_min(c, rows_mul, rows_sqr);
  if (rows_mul > 0 && rows_sqr > 0) {
    for (std::size_t n : c.ladder({64, 96, 128, 160, 192, 256, 320, 384})) {
      std::vector<limb_t> ws(limbs::karatsuba_adx_scratch(n));
      const auto [gm, gs] = median_gains(
          c, n,
          {gmp_mul(n),
           [n, &ws](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mulx_karatsuba_mul(r, x, y, n, ws.data()); },
           gmp_sqr(n),
           [n, &ws](limb_t* r, const limb_t* x, const limb_t*) { limbs::mulx_karatsuba_sqr(r, x, n, ws.data()); }});
      std::cerr << "  Karatsuba over the " << kernel << " " << n << " limbs against GMP: product " << gm << "x, square "
                << gs << "x\n";
      if (gm > 1.02) kara_mul = n + 1;
      if (gs > 1.02) kara_sqr = n + 1;
    }
  }
  c.set("mul.karatsuba_adx_max", kara_mul);
  c.set("sqr.karatsuba_adx_max", kara_sqr);
}

// The IFMA kernels (limbs/mul_ifma, limbs/karatsuba_ifma): mul/sqr.ifma_min
// (the smallest size from which the IFMA schoolbook beats the non-IFMA
// choice, mulx rows or GMP, by > 2% at every larger measured size),
// mul/sqr.ifma_max (the smallest ladder size from which one Karatsuba level
// over it beats it by > 2% at every larger measured size) and
// mul/sqr.ifma_karatsuba_max (one past the largest ladder size where
// Karatsuba over IFMA beats GMP by > 2%).  All 0 without IFMA.
void tune_ifma(Context& c) {
  if (!limbs::cpu_has_avx512_ifma()) {
    std::cerr << "  no AVX-512 IFMA (or PARMOD_NO_IFMA set): the IFMA kernels cannot run\n";
    for (const char* key : {"mul.ifma_min", "mul.ifma_max", "sqr.ifma_min", "sqr.ifma_max", "mul.ifma_karatsuba_max",
                            "sqr.ifma_karatsuba_max"})
      c.set(key, std::size_t{0});
    return;
  }
  // limbs::mul / limbs::sqr: the choice without IFMA.
  c.set("mul.ifma_max", std::size_t{0});
  c.set("sqr.ifma_max", std::size_t{0});
  std::vector<std::uint64_t> wi(limbs::mul_ifma_scratch(limbs::kIfmaMaxLimbs, limbs::kIfmaMaxLimbs));
  std::size_t mul_min = 0, sqr_min = 0;
  std::vector<std::size_t> small;
  for (std::size_t n = 6; n <= 40; n += (n < 24 ? 1 : 4)) small.push_back(n);
  for (std::size_t n : c.ladder(small)) {
    const auto [gm, gs] = median_gains(
        c, n,
        {[n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul(r, x, n, y, n); },
         [n, &wi](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul_ifma(r, x, n, y, n, wi.data()); },
         [n](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr(r, x, n); },
         [n, &wi](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr_ifma(r, x, n, wi.data()); }});
    std::cerr << "  IFMA " << n << " limbs against the non-IFMA choice: product " << gm << "x, square " << gs << "x\n";
    if (gm <= 1.02) mul_min = 0; else if (!mul_min) mul_min = n;
    if (gs <= 1.02) sqr_min = 0; else if (!sqr_min) sqr_min = n;
  }
  if (!mul_min) mul_min = 41;
  if (!sqr_min) sqr_min = 41;
  c.set("mul.ifma_min", mul_min);
  c.set("sqr.ifma_min", sqr_min);
  // The schoolbook against one Karatsuba level over it (leaves n/2).
  std::vector<limb_t> wk(limbs::karatsuba_ifma_scratch(limbs::kKaratsubaIfmaMaxLimit));
  std::size_t mul_max = 0, sqr_max = 0;
  for (std::size_t n : c.ladder({128, 192, 256, 320, 384, 448, 512, 640, 768, 896, 1024})) {
    c.set("mul.ifma_max", n);  // the halves are leaves
    c.set("sqr.ifma_max", n);
    const auto [gm, gs] = median_gains(
        c, n,
        {[n, &wi](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul_ifma(r, x, n, y, n, wi.data()); },
         [n, &wk](limb_t* r, const limb_t* x, const limb_t* y) { limbs::karatsuba_mul_ifma(r, x, y, n, wk.data()); },
         [n, &wi](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr_ifma(r, x, n, wi.data()); },
         [n, &wk](limb_t* r, const limb_t* x, const limb_t*) { limbs::karatsuba_sqr_ifma(r, x, n, wk.data()); }});
    std::cerr << "  IFMA Karatsuba (one level) " << n << " limbs against the IFMA schoolbook: product " << gm
              << "x, square " << gs << "x\n";
    if (gm <= 1.02) mul_max = 0; else if (!mul_max) mul_max = n;
    if (gs <= 1.02) sqr_max = 0; else if (!sqr_max) sqr_max = n;
  }
  c.set("mul.ifma_max", mul_max ? mul_max : limbs::kIfmaMaxLimbs);
  c.set("sqr.ifma_max", sqr_max ? sqr_max : limbs::kIfmaMaxLimbs);
  // Karatsuba over IFMA (recursing to the limits above) against GMP.
  std::size_t kara_mul = 0, kara_sqr = 0;
  for (std::size_t n : c.ladder({256, 384, 512, 640, 768, 896, 1024, 1151, 1536, 2048, 3072, 4096, 6144, 8191})) {
    std::vector<limb_t> wn(limbs::karatsuba_ifma_scratch(n));
    const auto [gm, gs] = median_gains(
        c, n,
        {gmp_mul(n),
         [n, &wn](limb_t* r, const limb_t* x, const limb_t* y) { limbs::karatsuba_mul_ifma(r, x, y, n, wn.data()); },
         gmp_sqr(n), [n, &wn](limb_t* r, const limb_t* x, const limb_t*) { limbs::karatsuba_sqr_ifma(r, x, n, wn.data()); }});
    std::cerr << "  IFMA Karatsuba " << n << " limbs against GMP: product " << gm << "x, square " << gs << "x\n";
    if (gm > 1.02) kara_mul = n + 1;
    if (gs > 1.02) kara_sqr = n + 1;
  }
  c.set("mul.ifma_karatsuba_max", std::max(kara_mul, c.tuning().mul_ifma_max));
  c.set("sqr.ifma_karatsuba_max", std::max(kara_sqr, c.tuning().sqr_ifma_max));
}

// The mulx Comba (limbs/comba) against mpn_mul_n: the largest n <= 24 up to
// which it wins by > 3% at every size (0 without BMI2+ADX).
void tune_comba(Context& c) {
  std::size_t comba_max = 0;
  if (limbs::cpu_has_mulx_adx()) {
    for (std::size_t n = 1; n <= (c.quick() ? 12u : 24u); ++n) {
      const double g = kernel_gains(
          c, n, {gmp_mul(n), [n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::comba_mul_adx(r, x, y, n); }})[0];
      std::cerr << "  comba " << n << " limbs against GMP: " << g << "x\n";
      if (g > 1.03 && comba_max == n - 1) comba_max = n;
    }
  }
  c.set("mul.comba_max", comba_max);
}

void tune_parallel(Context& c) {
  const int T = c.threads() < 2 ? 2 : c.threads();
  runtime::warm_up(T);
  std::cerr << "  products: sequential against Toom-3 on " << T << " threads\n";
  c.set("mul.par_min", crossover(c, false, "mul"));
  std::cerr << "  squares:\n";
  c.set("mul.sqr_par_min", crossover(c, true, "sqr"));
  // Toom-4 against Toom-3 (products): the smallest ladder size from which
  // Toom-4 wins by > 3% at every larger measured size.
  HoldsFrom found;
  for (std::size_t n : c.ladder({256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096})) {
    const double g3 = gain(c, n, n, false, choice(limbs::MulMethod::toom3, T));
    const double g4 = gain(c, n, n, false, choice(limbs::MulMethod::toom4, T));
    std::cerr << "  " << n << " limbs: toom3 " << g3 << "x, toom4 " << g4 << "x\n";
    found.add(n, g4 > g3 * 1.03);
  }
  c.set("mul.toom4_min", found.from() ? found.from() : kNever);
  // Toom against T x 1 blocks (balanced products) from mul.par_min: the
  // smallest ladder size from which Toom wins at this and every larger
  // measured size (above the ladder when the blocks win throughout).
  std::size_t toom_min = 0;
  for (std::size_t n : c.ladder({64, 96, 128, 160, 192, 256, 384, 512, 768})) {
    if (n < c.tuning().mul_par_min) continue;
    const auto toom = choice(n >= c.tuning().mul_toom4_min ? limbs::MulMethod::toom4 : limbs::MulMethod::toom3, T);
    const double gt = gain(c, n, n, false, toom);
    const double gb = gain(c, n, n, false, choice(limbs::MulMethod::blocks, T, T));
    std::cerr << "  " << n << " limbs: " << limbs::mul_choice_name(toom) << " " << gt << "x, blocks " << T << "x1 " << gb
              << "x\n";
    if (gt >= gb) {
      if (!toom_min) toom_min = n;
    } else {
      toom_min = 0;
    }
  }
  c.set("mul.toom_min", toom_min ? toom_min : 1024);
  // Large sizes: the 2x1 halves (GMP FFT range) against Toom.
  std::size_t fft = kNever;
  for (std::size_t n : c.ladder({4096, 6144, 8192, 12288})) {
    const auto toom = choice(n >= c.tuning().mul_toom4_min ? limbs::MulMethod::toom4 : limbs::MulMethod::toom3, T);
    const double gt = gain(c, n, n, false, toom);
    const double gh = gain(c, n, n, false, choice(limbs::MulMethod::blocks, T, 2));
    std::cerr << "  " << n << " limbs: " << limbs::mul_choice_name(toom) << " " << gt << "x, blocks 2x1 " << gh << "x\n";
    if (gh > gt * 1.03 && fft > n) fft = n;
    if (gh <= gt) fft = kNever;
  }
  c.set("mul.fft_split_min", fft);
  // Two threads in GMP's FFT range: the two residues mod beta^L -+ 1 against
  // what the keys above choose there (the 2x1 halves from mul.fft_split_min,
  // else Toom: squares Toom-3); the smallest ladder size from which
  // the residues win by > 3% at every larger measured size.  The method runs
  // two tasks, so only a two-thread run sets the keys.
  auto residues_from = [&](bool square) {
    HoldsFrom won;
    if (T != 2) return kNever;
    for (std::size_t n : c.ladder({768, 1024, 1536, 2048, 3072, 4096, 6144, 8192})) {
      if (!limbs::residues_applicable(n, n)) continue;
      limbs::MulChoice rival = choice(limbs::MulMethod::toom3, T);
      if (n >= c.tuning().mul_fft_split_min)
        rival = choice(limbs::MulMethod::blocks, T, 2);
      else if (!square && n >= c.tuning().mul_toom4_min)
        rival = choice(limbs::MulMethod::toom4, T);
      const double gr = gain(c, n, n, square, choice(limbs::MulMethod::residues, T));
      const double gt = gain(c, n, n, square, rival);
      std::cerr << "  " << (square ? "sqr " : "mul ") << n << " limbs: " << limbs::mul_choice_name(rival) << " " << gt
                << "x, residues " << gr << "x\n";
      won.add(n, gr > gt * 1.03);
    }
    return won.from() ? won.from() : kNever;
  };
  c.set("mul.residues_min", residues_from(false));
  c.set("mul.sqr_residues_min", residues_from(true));
  // Unbalanced operands m x n at 1024 limbs: Toom-3 against blocks of the
  // longer one (k1 = T); the smallest ratio n/m (percent) from which Toom-3
  // wins at this and every larger measured ratio (100: never).
  const std::size_t m = 1024;
  std::size_t pct = 100;
  for (std::size_t p : c.ladder({55, 60, 67, 75, 85, 95})) {
    const std::size_t n = m * p / 100;
    if (!limbs::toom3_applicable(m, n)) continue;
    const double gt = gain(c, m, n, false, choice(limbs::MulMethod::toom3, T));
    const double gb = gain(c, m, n, false, choice(limbs::MulMethod::blocks, T, T));
    std::cerr << "  " << m << " x " << n << " limbs: toom3 " << gt << "x, blocks " << T << "x1 " << gb << "x\n";
    if (gt > gb) {
      if (pct == 100) pct = p;
    } else {
      pct = 100;
    }
  }
  c.set("mul.unbalanced_pct", pct);
  // A policy, not a measurement: below this share of recent team runs with
  // every thread working, the team is taken as loaded (the row's value).
  c.set("mul.health_pct", c.tuning().mul_health_pct);
  // A policy too (the row's value): the measured fallback while the link is slow.
  c.set("team.slow_link_check", c.tuning().team_slow_link_check);
}

void run(Context& c) {
  tune_mulx(c);
  tune_ifma(c);
  tune_comba(c);
  tune_parallel(c);
}

}  // namespace

Step mul_step() {
  return {"mul",
          "integer product: the mulx and IFMA kernels' ranges, Comba, the parallel product's thresholds",
          {"mul.basecase_adx_max", "sqr.basecase_adx_max", "mul.karatsuba_adx_min", "sqr.karatsuba_adx_min",
           "mul.karatsuba_adx_max", "sqr.karatsuba_adx_max",
           "mul.ifma_min", "mul.ifma_max", "sqr.ifma_min", "sqr.ifma_max", "mul.ifma_karatsuba_max",
           "sqr.ifma_karatsuba_max", "mul.comba_max", "mul.par_min", "mul.sqr_par_min", "mul.toom_min", "mul.toom4_min",
           "mul.fft_split_min", "mul.residues_min", "mul.sqr_residues_min", "mul.unbalanced_pct", "mul.health_pct",
           "team.slow_link_check"},
          &run};
}

}  // namespace parmod::tune

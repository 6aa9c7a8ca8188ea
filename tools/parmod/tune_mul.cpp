// tools/parmod/tune_mul.cpp - `parmod tune` step "mul": the thresholds of the
// automatic integer product (sequential/parallel, Comba range, the mulx row and
// Karatsuba kernels, the IFMA kernels, the large split), written to the tuning table.
#include <gmp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "config/tuning_table.hpp"
#include "harness.hpp"
#include "plot.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/comba.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/mul_ifma.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/comba_parallel.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_blocks.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "limbs/parallel_mul_toom4.hpp"
#include "limbs/parallel_mul_tuning.hpp"
#include "parmod/parmod.hpp"
#include "registry.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::cli {
namespace {

// ---------------------------------------------------------------------------
// parmod tune mul: the thresholds of the automatic product.
// ---------------------------------------------------------------------------

// Median time ratio seq/parallel at n limbs (> 1: the parallel method wins).
double gain(std::size_t n, bool square, int T, const limbs::MulChoice& ch, gmp_randstate_t rs) {
  std::vector<limb_t> x(n), y(n), r(2 * n), scratch(limbs::parallel_mul_scratch(n, n));
  mpn_random(x.data(), mp_size_t(n));
  mpn_random(y.data(), mp_size_t(n));
  (void)rs;
  (void)T;
  const limb_t* yp = square ? x.data() : y.data();
  std::vector<bench::Variant> v = {
      {"seq", [&] { limbs::mul(r.data(), x.data(), n, yp, n); }},
      {"par", [&] { limbs::mul_with(ch, r.data(), x.data(), n, yp, n, scratch.data()); }},
  };
  bench::Options opt;
  opt.rounds = 15;
  opt.batch_seconds = 0.003;
  auto t = bench::measure_interleaved(v, opt);
  return t[0].median_ns / t[1].median_ns;
}

// The smallest size from which the parallel method wins by > 3% at this and
// every larger size of the ladder.
std::size_t crossover(bool square, int T, gmp_randstate_t rs, const char* what) {
  const std::size_t ladder[] = {16, 24, 32, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 512};
  std::size_t found = 0;
  for (std::size_t n : ladder) {
    limbs::MulChoice ch;
    ch.method = limbs::MulMethod::toom3;
    ch.threads = T;
    double g = gain(n, square, T, ch, rs);
    std::cerr << "  " << what << " " << n << " limbs (" << n * 64 << " bits): toom3 T=" << T << " / mpn " << g << "x\n";
    if (g > 1.03) {
      if (!found) found = n;
    } else {
      found = 0;
    }
  }
  return found ? found : 1024;
}

// Median ns of each kernel r = f(x, y) on random n-limb operands (r has 2n
// limbs), 11 interleaved rounds: the tune steps' kernel comparisons.
using Kernel = std::function<void(limb_t*, const limb_t*, const limb_t*)>;
std::vector<double> kernel_medians(std::size_t n, const std::vector<Kernel>& kernels) {
  std::vector<limb_t> x(n), y(n), r(2 * n);
  mpn_random(x.data(), mp_size_t(n));
  mpn_random(y.data(), mp_size_t(n));
  bench::Options opt;
  opt.rounds = 11;
  opt.batch_seconds = 0.002;
  std::vector<bench::Variant> v;
  for (const Kernel& k : kernels) v.push_back({"kernel", [&, k] { k(r.data(), x.data(), y.data()); }});
  std::vector<double> out;
  for (const auto& t : bench::measure_interleaved(v, opt)) out.push_back(t.median_ns);
  return out;
}

// The IFMA kernels (limbs/mul_ifma, limbs/karatsuba_ifma): writes
// mul/sqr.ifma_min (the smallest size from which the IFMA schoolbook beats
// the non-IFMA choice, mulx rows or GMP, by > 2% at every larger measured
// size), mul/sqr.ifma_max (the smallest ladder size from which one
// Karatsuba level over it beats it by > 2% at every larger measured size)
// and mul/sqr.ifma_karatsuba_max (one past the largest ladder size where
// Karatsuba over IFMA beats GMP by > 2%).  Gains are medians of three runs.
// The host is noisy (another tenant can halve a core for seconds): each
// gain is the median of three interleaved measurements.
std::pair<double, double> median_gains(std::size_t n, const std::vector<Kernel>& kernels) {
  std::vector<double> gm, gs;
  for (int rep = 0; rep < 3; ++rep) {
    const auto tm = kernel_medians(n, kernels);
    gm.push_back(tm[0] / tm[1]);
    gs.push_back(tm[2] / tm[3]);
  }
  std::sort(gm.begin(), gm.end());
  std::sort(gs.begin(), gs.end());
  return {gm[1], gs[1]};
}

void tune_ifma(std::map<std::string, std::string>& values) {
  limbs::set_ifma_limits(0, 0, 0, 0);  // limbs::mul / limbs::sqr: the choice without IFMA
  limbs::set_karatsuba_ifma_limits(0, 0);
  std::vector<std::uint64_t> wi(limbs::mul_ifma_scratch(limbs::kIfmaMaxLimbs, limbs::kIfmaMaxLimbs));
  std::size_t mul_min = 0, sqr_min = 0;
  for (std::size_t n = 6; n <= 40; n += (n < 24 ? 1 : 4)) {
    const auto [gm, gs] = median_gains(
        n, {[n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul(r, x, n, y, n); },
            [n, &wi](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul_ifma(r, x, n, y, n, wi.data()); },
            [n](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr(r, x, n); },
            [n, &wi](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr_ifma(r, x, n, wi.data()); }});
    std::cerr << "  IFMA " << n << " limbs against the non-IFMA choice: product " << gm << "x, square " << gs << "x\n";
    if (gm <= 1.02) mul_min = 0; else if (!mul_min) mul_min = n;
    if (gs <= 1.02) sqr_min = 0; else if (!sqr_min) sqr_min = n;
  }
  if (!mul_min) mul_min = 41;
  if (!sqr_min) sqr_min = 41;
  // Schoolbook against one Karatsuba level over it (leaves n/2).
  std::vector<limb_t> wk(limbs::karatsuba_ifma_scratch(limbs::kKaratsubaIfmaMaxLimit));
  std::size_t mul_max = 0, sqr_max = 0;
  const std::size_t ladder[] = {128, 192, 256, 320, 384, 448, 512, 640, 768, 896, 1024};
  for (std::size_t n : ladder) {
    limbs::set_ifma_limits(mul_min, n, sqr_min, n);  // the halves are leaves
    const auto [gm, gs] = median_gains(
        n, {[n, &wi](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul_ifma(r, x, n, y, n, wi.data()); },
            [n, &wk](limb_t* r, const limb_t* x, const limb_t* y) { limbs::karatsuba_mul_ifma(r, x, y, n, wk.data()); },
            [n, &wi](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr_ifma(r, x, n, wi.data()); },
            [n, &wk](limb_t* r, const limb_t* x, const limb_t*) { limbs::karatsuba_sqr_ifma(r, x, n, wk.data()); }});
    std::cerr << "  IFMA Karatsuba (one level) " << n << " limbs against the IFMA schoolbook: product " << gm
              << "x, square " << gs << "x\n";
    if (gm <= 1.02) mul_max = 0; else if (!mul_max) mul_max = n;
    if (gs <= 1.02) sqr_max = 0; else if (!sqr_max) sqr_max = n;
  }
  if (!mul_max) mul_max = limbs::kIfmaMaxLimbs;
  if (!sqr_max) sqr_max = limbs::kIfmaMaxLimbs;
  limbs::set_ifma_limits(mul_min, mul_max, sqr_min, sqr_max);
  // Karatsuba over IFMA (recursing to the limits above) against GMP.
  std::size_t kara_mul_max = 0, kara_sqr_max = 0;
  for (std::size_t n : {256u, 384u, 512u, 640u, 768u, 896u, 1024u, 1151u}) {
    const auto [gm, gs] = median_gains(
        n, {[n](limb_t* r, const limb_t* x, const limb_t* y) { mpn_mul_n(r, x, y, mp_size_t(n)); },
            [n, &wk](limb_t* r, const limb_t* x, const limb_t* y) { limbs::karatsuba_mul_ifma(r, x, y, n, wk.data()); },
            [n](limb_t* r, const limb_t* x, const limb_t*) { mpn_sqr(r, x, mp_size_t(n)); },
            [n, &wk](limb_t* r, const limb_t* x, const limb_t*) { limbs::karatsuba_sqr_ifma(r, x, n, wk.data()); }});
    std::cerr << "  IFMA Karatsuba " << n << " limbs against GMP: product " << gm << "x, square " << gs << "x\n";
    if (gm > 1.02) kara_mul_max = n + 1;
    if (gs > 1.02) kara_sqr_max = n + 1;
  }
  kara_mul_max = std::max(kara_mul_max, mul_max);
  kara_sqr_max = std::max(kara_sqr_max, sqr_max);
  limbs::set_karatsuba_ifma_limits(kara_mul_max, kara_sqr_max);
  values["mul.ifma_min"] = std::to_string(mul_min);
  values["mul.ifma_max"] = std::to_string(mul_max);
  values["sqr.ifma_min"] = std::to_string(sqr_min);
  values["sqr.ifma_max"] = std::to_string(sqr_max);
  values["mul.ifma_karatsuba_max"] = std::to_string(kara_mul_max);
  values["sqr.ifma_karatsuba_max"] = std::to_string(kara_sqr_max);
}

int tune_mul(int, char**) {
  gmp_randstate_t rs;
  gmp_randinit_default(rs);
  gmp_randseed_ui(rs, 3);
  const int T = std::max(2, std::min(runtime::default_thread_count(), 2));
  runtime::warm_up(T);
  limbs::MulTuning t = limbs::default_mul_tuning();
  std::cerr << "  products: sequential against Toom-3 on " << T << " threads\n";
  t.par_min = crossover(false, T, rs, "mul");
  std::cerr << "  squares:\n";
  t.sqr_par_min = crossover(true, T, rs, "sqr");
  // Comba: the largest n <= 192 up to which the mulx Comba beats mpn_mul_n by > 3% at every size.
  std::size_t comba_max = 0;
  for (std::size_t n = 1; n <= 24; ++n) {
    const auto tm = kernel_medians(n, {[n](limb_t* r, const limb_t* x, const limb_t* y) { mpn_mul_n(r, x, y, mp_size_t(n)); },
                                       [n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::comba_mul_adx(r, x, y, n); }});
    double g = tm[0] / tm[1];
    std::cerr << "  comba " << n << " limbs: " << g << "x\n";
    if (g > 1.03 && comba_max == n - 1) comba_max = n;
  }
  t.comba_max = comba_max;
  // The mulx row kernels (limbs/basecase_adx): the upper limits of their
  // ranges (the lower ends are fixed in limbs/basecase_adx.cpp).
  std::size_t rows_mul_max = 0, rows_sqr_max = 0;
  if (limbs::cpu_has_mulx_adx()) {
    for (std::size_t n : {20u, 24u, 32u, 40u, 48u, 56u, 64u, 80u, 96u}) {
      const auto tm = kernel_medians(
          n, {[n](limb_t* r, const limb_t* x, const limb_t* y) { mpn_mul_n(r, x, y, mp_size_t(n)); },
              [n](limb_t* r, const limb_t* x, const limb_t* y) { limbs::mul_basecase_adx(r, x, n, y, n); },
              [n](limb_t* r, const limb_t* x, const limb_t*) { mpn_sqr(r, x, mp_size_t(n)); },
              [n](limb_t* r, const limb_t* x, const limb_t*) { limbs::sqr_basecase_adx(r, x, n); }});
      const double gm = tm[0] / tm[1], gs = tm[2] / tm[3];
      std::cerr << "  mulx rows " << n << " limbs: product " << gm << "x, square " << gs << "x\n";
      // One past the largest size where the kernel wins by > 2% (a single
      // noisy loss in between does not cut the range short).
      if (gm > 1.02) rows_mul_max = n + 1;
      if (gs > 1.02) rows_sqr_max = n + 1;
    }
  }
  // Toom-4 against Toom-3 (products): the smallest ladder size from which
  // Toom-4 wins by > 3% at every larger measured size.
  t.toom4_min = std::size_t(1) << 30;
  {
    const std::size_t ladder[] = {256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096};
    std::size_t found = 0;
    for (std::size_t n : ladder) {
      limbs::MulChoice t3, t4;
      t3.method = limbs::MulMethod::toom3;
      t4.method = limbs::MulMethod::toom4;
      t3.threads = t4.threads = T;
      double g3 = gain(n, false, T, t3, rs), g4 = gain(n, false, T, t4, rs);
      std::cerr << "  " << n << " limbs: toom3 " << g3 << "x, toom4 " << g4 << "x\n";
      if (g4 > g3 * 1.03) {
        if (!found) found = n;
      } else {
        found = 0;
      }
    }
    if (found) t.toom4_min = found;
  }
  // Large sizes: the 2x1 halves (GMP FFT range) against Toom-3.
  t.fft_split_min = std::size_t(1) << 30;
  for (std::size_t n : {4096u, 6144u, 8192u, 12288u}) {
    limbs::MulChoice toom, halves;
    toom.method = n >= t.toom4_min ? limbs::MulMethod::toom4 : limbs::MulMethod::toom3;
    toom.threads = T;
    halves.method = limbs::MulMethod::blocks;
    halves.k1 = 2;
    halves.threads = T;
    double gt = gain(n, false, T, toom, rs), gh = gain(n, false, T, halves, rs);
    std::cerr << "  " << n << " limbs: " << limbs::mul_choice_name(toom) << " " << gt << "x, blocks 2x1 " << gh << "x\n";
    if (gh > gt * 1.03 && t.fft_split_min > n) t.fft_split_min = n;
    if (gh <= gt) t.fft_split_min = std::size_t(1) << 30;
  }
  gmp_randclear(rs);
  limbs::set_mul_tuning(t);
  std::map<std::string, std::string> values;
  std::istringstream lines(limbs::format_mul_tuning(t));
  std::string key, value;
  while (lines >> key >> value) values[key] = value;
  values["mul.basecase_adx_max"] = std::to_string(rows_mul_max);
  values["sqr.basecase_adx_max"] = std::to_string(rows_sqr_max);
  limbs::set_basecase_adx_limits(rows_mul_max, rows_sqr_max);
  // Karatsuba over the row kernels (limbs/karatsuba_adx), above their range:
  // one past the largest ladder size where it beats GMP by > 2%.
  std::size_t kara_mul_max = 0, kara_sqr_max = 0;
  if (limbs::cpu_has_mulx_adx() && rows_mul_max > 0 && rows_sqr_max > 0) {
    for (std::size_t n : {64u, 96u, 128u, 160u, 192u, 256u, 320u, 384u}) {
      std::vector<limb_t> ws(limbs::karatsuba_adx_scratch(n));
      const auto tm = kernel_medians(
          n, {[n](limb_t* r, const limb_t* x, const limb_t* y) { mpn_mul_n(r, x, y, mp_size_t(n)); },
              [n, &ws](limb_t* r, const limb_t* x, const limb_t* y) { limbs::karatsuba_mul_adx(r, x, y, n, ws.data()); },
              [n](limb_t* r, const limb_t* x, const limb_t*) { mpn_sqr(r, x, mp_size_t(n)); },
              [n, &ws](limb_t* r, const limb_t* x, const limb_t*) { limbs::karatsuba_sqr_adx(r, x, n, ws.data()); }});
      const double gm = tm[0] / tm[1], gs = tm[2] / tm[3];
      std::cerr << "  mulx Karatsuba " << n << " limbs: product " << gm << "x, square " << gs << "x\n";
      if (gm > 1.02) kara_mul_max = n + 1;
      if (gs > 1.02) kara_sqr_max = n + 1;
    }
  }
  values["mul.karatsuba_adx_max"] = std::to_string(kara_mul_max);
  values["sqr.karatsuba_adx_max"] = std::to_string(kara_sqr_max);
  if (limbs::cpu_has_avx512_ifma()) tune_ifma(values);
  std::string error;
  if (!config::write_tuning_values(values, "parmod tuning table, written by `parmod tune` on " + bench::machine_description(),
                                   &error)) {
    std::cerr << "parmod tune mul: " << error << '\n';
    return 1;
  }
  limbs::reload_mul_tuning();
  std::cerr << "  mul thresholds:\n" << limbs::format_mul_tuning(t);
  return 0;
}

const TuneRegistration treg{"mul", "integer product: sequential/parallel thresholds, Comba range, large split",
                            &tune_mul};

}  // namespace
}  // namespace parmod::cli

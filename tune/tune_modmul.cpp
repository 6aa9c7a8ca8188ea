// tune/tune_modmul.cpp - `parmod tune` step "modmul": REDC word by word
// against REDC by two products, the form of montgomery52's digit loop, and
// the algorithm automatic takes per size of an odd modulus (one thread; and
// on the team).
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gmpxx.h>

#include "context.hpp"
#include "harness.hpp"
#include "limb_product.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/limbs.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "limbs/radix52.hpp"
#include "limbs/window_adx.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/parallel_classic.hpp"
#include "modmul/scheduled_montgomery.hpp"
#include "parmod/parmod.hpp"
#include "reduce/montgomery_adx.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "steps.hpp"
#include "wins_from.hpp"

// GMP's word REDC (exported by libgmp): the rival of the window kernels.
extern "C" mp_limb_t __gmpn_redc_1(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_limb_t invm);

namespace parmod::tune {
namespace {

mpz_class odd_modulus(unsigned bits, gmp_randclass& rng) {
  mpz_class P = rng.get_z_bits(bits);
  mpz_setbit(P.get_mpz_t(), bits - 1);
  mpz_setbit(P.get_mpz_t(), 0);
  return P;
}

// The smallest ladder size from which the mulx register-window Montgomery
// product (product and REDC folded, reduce/montgomery_adx) beats GMP's
// product and REDC (mpn_mul_n + __gmpn_redc_1) by 2% at this size and does
// not lose by more than 3% at any larger measured size (closer is a tie: the
// spread of one size's rounds on a shared host); 0 (never) when it does not,
// or without the kernels.
void tune_window(Context& c, gmp_randclass& rng) {
  std::size_t from = 0;
#if PARMOD_WINDOW_ADX_ASM
  if (config::tuning().montgomery_window_adx_min > 0) {  // 0: no BMI2 + ADX, or forced off
    for (std::size_t n : c.ladder({8, 10, 12, 16, 20, 24, 32, 40, 48, 64})) {
      const modmul::ModulusConstants k(odd_modulus(static_cast<unsigned>(64 * n), rng));
      std::vector<limb_t> x(n), y(n), r(n), t(2 * n + 1), cc(2 * n);
      modmul::to_limbs(x.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
      modmul::to_limbs(y.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
      std::vector<bench::Variant> v = {
          {"gmp",
           [&] {
             mpn_mul_n(cc.data(), x.data(), y.data(), static_cast<mp_size_t>(n));
             if (__gmpn_redc_1(r.data(), cc.data(), k.p.data(), static_cast<mp_size_t>(n), k.mu0))
               mpn_sub_n(r.data(), r.data(), k.p.data(), static_cast<mp_size_t>(n));
           }},
          {"window", [&] { reduce::montgomery_mul_adx(r.data(), x.data(), y.data(), k.p.data(), k.mu0, n, t.data()); }},
      };
      const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
      const bool wins = tm[1].min_ns < 0.98 * tm[0].min_ns;
      const bool loses = tm[1].min_ns > 1.03 * tm[0].min_ns;
      std::cerr << "  montgomery " << n << " limbs: gmp " << bench::format_us(tm[0].min_ns) << " us, window "
                << bench::format_us(tm[1].min_ns) << " us\n";
      if (wins && from == 0) from = n;
      if (loses) from = 0;  // must not lose from here on
    }
  }
#else
  (void)rng;
#endif
  c.set("montgomery.window_adx_min", from);
}

// The window REDC of n = 8m limbs in passes against block by block in
// columns: montgomery.adx_redc_passes_max is the smallest ladder size from
// which the columns are faster at this and every larger measured size, else
// 513 (the passes wherever they run).  Before the folding keys, whose split
// way ends in this REDC.  513 without the window kernels (they do not run).
void tune_redc_passes(Context& c, gmp_randclass& rng) {
  constexpr std::size_t kPassesEverywhere = 513;
  WinsFrom columns(kPassesEverywhere);
#if PARMOD_WINDOW_ADX_ASM
  if (limbs::window_adx_enabled()) {
    const std::vector<std::size_t> ladder = c.ladder({16, 32, 48, 64, 96, 128, 256});
    for (std::size_t n : ladder) {
      const mpz_class P = odd_modulus(static_cast<unsigned>(64 * n), rng);
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> x(n), y(n), cc(2 * n), src(2 * n), r(n);
      modmul::to_limbs(x.data(), n, rng.get_z_range(P));
      modmul::to_limbs(y.data(), n, rng.get_z_range(P));
      mpn_mul_n(src.data(), x.data(), y.data(), static_cast<mp_size_t>(n));  // C = x y < P beta^n
      auto form = [&](bool passes) {
        return [&, passes] {
          std::copy(src.begin(), src.end(), cc.begin());
          reduce::montgomery_redc_adx(r.data(), cc.data(), k.p.data(), k.mu0, n, passes);
        };
      };
      std::vector<bench::Variant> v = {{"passes", form(true)}, {"columns", form(false)}};
      const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
      const bool columns_win = tm[1].min_ns < tm[0].min_ns;
      std::cerr << "  montgomery.adx_redc_passes_max " << n << " limbs: passes " << bench::format_us(tm[0].min_ns)
                << " us, columns " << bench::format_us(tm[1].min_ns) << " us\n";
      columns.add(n, columns_win);
    }
  }
#else
  (void)rng;
#endif
  c.set("montgomery.adx_redc_passes_max", columns.from());
}

// The product before the window REDC on the split way (modmul/montgomery_mul's
// window_product): Karatsuba over the window kernels.  The recursion limits
// montgomery.karatsuba_window_mul_min and _sqr_min: of the candidate limits,
// the one with the least sum over the ladder sizes of its time relative to
// the fastest limit at that size (the smaller limit on a tie).
// montgomery.karatsuba_window_max: the smallest ladder size from which
// limbs::mul and limbs::sqr (a product and a square per call) beat the
// Karatsuba over the windows at this and every larger measured size, else
// 512 (the key's maximum).  Before the folding keys, whose split way runs
// this product.  The generic values without the window kernels (they do not run).
void tune_window_karatsuba(Context& c, gmp_randclass& rng) {
  std::size_t mul_min = c.tuning().montgomery_karatsuba_window_mul_min;
  std::size_t sqr_min = c.tuning().montgomery_karatsuba_window_sqr_min;
  std::size_t max = c.tuning().montgomery_karatsuba_window_max;
#if PARMOD_WINDOW_ADX_ASM
  if (limbs::window_adx_enabled()) {
    constexpr std::size_t kNever = 512;  // a limit no ladder size reaches: the window kernel alone
    const std::vector<std::size_t> limits = {16, 24, 32, 48, 64, 96, kNever};
    for (bool square : {false, true}) {
      std::vector<double> score(limits.size(), 0.0);
      for (std::size_t n : c.ladder({32, 48, 64, 96, 128, 160, 192})) {
        std::vector<limb_t> x(n), y(n), r(2 * n), ws(limbs::karatsuba_adx_scratch(n));
        modmul::to_limbs(x.data(), n, rng.get_z_bits(64 * n));
        modmul::to_limbs(y.data(), n, rng.get_z_bits(64 * n));
        std::vector<bench::Variant> v;
        for (std::size_t limit : limits)
          v.push_back({std::to_string(limit), [&, limit] {
                         if (square)
                           limbs::sqr_karatsuba_window_adx(r.data(), x.data(), n, limit, ws.data());
                         else
                           limbs::mul_karatsuba_window_adx(r.data(), x.data(), y.data(), n, limit, ws.data());
                       }});
        const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
        double best = tm[0].min_ns;
        for (const auto& m : tm) best = std::min(best, m.min_ns);
        std::cerr << "  Karatsuba over the windows, " << (square ? "square " : "product ") << n << " limbs, by limit:";
        for (std::size_t i = 0; i < tm.size(); ++i) {
          score[i] += tm[i].min_ns / best;
          std::cerr << ' ' << (limits[i] == kNever ? std::string("none") : std::to_string(limits[i])) << ' '
                    << bench::format_us(tm[i].min_ns);
        }
        std::cerr << " us\n";
      }
      const std::size_t pick = static_cast<std::size_t>(std::min_element(score.begin(), score.end()) - score.begin());
      (square ? sqr_min : mul_min) = limits[pick];
    }
    const std::vector<std::size_t> ladder = c.ladder({64, 96, 128, 160, 192, 256, 320, 384, 448});
    WinsFrom mul_from(kNever);
    for (std::size_t n : ladder) {
      std::vector<limb_t> x(n), y(n), r(2 * n), ws(limbs::karatsuba_adx_scratch(n));
      modmul::to_limbs(x.data(), n, rng.get_z_bits(64 * n));
      modmul::to_limbs(y.data(), n, rng.get_z_bits(64 * n));
      std::vector<bench::Variant> v = {
          {"windows",
           [&] {
             limbs::mul_karatsuba_window_adx(r.data(), x.data(), y.data(), n, mul_min, ws.data());
             limbs::sqr_karatsuba_window_adx(r.data(), x.data(), n, sqr_min, ws.data());
           }},
          {"limbs::mul",
           [&] {
             limbs::mul(r.data(), x.data(), n, y.data(), n);
             limbs::sqr(r.data(), x.data(), n);
           }},
      };
      const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
      const bool mul_wins = tm[1].min_ns < tm[0].min_ns;
      std::cerr << "  montgomery.karatsuba_window_max " << n << " limbs: Karatsuba over the windows "
                << bench::format_us(tm[0].min_ns) << " us, limbs::mul " << bench::format_us(tm[1].min_ns) << " us\n";
      mul_from.add(n, mul_wins);
    }
    max = mul_from.from();
  }
#else
  (void)rng;
#endif
  c.set("montgomery.karatsuba_window_mul_min", mul_min);
  c.set("montgomery.karatsuba_window_sqr_min", sqr_min);
  c.set("montgomery.karatsuba_window_max", max);
}

// montgomery.adx_unrolled_max (products) and montgomery.adx_sqr_unrolled_max
// (squares), at each size limbs::window_adx_unrolled_tuned names, in
// increasing order: an exponentiation's mix, 5 squares then a product, with
// each of the two on its unrolled kernel (modmul::montgomery_window_unrolled)
// or on the way the keys above chose (montgomery_mul / montgomery_sqr with
// these keys at 0), four combinations.  Alone, each unrolled kernel can win
// while the two in turn lose: their code (about 50 KB each) is fetched
// again at every switch.  A key is one past the last size of the run of
// sizes, from the first, at which the fastest combination has its kernel
// unrolled; 0 without the window kernels.
void tune_window_unrolled(Context& c, gmp_randclass& rng) {
  c.set("montgomery.adx_unrolled_max", std::size_t{0});
  c.set("montgomery.adx_sqr_unrolled_max", std::size_t{0});
  std::size_t mul_max = 0, sqr_max = 0;
#if PARMOD_WINDOW_ADX_ASM
  bool mul_run = true, sqr_run = true;
  for (std::size_t n = 1; n <= 512 && limbs::window_adx_enabled(); ++n) {
    if (!limbs::window_adx_unrolled_tuned(n)) continue;
    const mpz_class P = odd_modulus(static_cast<unsigned>(64 * n), rng);
    const modmul::ModulusConstants k(P);
    std::vector<limb_t> x(n), y(n), t(modmul::montgomery_scratch(n));
    modmul::to_limbs(x.data(), n, rng.get_z_range(P));
    modmul::to_limbs(y.data(), n, rng.get_z_range(P));
    auto mix = [&](bool sqr_unrolled, bool mul_unrolled) {
      return [&, sqr_unrolled, mul_unrolled] {
        for (int i = 0; i < 5; ++i)
          (sqr_unrolled ? modmul::montgomery_window_unrolled : modmul::montgomery_mul)(x.data(), x.data(), x.data(),
                                                                                      k, t.data());
        (mul_unrolled ? modmul::montgomery_window_unrolled : modmul::montgomery_mul)(x.data(), x.data(), y.data(), k,
                                                                                    t.data());
      };
    };
    std::vector<bench::Variant> v = {{"neither", mix(false, false)},
                                     {"square", mix(true, false)},
                                     {"product", mix(false, true)},
                                     {"both", mix(true, true)}};
    const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
    std::size_t best = 0;
    std::cerr << "  montgomery.adx_*unrolled_max " << n << " limbs, 5 squares and a product, unrolled:";
    for (std::size_t i = 0; i < tm.size(); ++i) {
      std::cerr << ' ' << v[i].name << ' ' << bench::format_us(tm[i].min_ns);
      if (tm[i].min_ns < tm[best].min_ns) best = i;
    }
    std::cerr << " us\n";
    sqr_run = sqr_run && (best == 1 || best == 3);
    mul_run = mul_run && (best == 2 || best == 3);
    if (sqr_run) sqr_max = n + 1;
    if (mul_run) mul_max = n + 1;
  }
#else
  (void)rng;
#endif
  c.set("montgomery.adx_unrolled_max", mul_max);
  c.set("montgomery.adx_sqr_unrolled_max", sqr_max);
}

// montgomery.adx_small_zero_slot: the two families of the unrolled kernels of
// the entry points' table (limbs::window_adx_unrolled: the groups close their
// flag chains from rax, or from the frame's zero slot), each on an
// exponentiation's mix (5 squares then a product) at sizes across the table;
// 1 when the zero-slot family's times sum lower.  0 without the window
// kernels.
void tune_window_zero_slot(Context& c, gmp_randclass& rng) {
  std::size_t zero_slot = 0;
#if PARMOD_WINDOW_ADX_ASM
  if (limbs::window_adx_enabled()) {
    double sum[2] = {0, 0};
    for (std::size_t n : c.ladder({8, 12, 16, 24})) {
      if (!limbs::window_adx_unrolled(n)) continue;
      const mpz_class P = odd_modulus(static_cast<unsigned>(64 * n), rng);
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> x(n), y(n), t(modmul::montgomery_scratch(n));
      modmul::to_limbs(x.data(), n, rng.get_z_range(P));
      modmul::to_limbs(y.data(), n, rng.get_z_range(P));
      auto mix = [&](auto fn) {
        return [&, fn] {
          for (int i = 0; i < 5; ++i) fn(x.data(), x.data(), x.data(), k, t.data());
          fn(x.data(), x.data(), y.data(), k, t.data());
        };
      };
      std::vector<bench::Variant> v = {{"rax", mix(modmul::montgomery_window_folded)},
                                       {"zero slot", mix(modmul::montgomery_window_zero_slot)}};
      const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
      std::cerr << "  montgomery.adx_small_zero_slot " << n << " limbs, 5 squares and a product: closing from rax "
                << bench::format_us(tm[0].min_ns) << " us, from the zero slot " << bench::format_us(tm[1].min_ns)
                << " us\n";
      sum[0] += tm[0].min_ns;
      sum[1] += tm[1].min_ns;
    }
    zero_slot = sum[1] < sum[0] ? 1 : 0;
  }
#else
  (void)rng;
#endif
  c.set("montgomery.adx_small_zero_slot", zero_slot);
}

// Where the window path's folded kernels (product and REDC in one call, the
// passes for n = 8m) stop beating the product followed by the window REDC
// (modmul::montgomery_window_folded against _split): for each key the
// smallest ladder size from which the split way is faster at this and every
// larger measured size, else one past the ladder (folded everywhere
// measured).  montgomery.adx_folded_max on sizes that are not multiples of 8
// (a product and a square per call), montgomery.adx_passes_max on products
// and montgomery.adx_sqr_passes_max on squares of n = 8m.  0 without the
// window kernels (they do not run).
void tune_window_folding(Context& c, gmp_randclass& rng) {
  struct Key {
    const char* name;
    std::vector<std::size_t> sizes;
    bool product, square;
  };
  const std::vector<Key> keys = {
      {"montgomery.adx_folded_max", {17, 20, 23, 25, 28, 31, 33, 36, 41, 47, 49, 57, 65}, true, true},
      {"montgomery.adx_passes_max", {32, 40, 48, 56, 64, 80, 96, 128}, true, false},
      {"montgomery.adx_sqr_passes_max", {32, 40, 48, 56, 64, 72, 80, 96, 128}, false, true},
  };
  for (const Key& key : keys) {
    std::size_t from = 0;
#if PARMOD_WINDOW_ADX_ASM
    if (limbs::window_adx_enabled()) {
      const std::vector<std::size_t> ladder = c.ladder(key.sizes);
      WinsFrom split(ladder.back() + 1);
      for (std::size_t n : ladder) {
        const mpz_class P = odd_modulus(static_cast<unsigned>(64 * n), rng);
        const modmul::ModulusConstants k(P);
        std::vector<limb_t> x(n), y(n), r(n), t(modmul::montgomery_scratch(n));
        modmul::to_limbs(x.data(), n, rng.get_z_range(P));
        modmul::to_limbs(y.data(), n, rng.get_z_range(P));
        auto way = [&](auto fn) {
          return [&, fn] {
            if (key.product) fn(r.data(), x.data(), y.data(), k, t.data());
            if (key.square) fn(r.data(), y.data(), y.data(), k, t.data());
          };
        };
        std::vector<bench::Variant> v = {{"folded", way(modmul::montgomery_window_folded)},
                                         {"split", way(modmul::montgomery_window_split)}};
        const auto tm = bench::measure_interleaved(v, c.timing(9, 0.002));
        const bool split_wins = tm[1].min_ns < tm[0].min_ns;
        std::cerr << "  " << key.name << ' ' << n << " limbs: folded " << bench::format_us(tm[0].min_ns)
                  << " us, split " << bench::format_us(tm[1].min_ns) << " us\n";
        split.add(n, split_wins);
      }
      from = split.from();
    }
#else
    (void)rng;
#endif
    c.set(key.name, from);
  }
  tune_window_unrolled(c, rng);
  tune_window_zero_slot(c, rng);
}

// The smallest ladder size from which REDC by products beats word-by-word
// REDC at this and every larger size (1000: never in the ladder).
void tune_redc(Context& c, gmp_randclass& rng) {
  WinsFrom products(1000);  // 1000: never in the ladder
  for (std::size_t n : c.ladder({16, 32, 48, 64, 96, 128, 160, 192, 224, 256, 320})) {
    const modmul::ModulusConstants k(odd_modulus(static_cast<unsigned>(64 * n), rng));
    std::vector<limb_t> x(n), y(n), r(n), cc(2 * n), work(8 * n + 16);
    modmul::to_limbs(x.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
    modmul::to_limbs(y.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
    std::vector<bench::Variant> v = {
        {"words",
         [&] {
           limbs::mul(cc.data(), x.data(), n, y.data(), n);
           reduce::montgomery_reduce_words(r.data(), cc.data(), k.p.data(), n, k.mu0);
         }},
        {"products",
         [&] {
           limbs::mul(cc.data(), x.data(), n, y.data(), n);
           reduce::montgomery_reduce_products(r.data(), cc.data(), k.p.data(), k.mu.data(), n, work.data());
         }},
    };
    const auto t = bench::measure_interleaved(v, c.timing(9, 0.002));
    const bool products_win = t[1].min_ns < t[0].min_ns;
    std::cerr << "  redc " << n << " limbs: words " << bench::format_us(t[0].min_ns) << " us, products "
              << bench::format_us(t[1].min_ns) << " us\n";
    products.add(n, products_win);
  }
  c.set("redc_products_threshold", products.from());
}

// redc.ifma_max: where limbs::mul takes the IFMA kernels, the REDC by
// products on them (reduce::RedcWay::limbs) against GMP's redc_n
// (RedcWay::gmp), both after the same product; the key is one below the
// smallest ladder size from which redc_n wins at this and every larger
// measured size (8192, the bound, where it never does; 0 without IFMA).
void tune_redc_ifma(Context& c, gmp_randclass& rng) {
  if (!limbs::cpu_has_avx512_ifma()) {
    std::cerr << "  no AVX-512 IFMA: redc.ifma_max 0\n";
    c.set("redc.ifma_max", std::size_t{0});
    return;
  }
  WinsFrom redc_n(0);  // 0: redc_n has not won from a measured size on
  for (std::size_t n : c.ladder({256, 384, 512, 768, 1024, 1280, 1536, 2048, 3072})) {
    if (!limbs::is_ifma(limbs::mul_kernel(n, n))) continue;
    const mpz_class P = odd_modulus(static_cast<unsigned>(64 * n), rng);
    const modmul::ModulusConstants k(P);
    std::vector<limb_t> x(n), y(n), r(n), cc(2 * n), work(reduce::montgomery_reduce_products_scratch(n));
    modmul::to_limbs(x.data(), n, rng.get_z_range(P));
    modmul::to_limbs(y.data(), n, rng.get_z_range(P));
    auto way = [&](reduce::RedcWay w) {
      return [&, w] {
        limbs::mul(cc.data(), x.data(), n, y.data(), n);
        reduce::montgomery_reduce_products(r.data(), cc.data(), k.p.data(), k.mu.data(), n, work.data(), w);
      };
    };
    std::vector<bench::Variant> v = {{"ifma", way(reduce::RedcWay::limbs)}, {"redc_n", way(reduce::RedcWay::gmp)}};
    const auto t = bench::measure_interleaved(v, c.timing(7, 0.004));
    const bool gmp_wins = t[1].min_ns < t[0].min_ns;
    std::cerr << "  redc.ifma_max " << n << " limbs: IFMA products " << bench::format_us(t[0].min_ns)
              << " us, redc_n " << bench::format_us(t[1].min_ns) << " us\n";
    redc_n.add(n, gmp_wins);
  }
  c.set("redc.ifma_max", redc_n.from() == 0 ? std::size_t{8192} : redc_n.from() - 1);
}

// montgomery52.move_first_max_vectors: the two forms of montgomery52's
// register digit loop (modmul::DigitLoopForm), each squaring in place as
// pow's chain of squares does (one product waits for the last), per
// register count V from 1 to kMontgomery52MoveFirstVectors (a modulus of
// 8 V - 4 digits); the key is the largest V up to which the move-first form
// wins at every measured V (0 where it loses at V = 1, and without IFMA).
void tune_montgomery52_form(Context& c, gmp_randclass& rng) {
  if (!limbs::cpu_has_avx512_ifma()) {
    std::cerr << "  no AVX-512 IFMA: montgomery52.move_first_max_vectors 0\n";
    c.set("montgomery52.move_first_max_vectors", std::size_t{0});
    return;
  }
  std::size_t last = 0;
  for (std::size_t V = 1; V <= modmul::kMontgomery52MoveFirstVectors; ++V) {
    const mpz_class P = odd_modulus(static_cast<unsigned>(52 * (8 * V - 4) - 2), rng);
    const modmul::Montgomery52Constants k(P);
    std::vector<std::uint64_t> x(k.words, 0);
    const mpz_class a = rng.get_z_range(P);
    limbs::to_radix52(x.data(), k.words, mpz_limbs_read(a.get_mpz_t()), mpz_size(a.get_mpz_t()));
    auto form = [&](modmul::DigitLoopForm f) {
      return [&, f] { modmul::montgomery52_mul_digits(x.data(), x.data(), x.data(), k, f); };
    };
    std::vector<bench::Variant> v = {{"classic", form(modmul::DigitLoopForm::classic)},
                                     {"move_first", form(modmul::DigitLoopForm::move_first)}};
    const auto t = bench::measure_interleaved(v, c.timing(9, 0.002));
    const bool move_first_wins = t[1].min_ns < t[0].min_ns;
    std::cerr << "  montgomery52 digit loop, V = " << V << " (" << k.digits << " digits): classic "
              << bench::format_us(t[0].min_ns) << " us, move first " << bench::format_us(t[1].min_ns) << " us\n";
    if (!move_first_wins) break;
    last = V;
  }
  c.set("montgomery52.move_first_max_vectors", last);
}

// The product in each algorithm's representation, as pow, the lists and
// multi_pow run it and `parmod bench --quick` times it (bench::LimbProduct:
// operands converted once; montgomery52 and montgomery28 on their digit
// elements, not on n-limb residues converted per call), per size; the fastest algorithm per
// size (ahead by 3% of the first, else the first) makes a
// "LIMBS:ALGORITHM ..." table whose boundaries sit halfway between measured
// sizes.  Algorithms this CPU or size cannot take (montgomery52, montgomery28)
// are left out of that size.
std::string size_table(const Context& c, gmp_randclass& rng, const std::vector<std::pair<Algorithm, int>>& algos,
                       const std::string& label) {
  std::ostringstream table;
  std::string last;
  std::size_t last_n = 0;
  // Finer where montgomery52's range ends (9 limbs; 640-768 limbs, below its 52778-bit limit)
  // and within montgomery28's (up to 16574 bits); up to 4096 limbs, where the
  // parallel products of the Montgomery engine reach GMP's FFT range.
  for (std::size_t bits : c.ladder({512, 576, 640, 768, 1024, 1536, 2048, 3072, 4096, 5120, 6144, 6912, 8192, 10240,
                                    12288, 16384, 32768, 40960, 45056, 49152, 65536, 131072, 262144})) {
    const mpz_class P = odd_modulus(static_cast<unsigned>(bits), rng);
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
    std::vector<std::unique_ptr<bench::LimbProduct>> products;
    std::vector<bench::Variant> v;
    for (const auto& [algorithm, threads] : algos) {
      auto p = bench::limb_product(P, algorithm, threads, a, b);
      if (!p) continue;
      bench::LimbProduct* q = p.get();
      v.push_back({algorithm_name(algorithm), [q] { q->run(); }});
      products.push_back(std::move(p));
    }
    const std::size_t n = (bits + 63) / 64;
    const auto t = bench::measure_interleaved(v, c.timing(9, 0.003));
    std::size_t best = 0;
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i].min_ns < 0.97 * t[best].min_ns) best = i;
    std::cerr << "  " << label << ' ' << bits << " bits:";
    for (const auto& x : t) std::cerr << ' ' << x.name << ' ' << bench::format_us(x.min_ns) << " us";
    std::cerr << " -> " << t[best].name << '\n';
    const std::string name = t[best].name;
    if (!last.empty() && name != last) table << (last_n + n) / 2 << ':' << last << ' ';
    last = name;
    last_n = n;
  }
  table << "18446744073709551615:" << last;
  return table.str();
}

// modmul.split_min_limbs: the Montgomery and the Barrett product on T
// threads with their products split over the team (the key at 0: wherever
// mul.par_min splits) against the same products on one thread, from
// mul.par_min up; the key is the smallest measured size from which the split
// wins (by 3%, both products) at this and every larger measured size, the
// maximum (never) when it does not.
void tune_split(Context& c, gmp_randclass& rng, int T) {
  constexpr std::size_t kNever = 1073741824;
  c.set("modmul.split_min_limbs", std::size_t(0));
  const std::size_t par_min = c.tuning().mul_par_min;
  WinsFrom split(kNever);
  for (std::size_t bits : c.ladder({4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536})) {
    const std::size_t n = bits / 64;
    if (n < par_min) continue;
    const mpz_class P = odd_modulus(static_cast<unsigned>(bits), rng);
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
    std::vector<std::unique_ptr<bench::LimbProduct>> products;
    std::vector<bench::Variant> v;
    for (Algorithm algorithm : {Algorithm::montgomery, Algorithm::barrett}) {
      for (int threads : {T, 1}) {
        products.push_back(bench::limb_product(P, algorithm, threads, a, b));
        bench::LimbProduct* q = products.back().get();
        v.push_back({std::string(algorithm_name(algorithm)) + (threads == 1 ? " one thread" : " split"), [q] { q->run(); }});
      }
    }
    const auto t = bench::measure_interleaved(v, c.timing(9, 0.003));
    const bool split_wins = t[0].min_ns < 0.97 * t[1].min_ns && t[2].min_ns < 0.97 * t[3].min_ns;
    std::cerr << "  modmul.split_min_limbs " << n << " limbs, " << T << " threads:";
    for (const auto& x : t) std::cerr << ' ' << x.name << ' ' << bench::format_us(x.min_ns) << " us";
    std::cerr << (split_wins ? " -> split\n" : " -> one thread\n");
    split.add(n, split_wins);
  }
  c.set("modmul.split_min_limbs", split.from());
}

// modmul.wrapped_min: the Montgomery product on two threads with Q P as its
// wrapped product (two residue tasks) against Q P as a whole parallel product,
// both with the products the keys of the mul step choose; the key is the
// smallest measured size from which the wrapped form wins by 3% at this and
// every larger measured size (never when it does not; only on two threads).
void tune_wrapped(Context& c, gmp_randclass& rng, int T) {
  constexpr std::size_t kNever = 1073741824;
  WinsFrom wrapped(kNever);
  if (T == 2) {
    for (std::size_t bits : c.ladder({16384, 32768, 49152, 65536, 98304, 131072, 262144})) {
      const std::size_t n = bits / 64;
      if (limbs::wrapped_length(n) == 0) continue;
      const mpz_class P = odd_modulus(static_cast<unsigned>(bits), rng);
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> a(n), b(n), r(n), ws(modmul::parallel_classic_scratch(n));
      modmul::to_limbs(a.data(), n, mpz_class(rng.get_z_range(P)));
      modmul::to_limbs(b.data(), n, mpz_class(rng.get_z_range(P)));
      auto form = [&](modmul::QpProduct qp) {
        return [&, qp] { modmul::parallel_montgomery_mul(r.data(), a.data(), b.data(), k, T, ws.data(), qp); };
      };
      std::vector<bench::Variant> v = {{"whole", form(modmul::QpProduct::whole)},
                                       {"wrapped", form(modmul::QpProduct::wrapped)}};
      const auto t = bench::measure_interleaved(v, c.timing(9, 0.003));
      const bool wins = t[1].min_ns < 0.97 * t[0].min_ns;
      std::cerr << "  modmul.wrapped_min " << n << " limbs, 2 threads: Q P whole " << bench::format_us(t[0].min_ns)
                << " us, wrapped " << bench::format_us(t[1].min_ns) << " us\n";
      wrapped.add(n, wins);
    }
  }
  c.set("modmul.wrapped_min", wrapped.from());
}

// modmul.scheduled_min: the Montgomery product on T threads as one schedule
// of dependent tasks (modmul/scheduled_montgomery) against the three split
// products (Q P as a whole product), for a product and for a square (pow's
// step): the two forms of the Montgomery row on T threads.  The key is the
// smallest measured size from which the schedule wins by 3% at both, at this
// and every larger measured size (never when it does not).  Whether the row
// on T threads beats one thread is modmul.odd.parallel's question, measured
// after this key is set (a one-thread column here would make this key
// answer it too, and a single noisy size then moved it to never).
void tune_scheduled(Context& c, gmp_randclass& rng, int T) {
  constexpr std::size_t kNever = 1073741824;
  WinsFrom scheduled(kNever);
  for (std::size_t bits : c.ladder({2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 65536})) {
    const std::size_t n = bits / 64;
    const mpz_class P = odd_modulus(static_cast<unsigned>(bits), rng);
    const modmul::ModulusConstants k(P);
    std::vector<limb_t> a(n), b(n), r(n), ws(modmul::parallel_classic_scratch(n));
    modmul::to_limbs(a.data(), n, mpz_class(rng.get_z_range(P)));
    modmul::to_limbs(b.data(), n, mpz_class(rng.get_z_range(P)));
    bool wins = true;
    std::cerr << "  modmul.scheduled_min " << n << " limbs, " << T << " threads:";
    for (const limb_t* y : {b.data(), a.data()}) {
      std::vector<bench::Variant> v = {
          {"schedule", [&, y] { modmul::scheduled_montgomery_mul(r.data(), a.data(), y, k, T, ws.data()); }},
          {"split", [&, y] {
             modmul::parallel_montgomery_mul(r.data(), a.data(), y, k, T, ws.data(), modmul::QpProduct::whole);
           }}};
      const auto t = bench::measure_interleaved(v, c.timing(9, 0.003));
      wins = wins && t[0].min_ns < 0.97 * t[1].min_ns;
      std::cerr << (y == a.data() ? " square:" : " product:");
      for (const auto& x : t) std::cerr << ' ' << x.name << ' ' << bench::format_us(x.min_ns) << " us";
    }
    std::cerr << (wins ? " -> schedule\n" : " -> not the schedule\n");
    scheduled.add(n, wins);
  }
  c.set("modmul.scheduled_min", scheduled.from());
}

void run(Context& c) {
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(7);
  tune_window(c, rng);
  tune_redc_passes(c, rng);
  tune_window_karatsuba(c, rng);
  tune_window_folding(c, rng);
  tune_redc(c, rng);
  tune_redc_ifma(c, rng);
  tune_montgomery52_form(c, rng);
  std::cerr << "  one thread: Montgomery, Barrett, montgomery52 (AVX-512 IFMA) and montgomery28 (AVX2)\n";
  c.set("modmul.odd", size_table(c, rng,
                                 {{Algorithm::montgomery, 1},
                                  {Algorithm::barrett, 1},
                                  {Algorithm::montgomery52, 1},
                                  {Algorithm::montgomery28, 1}},
                                 "modmul"));
  const int T = c.threads();
  if (T >= 2) {
    tune_split(c, rng, T);
    tune_wrapped(c, rng, T);
    tune_scheduled(c, rng, T);
    std::cerr << "  " << T << " threads: montgomery52 and montgomery28 (1 thread) against Montgomery (products split over the "
              << "team from modmul.split_min_limbs), bipartite and multipartite\n";
    c.set("modmul.odd.parallel", size_table(c, rng,
                                            {{Algorithm::montgomery, T},
                                             {Algorithm::montgomery52, 1},
                                             {Algorithm::montgomery28, 1},
                                             {Algorithm::bipartite, T},
                                             {Algorithm::multipartite, T}},
                                            std::to_string(T) + "-thread modmul"));
  } else {
    std::cerr << "  one thread only: modmul.split_min_limbs keeps its default, modmul.odd.parallel takes modmul.odd's "
                 "table\n";
    c.set("modmul.split_min_limbs", c.tuning().modmul_split_min_limbs);
    c.set("modmul.wrapped_min", c.tuning().modmul_wrapped_min);
    c.set("modmul.scheduled_min", c.tuning().modmul_scheduled_min);
    c.set("modmul.odd.parallel", config::format_tuning_value(c.tuning(), "modmul.odd"));
  }
}

}  // namespace

Step modmul_step() {
  return {"modmul", "modular multiplication: REDC by words or products, montgomery52's digit loop, the algorithm per modulus size",
          {"montgomery.window_adx_min", "montgomery.adx_redc_passes_max", "montgomery.karatsuba_window_mul_min",
           "montgomery.karatsuba_window_sqr_min", "montgomery.karatsuba_window_max", "montgomery.adx_folded_max",
           "montgomery.adx_passes_max", "montgomery.adx_sqr_passes_max", "montgomery.adx_unrolled_max",
           "montgomery.adx_sqr_unrolled_max", "montgomery.adx_small_zero_slot", "redc_products_threshold", "redc.ifma_max",
           "montgomery52.move_first_max_vectors", "modmul.odd", "modmul.split_min_limbs", "modmul.wrapped_min",
           "modmul.scheduled_min", "modmul.odd.parallel"},
          &run};
}

}  // namespace parmod::tune

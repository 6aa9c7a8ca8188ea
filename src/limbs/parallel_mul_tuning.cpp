// limbs/parallel_mul_tuning.cpp - thresholds of the automatic product (see parallel_mul_tuning.hpp).
#include "limbs/parallel_mul_tuning.hpp"

#include "limbs/cpu_features.hpp"

#include <atomic>
#include <mutex>

#include "config/tuning_table.hpp"

namespace parmod::limbs {
namespace {

std::atomic<std::size_t> g_par_min{0}, g_sqr_par_min{0}, g_toom4_min{0}, g_fft_split_min{0}, g_comba_max{0};
std::atomic<int> g_unbalanced_pct{0}, g_health_pct{0};
std::once_flag g_loaded;

void store(const MulTuning& t) noexcept {
  g_par_min.store(t.par_min, std::memory_order_relaxed);
  g_sqr_par_min.store(t.sqr_par_min, std::memory_order_relaxed);
  g_toom4_min.store(t.toom4_min, std::memory_order_relaxed);
  g_fft_split_min.store(t.fft_split_min, std::memory_order_relaxed);
  g_comba_max.store(t.comba_max, std::memory_order_relaxed);
  g_unbalanced_pct.store(int(t.unbalanced_ratio * 100 + 0.5), std::memory_order_relaxed);
  g_health_pct.store(int(t.health_min * 100 + 0.5), std::memory_order_relaxed);
}

void load() noexcept {
  MulTuning d = default_mul_tuning();
  try {
    auto get = [](const char* key, long fallback) {
      long v = config::tuning_integer(key, fallback);
      return v < 0 ? fallback : v;
    };
    d.par_min = std::size_t(get("mul.par_min", long(d.par_min)));
    d.sqr_par_min = std::size_t(get("mul.sqr_par_min", long(d.sqr_par_min)));
    d.toom4_min = std::size_t(get("mul.toom4_min", long(d.toom4_min)));
    d.fft_split_min = std::size_t(get("mul.fft_split_min", long(d.fft_split_min)));
    d.comba_max = std::size_t(get("mul.comba_max", long(d.comba_max)));
    if (d.comba_max > 192) d.comba_max = 192;
    d.unbalanced_ratio = double(get("mul.unbalanced_pct", long(d.unbalanced_ratio * 100 + 0.5))) / 100.0;
    d.health_min = double(get("mul.health_pct", long(d.health_min * 100 + 0.5))) / 100.0;
  } catch (...) {
    d = default_mul_tuning();  // an unreadable table leaves the defaults
  }
  store(d);
}

}  // namespace

MulTuning default_mul_tuning() noexcept {
  MulTuning t;
  // Sane without `parmod tune`: the split costs one fork/join (~1 us hot) and
  // ~16% extra work (thread CPU time of Toom-3 on one thread against
  // mpn_mul_n, measured from 128 to 6144 limbs), so it pays from ~100 limbs
  // on two idle cores; with the mulx row kernels under Toom-3's point products
  // the 128-limb product only ties mpz_mul through the API (result allocation
  // and the team's hand-off cost ~7% there), so 192 keeps the "never 3%
  // slower" margin.  Where the CPU has AVX-512 IFMA the sequential product is
  // about 2x faster from 16 to 1024 limbs (limbs/mul_ifma, karatsuba_ifma),
  // so the split pays later: from 448 limbs (2.3x mpz_mul against 1.7x on
  // one thread at 448; 256-384 limbs went either way between runs).
  const bool ifma = cpu_has_avx512_ifma();
  t.par_min = ifma ? 448 : 192;
  t.sqr_par_min = ifma ? 512 : 224;  // squares are cheaper, so the split pays later
  // Toom-4 (7 point products, 4:3 on two threads) against Toom-3 (5, 3:2):
  // with GMP's products its longer interpolation ate its better balance; with
  // IFMA products it won from 1536 limbs in three interleaved runs (2048
  // limbs: 2.33x against 2.16x mpn_mul, 4096: 2.13x against 1.95x, 6144:
  // 1.97x against 1.87x) and tied at 1024.
  t.toom4_min = ifma ? 1536 : 1u << 30;
  t.fft_split_min = 1u << 30;  // never: the 2x1 halves did not beat Toom-3 up to 393216 bits here
  t.comba_max = 0;            // never: GMP's basecase wins at every size measured here
  t.unbalanced_ratio = 0.67;  // Toom-3 needs n > 2m/3 anyway
  t.health_min = 0.75;        // fewer than 3 in 4 recent runs with every thread working: GMP
  return t;
}

MulTuning mul_tuning() noexcept {
  std::call_once(g_loaded, load);
  MulTuning t;
  t.par_min = g_par_min.load(std::memory_order_relaxed);
  t.sqr_par_min = g_sqr_par_min.load(std::memory_order_relaxed);
  t.toom4_min = g_toom4_min.load(std::memory_order_relaxed);
  t.fft_split_min = g_fft_split_min.load(std::memory_order_relaxed);
  t.comba_max = g_comba_max.load(std::memory_order_relaxed);
  t.unbalanced_ratio = g_unbalanced_pct.load(std::memory_order_relaxed) / 100.0;
  t.health_min = g_health_pct.load(std::memory_order_relaxed) / 100.0;
  return t;
}

void set_mul_tuning(const MulTuning& t) noexcept {
  std::call_once(g_loaded, load);
  store(t);
}

void reload_mul_tuning() noexcept {
  std::call_once(g_loaded, [] {});
  config::reload_tuning_table();
  load();
}

std::string format_mul_tuning(const MulTuning& t) {
  return "mul.par_min " + std::to_string(t.par_min) + "\nmul.sqr_par_min " + std::to_string(t.sqr_par_min) +
         "\nmul.toom4_min " + std::to_string(t.toom4_min) + "\nmul.fft_split_min " + std::to_string(t.fft_split_min) + "\nmul.comba_max " + std::to_string(t.comba_max) +
         "\nmul.unbalanced_pct " + std::to_string(int(t.unbalanced_ratio * 100 + 0.5)) +
         "\nmul.health_pct " + std::to_string(int(t.health_min * 100 + 0.5)) + "\n";
}

}  // namespace parmod::limbs

// limbs/parallel_mul_tuning.hpp - the thresholds the automatic product uses.
//
// Built-in defaults (measured on the 2-core AMD EPYC development machine,
// see docs/bench/<cpu-family>/mul.md) are overridden by the tuning
// table written by `parmod tune mul` (keys "mul.*", config/tuning_table.hpp),
// read once per process.  Sizes are limbs of the shorter operand.
#pragma once

#include <cstddef>
#include <string>

namespace parmod::limbs {

struct MulTuning {
  std::size_t par_min = 0;        // "mul.par_min": products below run sequentially (mpn_mul)
  std::size_t sqr_par_min = 0;    // "mul.sqr_par_min": the same for squares
  std::size_t toom4_min = 0;      // "mul.toom4_min": from here Toom-4 replaces Toom-3 (products, not squares)
  std::size_t fft_split_min = 0;  // "mul.fft_split_min": from here the 2x1 halves (FFT range) replace Toom-3
  std::size_t comba_max = 0;      // "mul.comba_max": mpn_mul_n replaced by the mulx Comba up to here (0: never)
  double unbalanced_ratio = 0;    // "mul.unbalanced_pct" / 100: below n/m < ratio, blocks k1 x 1 replace Toom-3
  double health_min = 0;          // "mul.health_pct" / 100: below this runtime::team_health(), GMP (0: never)
};

// The built-in defaults.
MulTuning default_mul_tuning() noexcept;
// The values in use: the tuning table's "mul.*" keys over the defaults
// (loaded on first call; thread-safe).
MulTuning mul_tuning() noexcept;
// Replaces the values in use for this process (tune, tests).  Thread-safe.
void set_mul_tuning(const MulTuning& t) noexcept;
// Rereads the tuning table (after `parmod tune` wrote it).
void reload_mul_tuning() noexcept;
// The table lines for t ("mul.par_min 160" ...), as `parmod tune mul` writes them.
std::string format_mul_tuning(const MulTuning& t);

}  // namespace parmod::limbs

#include "config/tuning_rows.hpp"

namespace parmod::config {

const std::vector<TuningRow>& tuning_rows() {
  static const std::vector<TuningRow> rows = {
      // Zen and Zen+: the mulx/adcx/adox product kernels lose to GMP's code.
      {"zen1",
       {{"mul.basecase_adx_max", "0"},
        {"sqr.basecase_adx_max", "0"},
        {"mul.karatsuba_adx_max", "0"},
        {"sqr.karatsuba_adx_max", "0"}}},
      // Zen 4: the AVX-512 IFMA kernels and montgomery52.
      {"zen4",
       {{"mul.ifma_min", "14"},
        {"mul.ifma_max", "256"},
        {"sqr.ifma_min", "20"},
        {"sqr.ifma_max", "384"},
        {"mul.ifma_karatsuba_max", "4096"},
        {"sqr.ifma_karatsuba_max", "6144"},
        {"mul.par_min", "448"},
        {"mul.sqr_par_min", "512"},
        {"mul.toom4_min", "1536"},
        {"modmul.odd", "8:montgomery 640:montgomery52 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "8:montgomery 640:montgomery52 18446744073709551615:montgomery"}}},
      // Zen 5: Zen 4's values until measured.
      {"zen5",
       {{"mul.ifma_min", "14"},
        {"mul.ifma_max", "256"},
        {"sqr.ifma_min", "20"},
        {"sqr.ifma_max", "384"},
        {"mul.ifma_karatsuba_max", "4096"},
        {"sqr.ifma_karatsuba_max", "6144"},
        {"mul.par_min", "448"},
        {"mul.sqr_par_min", "512"},
        {"mul.toom4_min", "1536"},
        {"modmul.odd", "8:montgomery 640:montgomery52 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "8:montgomery 640:montgomery52 18446744073709551615:montgomery"}}},
  };
  return rows;
}

}  // namespace parmod::config

#include "config/tuning_rows.hpp"

namespace parmod::config {

const std::vector<TuningRow>& tuning_rows() {
  static const std::vector<TuningRow> rows = {
      // Zen and Zen+: the mulx/adcx/adox product kernels lose to GMP's code.
      {"zen1",
       false,
       {{"mul.basecase_adx_max", "0"},
        {"sqr.basecase_adx_max", "0"},
        {"mul.karatsuba_adx_max", "0"},
        {"sqr.karatsuba_adx_max", "0"},
        {"montgomery.window_adx_min", "0"}}},
      // Zen 3 (no AVX-512): the mulx rows and Karatsuba over them where they
      // beat GMP here, the unrolled kernels closing from the zero slot, the
      // folded window kernels further up than on Zen 5, REDC by products
      // from 160 limbs, no exponent split, multi_pow on two threads with
      // its chunks on the team, powm_sec_crt's halves in radix 2^28 on AVX2
      // from 2048-bit primes, montgomery28 (AVX2) for odd moduli of 17 to
      // 224 limbs on one thread, to 176 on two, then the scheduled
      // two-thread Montgomery product to 2048 limbs (pow on montgomery28 20
      // to 192 limbs, the squaring chain from 1024-bit exponents), and
      // Montgomery and Barrett split their products only from 512 limbs;
      // two-thread integer products from 3072 limbs by residues
      // (docs/tuning.md).
      {"zen3",
       false,
       {{"mul.basecase_adx_max", "49"},
        {"montgomery.adx_folded_max", "65"},
        {"montgomery.adx_passes_max", "64"},
        {"montgomery.adx_sqr_passes_max", "64"},
        {"sqr.basecase_adx_max", "65"},
        {"mul.karatsuba_adx_min", "32"},
        {"sqr.karatsuba_adx_min", "64"},
        {"mul.karatsuba_adx_max", "193"},
        {"sqr.karatsuba_adx_max", "321"},
        {"montgomery.adx_small_zero_slot", "1"},
        {"redc_products_threshold", "160"},
        {"mul.par_min", "224"},
        {"mul.residues_min", "3072"},
        {"powm.split_min_bits", "0"},
        {"powm.square_chain_min_bits", "1024"},
        {"powm.square_chain_asleep_min_bits", "2048"},
        {"powm.square_chain_max_limbs", "128"},
        {"powm.montgomery28_min_limbs", "20"},
        {"powm.montgomery28_max_limbs", "192"},
        {"powm.gmp_below_limbs", "8"},
        {"powm.field_max_limbs", "7"},
        {"multi_pow.sequential_engine_min_limbs", "1"},
        {"powm_sec.digits28_min_bits", "2048"},
        {"modmul.odd", "16:montgomery 224:montgomery28 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "16:montgomery 176:montgomery28 2048:montgomery 18446744073709551615:bipartite"},
        {"modmul.scheduled_min", "176"},
        {"modmul.split_min_limbs", "512"},
        {"costs.mul_ns",
         "1:7.59,2:9.05,4:17.4,8:54.2,16:199,32:630,64:2200,128:6400,256:17300,512:46200,1024:138000,2048:353000,"
         "4096:835000,8192:2317000"},
        {"costs.add_ns_per_limb", "0.49"}}},
      // Zen 4 (docs/tuning.md): the mulx kernels up to 48 limbs (squares
      // 64), IFMA products from 15 limbs, Karatsuba over them from 192
      // (squares 320), montgomery52 up to 448 limbs on one thread; on two
      // threads montgomery52 up to 144 limbs, bipartite up to 512, then the
      // split Montgomery; the exponent split from 2048 bits.  Without IFMA
      // montgomery28 (AVX2) from 21 to 224 limbs (pow to its 259), on two
      // threads to 176, then the scheduled Montgomery product (from 96
      // limbs wherever Montgomery runs on two threads); pow's squaring
      // chain up to 128 limbs, after a pause (the worker asleep) from
      // 4096-bit exponents.
      {"zen4",
       true,
       {{"mul.basecase_adx_max", "49"},
        {"mul.karatsuba_adx_min", "28"},
        {"sqr.karatsuba_adx_min", "64"},
        {"montgomery.adx_small_zero_slot", "1"},
        {"sqr.basecase_adx_max", "65"},
        {"mul.karatsuba_adx_max", "257"},
        {"sqr.karatsuba_adx_max", "321"},
        {"montgomery.adx_passes_max", "32"},
        {"montgomery.adx_sqr_passes_max", "64"},
        {"montgomery.karatsuba_window_max", "64"},
        {"montgomery52.move_first_max_vectors", "7"},
        {"mul.ifma_min", "15"},
        {"mul.ifma_max", "192"},
        {"sqr.ifma_min", "15"},
        {"sqr.ifma_max", "320"},
        {"mul.ifma_karatsuba_max", "4096"},
        {"sqr.ifma_karatsuba_max", "6145"},
        {"mul.par_min", "160"},
        {"mul.sqr_par_min", "320"},
        {"mul.toom_min", "512"},
        {"mul.toom4_min", "4096"},
        {"mul.residues_min", "8192"},
        {"redc_products_threshold", "48"},
        {"redc.ifma_max", "2047"},
        {"modmul.odd", "8:montgomery 448:montgomery52 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "8:montgomery 144:montgomery52 512:bipartite 18446744073709551615:montgomery"},
        {"modmul.split_min_limbs", "192"},
        {"modmul.wrapped_min", "1536"},
        {"powm.split_min_bits", "2048"},
        {"powm.montgomery28_min_limbs", "20"},
        {"powm.montgomery28_max_limbs", "1073741824"},
        {"powm.gmp_below_limbs", "8"},
        {"powm.field_max_limbs", "7"},
        {"powm_sec.digits28_min_bits", "1536"},
        {"costs.mul_ns",
         "1:5.64,2:6.66,4:15.4,8:43.7,16:156,32:503,64:1580,128:5060,256:13500,512:36400,1024:101000,2048:255000,"
         "4096:656000,8192:1740000"},
        {"costs.add_ns_per_limb", "0.32"}},
       {{"montgomery.karatsuba_window_max", "384"},
        {"montgomery.adx_sqr_unrolled_max", "33"},
        {"redc_products_threshold", "128"},
        {"mul.par_min", "128"},
        {"mul.sqr_par_min", "256"},
        {"mul.residues_min", "2048"},
        {"mul.sqr_residues_min", "4096"},
        {"modmul.odd", "20:montgomery 224:montgomery28 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "20:montgomery 176:montgomery28 18446744073709551615:montgomery"},
        {"modmul.wrapped_min", "512"},
        {"modmul.scheduled_min", "96"},
        {"powm.square_chain_min_bits", "1024"},
        {"powm.square_chain_max_limbs", "128"},
        {"powm.square_chain_asleep_min_bits", "4096"},
        {"multi_pow.sequential_engine_min_limbs", "1"}}},
      // Zen 5: IFMA from 11 limbs, REDC by products from 64 limbs,
      // montgomery52 from 10 limbs; the two-thread keys as Zen 4's row had
      // them until 2026-11-30.  The mulx windows (below 49 limbs, squares
      // 65) and Karatsuba over them (to 161 limbs, squares 321) where IFMA
      // does not run.  Without IFMA montgomery28 (AVX2) from 21 to 176 limbs
      // (pow 20 to 192), on two threads to 118, then bipartite to 384.
      {"zen5",
       true,
       {{"mul.basecase_adx_max", "49"},
        {"sqr.basecase_adx_max", "65"},
        {"mul.karatsuba_adx_min", "32"},
        {"sqr.karatsuba_adx_min", "64"},
        {"mul.karatsuba_adx_max", "161"},
        {"sqr.karatsuba_adx_max", "321"},
        {"mul.ifma_min", "11"},
        {"mul.ifma_max", "192"},
        {"sqr.ifma_min", "16"},
        {"sqr.ifma_max", "320"},
        {"mul.ifma_karatsuba_max", "8192"},
        {"sqr.ifma_karatsuba_max", "6145"},
        {"mul.par_min", "448"},
        {"mul.sqr_par_min", "512"},
        {"mul.toom4_min", "1536"},
        {"redc_products_threshold", "64"},
        {"modmul.odd", "9:montgomery 896:montgomery52 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "9:montgomery 192:montgomery52 384:bipartite 18446744073709551615:montgomery"},
        {"powm.gmp_below_limbs", "10"},
        {"powm.montgomery28_min_limbs", "20"},
        {"powm.montgomery28_max_limbs", "192"},
        {"costs.mul_ns",
         "1:4.0,2:4.8,4:9.5,8:27,16:98,32:319,64:1010,128:3220,256:8900,512:24300,1024:66500,2048:173000,"
         "4096:443000,8192:1166000"},
        {"costs.add_ns_per_limb", "0.24"}},
       {{"montgomery.karatsuba_window_max", "256"},
        {"redc_products_threshold", "128"},
        {"mul.par_min", "128"},
        {"mul.sqr_par_min", "1024"},
        {"mul.toom_min", "160"},
        {"mul.residues_min", "3072"},
        {"mul.sqr_residues_min", "6144"},
        {"modmul.odd", "20:montgomery 176:montgomery28 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "20:montgomery 118:montgomery28 384:bipartite 18446744073709551615:montgomery"},
        {"modmul.wrapped_min", "512"},
        {"powm.square_chain_min_bits", "1024"},
        {"powm.square_chain_max_limbs", "128"},
        {"multi_pow.sequential_engine_min_limbs", "1"}}},
      // Sapphire Rapids (Intel Golden Cove; measured on a KVM guest whose
      // CPUID reports family 6 model 0xa7, Rocket Lake's, but AMX,
      // AVX512-FP16 and 2 MiB of L2 per core: config/cpu.cpp names the
      // family by AMX; until 2026-11-30 this row was "rocket_lake"): IFMA products from 15 limbs,
      // montgomery52 from 9 limbs on one and two threads (its move-first
      // digit loop up to 9 registers), the field kernels for pow at 6 limbs
      // only, mpz_powm below 8 limbs, GMP's redc_n from 1536 limbs.  The
      // mulx windows only below 27 limbs (products) and 33 (squares), no
      // Karatsuba over them; the window REDC in columns, and the Montgomery
      // product and square from 32 limbs as a product then that REDC, except
      // the unrolled square at 32 limbs; without IFMA the parallel product from 256
      // limbs, as T x 1 blocks below 512 (with IFMA from 512, Toom-3 at once), as the two residues mod beta^L -+ 1
      // from 2048 limbs (squares 4096; with IFMA products from 6144), the
      // two-thread Montgomery product's Q P wrapped from 512 limbs (768 with
      // IFMA) and its Q as three low-product tasks, so that without IFMA it
      // beats bipartite from 577 limbs, and pow on two threads as a
      // squaring chain beside the digit products up to 128 limbs, and
      // multi_pow on two threads on Montgomery with its chunks on the team;
      // without IFMA the two-thread Montgomery product as one schedule of
      // tasks (modmul/scheduled_montgomery) from 192 limbs.
      {"sapphire_rapids",
       true,
       {{"mul.basecase_adx_max", "27"},
        {"sqr.basecase_adx_max", "33"},
        {"mul.karatsuba_adx_max", "0"},
        {"sqr.karatsuba_adx_max", "0"},
        {"montgomery.adx_redc_passes_max", "16"},
        {"montgomery.adx_passes_max", "32"},
        {"montgomery.adx_sqr_passes_max", "32"},
        {"montgomery.adx_sqr_unrolled_max", "33"},
        {"mul.ifma_min", "15"},
        {"mul.ifma_max", "192"},
        {"sqr.ifma_min", "24"},
        {"sqr.ifma_max", "384"},
        {"mul.ifma_karatsuba_max", "3073"},
        {"sqr.ifma_karatsuba_max", "4097"},
        {"mul.par_min", "384"},
        {"mul.sqr_par_min", "1024"},
        {"mul.toom_min", "576"},
        {"mul.toom4_min", "4096"},
        {"mul.residues_min", "6144"},
        {"modmul.wrapped_min", "768"},
        {"redc_products_threshold", "48"},
        {"redc.ifma_max", "1535"},
        {"montgomery52.move_first_max_vectors", "9"},
        {"modmul.odd", "8:montgomery 736:montgomery52 18446744073709551615:montgomery"},
        {"modmul.odd.parallel", "8:montgomery 256:montgomery52 1024:bipartite 18446744073709551615:montgomery"},
        {"multi_pow.sequential_engine_min_limbs", "1"},
        {"powm.gmp_below_limbs", "8"},
        {"powm.field_min_limbs", "6"},
        {"powm.field_max_limbs", "6"},
        {"costs.mul_ns",
         "1:4.9,2:5.39,4:9.59,8:33.3,16:110,32:350,64:1090,128:3640,256:10100,512:27900,1024:76400,2048:198000,"
         "4096:516000,8192:1354000"},
        {"costs.add_ns_per_limb", "0.34"}},
       {{"redc_products_threshold", "96"},
        {"mul.par_min", "256"},
        {"mul.sqr_par_min", "384"},
        {"mul.toom_min", "512"},
        {"mul.residues_min", "2048"},
        {"mul.sqr_residues_min", "4096"},
        {"modmul.wrapped_min", "512"},
        {"modmul.odd.parallel", "88:montgomery 384:bipartite 18446744073709551615:montgomery"},
        {"modmul.scheduled_min", "192"},
        {"powm.square_chain_min_bits", "1024"},
        {"powm.square_chain_max_limbs", "128"},
        {"powm.square_chain_asleep_min_bits", "2048"},
        {"multi_pow.sequential_engine_min_limbs", "1"},
        {"montgomery.adx_sqr_unrolled_max", "33"}}},
  };
  return rows;
}

}  // namespace parmod::config

// consttime/table_select: every entry at every index, for limb counts around
// the blocks of 4, 8, 16 and 32 limbs (1 .. 20, 24, 31 .. 33, 40, 47, 48, 64,
// 72) and 1 .. 64 entries, through the dispatching function and, on x86-64,
// each build (AVX2 and AVX-512 where the CPU has them); the output's
// neighbours untouched.  Its constant-time evidence is ctgrind_powm
// (the exponentiation reads its table through it with a secret index).
#include <gtest/gtest.h>

#include <vector>

#include "consttime/table_select.hpp"
#include "limbs/cpu_features.hpp"

namespace parmod::test {
namespace {

using Select = void (*)(limb_t*, const limb_t*, std::size_t, std::size_t, std::size_t) noexcept;

void check_every_shape(Select select) {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 1; n <= 20; ++n) sizes.push_back(n);
  for (std::size_t n : {24, 31, 32, 33, 40, 47, 48, 64, 72}) sizes.push_back(n);
  for (std::size_t n : sizes)
    for (std::size_t entries : {1, 2, 3, 16, 32, 33, 64}) {
      std::vector<limb_t> table(n * entries);
      for (std::size_t i = 0; i < table.size(); ++i) table[i] = 0x9e3779b97f4a7c15ULL * (i + 1) ^ (i << 7);
      for (std::size_t index = 0; index < entries; ++index) {
        std::vector<limb_t> r(n + 2, 0x5a5a5a5a5a5a5a5aULL);
        select(r.data() + 1, table.data(), n, entries, index);
        for (std::size_t k = 0; k < n; ++k)
          ASSERT_EQ(r[1 + k], table[index * n + k]) << "n=" << n << " entries=" << entries << " index=" << index;
        EXPECT_EQ(r[0], 0x5a5a5a5a5a5a5a5aULL);
        EXPECT_EQ(r[n + 1], 0x5a5a5a5a5a5a5a5aULL);
      }
    }
}

TEST(TableSelect, EveryEntryOfEveryShape) { check_every_shape(consttime::table_select_ct); }

#if defined(__x86_64__)
TEST(TableSelect, Sse2EveryEntryOfEveryShape) { check_every_shape(consttime::table_select_ct_sse2); }

TEST(TableSelect, Avx2EveryEntryOfEveryShape) {
  if (!limbs::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  check_every_shape(consttime::table_select_ct_avx2);
}

TEST(TableSelect, Avx512EveryEntryOfEveryShape) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 (IFMA) on this CPU (or PARMOD_NO_IFMA set)";
  check_every_shape(consttime::table_select_ct_avx512);
}
#endif

}  // namespace
}  // namespace parmod::test

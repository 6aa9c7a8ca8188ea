// Radix-2^52 conversions (limbs/radix52) against GMP's view of the same value;
// the in-register normalisation (limbs/radix52_avx512) against the scalar one.
#include <gtest/gtest.h>

#include "limbs/radix52.hpp"
#include "limbs/radix52_avx512.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(Radix52, RoundTripEverySize) {
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int trial = 0; trial < reps(6); ++trial) {
      const mpz_class x = n == 0 ? mpz_class(0) : trial == 0 ? beta_pow(n) - 1 : rrandom_bits(64 * n - trial % 3);
      const auto xl = limbs_of(x, n);
      const std::size_t nd = limbs::radix52_digits(64 * n);
      std::vector<std::uint64_t> d(nd + 2, 0x5a5a);
      limbs::to_radix52(d.data(), nd + 2, xl.data(), n);
      for (std::uint64_t v : d) ASSERT_LT(v, std::uint64_t(1) << 52);
      ASSERT_EQ(value_of_digits(d.data(), d.size(), 52), x) << "n=" << n;
      std::vector<limb_t> back(n + 1, 0x77);
      limbs::from_radix52(back.data(), n + 1, d.data(), nd + 2);
      ASSERT_EQ(value_of(back), x) << "n=" << n;
    }
  }
}

TEST(Radix52, TruncatesToTheRequestedLength) {
  const mpz_class x = beta_pow(4) - 1;  // 256 ones
  const auto xl = limbs_of(x, 4);
  std::vector<std::uint64_t> d(3);
  limbs::to_radix52(d.data(), 3, xl.data(), 4);
  EXPECT_EQ(value_of_digits(d.data(), d.size(), 52), (mpz_class(1) << 156) - 1);
  std::vector<limb_t> out(2);
  std::vector<std::uint64_t> full(5);
  limbs::to_radix52(full.data(), 5, xl.data(), 4);
  limbs::from_radix52(out.data(), 2, full.data(), 5);  // mod beta^2
  EXPECT_EQ(value_of(out), beta_pow(2) - 1);
}

TEST(Radix52, NormalizeCarriesEveryDigit) {
  for (std::size_t nd : {1u, 2u, 7u, 40u}) {
    std::vector<std::uint64_t> d(nd, ~std::uint64_t(0));  // maximal unnormalised digits
    mpz_class expect = 0;
    for (std::size_t j = nd; j-- > 0;) expect = (expect << 52) + mpz_class(static_cast<unsigned long>(d[j]));
    const std::uint64_t carry = limbs::normalize_radix52(d.data(), nd);
    for (std::uint64_t v : d) ASSERT_LT(v, std::uint64_t(1) << 52);
    EXPECT_EQ(value_of_digits(d.data(), d.size(), 52) + (mpz_class(static_cast<unsigned long>(carry)) << (52 * nd)), expect) << nd;
  }
}

#if defined(__x86_64__)
// d[0, 8 V) normalised by normalize_radix52_lanes<V> in registers.
template <int V>
__attribute__((target("avx512f"))) void normalize_in_registers(std::uint64_t* d) {
  __m512i v[V];
  for (int j = 0; j < V; ++j) v[j] = _mm512_loadu_si512(d + 8 * j);
  limbs::normalize_radix52_lanes<V>(v);
  for (int j = 0; j < V; ++j) _mm512_storeu_si512(d + 8 * j, v[j]);
}

// Lanes that make carries ripple: runs of 2^52 - 1 (they pass a carry on)
// above lanes that carry out (2^52 and more, or high bits set), across
// register and 64-lane mask-word boundaries, mixed with rrandomb-style words.
template <int V>
void check_lanes() {
  constexpr std::size_t L = 8 * V;
  const std::uint64_t mask = limbs::kDigitMask;
  for (int trial = 0; trial < reps(200); ++trial) {
    std::vector<std::uint64_t> d(L);
    const int kind = trial % 5;
    for (std::size_t j = 0; j < L; ++j) {
      const std::uint64_t r = rrandom_bits(64).get_ui();
      switch (kind) {
        case 0: d[j] = r; break;                                          // any words
        case 1: d[j] = r % 3 == 0 ? mask + 1 + (r >> 60) : mask; break;  // long runs of 2^52 - 1
        case 2: d[j] = (r & 1) ? mask : (r & 2) ? mask - 1 : ~std::uint64_t(0); break;
        case 3: d[j] = j == 0 ? ~std::uint64_t(0) : mask; break;        // one carry through every lane
        default: d[j] = (r & 7) == 0 ? r : mask; break;
      }
    }
    std::vector<std::uint64_t> want = d;
    limbs::normalize_radix52(want.data(), L);  // the carry out of the top lane is dropped by both
    normalize_in_registers<V>(d.data());
    ASSERT_EQ(d, want) << "V=" << V << " trial " << trial;
  }
}

TEST(Radix52, NormalizeInRegistersAgainstScalar) {
  if (!__builtin_cpu_supports("avx512f")) GTEST_SKIP() << "no AVX-512F";
  check_lanes<1>();
  check_lanes<2>();
  check_lanes<3>();
  check_lanes<7>();
  check_lanes<8>();
  check_lanes<9>();
  check_lanes<16>();
  check_lanes<17>();
  check_lanes<24>();
}
#endif

}  // namespace
}  // namespace parmod::test

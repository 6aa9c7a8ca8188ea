// Tests of multiexp/mulexp_model: the paper's operation counts (Sec. II) and
// the chunk boundaries of v1 and v2 (Theorem 1, eq. 1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "multiexp/mulexp_model.hpp"
#include "support/random_operands.hpp"

namespace parmod::multiexp {
namespace {

TEST(MulexpModel, PaperFiguresAtN16B4096) {
  EXPECT_DOUBLE_EQ(exp_operation_count(16, 4096), 98304);
  EXPECT_DOUBLE_EQ(mulexp_operation_count(16, 4096, 2), 12768);
  EXPECT_DOUBLE_EQ(mulexp_operation_count(16, 4096, 4), 19520);
  // k = 16 without the precomputation (erratum: 36864, not 38864).
  EXPECT_DOUBLE_EQ(mulexp_operation_count(16, 4096, 16) - mulexp_precomputation_count(16, 16), 36864);
  EXPECT_DOUBLE_EQ(mulexp_precomputation_count(16, 1), 65536);
  EXPECT_EQ(best_group_count(16, 4096), 2u);
}

TEST(MulexpModel, UnevenGroups) {
  // n = 5, k = 2: groups of 2 and 3 bases.
  EXPECT_EQ(group_size(5, 2, 0), 2u);
  EXPECT_EQ(group_size(5, 2, 1), 3u);
  EXPECT_EQ(group_start(5, 2, 1), 2u);
  EXPECT_DOUBLE_EQ(mulexp_precomputation_count(5, 2), 4 + 8);
  EXPECT_DOUBLE_EQ(mulexp_operation_count(5, 100, 2), 12 + 0.75 * 100 + 0.875 * 100 + 100);
  for (std::size_t n = 1; n <= 70; ++n)
    for (std::size_t k = 1; k <= n; ++k) {
      std::size_t total = 0;
      for (std::size_t i = 0; i < k; ++i) {
        total += group_size(n, k, i);
        EXPECT_LE(group_size(n, k, i), (n + k - 1) / k);
        EXPECT_GE(group_size(n, k, i), n / k);
      }
      EXPECT_EQ(total, n);
    }
}

TEST(MulexpModel, PaperExampleTwoThreads) {
  // Sec. III: b = 1024, k = 1, two equal chunks: 512 + 1024 vs 512 + 512.
  const auto v1 = equal_chunk_ends(1024, 1, 2);
  const auto w1 = modelled_chunk_work(v1, 1024, 1);
  EXPECT_DOUBLE_EQ(w1[0], 2 * 512 + 512);  // 512 own locations, then 512 completing squarings
  EXPECT_DOUBLE_EQ(w1[1], 2 * 512);
  const auto v2 = balanced_chunk_ends(1024, 1, 2);
  const auto w2 = modelled_chunk_work(v2, 1024, 1);
  EXPECT_NEAR(w2[0], w2[1], 4);
  EXPECT_LT(std::max(w2[0], w2[1]), w1[0]);
}

TEST(MulexpModel, SpeedBalancedChunksFinishTogether) {
  // Every chunk's modelled work over its thread's speed is the same within
  // rounding; equal speeds give Theorem 1's boundaries.
  test::Rng rng(8);
  auto speed = [&rng] { return 0.5 + 1.5 * static_cast<double>(rng.below_ui(1ul << 30)) / (1ul << 30); };  // in [0.5, 2)
  for (std::size_t b : {1000u, 4096u, 8192u})
    for (double k : {1.0, 1.99, 4.0})
      for (unsigned tau = 1; tau <= 4; ++tau)
        for (int rep = 0; rep < test::reps(20); ++rep) {
          std::vector<double> s(tau);
          for (auto& x : s) x = rep == 0 ? 1.0 : speed();
          s[0] = 1.0;
          const auto ends = speed_balanced_chunk_ends(b, k, s);
          ASSERT_EQ(ends.size(), tau);
          EXPECT_EQ(ends.back(), static_cast<long>(b) - 1);
          for (unsigned i = 1; i < tau; ++i) EXPECT_LE(ends[i - 1], ends[i]);
          const auto w = modelled_chunk_work(ends, b, k);
          // Feasible when every chunk gets bits: from the lowest up, s_i must
          // exceed the work of the squarings below it; else the equal-speed
          // boundaries.
          bool feasible = true;
          double below = 0;
          for (unsigned i = tau; i-- > 0;) {
            const double ni = (s[i] - below) / (k + 1);
            feasible &= ni > 0;
            below += ni;
          }
          if (!feasible) {
            EXPECT_EQ(ends, balanced_chunk_ends(b, k, tau));
            continue;
          }
          double lo = 1e300, hi = 0;
          for (unsigned i = 0; i < tau; ++i) lo = std::min(lo, w[i] / s[i]), hi = std::max(hi, w[i] / s[i]);
          EXPECT_LE(hi - lo, 2 * (k + 2) / 0.5) << "b=" << b << " k=" << k << " tau=" << tau;
          if (rep == 0) {
            const auto theorem = balanced_chunk_ends(b, k, tau);
            for (unsigned i = 0; i < tau; ++i) EXPECT_NEAR(ends[i], theorem[i], 1);
          }
        }
  // Two chunks, the worker 20% slower: it gets fewer bits than with equal speeds.
  const auto even = speed_balanced_chunk_ends(4096, 2.0, {1.0, 1.0});
  const auto slow = speed_balanced_chunk_ends(4096, 2.0, {1.0, 0.8});
  EXPECT_GT(slow[0], even[0]);
}

TEST(MulexpModel, OffloadSplitEqualisesChainAndPartner) {
  // k = 2 groups of 8 at phi = 1: a ~ 2, q1 ~ 1, so l = b/3 and both sides 5b/3.
  const double a = lim_lee_bit_multiplications(16, 2), q1 = lim_lee_nonzero_column_probability(16);
  EXPECT_NEAR(a, 2 * (1 - 1.0 / 256), 1e-12);
  EXPECT_NEAR(q1, 1 - 1.0 / 65536, 1e-12);
  EXPECT_DOUBLE_EQ(lim_lee_bit_multiplications(2, 1), 0.75);
  EXPECT_DOUBLE_EQ(lim_lee_nonzero_column_probability(2), 0.75);
  for (std::size_t b : {1u, 2u, 3u, 100u, 4096u, 8191u}) {
    for (double speed : {0.5, 0.8, 1.0, 1.25}) {
      for (double phi : {1.0, 1.3}) {
        const std::size_t l = offload_low_positions(b, a, q1, phi, speed);
        ASSERT_LE(l, b);
        const double chain = offload_chain_work(b, l, q1, phi), partner = offload_partner_work(b, l, a, q1, phi);
        // Rounding l moves either side by at most one position's work (1/phi + a);
        // l = 0 also when a partner this slow would finish last anyway.
        const double tolerance = (1.0 / phi + a) / speed + 1e-9;
        EXPECT_TRUE(std::abs(chain - partner / speed) <= tolerance || (l == 0 && partner / speed >= chain))
            << "b=" << b << " s=" << speed << " phi=" << phi << " l=" << l << " chain=" << chain
            << " partner/speed=" << partner / speed;
      }
    }
  }
  // 4096/3 for a = 2, q1 = 1; here a = 2 - 2/256: 4096 (2 - a + q1) / (1 + 2 q1) = 1376.
  EXPECT_EQ(offload_low_positions(4096, a, q1, 1.0, 1.0), 1376u);
  EXPECT_EQ(offload_low_positions(4096, 2.0, 1.0, 1.0, 1.0), 1365u);
  // A slower partner takes fewer low positions.
  EXPECT_LT(offload_low_positions(4096, a, q1, 1.0, 0.8), offload_low_positions(4096, a, q1, 1.0, 1.0));
  // When forming the products alone already costs the partner more than the
  // whole chain (four groups: 3 products a column against 2), l = 0.
  EXPECT_EQ(offload_low_positions(4096, 4.0, 1.0, 1.0, 1.0), 0u);
}

TEST(MulexpModel, Theorem1BalancesEveryThread) {
  for (std::size_t b : {64u, 1000u, 4096u, 8192u})
    for (double k : {1.0, 2.0, 4.0, 16.0, 0.4})
      for (unsigned tau = 1; tau <= 16; ++tau) {
        const auto ends = balanced_chunk_ends(b, k, tau);
        ASSERT_EQ(ends.size(), tau);
        EXPECT_EQ(ends.back(), static_cast<long>(b) - 1);
        for (unsigned i = 1; i < tau; ++i) EXPECT_LE(ends[i - 1], ends[i]);
        if (b < 8 * tau * (k + 1)) continue;  // chunks too short to balance within rounding
        const auto w = modelled_chunk_work(ends, b, k);
        const auto [lo, hi] = std::minmax_element(w.begin(), w.end());
        // Rounding each l_i to an integer moves w_i by at most (k + 1) + 1.
        EXPECT_LE(*hi - *lo, 2 * (k + 2)) << "b=" << b << " k=" << k << " tau=" << tau;
        // Theorem 1's closed form: l_i + 1 = ((k+1)^(i+1) - k^(i+1)) / k^i (l_0 + 1), up to rounding.
        for (unsigned i = 0; i < tau; ++i) {
          const double l0 = static_cast<double>(b) * std::pow(k, tau - 1) / (std::pow(k + 1, tau) - std::pow(k, tau));
          const double li = (std::pow(k + 1, i + 1) - std::pow(k, i + 1)) / std::pow(k, i) * l0;
          EXPECT_NEAR(static_cast<double>(ends[i] + 1), li, 1.0);
        }
      }
}

TEST(MulexpModel, V2MaximumBelowV1AsFigure4) {
  for (std::size_t b : {4096u, 8192u})
    for (std::size_t n : {8u, 16u, 32u, 64u}) {
      const std::size_t k = n / 4;  // the paper's setting: groups of four
      for (unsigned tau : {2u, 4u, 8u, 16u}) {
        const auto w1 = modelled_chunk_work(equal_chunk_ends(b, k, tau), b, static_cast<double>(k));
        const auto w2 = modelled_chunk_work(balanced_chunk_ends(b, static_cast<double>(k), tau), b, static_cast<double>(k));
        EXPECT_LT(*std::max_element(w2.begin(), w2.end()), *std::max_element(w1.begin(), w1.end()));
      }
    }
}

}  // namespace
}  // namespace parmod::multiexp

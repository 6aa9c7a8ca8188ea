// Tests of multiexp/column_products: the top chunk's chain taking column
// products from a partner thread gives the same partial result as
// mulexp_chunk, whatever the timing (partner first, chain first, both at
// once, a partner that stops early), and the partner's own positions give
// mulexp_chunk's too.  Run under ThreadSanitizer in CI (label threads).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "modmul/engine.hpp"
#include "multiexp/column_products.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "multiexp_test_util.hpp"

namespace parmod::multiexp {
namespace {

using test::MultiexpCase;

struct Fixture {
  MultiexpCase c;
  modmul::ModulusConstants kc;
  const modmul::Engine& e;
  std::size_t n, k, b;
  std::vector<limb_t> reps, table, scratch_a, scratch_b, ring_space;
  Fixture(const mpz_class& P, std::size_t nb, std::size_t bits, std::size_t groups)
      : c(P, nb, bits, true), kc(P), e(modmul::element_engine(test::engine_for(kc))),
        n(modmul::element_size(e, kc.n)), k(groups), b(max_exponent_bits(c.ep.data(), c.en.data(), nb)) {
    reps.resize(nb * n);
    table.resize(lim_lee_table_entries(nb, k) * n);
    scratch_a.resize(e.scratch_limbs(kc.n) + n);
    scratch_b.resize(e.scratch_limbs(kc.n) + n);
    ring_space.resize(column_ring_limbs(n));
    for (std::size_t i = 0; i < nb; ++i) e.to_repr(reps.data() + i * n, c.xs.data() + i * kc.n, kc, scratch_a.data());
    lim_lee_precompute(table.data(), reps.data(), nb, k, kc, e, scratch_a.data(), nullptr);
  }
  // mulexp_chunk's partial for positions [lo, hi): the reference.
  std::vector<limb_t> chunk(std::size_t lo, std::size_t hi) {
    std::vector<limb_t> acc(n);
    mulexp_chunk(acc.data(), table.data(), c.bases.size(), k, c.ep.data(), c.en.data(), lo, hi, kc, e,
                 scratch_a.data(), nullptr);
    return acc;
  }
};

enum class Timing { together, partner_first, chain_first, partner_late };

TEST(ColumnProducts, SameResultAsMulexpChunkWhateverTheTiming) {
  for (auto [limbs, nb, bits, k] : {std::tuple{1, 2, 300, 2}, std::tuple{2, 16, 700, 2}, std::tuple{4, 5, 1000, 2},
                                    std::tuple{3, 12, 513, 3}, std::tuple{1, 70, 129, 5}}) {
    Fixture s(test::random_modulus(limbs, true), nb, bits, k);
    const std::size_t l = s.b / 3;
    const std::vector<limb_t> want_top = s.chunk(l, s.b), want_low = s.chunk(0, l);
    for (Timing t : {Timing::together, Timing::partner_first, Timing::chain_first, Timing::partner_late}) {
      ColumnRing ring = column_ring_init(s.ring_space.data(), s.n, s.b);
      std::vector<limb_t> top(s.n), low(s.n);
      OpCount chain_ops, partner_ops;
      auto chain = [&] {
        mpn_copyi(top.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
        mulexp_bits_with_columns(top.data(), s.table.data(), nb, k, s.c.ep.data(), s.c.en.data(), l, s.b, s.kc, s.e,
                                 s.scratch_a.data(), ring, &chain_ops);
        for (std::size_t i = 0; i < l; ++i) s.e.sqr(top.data(), top.data(), s.kc, s.scratch_a.data());
      };
      auto partner = [&] {
        if (t == Timing::partner_late) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        mpn_copyi(low.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
        mulexp_bits_producing_columns(low.data(), s.table.data(), nb, k, s.c.ep.data(), s.c.en.data(), 0, l, l, s.b,
                                      s.kc, s.e, s.scratch_b.data(), ring, &partner_ops);
      };
      if (t == Timing::partner_first) {
        partner();
        chain();
      } else if (t == Timing::chain_first) {
        chain();
        partner();
      } else {
        std::thread other(partner);
        chain();
        other.join();
      }
      EXPECT_EQ(top, want_top) << "nb=" << nb << " b=" << s.b << " k=" << k << " timing=" << int(t);
      EXPECT_EQ(low, want_low) << "nb=" << nb << " b=" << s.b << " k=" << k << " timing=" << int(t);
      // The chain never multiplies more than the plain chunk would.
      EXPECT_EQ(chain_ops.sqr, s.b - l);
      if (t == Timing::partner_first) {
        // The ring filled, then the partner ran its own positions and stopped:
        // the chain found the first ring's worth ready (one product each).
        EXPECT_GT(partner_ops.mul, 0u);
      }
      if (t == Timing::chain_first) EXPECT_EQ(partner_ops.sqr, l);  // nothing left to form: own positions only
    }
  }
}

TEST(ColumnProducts, RingLayoutFitsItsSpace) {
  for (std::size_t words : {1u, 7u, 8u, 80u, 1000u}) {
    std::vector<limb_t> space(column_ring_limbs(words));
    ColumnRing ring = column_ring_init(space.data(), words, 123);
    EXPECT_EQ(ring.done_above->load(), 123u);
    EXPECT_GE(ring.stride, words);
    EXPECT_LE(ring.elements + (kColumnRingSlots - 1) * ring.stride + words, space.data() + space.size());
    EXPECT_GE(reinterpret_cast<limb_t*>(ring.slots + kColumnRingSlots), space.data());
    EXPECT_LE(reinterpret_cast<limb_t*>(ring.done_above + 1), ring.elements);
  }
}

}  // namespace
}  // namespace parmod::multiexp

// Tests of multiexp/column_products: the top chunk's chain taking column
// products from a partner thread gives the same partial result as
// mulexp_chunk, whatever the timing (partner first, chain first, both at
// once, a partner that is late, the chain's thread taking the partner's
// lowest positions), and the partner's own positions give mulexp_chunk's
// too.  Run under ThreadSanitizer in CI (label threads).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "modmul/engine.hpp"
#include "multiexp/column_products.hpp"
#include "multiexp/lim_lee_table.hpp"
#include "multiexp/mulexp.hpp"
#include "multiexp/mulexp_model.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "multiexp_test_util.hpp"

namespace parmod::multiexp {
namespace {

using test::MultiexpCase;

struct Fixture {
  MultiexpCase c;
  modmul::BoundEngine bound;
  const modmul::ModulusConstants& kc;
  const modmul::Engine& e;
  std::size_t n, k, b;
  std::vector<limb_t> reps, table, scratch_a, scratch_b, ring_space;
  Fixture(const mpz_class& P, std::size_t nb, std::size_t bits, std::size_t groups)
      : c(P, nb, bits, true), bound(test::engine_for(P)), kc(*bound.k), e(modmul::element_engine(*bound.engine)),
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

enum class Timing { together, partner_first, chain_first, partner_late, chain_steals };

TEST(ColumnProducts, SameResultAsMulexpChunkWhateverTheTiming) {
  for (auto [limbs, nb_, bits, k_] : {std::tuple{1, 2, 300, 2}, std::tuple{2, 16, 700, 2}, std::tuple{4, 5, 1000, 2},
                                      std::tuple{3, 12, 513, 3}, std::tuple{1, 70, 129, 5}}) {
    const int nb = nb_, k = k_;  // the lambdas below capture them (clang 14 captures no structured binding)
    Fixture s(test::random_modulus(limbs, true), nb, bits, k);
    const std::size_t l = s.b / 3;
    const std::vector<limb_t> want_top = s.chunk(l, s.b), want_low = s.chunk(0, l), want_all = s.chunk(0, s.b);
    for (Timing t : {Timing::together, Timing::partner_first, Timing::chain_first, Timing::partner_late,
                     Timing::chain_steals}) {
      ColumnRing ring = column_ring_init(s.ring_space.data(), s.n, s.b, 0, l);
      std::vector<limb_t> top(s.n), low(s.n), third(s.n);
      mpn_copyi(third.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
      std::size_t from = 0, to = 0;
      std::atomic<bool> chain_stole{false};  // chain_steals: the partner starts only after the theft
      OpCount chain_ops, partner_ops;
      auto chain = [&] {
        mpn_copyi(top.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
        mulexp_bits_with_columns(top.data(), s.table.data(), nb, k, s.c.ep.data(), s.c.en.data(), l, s.b, s.kc, s.e,
                                 s.scratch_a.data(), ring, &chain_ops);
        for (std::size_t i = 0; i < l; ++i) s.e.sqr(top.data(), top.data(), s.kc, s.scratch_a.data());
        if (t == Timing::chain_steals) {  // take the partner's lowest own positions, as chunk 0's task does
          to = steal_own_positions(ring, lim_lee_bit_multiplications(nb, k), 1, &from);
          chain_stole.store(true, std::memory_order_release);
          mulexp_bits(third.data(), s.table.data(), nb, k, s.c.ep.data(), s.c.en.data(), from, to, s.kc, s.e,
                      s.scratch_a.data(), nullptr);
        }
      };
      auto partner = [&] {
        // A partner later than the whole chain: waiting on the chain's signal,
        // not on a sleep, since under ThreadSanitizer on a slow host the chain
        // outlasted a 2 ms sleep.  It then finds its lowest positions taken.
        if (t == Timing::chain_steals)
          while (!chain_stole.load(std::memory_order_acquire)) std::this_thread::yield();
        if (t == Timing::partner_late) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        mpn_copyi(low.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
        mulexp_bits_producing_columns(low.data(), s.table.data(), nb, k, s.c.ep.data(), s.c.en.data(), 0, l, s.b,
                                      s.kc, s.e, s.scratch_b.data(), ring, &partner_ops);
      };
      if (t == Timing::partner_first) {
        std::thread other(partner);  // the partner waits for ring space: it needs a chain running
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        chain();
        other.join();
      } else if (t == Timing::chain_first) {
        chain();
        partner();
      } else {
        std::thread other(partner);
        chain();
        other.join();
      }
      const auto info = [&] {
        return "nb=" + std::to_string(nb) + " b=" + std::to_string(s.b) + " k=" + std::to_string(k) +
               " timing=" + std::to_string(int(t)) + " stolen=[" + std::to_string(from) + "," + std::to_string(to) + ")";
      };
      EXPECT_EQ(top, want_top) << info();
      if (to == from) EXPECT_EQ(low, want_low) << info();
      // Whatever was stolen: the partials multiply to the whole chain's value.
      std::vector<limb_t> product = top;
      s.e.mul(product.data(), product.data(), low.data(), s.kc, s.scratch_a.data());
      s.e.mul(product.data(), product.data(), third.data(), s.kc, s.scratch_a.data());
      std::vector<limb_t> want = want_all, one(s.n);
      mpn_copyi(one.data(), s.e.one(s.kc), static_cast<mp_size_t>(s.n));
      s.e.mul(want.data(), want.data(), one.data(), s.kc, s.scratch_a.data());  // the same two extra products
      s.e.mul(want.data(), want.data(), one.data(), s.kc, s.scratch_a.data());
      std::vector<limb_t> a(s.kc.n), w(s.kc.n);
      s.e.from_repr(a.data(), product.data(), s.kc, s.scratch_a.data());
      s.e.from_repr(w.data(), want.data(), s.kc, s.scratch_a.data());
      EXPECT_EQ(a, w) << info();
      EXPECT_EQ(chain_ops.sqr, s.b - l);
      if (t == Timing::chain_steals && l >= 2) EXPECT_GT(to, from) << info();  // the partner had not started
      if (t == Timing::chain_first) EXPECT_EQ(partner_ops.sqr, l);  // nothing left to form: own positions only
      if (t == Timing::partner_first) EXPECT_GT(partner_ops.mul, 0u);
    }
  }
}

TEST(ColumnProducts, RingLayoutFitsItsSpace) {
  for (std::size_t words : {1u, 7u, 8u, 80u, 1000u}) {
    std::vector<limb_t> space(column_ring_limbs(words));
    ColumnRing ring = column_ring_init(space.data(), words, 123, 4, 77);
    EXPECT_EQ(ring.done_above->load(), 123u);
    EXPECT_EQ(ring.own_range->load(), (std::uint64_t{4} << 32) | 77u);
    EXPECT_GE(ring.stride, words);
    EXPECT_LE(ring.elements + (kColumnRingSlots - 1) * ring.stride + words, space.data() + space.size());
    EXPECT_GE(reinterpret_cast<limb_t*>(ring.slots + kColumnRingSlots), space.data());
    EXPECT_LE(reinterpret_cast<limb_t*>(ring.done_above + 1), ring.elements);
  }
}

}  // namespace
}  // namespace parmod::multiexp

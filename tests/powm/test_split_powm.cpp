// Exponent splitting on the team against mpz_powm, threads 1..4 (more than
// the cores here too), odd and even moduli.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery_mul.hpp"
#include "powm/split_powm.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

TEST(SplitPowm, AgainstMpzPowmEveryThreadCount) {
  for (std::size_t n : {1u, 3u, 8u, 20u}) {
    for (bool odd : {true, false}) {
      const mpz_class P = random_modulus(n, odd);
      const modmul::ModulusConstants k(P);
      const modmul::Engine& engine = odd ? modmul::montgomery_engine : modmul::barrett_engine;
      for (std::size_t ebits : {1u, 2u, 7u, 64u, 300u, 2000u}) {
        const mpz_class b = random_below(P), e = rrandom_bits(ebits);
        const std::size_t en = mpz_size(e.get_mpz_t());
        const auto ev = limbs_of(e, en);
        mpz_class want;
        mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
        for (int threads = 1; threads <= 4; ++threads) {
          for (double phi : {0.8, 1.3}) {
            auto x = limbs_of(b, n);
            std::vector<limb_t> s(exponentiation::split_powm_scratch(n, en, engine, threads) + 1, 0x17);
            exponentiation::split_powm(x.data(), x.data(), ev.data(), en, k, engine, threads, phi, s.data());
            EXPECT_EQ(s.back(), 0x17u);
            EXPECT_EQ(value_of(x), want) << "n=" << n << " ebits=" << ebits << " T=" << threads;
          }
        }
      }
    }
  }
}

// Several user threads split exponentiations over 1 to 3 threads, the count
// changing from call to call and some calls after a pause past the workers'
// spin budget (they sleep, and the split wakes them: runtime::prewake), one
// user thread at a time owning the team: every result equals mpz_powm's.
TEST(SplitPowm, SwitchingThreadCountsFromSeveralUserThreads) {
  struct Case {
    mpz_class P, b, e, want;
    std::size_t n;
  };
  std::vector<Case> cases;
  for (std::size_t n : {4u, 12u})
    for (bool odd : {true, false}) {
      Case c;
      c.P = random_modulus(n, odd);
      c.n = n;
      c.b = random_below(c.P);
      c.e = rrandom_bits(1500);
      mpz_powm(c.want.get_mpz_t(), c.b.get_mpz_t(), c.e.get_mpz_t(), c.P.get_mpz_t());
      cases.push_back(c);
    }
  const std::uint64_t runs = runtime::team_counters().parallel_runs;
  std::atomic<int> failures{0};
  std::vector<std::thread> users;
  for (int u = 0; u < 3; ++u)
    users.emplace_back([&, u] {
      unsigned x = 777u + 1009u * static_cast<unsigned>(u);
      for (int rep = 0; rep < 20; ++rep) {
        x = x * 1103515245u + 12345u;
        const Case& c = cases[(x >> 8) % cases.size()];
        const int threads = 1 + static_cast<int>((x >> 16) % 3);
        if ((x >> 20) % 4 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
        const modmul::ModulusConstants k(c.P);
        const modmul::Engine& engine = k.odd ? modmul::montgomery_engine : modmul::barrett_engine;
        const std::size_t en = mpz_size(c.e.get_mpz_t());
        const auto ev = limbs_of(c.e, en);
        auto r = limbs_of(c.b, c.n);
        std::vector<limb_t> s(exponentiation::split_powm_scratch(c.n, en, engine, threads));
        exponentiation::split_powm(r.data(), r.data(), ev.data(), en, k, engine, threads, 1.3, s.data());
        if (value_of(r) != c.want) failures++;
      }
    });
  for (auto& t : users) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(runtime::team_counters().parallel_runs, runs);  // some splits ran on the team
}

// Called from inside a task, the split runs sequentially (runtime::run):
// chunk 0's chain absorbs every lower chunk and runs on through its bits.
struct InsideCase {
  mpz_class P, b, e, want, got[2];
};
void split_inside_task(const void* ctx, unsigned i) {
  auto& c = const_cast<InsideCase*>(static_cast<const InsideCase*>(ctx))[i];
  const modmul::ModulusConstants k(c.P);
  const modmul::Engine& engine = k.odd ? modmul::montgomery_engine : modmul::barrett_engine;
  const std::size_t n = k.n, en = mpz_size(c.e.get_mpz_t());
  const auto ev = limbs_of(c.e, en);
  for (int threads = 2; threads <= 4; ++threads) {
    auto r = limbs_of(c.b, n);
    std::vector<limb_t> s(exponentiation::split_powm_scratch(n, en, engine, threads));
    exponentiation::split_powm(r.data(), r.data(), ev.data(), en, k, engine, threads, 1.3, s.data());
    c.got[threads % 2] = value_of(r);
    if (c.got[threads % 2] != c.want) c.got[0] = -1;
  }
}
TEST(SplitPowm, InsideATaskOneChainAbsorbsEveryChunk) {
  InsideCase cases[2];
  for (int i = 0; i < 2; ++i) {
    cases[i].P = random_modulus(6, i == 0);
    cases[i].b = random_below(cases[i].P);
    cases[i].e = rrandom_bits(900 + 37 * i);
    mpz_powm(cases[i].want.get_mpz_t(), cases[i].b.get_mpz_t(), cases[i].e.get_mpz_t(), cases[i].P.get_mpz_t());
  }
  runtime::Schedule s(2);
  s.add(&split_inside_task, cases, 0, 1, 0, "split");
  s.add(&split_inside_task, cases, 1, 1, 1, "split");
  runtime::run(s, 2);
  for (const InsideCase& c : cases) {
    EXPECT_EQ(c.got[0], c.want);
    EXPECT_EQ(c.got[1], c.want);
  }
}

// One thread runs its products 5 us slower (its core shared with another
// tenant).  Slow caller: the worker, done with its chunk, finds only the
// caller's completing squarings left (they cannot be shared).  Slow worker
// (the caller slow for its first 300 products, so that the worker has taken
// its chunk): the caller, done with its own chunk, takes the lower bits of
// the worker's chain.  On a loaded host the worker also starts late (the
// boundary moves down) or not at all (the caller absorbs its chunk).
// Results equal mpz_powm's whatever the timing.
std::thread::id g_caller;
bool g_caller_is_slow = false;
std::atomic<int> g_caller_products{0};
void spin_if_slow() {
  const bool caller = std::this_thread::get_id() == g_caller;
  if (caller ? !g_caller_is_slow && g_caller_products.fetch_add(1) >= 300 : g_caller_is_slow) return;
  const std::uint64_t until = runtime::monotonic_ns() + 5000;
  while (runtime::monotonic_ns() < until) runtime::cpu_relax();
}
void slow_mul(limb_t* r, const limb_t* a, const limb_t* b, const modmul::ModulusConstants& k, limb_t* s) {
  spin_if_slow();
  modmul::montgomery_engine.mul(r, a, b, k, s);
}
void slow_sqr(limb_t* r, const limb_t* a, const modmul::ModulusConstants& k, limb_t* s) {
  spin_if_slow();
  modmul::montgomery_engine.sqr(r, a, k, s);
}
TEST(SplitPowm, ASlowThreadsBitsAreTakenOver) {
  modmul::Engine slow = modmul::montgomery_engine;
  slow.mul = &slow_mul;
  slow.sqr = &slow_sqr;
  g_caller = std::this_thread::get_id();
  for (bool caller_slow : {true, false})
  for (std::size_t ebits : {700u, 5000u}) {
    g_caller_is_slow = caller_slow;
    const mpz_class P = random_modulus(5, true);
    const modmul::ModulusConstants k(P);
    const mpz_class b = random_below(P), e = rrandom_bits(ebits);
    mpz_class want;
    mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
    const std::size_t en = mpz_size(e.get_mpz_t());
    const auto ev = limbs_of(e, en);
    for (int threads = 2; threads <= 3; ++threads)
      for (int rep = 0; rep < 3; ++rep) {
        runtime::prewake(threads);  // the workers spin: they take their chunks in time
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        g_caller_products.store(0);
        auto r = limbs_of(b, k.n);
        std::vector<limb_t> s(exponentiation::split_powm_scratch(k.n, en, slow, threads));
        exponentiation::split_powm(r.data(), r.data(), ev.data(), en, k, slow, threads, 1.3, s.data());
        EXPECT_EQ(value_of(r), want) << "ebits=" << ebits << " T=" << threads << " slow caller " << caller_slow;
      }
  }
}

}  // namespace
}  // namespace parmod::test

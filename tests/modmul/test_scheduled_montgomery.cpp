// modmul/scheduled_montgomery (the Montgomery product as one schedule of
// dependent tasks) against GMP: every n from 4 to 72 and larger sizes odd and
// even, the edge moduli (near beta^(n-1) and beta^n, all-ones limbs) and
// operands (0, 1, P - 1, ...), products and squares, in place, on one and two
// threads; the scratch at every offset from a line boundary and nothing
// written past it; several user threads at once (each keeps its own cached
// schedule); parallel_montgomery_mul routing to it by modmul.scheduled_min;
// the thread's cached schedule with its task times; and the printed schedule.
#include "modmul/scheduled_montgomery.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "config/tuning.hpp"
#include "modmul/parallel_classic.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

using namespace parmod::modmul;

constexpr limb_t kGuard = 0x77;

// A B beta^-n mod P by GMP.
mpz_class expected(const mpz_class& A, const mpz_class& B, const mpz_class& P, std::size_t n) {
  mpz_class inv;
  const mpz_class R = beta_pow(n);
  mpz_invert(inv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  return mpz_class(A * B * inv % P);
}

// r = A B R^-1 mod P on `threads`, in a fresh r, in place over a, and A^2 in place.
void check(const ModulusConstants& k, const mpz_class& P, const mpz_class& A, const mpz_class& B, int threads) {
  const std::size_t n = k.n;
  const std::size_t off = (n + static_cast<std::size_t>(threads)) % 8;
  std::vector<limb_t> storage(off + scheduled_montgomery_scratch(n) + 1, kGuard);
  limb_t* const ws = storage.data() + off;
  auto a = limbs_of(A, n), b = limbs_of(B, n);
  std::vector<limb_t> r(n);
  scheduled_montgomery_mul(r.data(), a.data(), b.data(), k, threads, ws);
  ASSERT_EQ(value_of(r), expected(A, B, P, n)) << "n=" << n << " T=" << threads << " P=" << P.get_str(16);
  scheduled_montgomery_mul(r.data(), a.data(), a.data(), k, threads, ws);
  ASSERT_EQ(value_of(r), expected(A, A, P, n)) << "square, n=" << n << " T=" << threads;
  scheduled_montgomery_mul(a.data(), a.data(), b.data(), k, threads, ws);
  ASSERT_EQ(value_of(a), expected(A, B, P, n)) << "r = a, n=" << n;
  scheduled_montgomery_mul(b.data(), b.data(), b.data(), k, threads, ws);
  ASSERT_EQ(value_of(b), expected(B, B, P, n)) << "square in place, n=" << n;
  ASSERT_EQ(storage.back(), kGuard) << "wrote past the scratch, n=" << n;
}

std::vector<std::size_t> sizes() {
  std::vector<std::size_t> s;
  for (std::size_t n = kScheduledMontgomeryMin; n <= 72; ++n) s.push_back(n);
  for (std::size_t n : {95, 96, 127, 128, 129, 191, 256, 257, 384})
    if (!reduced_sizes() || n <= 129) s.push_back(n);
  return s;
}

TEST(ScheduledMontgomery, EverySizeOneAndTwoThreads) {
  for (std::size_t n : sizes()) {
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    for (int threads : {1, 2}) {
      for (int rep = 0; rep < reps(2); ++rep) check(k, P, random_below(P), random_below(P), threads);
      check(k, P, P - 1, P - 1, threads);
    }
  }
}

TEST(ScheduledMontgomery, EdgeModuliAndOperands) {
  for (std::size_t n : {4, 5, 7, 8, 9, 16, 33, 64, 65}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (mpz_size(P.get_mpz_t()) != n) continue;
      const ModulusConstants k(P);
      const auto ops = operands_for(P, 1);
      for (std::size_t i = 0; i < ops.size(); ++i)
        for (std::size_t j = i; j < ops.size(); j += 2) check(k, P, ops[i], ops[j], 1 + static_cast<int>((i + j) % 2));
    }
  }
}

// Two user threads with moduli of different sizes at once: each thread's
// cached schedule stays its own; one of them finds the team busy at times.
TEST(ScheduledMontgomery, SeveralUserThreads) {
  std::vector<mpz_class> moduli;
  for (std::size_t n : {8, 40, 129}) moduli.push_back(random_modulus(n, true));
  std::vector<std::vector<mpz_class>> operands(moduli.size());
  for (std::size_t i = 0; i < moduli.size(); ++i)
    for (int j = 0; j < 8; ++j) operands[i].push_back(random_below(moduli[i]));
  std::vector<std::thread> users;
  std::vector<int> failures(moduli.size(), 0);
  for (std::size_t i = 0; i < moduli.size(); ++i) {
    users.emplace_back([&, i] {
      const mpz_class& P = moduli[i];
      const ModulusConstants k(P);
      const std::size_t n = k.n;
      std::vector<limb_t> ws(scheduled_montgomery_scratch(n)), r(n);
      for (int round = 0; round < 40; ++round) {
        const mpz_class& A = operands[i][static_cast<std::size_t>(round) % 8];
        const mpz_class& B = operands[i][static_cast<std::size_t>(round + 3) % 8];
        auto a = limbs_of(A, n), b = limbs_of(B, n);
        scheduled_montgomery_mul(r.data(), a.data(), round % 3 == 0 ? a.data() : b.data(), k, 2, ws.data());
        if (value_of(r) != expected(A, round % 3 == 0 ? A : B, P, n)) ++failures[i];
      }
    });
  }
  for (auto& u : users) u.join();
  for (std::size_t i = 0; i < moduli.size(); ++i) EXPECT_EQ(failures[i], 0) << "user thread " << i;
}

// parallel_montgomery_mul takes the schedule from modmul.scheduled_min limbs on
// two threads (and the engine's products split from there), not below it.
TEST(ScheduledMontgomery, TheKeyRoutesTheSplitProduct) {
  config::Tuning t = config::tuning();
  t.modmul_scheduled_min = 24;
  t.mul_health_pct = 0;  // the choice must not depend on how loaded the test machine is
  const config::ScopedTuning scoped(t);
  EXPECT_TRUE(montgomery_products_split(24, 2));
  EXPECT_FALSE(montgomery_products_split(24, 1));
  for (std::size_t n : {23, 24, 25, 100}) {
    const mpz_class P = random_modulus(n, true);
    const ModulusConstants k(P);
    std::vector<limb_t> ws(parallel_classic_scratch(n)), r(n);
    for (const mpz_class& A : operands_for(P, 2)) {
      const mpz_class B = random_below(P);
      auto a = limbs_of(A, n), b = limbs_of(B, n);
      parallel_montgomery_mul(r.data(), a.data(), b.data(), k, 2, ws.data());
      ASSERT_EQ(value_of(r), expected(A, B, P, n)) << "n=" << n;
      parallel_montgomery_mul(a.data(), a.data(), a.data(), k, 2, ws.data());
      ASSERT_EQ(value_of(a), expected(A, A, P, n)) << "square, n=" << n;
    }
  }
}

// The calling thread's cached schedules (for parmod-bench timeline): one per
// kind once a call of that kind ran, another thread's own; timed, the last
// task (REDC) starts after every other task of the call finished.
TEST(ScheduledMontgomery, TheThreadsCachedScheduleIsTimed) {
  const std::size_t n = 40;
  const mpz_class P = random_modulus(n, true);
  const ModulusConstants k(P);
  std::vector<limb_t> ws(scheduled_montgomery_scratch(n)), r(n);
  const auto a = limbs_of(random_below(P), n), b = limbs_of(random_below(P), n);
  std::thread([] {
    EXPECT_EQ(scheduled_montgomery_schedule(false), nullptr);
    EXPECT_EQ(scheduled_montgomery_schedule(true), nullptr);
  }).join();
  scheduled_montgomery_mul(r.data(), a.data(), b.data(), k, 2, ws.data());
  runtime::Schedule* s = scheduled_montgomery_schedule(false);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->size(), 12);
  s->set_timed(true);
  scheduled_montgomery_mul(r.data(), a.data(), b.data(), k, 2, ws.data());
  ASSERT_EQ(scheduled_montgomery_schedule(false), s);  // same size, threads and scratch: the same schedule
  EXPECT_EQ(value_of(r), expected(value_of(a), value_of(b), P, n));
  const int last = s->size() - 1;
  EXPECT_GT(s->finished_ns(last), 0u);
  for (int i = 0; i < last; ++i) EXPECT_GE(s->started_ns(last), s->finished_ns(i)) << i;
  s->set_timed(false);
  scheduled_montgomery_mul(r.data(), a.data(), a.data(), k, 2, ws.data());
  ASSERT_NE(scheduled_montgomery_schedule(true), nullptr);
  EXPECT_EQ(scheduled_montgomery_schedule(true)->size(), 11);
}

TEST(ScheduledMontgomery, ThePrintedSchedule) {
  const std::string product = describe_scheduled_montgomery(128, false, 2);
  const std::string square = describe_scheduled_montgomery(128, true, 2);
  EXPECT_NE(product.find("12 tasks"), std::string::npos) << product;
  EXPECT_NE(square.find("11 tasks"), std::string::npos) << square;
  for (const char* name : {"T mod beta^n", "Q P mod beta^L - 1", "Q P mod beta^L + 1", "CRT"})
    EXPECT_NE(square.find(name), std::string::npos) << name;
  EXPECT_NE(square.find("A0^2"), std::string::npos);
  EXPECT_NE(product.find("M, rows [0, g)"), std::string::npos);
}

}  // namespace
}  // namespace parmod::test

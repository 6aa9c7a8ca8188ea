// The thread-count rule, and several user threads sharing one Modulus.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <thread>

#include "parmod/parmod.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

struct EnvGuard {
  EnvGuard() {
    unsetenv("PARMOD_NUM_THREADS");
    unsetenv("OMP_NUM_THREADS");
    set_num_threads(0);
  }
  ~EnvGuard() {
    unsetenv("PARMOD_NUM_THREADS");
    unsetenv("OMP_NUM_THREADS");
    set_num_threads(0);
  }
};

TEST(Threads, RuleOrder) {
  EnvGuard g;
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(get_num_threads(), cores > 0 ? cores : 1);
  setenv("OMP_NUM_THREADS", "5,2", 1);
  EXPECT_EQ(get_num_threads(), 5);
  setenv("PARMOD_NUM_THREADS", "3", 1);
  EXPECT_EQ(get_num_threads(), 3);
  set_num_threads(7);
  EXPECT_EQ(get_num_threads(), 7);
  EXPECT_EQ(resolve_num_threads(2), 2);
  EXPECT_EQ(Modulus(101, Algorithm::automatic, 4).threads(), 4);
  EXPECT_EQ(Modulus(101).threads(), 7);
  set_num_threads(0);
  EXPECT_EQ(get_num_threads(), 3);
  setenv("PARMOD_NUM_THREADS", "junk", 1);
  EXPECT_EQ(get_num_threads(), 5);
  setenv("PARMOD_NUM_THREADS", "-4", 1);
  setenv("OMP_NUM_THREADS", "0", 1);
  EXPECT_EQ(get_num_threads(), cores > 0 ? cores : 1);
}

TEST(Threads, EightUserThreadsShareOneModulus) {
  const mpz_class P = random_modulus(24, true);
  const Modulus mod(P);
  const Modulus bar(P, Algorithm::barrett);
  std::vector<mpz_class> as, bs;
  for (int i = 0; i < 64; ++i) {
    as.push_back(random_below(P));
    bs.push_back(rrandom_bits(100));
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int rep = 0; rep < 40; ++rep) {
        const int i = (t * 7 + rep) % 64;
        mpz_class want;
        mpz_powm(want.get_mpz_t(), as[i].get_mpz_t(), bs[i].get_mpz_t(), P.get_mpz_t());
        if (mod.pow(as[i], bs[i]) != want || bar.pow(as[i], bs[i]) != want) ++failures;
        if (mod.mul(as[i], as[(i + 1) % 64]) != mpz_class(as[i] * as[(i + 1) % 64] % P)) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace parmod::test

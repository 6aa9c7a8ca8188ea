// pow under automatic after a pause past the workers' spin budget (the
// worker asleep at the call): one thread; two threads with
// powm.square_chain_asleep_min_bits 0 (the squaring chain whether or not the
// worker is awake, the zen4 row before 2026-12-03 evening); two threads with
// the tuning in force (the CPU family's row).  The three alternated call by
// call, each after its own pause, each result checked against mpz_powm.
// Usage: after_pause BITS CALLS PAUSE_US
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "config/tuning.hpp"
#include "parmod/parmod.hpp"

using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  if (argc != 4) return std::fprintf(stderr, "usage: after_pause BITS CALLS PAUSE_US\n"), 2;
  const int bits = std::atoi(argv[1]), calls = std::atoi(argv[2]), pause_us = std::atoi(argv[3]);
  gmp_randclass rnd(gmp_randinit_default);
  rnd.seed(bits);
  mpz_class P = rnd.get_z_bits(bits), b, e = rnd.get_z_bits(bits), want;
  mpz_setbit(P.get_mpz_t(), bits - 1);
  mpz_setbit(P.get_mpz_t(), 0);
  mpz_setbit(e.get_mpz_t(), bits - 1);
  b = rnd.get_z_range(P);
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  parmod::Modulus m1(P, parmod::Algorithm::automatic, 1), m2(P, parmod::Algorithm::automatic, 2);
  parmod::config::Tuning chain_always = parmod::config::tuning();
  chain_always.powm_square_chain_asleep_min_bits = 0;
  std::vector<double> t[3];
  for (int i = 0; i < calls; ++i)
    for (int v = 0; v < 3; ++v) {
      std::this_thread::sleep_for(std::chrono::microseconds(pause_us));
      mpz_class got;
      const auto a = Clock::now();
      if (v == 0) {
        got = m1.pow(b, e);
      } else if (v == 1) {
        const parmod::config::ScopedTuning scoped(chain_always);
        got = m2.pow(b, e);
      } else {
        got = m2.pow(b, e);
      }
      t[v].push_back(std::chrono::duration<double, std::micro>(Clock::now() - a).count());
      if (got != want) return std::fprintf(stderr, "variant %d: wrong result\n", v), 1;
    }
  auto median = [](std::vector<double> x) {
    std::sort(x.begin(), x.end());
    return x[x.size() / 2];
  };
  const double one = median(t[0]), before = median(t[1]), after = median(t[2]);
  std::printf("| %d | %d | %d | %.0f | %.0f | %.3f | %.0f | %.3f |\n", bits, pause_us, calls, one, before, before / one,
              after, after / one);
}

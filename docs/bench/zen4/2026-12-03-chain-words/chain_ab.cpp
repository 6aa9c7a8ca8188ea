// The squaring chain of the commit before (whole powers published, compiled
// from that commit's src/powm/square_chain_powm.cpp as old_chain_powm by
// run_chain_ab.sh) against this tree's (multiplier words), on automatic's two-thread
// chain engine, alternated call by call in one process, each result checked
// against mpz_powm; pow through the API on one and two threads beside them.
// Usage: chain_ab BITS CALLS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "api/modulus_state.hpp"
#include "powm/square_chain_powm.hpp"

namespace parmod::exponentiation {
void old_chain_powm(limb_t* r, const limb_t* b, const limb_t* ep, std::size_t en, const modmul::ModulusConstants& k,
                    const modmul::Engine& engine, int threads, limb_t* scratch) noexcept;
std::size_t old_chain_powm_scratch(std::size_t n, std::size_t en, const modmul::Engine& engine) noexcept;
}  // namespace parmod::exponentiation

using namespace parmod;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  if (argc != 3) return std::fprintf(stderr, "usage: chain_ab BITS CALLS\n"), 2;
  const int bits = std::atoi(argv[1]), calls = std::atoi(argv[2]);
  gmp_randclass rnd(gmp_randinit_default);
  rnd.seed(bits);
  mpz_class P = rnd.get_z_bits(bits), b, e = rnd.get_z_bits(bits);
  mpz_setbit(P.get_mpz_t(), bits - 1);
  mpz_setbit(P.get_mpz_t(), 0);
  mpz_setbit(e.get_mpz_t(), bits - 1);
  b = rnd.get_z_range(P);
  Modulus m1(P, Algorithm::automatic, 1), m2(P, Algorithm::automatic, 2);
  const detail::ModulusState& s2 = *api::state_of(m2);
  const modmul::BoundEngine& chain = s2.chain_bound ? *s2.chain_bound : s2.bound;
  const modmul::ModulusConstants& k = *chain.k;
  const modmul::Engine& engine = *chain.engine;
  const std::size_t n = k.n, en = mpz_size(e.get_mpz_t());
  std::vector<limb_t> bl(n), el(en), r(n);
  mpz_export(bl.data(), nullptr, -1, sizeof(limb_t), 0, 0, b.get_mpz_t());
  mpz_export(el.data(), nullptr, -1, sizeof(limb_t), 0, 0, e.get_mpz_t());
  std::vector<limb_t> s_old(exponentiation::old_chain_powm_scratch(n, en, engine));
  std::vector<limb_t> s_new(exponentiation::square_chain_powm_scratch(n, en, engine));
  mpz_class want, got;
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
  auto check = [&](const char* what) {
    mpz_import(got.get_mpz_t(), n, -1, sizeof(limb_t), 0, 0, r.data());
    if (got != want) std::fprintf(stderr, "%s: wrong result\n", what), std::exit(1);
  };
  std::vector<double> t_old, t_new, ratio, t1, t2;
  auto us = [](Clock::time_point a, Clock::time_point z) { return std::chrono::duration<double, std::micro>(z - a).count(); };
  for (int i = 0; i < calls + 5; ++i) {
    auto a = Clock::now();
    exponentiation::old_chain_powm(r.data(), bl.data(), el.data(), en, k, engine, 2, s_old.data());
    auto z = Clock::now();
    check("chain before");
    auto a2 = Clock::now();
    exponentiation::square_chain_powm(r.data(), bl.data(), el.data(), en, k, engine, 2, s_new.data());
    auto z2 = Clock::now();
    check("chain after");
    auto a3 = Clock::now();
    got = m1.pow(b, e);
    auto z3 = Clock::now();
    if (got != want) return std::fprintf(stderr, "pow T=1: wrong result\n"), 1;
    auto a4 = Clock::now();
    got = m2.pow(b, e);
    auto z4 = Clock::now();
    if (got != want) return std::fprintf(stderr, "pow T=2: wrong result\n"), 1;
    if (i < 5) continue;  // warm-up
    t_old.push_back(us(a, z));
    t_new.push_back(us(a2, z2));
    ratio.push_back(t_new.back() / t_old.back());
    t1.push_back(us(a3, z3));
    t2.push_back(us(a4, z4));
  }
  auto q = [](std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
  };
  std::printf("| %d | %s | %d | %.0f (%.0f) | %.0f (%.0f) | %.3f | %.0f | %.0f |\n", bits, engine.name, calls,
              q(t_old, .5), q(t_old, .1), q(t_new, .5), q(t_new, .1), q(ratio, .5), q(t1, .5), q(t2, .5));
}

// The constant-time CRT steps (consttime/constant_time_crt.hpp), the secret
// modulus constants and the radix-2^52 constant-time exponentiation against GMP.
#include <gtest/gtest.h>

#include <thread>

#include "consttime/constant_time_crt.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm52.hpp"
#include "consttime/secret_modulus.hpp"
#include "consttime/secret_reduce.hpp"
#include "consttime/wiped_limbs.hpp"
#include "limbs/cpu_features.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
#include "support/random_operands.hpp"

namespace parmod::test {
namespace {

mpz_class next_prime(const mpz_class& x) {
  mpz_class p;
  mpz_nextprime(p.get_mpz_t(), x.get_mpz_t());
  return p;
}

TEST(SecretModulus, MatchesModulusConstants) {
  for (std::size_t n = 1; n <= 40; n += (n < 10 ? 1 : 9)) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P < 3) continue;
      const modmul::ModulusConstants k(P);
      const std::size_t bits = mpz_sizeinbase(P.get_mpz_t(), 2);
      const bool digits = modmul::montgomery52_available(bits);
      consttime::SecretModulus s;
      s.allocate(n, bits, digits);
      consttime::WipedLimbs scratch(consttime::secret_modulus_scratch(n, bits));
      const auto pl = limbs_of(P, n);
      s.fill(pl.data(), scratch.data());
      EXPECT_EQ(s.k.mu0, k.mu0) << P;
      EXPECT_EQ(value_of(s.k.r_mod_p), value_of(k.r_mod_p)) << P;
      EXPECT_EQ(value_of(s.k.r2_mod_p), value_of(k.r2_mod_p)) << P;
      if (digits) {
        const modmul::Montgomery52Constants c(P);
        EXPECT_EQ(s.c.digits, c.digits);
        EXPECT_EQ(s.c.lanes, c.lanes);
        EXPECT_EQ(s.c.vectors, c.vectors);
        EXPECT_EQ(s.c.words, c.words);
        EXPECT_EQ(s.c.k0, c.k0);
        EXPECT_TRUE(std::equal(c.p.begin(), c.p.end(), s.c.p.begin()));
        EXPECT_TRUE(std::equal(c.r2.begin(), c.r2.end(), s.c.r2.begin()));
        EXPECT_TRUE(std::equal(c.one.begin(), c.one.end(), s.c.one.begin()));
        EXPECT_EQ(s.c.r_mod_p, c.r_mod_p);
      }
    }
  }
}

TEST(ConstantTimePowm52, AgainstMpzPowm) {
  if (!limbs::cpu_has_avx512_ifma()) GTEST_SKIP() << "no AVX-512 IFMA (or PARMOD_NO_IFMA)";
  for (std::size_t n : {1u, 2u, 5u, 8u, 16u, 25u, 40u, 64u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P < 3) continue;
      const modmul::Montgomery52Constants c(P);
      const auto pl = limbs_of(P, n);
      for (std::size_t ebits : {1u, 7u, 64u, 65u, 300u, 1100u}) {
        for (const mpz_class& b : {random_below(P), mpz_class(0), mpz_class(1), mpz_class(P - 1)}) {
          const mpz_class e = rrandom_bits(ebits);
          const std::size_t en = std::max<std::size_t>(1, mpz_size(e.get_mpz_t()));
          auto x = limbs_of(b, n);
          const auto ev = limbs_of(e, en);
          consttime::WipedLimbs s(consttime::constant_time_powm52_scratch(c, en) + 1);
          s.data()[s.size() - 1] = 0x42;
          consttime::constant_time_powm52(x.data(), x.data(), ev.data(), en, pl.data(), c, s.data());
          EXPECT_EQ(s.data()[s.size() - 1], 0x42u);
          mpz_class want;
          mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
          EXPECT_EQ(value_of(x), want) << "n=" << n << " ebits=" << ebits << " P=" << P;
        }
      }
    }
  }
}

// P's constants, filled the constant-time way.
struct Filled {
  consttime::SecretModulus m;
  explicit Filled(const mpz_class& P) {
    const std::size_t n = mpz_size(P.get_mpz_t()), bits = mpz_sizeinbase(P.get_mpz_t(), 2);
    m.allocate(n, bits, false);
    const auto pl = limbs_of(P, n);
    std::vector<limb_t> s(consttime::secret_modulus_scratch(n, bits));
    m.fill(pl.data(), s.data());
  }
};

TEST(ConstantTimeCrt, ReduceAndPrimeExponent) {
  for (std::size_t n : {1u, 2u, 3u, 8u, 17u}) {
    for (const mpz_class& P : edge_moduli(n, true)) {
      if (P < 3) continue;
      const auto pl = limbs_of(P, n);
      const std::size_t pbits = mpz_sizeinbase(P.get_mpz_t(), 2);
      const Filled f(P);
      for (std::size_t an : {std::size_t(0), std::size_t(1), n, n + 1, 2 * n + 3}) {
        for (const mpz_class& a : {an ? rrandom_bits(64 * an - 1) + 1 : mpz_class(0),
                                   an ? mpz_class((mpz_class(1) << (64 * an)) - 1) : mpz_class(0)}) {
          const auto al = limbs_of(a, std::max<std::size_t>(an, mpz_size(a.get_mpz_t())));
          std::vector<limb_t> r(n), s(consttime::reduce_ct_scratch(al.size(), n));
          consttime::reduce_ct(r.data(), al.data(), al.size(), f.m, s.data());
          EXPECT_EQ(value_of(r), py_mod(a, P)) << "a=" << a << " P=" << P;
          if (a == 0) continue;
          std::vector<limb_t> t(consttime::prime_exponent_ct_scratch(al.size(), n));
          consttime::prime_exponent_ct(r.data(), al.data(), al.size(), pl.data(), n, pbits, t.data());
          EXPECT_EQ(value_of(r), py_mod(a - 1, P - 1) + 1) << "a=" << a << " P=" << P;
        }
      }
    }
  }
}

TEST(SecretReduce, AnyModulusAndPowersOfTwo) {
  for (std::size_t n : {1u, 2u, 3u, 9u}) {
    for (const mpz_class& M : edge_moduli(n, false)) {
      if (M < 2) continue;
      const std::size_t mbits = mpz_sizeinbase(M.get_mpz_t(), 2);
      const auto ml = limbs_of(M, n);
      std::vector<limb_t> r(n), s(std::max(consttime::reduce_secret_scratch(2 * n + 1, n), 2 * n + 1));
      for (std::size_t an : {std::size_t(0), std::size_t(1), n, n + 1, 2 * n + 1}) {
        const mpz_class a = an ? rrandom_bits(64 * an) : mpz_class(0);
        const auto al = limbs_of(a, an);
        consttime::reduce_secret(r.data(), al.data(), an, ml.data(), n, mbits, s.data());
        EXPECT_EQ(value_of(r), py_mod(a, M)) << "a=" << a << " M=" << M;
      }
      for (std::size_t k : {mbits - 1, mbits, 64 * n, 128 * n + 64, 52 * n + 100}) {
        if (k < mbits - 1 || mpz_popcount(M.get_mpz_t()) == 1) continue;  // M a power of two: outside the contract
        consttime::pow2_reduce_secret(r.data(), k, ml.data(), n, mbits, s.data());
        mpz_class want;
        mpz_powm_ui(want.get_mpz_t(), mpz_class(2).get_mpz_t(), k, M.get_mpz_t());
        EXPECT_EQ(value_of(r), want) << "k=" << k << " M=" << M;
      }
    }
  }
}

TEST(ConstantTimeCrt, InverseAndGarner) {
  for (std::size_t np : {1u, 2u, 4u, 16u}) {
    for (std::size_t nq : {np, np + 1, np > 1 ? np - 1 : std::size_t(1)}) {
      const mpz_class p = next_prime(rrandom_bits(64 * np - 1) | (mpz_class(1) << (64 * np - 1)));
      const mpz_class q = next_prime(rrandom_bits(64 * nq - 2) | (mpz_class(1) << (64 * nq - 2)));
      if (p == q || mpz_size(p.get_mpz_t()) != np || mpz_size(q.get_mpz_t()) != nq) continue;
      const auto pl = limbs_of(p, np), ql = limbs_of(q, nq);
      const Filled fp(p);
      std::vector<limb_t> qinv(np);
      ASSERT_TRUE(consttime::blinded_inverse(qinv.data(), ql.data(), nq, fp.m));
      mpz_class want;
      mpz_invert(want.get_mpz_t(), q.get_mpz_t(), p.get_mpz_t());
      EXPECT_EQ(value_of(qinv), want);
      for (const mpz_class& x : {random_below(p * q), mpz_class(0), mpz_class(p * q - 1), mpz_class(p), mpz_class(q)}) {
        const auto xp = limbs_of(py_mod(x, p), np), xq = limbs_of(py_mod(x, q), nq);
        std::vector<limb_t> r(np + nq), g(consttime::garner_ct_scratch(np, nq));
        consttime::garner_ct(r.data(), xp.data(), xq.data(), fp.m, ql.data(), nq, qinv.data(), g.data());
        EXPECT_EQ(value_of(r), x) << "np=" << np << " nq=" << nq;
      }
      // Not coprime: p against p (as "q") has no inverse.
      EXPECT_FALSE(consttime::blinded_inverse(qinv.data(), pl.data(), np, fp.m));
    }
  }
}

// rsa_half_ct_step: the step count (1 + 1..kHalfMaxWindowSteps, 1 in radix
// 2^52), and the steps (in radix 2^64, 2^52 and 2^28) run alternately on two threads (each step after the
// other thread's last: join orders them) give b^e mod P, as rsa_half_ct.
TEST(ConstantTimeCrt, HalfStepsOnAlternatingThreads) {
  for (std::size_t n : {1u, 2u, 16u, 33u}) {
    const mpz_class p = next_prime(rrandom_bits(64 * n - 1) | (mpz_class(1) << (64 * n - 1)));
    if (mpz_size(p.get_mpz_t()) != n) continue;
    const std::size_t bits = mpz_sizeinbase(p.get_mpz_t(), 2);
    for (const mpz_class& e : {mpz_class(1), rrandom_bits(64 * n + 70), mpz_class(p - 1)}) {
      const mpz_class b = rrandom_bits(64 * n + 64);
      const auto pl = limbs_of(p, n), bl = limbs_of(b, mpz_size(b.get_mpz_t())), el = limbs_of(e, mpz_size(e.get_mpz_t()));
      for (int radix : {64, 52, 28}) {  // 52 and 28 where the CPU has them
        const bool digits = radix == 52, digits28 = radix == 28;
        if ((digits && !modmul::montgomery52_available(bits)) || (digits28 && !modmul::montgomery28_available(bits)))
          continue;
        consttime::SecretModulus m;
        m.allocate(n, bits, digits, digits28);
        const std::size_t steps = consttime::rsa_half_ct_steps(m);
        if (digits) EXPECT_EQ(steps, 1u);
        else EXPECT_TRUE(steps >= 2 && steps <= 1 + consttime::kHalfMaxWindowSteps) << steps;
        std::vector<limb_t> x(n);
        consttime::WipedLimbs scratch(consttime::rsa_half_ct_scratch(m, bl.size(), el.size()));
        for (std::size_t i = 0; i < steps; ++i) {
          auto step = [&] {
            consttime::rsa_half_ct_step(i, x.data(), bl.data(), bl.size(), false, el.data(), el.size(), pl.data(), m,
                                        scratch.data());
          };
          if (i % 2) {
            std::thread t(step);
            t.join();
          } else {
            step();
          }
        }
        mpz_class want;
        mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), p.get_mpz_t());
        EXPECT_EQ(value_of(x), want) << "n=" << n << " radix=" << radix;
      }
    }
  }
}

}  // namespace
}  // namespace parmod::test

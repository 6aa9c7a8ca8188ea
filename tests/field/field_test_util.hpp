// tests/field/field_test_util.hpp - shared helpers of the field tests: the
// named primes (with their defining formulas), random primes per limb count,
// the edge moduli, conversions between mpz and raw limbs, and elements in the
// unreduced lazy form.  Random operands come from support/random_operands.hpp.
#pragma once

#include <gmpxx.h>

#include "parmod/field/fp.hpp"
#include "support/random_operands.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fieldtest {

struct NamedPrime {
  std::string name;
  mpz_class p;
  mpz_class formula;  // the same prime from its specification's definition
  int limbs;
};

// P-256 (FIPS 186), secp256k1 (SEC 2), BN254 base field (Barreto-Naehrig,
// u = 4965661367192848881), BLS12-381 base field (u = -0xd201000000010000),
// P-384 (FIPS 186).  Indices 0..3 are used by name in some tests.
inline std::vector<NamedPrime> named_primes() {
  std::vector<NamedPrime> v;
  mpz_class two = 2;
  auto pw = [](unsigned e) { mpz_class r = 1; r <<= e; return r; };
  v.push_back({"P-256", mpz_class("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16),
               pw(256) - pw(224) + pw(192) + pw(96) - 1, 4});
  v.push_back({"secp256k1", mpz_class("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16),
               pw(256) - pw(32) - 977, 4});
  mpz_class u("4965661367192848881");
  v.push_back({"BN254", mpz_class("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", 16),
               36 * u * u * u * u + 36 * u * u * u + 24 * u * u + 6 * u + 1, 4});
  mpz_class x = -mpz_class("d201000000010000", 16);
  mpz_class x2 = x * x;
  v.push_back({"BLS12-381",
               mpz_class("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16),
               (x - 1) * (x - 1) * (x2 * x2 - x2 + 1) / 3 + x, 6});
  v.push_back({"P-384",  // FIPS 186-4 D.1.2.4 / SP 800-186: its own mulx/adx kernel
               mpz_class("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", 16),
               pw(384) - pw(128) - pw(96) + pw(32) - 1, 6});
  return v;
}

// The tests' generator and repetition factor (support/random_operands.hpp).
using parmod::test::reps;
using parmod::test::Rng;

// A random prime of exactly `bits` bits, = 3 mod 4 if `three_mod_four`.
inline mpz_class random_prime(Rng& rng, unsigned bits, bool three_mod_four) {
  for (;;) {
    mpz_class x = rng.bits(bits) | (mpz_class(1) << (bits - 1));
    mpz_nextprime(x.get_mpz_t(), x.get_mpz_t());
    if (mpz_sizeinbase(x.get_mpz_t(), 2) != bits) continue;
    if (three_mod_four && mpz_fdiv_ui(x.get_mpz_t(), 4) != 3) continue;
    return x;
  }
}

// Test moduli for N limbs: full size (strict), 64N-2 bits (lazy, p < R/4),
// 64N-5 bits (lazy, p < R/16), 64(N-1)+3 bits (small); all = 3 mod 4; plus
// the named primes of that size.
inline std::vector<std::pair<std::string, mpz_class>> moduli_for(int n, unsigned long seed) {
  Rng rng(seed * 7919 + n);
  std::vector<std::pair<std::string, mpz_class>> v;
  v.push_back({"random-full", random_prime(rng, 64 * n, true)});
  v.push_back({"random-R/2", random_prime(rng, 64 * n - 1, true)});  // strict, p < R/2 (narrow adx kernel)
  v.push_back({"random-R/4", random_prime(rng, 64 * n - 2, true)});
  v.push_back({"random-R/16", random_prime(rng, 64 * n - 5, true)});
  v.push_back({"random-small", random_prime(rng, 64 * (n - 1) + 3, true)});
  for (auto& np : named_primes())
    if (np.limbs == n) v.push_back({np.name, np.p});
  return v;
}

// The single-operation kernel paths this CPU runs: portable, and mulx/adx
// where it has BMI2/ADX.
inline std::vector<parmod::FieldPath> paths() {
  std::vector<parmod::FieldPath> v{parmod::FieldPath::portable};
  if (parmod::cpu_has_mulx_adx()) v.push_back(parmod::FieldPath::mulx_adx);
  return v;
}

// The largest prime below x (x > 3).
inline mpz_class prime_below(mpz_class x) {
  x -= 1;
  if (mpz_even_p(x.get_mpz_t())) x -= 1;
  while (mpz_probab_prime_p(x.get_mpz_t(), 30) == 0) x -= 2;
  return x;
}

// Moduli at the edges of N limbs: the largest prime below 2^(64N) (strict,
// p >= R/2), the smallest prime above 2^(64(N-1)), the largest prime below
// 2^(64N-2) (lazy, just under R/4), and the small primes 3, 5, 7.
inline std::vector<std::pair<std::string, mpz_class>> edge_moduli(int n) {
  std::vector<std::pair<std::string, mpz_class>> v;
  v.push_back({"below 2^64N", prime_below(mpz_class(1) << (64 * n))});
  mpz_class above, low = mpz_class(1) << (64 * (n - 1));
  mpz_nextprime(above.get_mpz_t(), low.get_mpz_t());
  v.push_back({"above 2^64(N-1)", above});
  v.push_back({"below 2^(64N-2)", prime_below(mpz_class(1) << (64 * n - 2))});
  for (int p : {3, 5, 7}) v.push_back({"p=" + std::to_string(p), mpz_class(p)});
  return v;
}

inline mpz_class from_limbs(const std::uint64_t* v, int n) {
  mpz_class r;
  mpz_import(r.get_mpz_t(), n, -1, 8, 0, 0, v);
  return r;
}
inline void to_limbs(std::uint64_t* out, int n, const mpz_class& x) {
  for (int i = 0; i < n; ++i) out[i] = 0;
  mpz_export(out, nullptr, -1, 8, 0, 0, x.get_mpz_t());
}

// An element for the integer x, with the representation moved into [p, 2p)
// when lazy and `high` is set (same residue, unreduced form).
template <int N>
typename parmod::Fp<N>::Element element(const parmod::Fp<N>& F, const mpz_class& x, bool high) {
  auto e = F.from_mpz(x);
  if (high && F.lazy()) {
    mpz_class raw = from_limbs(e.v, N) % F.modulus() + F.modulus();
    to_limbs(e.v, N, raw);
  }
  return e;
}

// Calls f.template operator()<N>() for N = 2..8.
template <class F>
void for_each_n(F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (f.template operator()<I + 2>(), ...); }
  (std::make_integer_sequence<int, 7>{});
}

}  // namespace fieldtest

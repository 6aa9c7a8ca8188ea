// tests/field/ct_check.cpp - constant-time check of the field operations,
// run under `valgrind --tool=memcheck --error-exitcode=1` (tests/field/CMakeLists.txt).
//
// The operands' bytes are marked undefined (VALGRIND_MAKE_MEM_UNDEFINED);
// memcheck then reports any conditional branch or memory address that
// depends on them.  The modulus, the context and the exponents are public and
// stay defined.  Covers Fp<N> (both kernel paths, strict and lazy moduli;
// inv is the binary GCD of inverse_bingcd.hpp, also run on zero, on a lazy
// representation and with its portable inner loop),
// Fp2 and the three Fp6 multiplications.  Exits 0 if nothing was reported.
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "parmod/field.hpp"

namespace {

template <class T>
void secret(T& x) {
  VALGRIND_MAKE_MEM_UNDEFINED(&x, sizeof x);
}
template <class T>
void declassify(T& x) {
  VALGRIND_MAKE_MEM_DEFINED(&x, sizeof x);
}

unsigned long sink = 0;
template <class T>
void consume(T x) {
  declassify(x);
  unsigned char b[sizeof x];
  std::memcpy(b, &x, sizeof x);
  for (unsigned char c : b) sink = sink * 31 + c;
}

template <int N>
void check(const char* hex, parmod::FieldPath path, parmod::SmallComplex xi) {
  using F = parmod::Fp<N>;
  using F2 = parmod::Fp2<F>;
  F f(mpz_class(hex, 16), path);
  F2 f2(f);
  parmod::Fp6<F2> f6(f2, xi);
  // operands made from public integers, then declared secret
  auto a = f.from_mpz(mpz_class("123456789123456789123456789")), b = f.from_mpz(mpz_class(-987654321));
  secret(a);
  secret(b);
  consume(f.add(a, b));
  consume(f.sub(a, b));
  consume(f.neg(a));
  consume(f.dbl(a));
  consume(f.half(a));
  consume(f.mul(a, b));
  consume(f.sqr(a));
  consume(f.mul_small(a, 9));
  consume(f.inv(a));  // the constant-time binary GCD (inverse_bingcd.hpp)
  consume(f.inv_fermat(a));
  consume(f.pow(a, f.modulus() - 2));
  consume(f.equal_mask(a, b));
  consume(f.canonical(a));
  unsigned char bytes[64];
  f.to_bytes(bytes, a);
  consume(bytes);
  typename F::Element back;
  bool ok = f.from_bytes(back, bytes);
  consume(ok);
  consume(back);
  {
    // the binary GCD on other secrets: zero, a lazy representation in [p, 2p)
    // (when lazy), and its portable inner loop (what non-x86-64 targets run)
    auto z = f.zero(), h = f.canonical(a);
    if (f.lazy()) {
      unsigned char c = 0;
      for (int i = 0; i < N; ++i) c = parmod::field::limbs::adc(c, h.v[i], f.modulus_limbs()[i], &h.v[i]);
    }
    secret(z);
    secret(h);
    consume(f.inv(z));
    consume(f.inv(h));
    typename F::Element r, c = f.one();
    parmod::field::bingcd::inverse<N, true>(r.v, a.v, f.modulus_limbs(), f.pinv(), c.v, f.bits());
    consume(r);
  }
  typename F2::Element x{a, b}, y{b, a};
  consume(f2.mul(x, y));
  consume(f2.sqr(x));
  consume(f2.mul_xi(x, xi));
  consume(f2.inv(x));
  typename parmod::Fp6<F2>::Element u{{x, y, x}}, v{{y, y, x}};
  consume(f6.mul_schoolbook(u, v));
  consume(f6.mul_karatsuba3(u, v));
  consume(f6.mul_toom3i(u, v));
  consume(f6.sqr4_toom3i(u));
}

// The mulx/adx kernels called directly: valgrind's virtual CPU hides ADX from
// cpuid (so Fp<N> picks the portable path under valgrind), but executes it.
template <int N>
void check_adx_kernels(const char* hex) {
#if defined(PARMOD_FIELD_HAVE_ADX_KERNEL)
  parmod::Fp<N> f(mpz_class(hex, 16), parmod::FieldPath::portable);
  auto a = f.from_mpz(mpz_class("123456789123456789123456789")), b = f.from_mpz(mpz_class(-987654321));
  secret(a);
  secret(b);
  typename parmod::Fp<N>::Element r;
  parmod::field::fips::mul_adx<N, true>(r.v, a.v, b.v, f.modulus_limbs(), f.pinv());
  consume(r);
  parmod::field::fips::mul_adx<N, false>(r.v, a.v, b.v, f.modulus_limbs(), f.pinv());
  consume(r);
  parmod::field::fips::sqr_adx<N, true>(r.v, a.v, f.modulus_limbs(), f.pinv());
  consume(r);
  parmod::field::fips::sqr_adx<N, false>(r.v, a.v, f.modulus_limbs(), f.pinv());
  consume(r);
  if constexpr (N == 4) {
    if (parmod::field::fips::is_p256(f.modulus_limbs())) {  // the dedicated P-256 kernels
      parmod::field::fips::mul_adx_p256(r.v, a.v, b.v, f.modulus_limbs());
      consume(r);
      parmod::field::fips::sqr_adx_p256(r.v, a.v, f.modulus_limbs());
      consume(r);
    }
  }
  if constexpr (N == 6) {
    if (parmod::field::fips::is_p384(f.modulus_limbs())) {  // the dedicated P-384 kernel
      parmod::field::fips::mul_adx_p384(r.v, a.v, b.v);
      consume(r);
      parmod::field::fips::mul_adx_p384(r.v, a.v, a.v);
      consume(r);
    }
  }
#else
  (void)hex;
#endif
}

// True if the host CPU (not valgrind's virtual one) has bmi2 and adx.
bool host_has_adx() {
  std::FILE* in = std::fopen("/proc/cpuinfo", "r");
  if (!in) return false;
  char line[8192];
  bool bmi2 = false, adx = false;
  while (std::fgets(line, sizeof line, in)) {
    if (std::strncmp(line, "flags", 5) != 0) continue;
    bmi2 = std::strstr(line, " bmi2") != nullptr;
    adx = std::strstr(line, " adx") != nullptr;
    break;
  }
  std::fclose(in);
  return bmi2 && adx;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--leak") == 0) {
    // self test of the method: a branch on a secret must be reported
    parmod::Fp<4> f(mpz_class("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", 16));
    auto a = f.from_mpz(mpz_class(12345));
    secret(a);
    if (f.is_zero(a)) std::puts("zero");
    return 0;
  }
  const bool adx_kernels = host_has_adx();
  if (adx_kernels) {
    check_adx_kernels<4>("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
    check_adx_kernels<4>("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    check_adx_kernels<6>("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
    // strict with p < R/2 (narrow operand-scanning kernel), strict p > R/2 at N = 6, product scanning at N = 8
    check_adx_kernels<4>("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");  // 2^255 - 19
    check_adx_kernels<6>(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff");  // P-384
    check_adx_kernels<8>(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc7");
  }
  std::vector<parmod::FieldPath> paths{parmod::FieldPath::portable};
  if (parmod::cpu_has_mulx_adx()) paths.push_back(parmod::FieldPath::mulx_adx);
  for (auto path : paths) {
    check<4>("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", path, {9, 1});  // BN254, lazy
    check<4>("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", path, {1, 1});  // P-256, strict
    check<6>("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
             path, {1, 1});  // BLS12-381
  }
  std::printf("ct_check done (%d Fp paths, adx kernels %s, under valgrind: %s) %lx\n", (int)paths.size(),
              adx_kernels ? "checked" : "not available", RUNNING_ON_VALGRIND ? "yes" : "no", sink & 0xff);
  return 0;
}

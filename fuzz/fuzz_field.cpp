// fuzz/fuzz_field.cpp - the field API (parmod_field.h over parmod::Fp<N>)
// against GMP: a modulus from the input (odd 3 <= p < 2^512 accepted, all
// else INVALID_ARGUMENT), each kernel path, elements from mpz and from bytes,
// every operation with the result aliased to its inputs, the batch product,
// inverse and square root checked by their defining equations.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "parmod_field.h"
#include "reference.hpp"

namespace {
using parmod::fuzz::expect;
using parmod::fuzz::hex;

mpz_class value(parmod_field_t f, const parmod_fe& x) {
  mpz_class v;
  expect(parmod_field_get_mpz(f, v.get_mpz_t(), &x) == PARMOD_OK, "get_mpz");
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::size_t pbytes = in.ConsumeIntegralInRange<std::size_t>(1, 66);
  const std::vector<std::uint8_t> pb = in.ConsumeBytes<std::uint8_t>(pbytes);
  mpz_class p;
  mpz_import(p.get_mpz_t(), pb.size(), 1, 1, 0, 0, pb.data());
  if (in.ConsumeBool()) mpz_setbit(p.get_mpz_t(), 0);
  const auto path = static_cast<parmod_field_path>(in.ConsumeIntegralInRange<int>(0, 2));
  parmod_field_t f;
  const int rc = parmod_field_init(&f, p.get_mpz_t(), path);
  const bool valid = p >= 3 && mpz_odd_p(p.get_mpz_t()) && mpz_sizeinbase(p.get_mpz_t(), 2) <= 512;
  if (!valid) {
    expect(rc == PARMOD_ERR_INVALID_ARGUMENT && f == nullptr, "init accepted p=" + hex(p));
    return 0;
  }
  if (rc != PARMOD_OK) {  // only the mulx/adx path on a CPU without it
    expect(rc == PARMOD_ERR_INVALID_ARGUMENT && path == PARMOD_FIELD_MULX_ADX && f == nullptr,
           "init rejected p=" + hex(p) + " code " + std::to_string(rc));
    return 0;
  }
  const std::size_t nbytes = parmod_field_byte_length(f);
  expect(nbytes == (mpz_sizeinbase(p.get_mpz_t(), 2) + 7) / 8, "byte_length");
  // Two operands: any integer (reduced by set_mpz) and big-endian bytes.
  std::vector<std::uint8_t> ab = in.ConsumeBytes<std::uint8_t>(in.ConsumeIntegralInRange<std::size_t>(0, 80));
  mpz_class a;
  mpz_import(a.get_mpz_t(), ab.size(), 1, 1, 0, 0, ab.data());
  if (in.ConsumeBool()) a = -a;
  std::vector<std::uint8_t> bb = in.ConsumeBytes<std::uint8_t>(nbytes);
  bb.resize(nbytes);
  mpz_class b;
  mpz_import(b.get_mpz_t(), bb.size(), 1, 1, 0, 0, bb.data());
  parmod_fe x, y, r;
  expect(parmod_field_set_mpz(f, &x, a.get_mpz_t()) == PARMOD_OK, "set_mpz");
  const int brc = parmod_field_set_bytes(f, &y, bb.data(), bb.size());
  expect((brc == PARMOD_OK) == (b < p), "set_bytes of " + hex(b) + " mod " + hex(p));
  if (brc != PARMOD_OK) expect(parmod_field_set_mpz(f, &y, b.get_mpz_t()) == PARMOD_OK, "set_mpz");
  const mpz_class av = parmod::fuzz::py_mod(a, p), bv = parmod::fuzz::py_mod(b, p);
  expect(value(f, x) == av && value(f, y) == bv, "set/get p=" + hex(p));
  std::vector<std::uint8_t> out(nbytes);
  expect(parmod_field_get_bytes(f, out.data(), out.size(), &y) == PARMOD_OK, "get_bytes");
  mpz_class back;
  mpz_import(back.get_mpz_t(), out.size(), 1, 1, 0, 0, out.data());
  expect(back == bv, "bytes round trip");
  const std::string ctx = " p=" + hex(p) + " a=" + hex(av) + " b=" + hex(bv);
  auto binary = [&](const char* name, int (*fn)(parmod_field_t, parmod_fe*, const parmod_fe*, const parmod_fe*),
                    const mpz_class& want, bool alias) {
    parmod_fe s = x;
    expect(fn(f, alias ? &s : &r, &s, &y) == PARMOD_OK, name);
    expect(value(f, alias ? s : r) == parmod::fuzz::py_mod(want, p), std::string(name) + (alias ? " r==a" : "") + ctx);
  };
  const bool alias = in.ConsumeBool();
  binary("add", parmod_field_add, av + bv, alias);
  binary("sub", parmod_field_sub, av - bv, alias);
  binary("mul", parmod_field_mul, av * bv, alias);
  parmod_fe s = x;
  expect(parmod_field_sqr(f, &s, &s) == PARMOD_OK && value(f, s) == av * av % p, "sqr r==a" + ctx);
  s = x;
  expect(parmod_field_neg(f, &s, &s) == PARMOD_OK && value(f, s) == parmod::fuzz::py_mod(-av, p), "neg r==a" + ctx);
  s = x;
  expect(parmod_field_mul(f, &s, &s, &s) == PARMOD_OK && value(f, s) == av * av % p, "mul r==a==b" + ctx);
  int eq = -1;
  expect(parmod_field_equal(f, &eq, &x, &y) == PARMOD_OK && eq == (av == bv), "equal" + ctx);
  // Inverse: exactly when gcd(a, p) = 1, and then a r = 1.
  mpz_class g;
  mpz_gcd(g.get_mpz_t(), av.get_mpz_t(), p.get_mpz_t());
  s = x;
  const int irc = parmod_field_inv(f, &s, &s);
  expect((irc == PARMOD_OK) == (g == 1), "inv code " + std::to_string(irc) + ctx);
  if (irc == PARMOD_OK) expect(value(f, s) * av % p == 1, "inv" + ctx);
  else expect(irc == PARMOD_ERR_NOT_INVERTIBLE && value(f, s) == av, "inv failure changed r" + ctx);
  // Square root (p = 3 mod 4): r^2 = a when it succeeds; for a prime p it
  // fails exactly for the non-squares.
  s = x;
  const int src = parmod_field_sqrt(f, &s, &s);
  if (mpz_fdiv_ui(p.get_mpz_t(), 4) != 3) {
    expect(src == PARMOD_ERR_INVALID_ARGUMENT, "sqrt with p = 1 mod 4" + ctx);
  } else if (src == PARMOD_OK) {
    const mpz_class sv = value(f, s);
    expect(sv * sv % p == av, "sqrt" + ctx);
  } else {
    expect(src == PARMOD_ERR_NOT_INVERTIBLE, "sqrt code" + ctx);
    if (mpz_probab_prime_p(p.get_mpz_t(), 20)) expect(mpz_legendre(av.get_mpz_t(), p.get_mpz_t()) == -1, "sqrt of a square failed" + ctx);
  }
  // The batch product, in place over a (r == a), against the single products.
  const std::size_t n = in.ConsumeIntegralInRange<std::size_t>(0, 20);
  std::vector<parmod_fe> va(n), vb(n);
  std::vector<mpz_class> want(n);
  for (std::size_t i = 0; i < n; ++i) {
    const mpz_class u = av + i * i * 977 + 1, v = bv + i;
    parmod_field_set_mpz(f, &va[i], u.get_mpz_t());
    parmod_field_set_mpz(f, &vb[i], v.get_mpz_t());
    want[i] = (u % p) * (v % p) % p;
  }
  expect(parmod_field_mul_batch(f, va.data(), va.data(), vb.data(), n) == PARMOD_OK, "mul_batch");
  for (std::size_t i = 0; i < n; ++i) expect(value(f, va[i]) == want[i], "mul_batch item " + std::to_string(i) + ctx);
  parmod_field_clear(f);
  return 0;
}

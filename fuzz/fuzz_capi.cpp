// fuzz/fuzz_capi.cpp - the C API (parmod.h) against GMP: random sizes and
// signs, special moduli (0, +-1, 2^64k +- 1, all-ones limbs), every
// algorithm, thread counts 0..3, and results aliased to the inputs
// (r == a, r == a == m).  Every call's code and value must be what Python's
// semantics (fuzz/reference.hpp) give.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "parmod/field/montgomery_ifma8.hpp"
#include "parmod/parmod.hpp"
#include "reference.hpp"

// AVX2 usable here (the compiler's CPUID and OS check, independent of the library's).
inline bool cpu_has_avx2() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

namespace {
using parmod::fuzz::expect;
using parmod::fuzz::Expected;
using parmod::fuzz::hex;

mpz_class integer(FuzzedDataProvider& in, std::size_t max_limbs) {
  const int kind = in.ConsumeIntegralInRange<int>(0, 7);
  const std::size_t limbs = in.ConsumeIntegralInRange<std::size_t>(0, max_limbs);
  mpz_class x;
  if (kind == 0) {
    x = in.ConsumeIntegralInRange<int>(-3, 3);
  } else if (kind == 1 || kind == 2) {  // 2^(64k) +- 1
    x = (mpz_class(1) << (64 * (limbs ? limbs : 1))) + (kind == 1 ? 1 : -1);
  } else if (kind == 3) {  // all-ones limbs with a few zero bits
    x = (mpz_class(1) << (64 * (limbs ? limbs : 1))) - 1;
    const unsigned holes = in.ConsumeIntegralInRange<unsigned>(0, 3);
    for (unsigned h = 0; h < holes; ++h) mpz_clrbit(x.get_mpz_t(), in.ConsumeIntegralInRange<unsigned>(0, 64 * (limbs ? limbs : 1)));
  } else {
    const std::vector<std::uint8_t> bytes = in.ConsumeBytes<std::uint8_t>(8 * limbs);
    mpz_import(x.get_mpz_t(), bytes.size(), 1, 1, 0, 0, bytes.data());
  }
  if (in.ConsumeBool()) x = -x;
  return x;
}

struct Result {
  int code;
  mpz_class value;
};

// One checked call.
void check(const char* what, const Result& got, const Expected& want, const mpz_class& a, const mpz_class& b,
           const mpz_class& m) {
  const std::string ctx = std::string(what) + " a=" + hex(a) + " b=" + hex(b) + " m=" + hex(m);
  expect(got.code == want.code, ctx + ": code " + std::to_string(got.code) + ", want " + std::to_string(want.code));
  if (got.code == PARMOD_OK) expect(got.value == want.value, ctx + ": got " + hex(got.value) + ", want " + hex(want.value));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int threads = in.ConsumeIntegralInRange<int>(0, 3);
  parmod_set_num_threads(threads);
  const std::size_t max_limbs = in.ConsumeBool() ? 8 : 80;
  const mpz_class m = integer(in, max_limbs), a = integer(in, max_limbs), b = integer(in, max_limbs);
  mpz_class e = integer(in, 4);  // exponents up to 256 bits: many inputs per second
  const int op = in.ConsumeIntegralInRange<int>(0, 9);
  const int alias = in.ConsumeIntegralInRange<int>(0, 2);  // 0: none, 1: r == a, 2: r == a == b (== m)
  mpz_class r, x = a, y = b, mm = m;
  Result got{};
  switch (op) {
    case 0: {  // parmod_mulmod
      if (alias == 2) {
        mpz_class all = a;
        got.code = parmod_mulmod(all.get_mpz_t(), all.get_mpz_t(), all.get_mpz_t(), all.get_mpz_t());
        got.value = all;
        check("mulmod r==a==b==m", got, parmod::fuzz::ref_mulmod(a, a, a), a, a, a);
        break;
      }
      mpz_ptr out = alias == 1 ? x.get_mpz_t() : r.get_mpz_t();
      got.code = parmod_mulmod(out, x.get_mpz_t(), y.get_mpz_t(), mm.get_mpz_t());
      got.value = mpz_class(out);
      check("mulmod", got, parmod::fuzz::ref_mulmod(a, b, m), a, b, m);
      break;
    }
    case 1: {  // parmod_powm
      if (alias == 2) {
        mpz_class all = a;
        got.code = parmod_powm(all.get_mpz_t(), all.get_mpz_t(), all.get_mpz_t(), all.get_mpz_t());
        got.value = all;
        if (mpz_sizeinbase(a.get_mpz_t(), 2) <= 512) check("powm r==b==e==m", got, parmod::fuzz::ref_powm(a, a, a), a, a, a);
        break;
      }
      mpz_ptr out = alias == 1 ? x.get_mpz_t() : r.get_mpz_t();
      got.code = parmod_powm(out, x.get_mpz_t(), e.get_mpz_t(), mm.get_mpz_t());
      got.value = mpz_class(out);
      check("powm", got, parmod::fuzz::ref_powm(a, e, m), a, e, m);
      break;
    }
    case 2:
    case 3: {  // a context of one algorithm: mul, pow, the Montgomery round trip
      const int count = parmod_algorithm_count();
      const int alg = in.ConsumeIntegralInRange<int>(0, count - 1);
      const int ctx_threads = in.ConsumeIntegralInRange<int>(0, 3);
      parmod_modulus_t ctx;
      const int rc = parmod_modulus_init(&ctx, m.get_mpz_t(), static_cast<parmod_algorithm>(alg), ctx_threads);
      const parmod::AlgorithmInfo& row = parmod::algorithms()[static_cast<std::size_t>(alg)];
      // montgomery52 needs AVX-512 IFMA in use (its size limit, 52778 bits,
      // is above these operands' 80 limbs); montgomery28 AVX2 and moduli of
      // up to 16574 bits.
      const bool unavailable =
          (row.algorithm == parmod::Algorithm::montgomery52 && !parmod::field::ifma8::available()) ||
          (row.algorithm == parmod::Algorithm::montgomery28 && (!cpu_has_avx2() || mpz_sizeinbase(m.get_mpz_t(), 2) > 16574));
      const int want_rc = m == 0 ? PARMOD_ERR_DIVISION_BY_ZERO
                          : (row.odd_only && mpz_even_p(m.get_mpz_t())) || unavailable ? PARMOD_ERR_UNSUPPORTED_ALGORITHM
                                                                                     : PARMOD_OK;
      expect(rc == want_rc, "init " + std::string(parmod_algorithm_name(static_cast<parmod_algorithm>(alg))) + " m=" +
                                hex(m) + ": code " + std::to_string(rc) + ", want " + std::to_string(want_rc));
      if (rc != PARMOD_OK) {
        expect(ctx == nullptr, "a failed init left a non-NULL context");
        break;
      }
      mpz_ptr out = alias ? x.get_mpz_t() : r.get_mpz_t();
      if (op == 2) {
        got.code = parmod_modulus_mulmod(out, x.get_mpz_t(), alias == 2 ? x.get_mpz_t() : y.get_mpz_t(), ctx);
        got.value = mpz_class(out);
        check("ctx mulmod", got, parmod::fuzz::ref_mulmod(a, alias == 2 ? a : b, m), a, b, m);
      } else {
        got.code = parmod_modulus_powm(out, x.get_mpz_t(), e.get_mpz_t(), ctx);
        got.value = mpz_class(out);
        check("ctx powm", got, parmod::fuzz::ref_powm(a, e, m), a, e, m);
        // to_mont / mont_mul / from_mont on residues: the round trip is a*b mod |m|.
        const mpz_class am = abs(m), ra = parmod::fuzz::py_mod(a, am), rb = parmod::fuzz::py_mod(b, am);
        mpz_class ta, tb, t;
        expect(parmod_modulus_to_mont(ta.get_mpz_t(), a.get_mpz_t(), ctx) == PARMOD_OK, "to_mont");
        expect(parmod_modulus_to_mont(tb.get_mpz_t(), b.get_mpz_t(), ctx) == PARMOD_OK, "to_mont");
        expect(parmod_modulus_mont_mul(ta.get_mpz_t(), ta.get_mpz_t(), tb.get_mpz_t(), ctx) == PARMOD_OK, "mont_mul");
        expect(parmod_modulus_from_mont(ta.get_mpz_t(), ta.get_mpz_t(), ctx) == PARMOD_OK, "from_mont");
        expect(ta == ra * rb % am, "mont round trip m=" + hex(m) + " a=" + hex(a) + " b=" + hex(b));
        // Out of range operands: INVALID_ARGUMENT, r unchanged.
        t = 7;
        expect(parmod_modulus_mont_mul(t.get_mpz_t(), am.get_mpz_t(), rb.get_mpz_t(), ctx) == PARMOD_ERR_INVALID_ARGUMENT &&
                   t == 7,
               "mont_mul with a = |m|");
      }
      parmod_modulus_clear(ctx);
      break;
    }
    case 4: {  // parmod_powm_sec: odd m, e >= 0
      const mpz_class ae = abs(e);
      mpz_ptr out = alias ? x.get_mpz_t() : r.get_mpz_t();
      got.code = parmod_powm_sec(out, x.get_mpz_t(), ae.get_mpz_t(), mm.get_mpz_t());
      got.value = mpz_class(out);
      Expected want = m == 0 ? Expected{PARMOD_ERR_DIVISION_BY_ZERO, 0}
                      : mpz_even_p(m.get_mpz_t()) ? Expected{PARMOD_ERR_INVALID_ARGUMENT, 0}
                                                  : parmod::fuzz::ref_powm(a, ae, m);
      check("powm_sec", got, want, a, ae, m);
      break;
    }
    case 5: {  // parmod_mul
      mpz_ptr out = alias ? x.get_mpz_t() : r.get_mpz_t();
      got.code = parmod_mul(out, x.get_mpz_t(), alias == 2 ? x.get_mpz_t() : y.get_mpz_t());
      got.value = mpz_class(out);
      check("mul", got, Expected{PARMOD_OK, a * (alias == 2 ? a : b)}, a, b, 0);
      break;
    }
    case 6: {  // parmod_multi_powm with up to three pairs
      const std::size_t count = in.ConsumeIntegralInRange<std::size_t>(0, 3);
      std::vector<mpz_class> bases, exps;
      for (std::size_t i = 0; i < count; ++i) {
        bases.push_back(integer(in, 8));
        exps.push_back(integer(in, 2));
      }
      std::vector<__mpz_struct> bs(count), es(count);
      for (std::size_t i = 0; i < count; ++i) {
        bs[i] = *bases[i].get_mpz_t();
        es[i] = *exps[i].get_mpz_t();
      }
      got.code = parmod_multi_powm(r.get_mpz_t(), count, reinterpret_cast<const mpz_t*>(bs.data()),
                                   reinterpret_cast<const mpz_t*>(es.data()), m.get_mpz_t());
      got.value = r;
      check("multi_powm", got, parmod::fuzz::ref_multi_powm(bases, exps, m), count ? bases[0] : mpz_class(0),
            count ? exps[0] : mpz_class(0), m);
      break;
    }
    case 7: {  // parmod_powm_list, one exponent for all, results over the bases
      const std::size_t count = in.ConsumeIntegralInRange<std::size_t>(1, 4);
      std::vector<mpz_class> bases;
      for (std::size_t i = 0; i < count; ++i) bases.push_back(integer(in, 8));
      std::vector<mpz_class> work = bases;
      std::vector<__mpz_struct> ws(count);
      for (std::size_t i = 0; i < count; ++i) ws[i] = *work[i].get_mpz_t();
      const int rc = parmod_powm_list(reinterpret_cast<mpz_t*>(ws.data()), count, reinterpret_cast<const mpz_t*>(ws.data()),
                                      count, reinterpret_cast<const mpz_t*>(e.get_mpz_t()), 1, m.get_mpz_t());
      for (std::size_t i = 0; i < count; ++i) *work[i].get_mpz_t() = ws[i];  // the limbs may have moved
      for (std::size_t i = 0; i < count; ++i) {
        const Expected want = parmod::fuzz::ref_powm(bases[i], e, m);
        if (rc != PARMOD_OK) {
          expect(work[i] == bases[i], "powm_list changed r on error");
          continue;
        }
        check("powm_list (r == bases)", Result{rc, work[i]}, want, bases[i], e, m);
      }
      // The first failing item decides the code.
      int want_rc = PARMOD_OK;
      for (std::size_t i = 0; i < count && want_rc == PARMOD_OK; ++i) want_rc = parmod::fuzz::ref_powm(bases[i], e, m).code;
      expect(rc == want_rc, "powm_list code " + std::to_string(rc) + ", want " + std::to_string(want_rc));
      break;
    }
    default: {  // parmod_powm_crt with p = |a|, q = |b| (small): r == b
      mpz_class p = abs(integer(in, 2)), q = abs(integer(in, 2)), g;
      mpz_gcd(g.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t());
      mpz_class bb = a;
      const int rc = parmod_powm_crt(bb.get_mpz_t(), bb.get_mpz_t(), e.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t());
      Expected want;
      if (p < 2 || q < 2 || g != 1) want = {PARMOD_ERR_INVALID_ARGUMENT, 0};
      else want = parmod::fuzz::ref_powm(a, e, p * q);
      check("powm_crt (r == b)", Result{rc, bb}, want, a, e, p * q);
      break;
    }
  }
  parmod_set_num_threads(0);
  return 0;
}

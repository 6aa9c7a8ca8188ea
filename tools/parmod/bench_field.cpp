// tools/parmod/bench_field.cpp - `parmod bench field`: fixed-size F_q
// arithmetic (issue 8) against GMP and OpenSSL.
//
// Per field (P-256 and BN254 at N = 4, BLS12-381, a random 384-bit prime and
// P-384 at N = 6, random 512- and 509-bit primes at N = 8; P-256 and P-384 run
// their own mulx/adx kernels): multiplication as a
// dependent chain x = x*y (latency), as 4 independent chains and as a batch of
// 64 independent products (Fp<N>::mul_batch / sqr_batch: throughput),
// squaring, addition and inversion, for parmod's portable and mulx/adx paths
// and, for batches, the AVX-512 IFMA batch path (eight products at a time),
// GMP (mpn_mul_n/mpn_sqr + mpn_redc_1, the REDC that libgmp exports;
// mpn_add_n/mpn_sub_n; mpz_invert) and OpenSSL (BN_mod_mul_montgomery,
// BN_mod_add_quick, BN_mod_inverse).  For BN254 and BLS12-381 also F_q^2
// mul/sqr (one, and 16 at once by Fp2::mul_many) and F_q^6 mul by schoolbook,
// Karatsuba-3 and Toom-Cook-3i (with the factor 4 removed by halvings, and x4
// as used in the quarter representation); the F_q^6 methods hand their F_q^2
// products to mul_many, so in the IFMA column Toom-3i's 15 base products take
// two groups of 8 and Karatsuba-3's 18 take three.
//
// Every variant runs a block of operations per call; all variants of all
// fields and operations are measured in one interleaved series, medians over
// rounds (bench/harness).  Two cycle counts per time:
//  * TSC cycles = ns x TSC rate (rdtsc against the monotonic clock).  The TSC
//    ticks at a fixed rate (about 2.6 GHz on the development EPYC), not at
//    the core clock;
//  * core cycles = ns x core clock, the core clock measured by timing a chain
//    of dependent 64-bit imul (latency 3 cycles on Zen 1-5 and on Intel since
//    Nehalem) with rdtsc, before and after the run (the mean is used; both
//    are printed, a large difference means the clock changed during the run).
// Core cycles are the unit of the issue's targets ("cycles, converted with
// the measured clock"); on the development machine core ~ 1.42 x TSC.
#include <gmp.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "harness.hpp"
#include "parmod/field.hpp"
#include "registry.hpp"

#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

extern "C" mp_limb_t __gmpn_redc_1(mp_ptr rp, mp_ptr up, mp_srcptr mp, mp_size_t n, mp_limb_t invm);

namespace parmod::cli {
namespace {

constexpr int kBlock = 64;  // operations per harness call (amortises the call)

double tsc_ghz() {
#if !defined(__x86_64__)
  return 1.0;  // no TSC: "cycles" are then nanoseconds
#else
  double t0 = bench::now_seconds();
  unsigned long long c0 = __rdtsc();
  while (bench::now_seconds() - t0 < 0.05) {
  }
  unsigned long long c1 = __rdtsc();
  double t1 = bench::now_seconds();
  return (double)(c1 - c0) / (t1 - t0) / 1e9;
#endif
}

// Core clock / TSC rate: a chain of 4 x 50000 dependent 64-bit imul (3 core
// cycles each; the loop counter runs beside it) timed with rdtsc, best of 20.
double core_per_tsc() {
#if !defined(__x86_64__)
  return 1.0;
#else
  double best = 1e30;
  for (int r = 0; r < 20; ++r) {
    unsigned long x = 3;
    unsigned long long c0 = __rdtsc();
    for (int i = 0; i < 50000; ++i) __asm__ volatile("imul %0, %0\n\timul %0, %0\n\timul %0, %0\n\timul %0, %0" : "+r"(x));
    double dt = (double)(__rdtsc() - c0);
    if (dt < best) best = dt;
  }
  return 200000.0 * 3 / best;
#endif
}

std::string fmt(double x, int prec = 1) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(prec);
  s << x;
  return s.str();
}

struct Row {
  std::string field, op;
  double ns[5] = {0, 0, 0, 0, 0};  // portable, mulx_adx, gmp, openssl, avx512_ifma; 0 = not measured
};

// A row's variants (column index, variant), waiting for the one measured
// series of the whole run.
struct Pending {
  std::size_t row;
  std::vector<std::pair<int, bench::Variant>> vs;
  int per_call;
};
std::vector<Pending> g_pending;

// Appends the row and schedules its variants (up to five) for measure_all.
void add_row(std::vector<Row>& rows, const Row& row, std::vector<std::pair<int, bench::Variant>> vs, int per_call) {
  g_pending.push_back({rows.size(), std::move(vs), per_call});
  rows.push_back(row);
}

// Measures every scheduled variant of every row in one interleaved series
// (each round times one batch of each), so a burst of host noise (seconds)
// costs every row a round or two instead of all rounds of the rows it
// overlaps; fills rows[].ns (per operation, medians).
void measure_all(std::vector<Row>& rows, const bench::Options& opt) {
  std::vector<bench::Variant> variants;
  for (const auto& p : g_pending)
    for (const auto& v : p.vs) variants.push_back(v.second);
  const auto t = bench::measure_interleaved(variants, opt);
  std::size_t at = 0;
  for (const auto& p : g_pending)
    for (const auto& v : p.vs) rows[p.row].ns[v.first] = t[at++].median_ns / p.per_call;
  g_pending.clear();
}

// ---- GMP: operands as limb arrays, Montgomery form via mpn_redc_1 ----------
template <int N>
struct GmpState {
  mp_limb_t p[N], a[N], b[N], x[4][N], t[2 * N], s[N], bx[kBlock][N];
  mp_limb_t invm;  // -1/p mod 2^64
  mpz_class pz, az, rz;
  void mont_mul(mp_limb_t* r, const mp_limb_t* u, const mp_limb_t* v) {
    mpn_mul_n(t, u, v, N);
    mp_limb_t cy = __gmpn_redc_1(r, t, p, N, invm);
    mpn_cnd_sub_n(cy, r, r, p, N);
  }
  void mont_sqr(mp_limb_t* r, const mp_limb_t* u) {
    mpn_sqr(t, u, N);
    mp_limb_t cy = __gmpn_redc_1(r, t, p, N, invm);
    mpn_cnd_sub_n(cy, r, r, p, N);
  }
  void add(mp_limb_t* r, const mp_limb_t* u, const mp_limb_t* v) {
    mp_limb_t cy = mpn_add_n(r, u, v, N);
    mp_limb_t bw = mpn_sub_n(s, r, p, N);
    if (cy || !bw) std::memcpy(r, s, sizeof s);
  }
};

template <int N>
void bench_fp(const std::string& name, const mpz_class& p, std::vector<Row>& rows,
              bool extensions, SmallComplex xi) {
  using F = Fp<N>;
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(42);
  mpz_class a = rng.get_z_range(p), b = rng.get_z_range(p);
  // portable and mulx_adx run batches one product after another; the
  // avx512_ifma context runs single operations on mulx/adx (or portable) and
  // batches eight at a time
  auto fport = std::make_shared<F>(p, FieldPath::portable, BatchPath::scalar);
  std::shared_ptr<F> fadx =
      cpu_has_mulx_adx() ? std::make_shared<F>(p, FieldPath::mulx_adx, BatchPath::scalar) : nullptr;
  std::shared_ptr<F> fifma =
      cpu_has_avx512_ifma() ? std::make_shared<F>(p, FieldPath::automatic, BatchPath::avx512_ifma) : nullptr;
  const std::string fname = name + " (N=" + std::to_string(N) + (fport->lazy() ? ", lazy)" : ", strict)");

  struct PState {
    typename F::Element x[4], y;
    typename F::Element bx[kBlock], by[kBlock];  // the batch rows' operands
  };
  auto make_state = [&](const F& f) {
    auto s = std::make_shared<PState>();
    for (int i = 0; i < 4; ++i) s->x[i] = f.from_mpz(a + i);
    s->y = f.from_mpz(b);
    for (int i = 0; i < kBlock; ++i) s->bx[i] = f.from_mpz(a + 7 * i), s->by[i] = f.from_mpz(b + 3 * i);
    return s;
  };

  auto gs = std::make_shared<GmpState<N>>();
  {
    mpz_class R = mpz_class(1) << (64 * N), beta = mpz_class(1) << 64, inv;
    for (auto* arr : {gs->p, gs->a, gs->b}) std::memset(arr, 0, sizeof(mp_limb_t) * N);
    mpz_export(gs->p, nullptr, -1, 8, 0, 0, p.get_mpz_t());
    mpz_class am = a * R % p, bm = b * R % p;
    mpz_export(gs->a, nullptr, -1, 8, 0, 0, am.get_mpz_t());
    mpz_export(gs->b, nullptr, -1, 8, 0, 0, bm.get_mpz_t());
    for (int i = 0; i < 4; ++i) std::memcpy(gs->x[i], gs->a, sizeof gs->a), gs->x[i][0] ^= i;
    for (int i = 0; i < kBlock; ++i) std::memcpy(gs->bx[i], gs->a, sizeof gs->a), gs->bx[i][0] ^= i;
    mpz_invert(inv.get_mpz_t(), p.get_mpz_t(), beta.get_mpz_t());
    gs->invm = -mpz_get_ui(inv.get_mpz_t());
    gs->pz = p;
    gs->az = a;
  }

#ifdef PARMOD_HAVE_OPENSSL
  struct Ossl {
    BN_CTX* ctx = BN_CTX_new();
    BN_MONT_CTX* mont = BN_MONT_CTX_new();
    BIGNUM *p = BN_new(), *x[4] = {BN_new(), BN_new(), BN_new(), BN_new()}, *y = BN_new(), *r = BN_new();
    BIGNUM* bx[kBlock];
    Ossl() {
      for (BIGNUM*& z : bx) z = BN_new();
    }
    ~Ossl() {
      BN_MONT_CTX_free(mont);
      BN_CTX_free(ctx);
      for (BIGNUM* z : {p, x[0], x[1], x[2], x[3], y, r}) BN_free(z);
      for (BIGNUM* z : bx) BN_free(z);
    }
  };
  auto os = std::make_shared<Ossl>();
  {
    std::string ph = p.get_str(16), ah = a.get_str(16), bh = b.get_str(16);
    BN_hex2bn(&os->p, ph.c_str());
    BN_MONT_CTX_set(os->mont, os->p, os->ctx);
    for (int i = 0; i < 4; ++i) {
      BN_hex2bn(&os->x[i], ah.c_str());
      BN_add_word(os->x[i], i);
      BN_to_montgomery(os->x[i], os->x[i], os->mont, os->ctx);
    }
    BN_hex2bn(&os->y, bh.c_str());
    BN_to_montgomery(os->y, os->y, os->mont, os->ctx);
    for (int i = 0; i < kBlock; ++i) {
      BN_copy(os->bx[i], os->x[0]);
      BN_add_word(os->bx[i], i);
    }
  }
#endif

  // one parmod variant per path
  auto parmod_variants = [&](auto body) {
    std::vector<std::pair<int, bench::Variant>> v;
    auto sp = make_state(*fport);
    v.push_back({0, {"portable", [f = fport, sp, body] { body(*f, *sp); }}});
    if (fadx) {
      auto sa = make_state(*fadx);
      v.push_back({1, {"mulx_adx", [f = fadx, sa, body] { body(*f, *sa); }}});
    }
    return v;
  };
  // the same, plus the avx512_ifma batch context (rows whose operations batch)
  auto batch_variants = [&](auto body) {
    auto v = parmod_variants(body);
    if (fifma) {
      auto si = make_state(*fifma);
      v.push_back({4, {"avx512_ifma", [f = fifma, si, body] { body(*f, *si); }}});
    }
    return v;
  };

  {  // mul, latency
    Row row{fname, "mul (chain)"};
    auto v = parmod_variants([](const F& f, PState& s) {
      for (int i = 0; i < kBlock; ++i) s.x[0] = f.mul(s.x[0], s.y);
    });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock; ++i) gs->mont_mul(gs->x[0], gs->x[0], gs->b);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock; ++i) BN_mod_mul_montgomery(os->x[0], os->x[0], os->y, os->mont, os->ctx);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // mul, throughput
    Row row{fname, "mul (4 independent)"};
    auto v = parmod_variants([](const F& f, PState& s) {
      for (int i = 0; i < kBlock / 4; ++i) {
        s.x[0] = f.mul(s.x[0], s.y);
        s.x[1] = f.mul(s.x[1], s.y);
        s.x[2] = f.mul(s.x[2], s.y);
        s.x[3] = f.mul(s.x[3], s.y);
      }
    });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock / 4; ++i)
                         for (int k = 0; k < 4; ++k) gs->mont_mul(gs->x[k], gs->x[k], gs->b);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock / 4; ++i)
                         for (int k = 0; k < 4; ++k)
                           BN_mod_mul_montgomery(os->x[k], os->x[k], os->y, os->mont, os->ctx);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // mul, a batch: kBlock independent products per call (Fp<N>::mul_batch)
    Row row{fname, "mul (batch of 64)"};
    auto v = batch_variants([](const F& f, PState& s) { f.mul_batch(s.bx, s.bx, s.by, kBlock); });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock; ++i) gs->mont_mul(gs->bx[i], gs->bx[i], gs->b);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock; ++i)
                         BN_mod_mul_montgomery(os->bx[i], os->bx[i], os->y, os->mont, os->ctx);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // sqr, a batch
    Row row{fname, "sqr (batch of 64)"};
    auto v = batch_variants([](const F& f, PState& s) { f.sqr_batch(s.bx, s.bx, kBlock); });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock; ++i) gs->mont_sqr(gs->bx[i], gs->bx[i]);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock; ++i)
                         BN_mod_mul_montgomery(os->bx[i], os->bx[i], os->bx[i], os->mont, os->ctx);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // sqr
    Row row{fname, "sqr (chain)"};
    auto v = parmod_variants([](const F& f, PState& s) {
      for (int i = 0; i < kBlock; ++i) s.x[0] = f.sqr(s.x[0]);
    });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock; ++i) gs->mont_sqr(gs->x[0], gs->x[0]);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock; ++i) BN_mod_mul_montgomery(os->x[0], os->x[0], os->x[0], os->mont, os->ctx);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // add
    Row row{fname, "add (chain)"};
    auto v = parmod_variants([](const F& f, PState& s) {
      for (int i = 0; i < kBlock; ++i) s.x[0] = f.add(s.x[0], s.y);
    });
    v.push_back({2, {"gmp", [gs] {
                       for (int i = 0; i < kBlock; ++i) gs->add(gs->x[0], gs->x[0], gs->b);
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       for (int i = 0; i < kBlock; ++i) BN_mod_add_quick(os->x[0], os->x[0], os->y, os->p);
                     }}});
#endif
    add_row(rows, row, std::move(v), kBlock);
  }
  {  // inversion (parmod: constant-time binary GCD; GMP/OpenSSL: their variable-time gcd inversions)
    Row row{fname, "inv"};
    auto v = parmod_variants([](const F& f, PState& s) { s.x[0] = f.add(f.inv(s.x[0]), s.y); });
    v.push_back({2, {"gmp", [gs] {
                       mpz_invert(gs->rz.get_mpz_t(), gs->az.get_mpz_t(), gs->pz.get_mpz_t());
                       gs->az = gs->rz + 1;
                     }}});
#ifdef PARMOD_HAVE_OPENSSL
    v.push_back({3, {"openssl", [os] {
                       BN_mod_inverse(os->r, os->x[0], os->p, os->ctx);
                       BN_add_word(os->r, 1);
                       std::swap(os->r, os->x[0]);
                     }}});
#endif
    add_row(rows, row, std::move(v), 1);
  }
  {  // the Fermat inversion inv replaced (a^(p-2), constant time), in the same run
    Row row{fname, "inv (Fermat)"};
    auto v = parmod_variants([](const F& f, PState& s) { s.x[0] = f.add(f.inv_fermat(s.x[0]), s.y); });
    add_row(rows, row, std::move(v), 1);
  }

  if (!extensions) return;
  // F_q^2 and F_q^6 on both paths
  using F2 = Fp2<F>;
  using F6 = Fp6<F2>;
  struct XState {
    std::shared_ptr<F> f;
    std::unique_ptr<F2> f2;
    std::unique_ptr<F6> f6;
    typename F2::Element u, w, bu[16], bw[16];
    typename F6::Element x, y;
  };
  auto make_x = [&](std::shared_ptr<F> f) {
    auto s = std::make_shared<XState>();
    s->f = f;
    s->f2 = std::make_unique<F2>(*f);
    s->f6 = std::make_unique<F6>(*s->f2, xi);
    s->u = s->f2->from_mpz(a, b);
    s->w = s->f2->from_mpz(b, a + 1);
    for (int i = 0; i < 16; ++i) s->bu[i] = s->f2->from_mpz(a + i, b), s->bw[i] = s->f2->from_mpz(b + i, a);
    for (int k = 0; k < 3; ++k) {
      s->x.c[k] = s->f2->from_mpz(a + k, b + 2 * k);
      s->y.c[k] = s->f2->from_mpz(b + 3 * k, a + 5 * k);
    }
    return s;
  };
  auto ext = [&](const std::string& op, int per_call, auto body) {
    Row row{fname, op};
    std::vector<std::pair<int, bench::Variant>> v;
    auto sp = make_x(fport);
    v.push_back({0, {"portable", [sp, body] { body(*sp); }}});
    if (fadx) {
      auto sa = make_x(fadx);
      v.push_back({1, {"mulx_adx", [sa, body] { body(*sa); }}});
    }
    if (fifma) {
      auto si = make_x(fifma);
      v.push_back({4, {"avx512_ifma", [si, body] { body(*si); }}});
    }
    add_row(rows, row, std::move(v), per_call);
  };
  constexpr int kX = 16;
  ext("F_q^2 mul (Karatsuba)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.u = s.f2->mul(s.u, s.w);
  });
  ext("F_q^2 sqr (complex)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.u = s.f2->sqr(s.u);
  });
  ext("F_q^2 mul (batch of 16, mul_many)", kX, [](XState& s) { s.f2->mul_many(s.bu, s.bu, s.bw, kX); });
  ext("F_q^6 mul schoolbook", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_schoolbook(s.x, s.y);
  });
  ext("F_q^6 mul Karatsuba-3", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_karatsuba3(s.x, s.y);
  });
  ext("F_q^6 mul Toom-3i (/4 by halving)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_toom3i(s.x, s.y);
  });
  ext("F_q^6 mul Toom-3i x4 (quarter repr.)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul4_toom3i(s.x, s.y);
  });
  ext("F_q^6 sqr Toom-3i x4 (5 sqr)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->sqr4_toom3i(s.x);
  });
}

int run_bench_field(int argc, char** argv) {
  bool json = false, quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json")) json = true;
    else if (!std::strcmp(argv[i], "--short")) quick = true;  // (`--quick` is taken by `parmod bench --quick`)
    else {
      std::cerr << "usage: parmod bench field [--json] [--short]\n";
      return 2;
    }
  }
  bench::Options opt;
  if (quick) {
    opt.rounds = 5;
    opt.batch_seconds = 0.001;
  }
  const double ghz = tsc_ghz();
  const double ratio_before = core_per_tsc();
  std::vector<Row> rows;
  mpz_class p256("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16);
  mpz_class bn254("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", 16);
  mpz_class bls("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
  mpz_class p384 = (mpz_class(1) << 384) - (mpz_class(1) << 128) - (mpz_class(1) << 96) + (mpz_class(1) << 32) - 1;
  // fixed "random" primes: next primes after fixed patterns
  auto next_prime = [](mpz_class x) {
    mpz_nextprime(x.get_mpz_t(), x.get_mpz_t());
    return x;
  };
  mpz_class r384 = next_prime((mpz_class(1) << 384) - (mpz_class(1) << 300) - 12345);
  mpz_class r512 = next_prime((mpz_class(1) << 512) - (mpz_class(1) << 400) - 12345);
  mpz_class r509 = next_prime((mpz_class(1) << 509) - (mpz_class(1) << 400) - 12345);
  bench_fp<4>("P-256", p256, rows, false, {1, 1});
  bench_fp<4>("BN254", bn254, rows, true, {9, 1});
  bench_fp<6>("BLS12-381", bls, rows, true, {1, 1});
  bench_fp<6>("384-bit", r384, rows, false, {1, 1});
  bench_fp<6>("P-384", p384, rows, false, {1, 1});
  bench_fp<8>("512-bit", r512, rows, false, {1, 1});
  bench_fp<8>("509-bit", r509, rows, false, {1, 1});
  measure_all(rows, opt);
  const double ratio_after = core_per_tsc();
  const double ratio = (ratio_before + ratio_after) / 2;
  const double core = ghz * ratio;

  bench::Table table;
  table.header = {"field", "operation"};
  for (const char* v : {"portable", "mulx_adx", "GMP", "OpenSSL", "IFMA batch"})
    for (const char* u : {" ns", " TSC cyc", " core cyc"}) table.header.push_back(std::string(v) + u);
  for (const Row& r : rows) {
    std::vector<std::string> cells{r.field, r.op};
    for (int k = 0; k < 5; ++k) {
      if (r.ns[k] > 0) {
        cells.push_back(fmt(r.ns[k], r.ns[k] < 100 ? 1 : 0));
        cells.push_back(fmt(r.ns[k] * ghz, 0));
        cells.push_back(fmt(r.ns[k] * core, 0));
      } else {
        cells.push_back("-");
        cells.push_back("-");
        cells.push_back("-");
      }
    }
    table.rows.push_back(cells);
  }
  if (json) {
    std::cout << table.json("parmod bench field: F_q, F_q^2, F_q^6 (TSC " + fmt(ghz, 3) + " GHz, core " +
                            fmt(core, 3) + " GHz = " + fmt(ratio, 3) + " x TSC; targets in core cycles)")
              << '\n';
  } else {
    std::cout << "parmod bench field on " << bench::machine_description() << "\n"
              << "TSC " << fmt(ghz, 3) << " GHz; core clock " << fmt(core, 3) << " GHz = " << fmt(ratio, 3)
              << " x TSC (dependent imul chain: " << fmt(ratio_before, 3) << " before, " << fmt(ratio_after, 3)
              << " after the run); \"core cyc\" = ns x core clock is the unit of the issue's cycle targets; medians of "
              << opt.rounds << " interleaved rounds; mulx_adx path " << (cpu_has_mulx_adx() ? "available" : "not available")
              << "; avx512_ifma batch path " << (cpu_has_avx512_ifma() ? "available" : "not available")
              << " (its column: single operations on mulx/adx, batches and F_q^6 products eight base products at a time)"
              << "\n\n"
              << table.markdown();
  }
  return 0;
}

const BenchRegistration reg{"field", "F_q, F_q^2, F_q^6 arithmetic (Fp<N>) vs GMP and OpenSSL", &run_bench_field};

}  // namespace
}  // namespace parmod::cli

// bench/bench_field.cpp - `parmod-bench field`: fixed-size F_q
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
// BN_mod_add_quick, BN_mod_inverse), the peers set up by bench/peers.  For BN254 and BLS12-381 also F_q^2
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
//
// Checks (bench/check.hpp), before the series is timed: every variant of
// every row is called once, and the values of its operands after the call
// must be what mpz arithmetic (GMP) computes from their values before it:
// the row's operation on F_q, or on F_q^2 = F_q[i]/(i^2+1) and
// F_q^6 = F_q^2[v]/(v^3 - xi) by the slow reference of tests/field/ref_fp6.hpp.
#include <gmp.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "benches.hpp"
#include "check.hpp"
#include "field/ref_fp6.hpp"
#include "harness.hpp"
#include "parmod/field.hpp"
#include "peers.hpp"

namespace parmod::bench {
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

// A variant of a row: its column, the timed call, and its check (one call
// between two readings of its operands, bench/check.hpp).
struct Entry {
  int column;
  bench::Variant v;
  std::function<void()> check;
};

// A row's variants, waiting for the one measured series of the whole run.
struct Pending {
  std::size_t row;
  std::vector<Entry> vs;
  int per_call;
};
std::vector<Pending> g_pending;

// Appends the row and schedules its variants (up to five) for measure_all.
void add_row(std::vector<Row>& rows, const Row& row, std::vector<Entry> vs, int per_call) {
  g_pending.push_back({rows.size(), std::move(vs), per_call});
  rows.push_back(row);
}

// Checks every scheduled variant, then measures them all in one interleaved
// series (each round times one batch of each), so a burst of host noise
// (seconds) costs every row a round or two instead of all rounds of the rows
// it overlaps; fills rows[].ns (per operation, medians).
void measure_all(std::vector<Row>& rows, const bench::Options& opt) {
  std::vector<bench::Variant> variants;
  for (const auto& p : g_pending)
    for (const auto& e : p.vs) {
      e.check();
      variants.push_back(e.v);
    }
  const auto t = bench::measure_interleaved(variants, opt);
  std::size_t at = 0;
  for (const auto& p : g_pending)
    for (const auto& e : p.vs) rows[p.row].ns[e.column] = t[at++].median_ns / p.per_call;
  g_pending.clear();
}

// ---- the values a row works on, as integers mod p, and their reference ops --

mpz_class mod(const mpz_class& x, const mpz_class& p) {
  mpz_class r;
  mpz_mod(r.get_mpz_t(), x.get_mpz_t(), p.get_mpz_t());
  return r;
}

// F_q rows: x[0..3], y and the batch operands bx[], by[].
struct FqValues {
  mpz_class x[4], y, bx[kBlock], by[kBlock];
  // All values (reduced mod p) as one integer, digits base p: equal exactly when every value is.
  mpz_class pack(const mpz_class& p) const {
    mpz_class acc = 0;
    for (const auto* v : {&x[0], &x[1], &x[2], &x[3], &y}) acc = acc * p + mod(*v, p);
    for (int i = 0; i < kBlock; ++i) acc = (acc * p + mod(bx[i], p)) * p + mod(by[i], p);
    return acc;
  }
};

// F_q^2 / F_q^6 rows: u, w, the batch bu[], bw[], and x, y in F_q^6.
struct ExtValues {
  fieldtest::C u, w, bu[16], bw[16];
  fieldtest::C3 x, y;
  mpz_class pack(const mpz_class& p) const {
    mpz_class acc = 0;
    auto put = [&](const fieldtest::C& c) { acc = (acc * p + mod(c.re, p)) * p + mod(c.im, p); };
    put(u), put(w);
    for (int i = 0; i < 16; ++i) put(bu[i]), put(bw[i]);
    for (int k = 0; k < 3; ++k) put(x[k]), put(y[k]);
    return acc;
  }
};

mpz_class pow_mod(const mpz_class& b, const mpz_class& e, const mpz_class& p) {
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), p.get_mpz_t());
  return r;
}
mpz_class inverse(const mpz_class& a, const mpz_class& p) {
  mpz_class r;
  mpz_invert(r.get_mpz_t(), a.get_mpz_t(), p.get_mpz_t());
  return r;
}

// The check of one variant: read, one call, read; the reference applied to
// the first reading must give the second.
template <class Values>
std::function<void()> checked(const std::string& what, const std::function<void()>& run,
                              const std::function<Values()>& read, const std::function<void(Values&)>& ref,
                              const mpz_class& p) {
  return [=] {
    Values before = read();
    run();
    const Values after = read();
    ref(before);
    check_result(what, after.pack(p), before.pack(p));
  };
}

// ---- GMP: operands as limb arrays in Montgomery form (bench/peers) ----------
template <int N>
struct GmpState {
  explicit GmpState(const mpz_class& p) : g(p) {}
  peers::GmpMontgomery g;
  mp_limb_t x[4][N], b[N], t[2 * N], s[N], bx[kBlock][N];
  mpz_class az, rz;  // the inversion's operand and result
  void mont_mul(mp_limb_t* r, const mp_limb_t* u, const mp_limb_t* v) { g.mul_redc_1(r, u, v, t); }
  void mont_sqr(mp_limb_t* r, const mp_limb_t* u) { g.sqr_redc_1(r, u, t); }
  void add(mp_limb_t* r, const mp_limb_t* u, const mp_limb_t* v) { g.add(r, u, v, s); }
  // The values of x, y = b and the batch (each bx[i] times b).
  FqValues values() const {
    FqValues o;
    for (int k = 0; k < 4; ++k) o.x[k] = g.from_mont(x[k]);
    o.y = g.from_mont(b);
    for (int i = 0; i < kBlock; ++i) o.bx[i] = g.from_mont(bx[i]), o.by[i] = o.y;
    return o;
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
  auto read_parmod = [](std::shared_ptr<F> f, std::shared_ptr<PState> s) {
    return std::function<FqValues()>([f, s] {
      FqValues o;
      for (int k = 0; k < 4; ++k) o.x[k] = f->to_mpz(s->x[k]);
      o.y = f->to_mpz(s->y);
      for (int i = 0; i < kBlock; ++i) o.bx[i] = f->to_mpz(s->bx[i]), o.by[i] = f->to_mpz(s->by[i]);
      return o;
    });
  };

  auto gs = std::make_shared<GmpState<N>>(p);
  {
    std::memset(gs->x, 0, sizeof gs->x);
    gs->g.to_mont(gs->x[0], a);
    gs->g.to_mont(gs->b, b);
    for (int i = 1; i < 4; ++i) std::memcpy(gs->x[i], gs->x[0], sizeof gs->x[0]), gs->x[i][0] ^= i;
    for (int i = 0; i < kBlock; ++i) std::memcpy(gs->bx[i], gs->x[0], sizeof gs->x[0]), gs->bx[i][0] ^= i;
    gs->az = a;
  }
  const std::function<FqValues()> read_gmp = [gs] { return gs->values(); };
  const std::function<FqValues()> read_gmp_inv = [gs] {  // the inversion row: az, plus 1
    FqValues o;
    o.x[0] = gs->az;
    o.y = 1;
    return o;
  };

#ifdef PARMOD_HAVE_OPENSSL
  struct Ossl {
    explicit Ossl(const mpz_class& P) : p(P), mont(p, ctx) {}
    peers::BnCtx ctx;
    peers::Bn p;
    peers::BnMont mont;
    peers::Bn x[4], y, r, bx[kBlock];
  };
  auto os = std::make_shared<Ossl>(p);
  {
    for (int i = 0; i < 4; ++i) {
      os->x[i].set(a + i);
      os->mont.to_mont(os->x[i]);
    }
    os->y.set(b);
    os->mont.to_mont(os->y);
    for (int i = 0; i < kBlock; ++i) {
      BN_copy(os->bx[i].v, os->x[0].v);
      BN_add_word(os->bx[i].v, i);
    }
  }
  const std::function<FqValues()> read_openssl = [os] {  // x, y = the batch's factor, the batch
    FqValues o;
    for (int k = 0; k < 4; ++k) o.x[k] = os->mont.from_mont(os->x[k]);
    o.y = os->mont.from_mont(os->y);
    for (int i = 0; i < kBlock; ++i) o.bx[i] = os->mont.from_mont(os->bx[i]), o.by[i] = o.y;
    return o;
  };
  const std::function<FqValues()> read_openssl_inv = [os] {  // the inversion row: x[0] as stored, plus 1
    FqValues o;
    o.x[0] = os->x[0].get();
    o.y = 1;
    return o;
  };
#endif

  // The row's variants: parmod's paths (batch: with the avx512_ifma batch
  // context), then GMP's and OpenSSL's when given; each checked against ref.
  using Ref = std::function<void(FqValues&)>;
  struct Peer {
    int column;
    const char* name;
    std::function<void()> run;
    std::function<FqValues()> read;
  };
  auto row_variants = [&](const std::string& op, bool batch, auto body, const Ref& ref, std::vector<Peer> peers_) {
    std::vector<Entry> v;
    auto add = [&](int column, const char* vname, std::function<void()> run, const std::function<FqValues()>& read) {
      v.push_back({column, {vname, run}, checked<FqValues>("field " + fname + " " + op + ": " + vname, run, read, ref, p)});
    };
    auto add_parmod = [&](int column, const char* vname, std::shared_ptr<F> f) {
      auto st = make_state(*f);
      add(column, vname, [f, st, body] { body(*f, *st); }, read_parmod(f, st));
    };
    add_parmod(0, "portable", fport);
    if (fadx) add_parmod(1, "mulx_adx", fadx);
    if (batch && fifma) add_parmod(4, "avx512_ifma", fifma);
    for (auto& x : peers_) add(x.column, x.name, x.run, x.read);
    return v;
  };
  auto times = [p](const mpz_class& x, const mpz_class& y, int k) { return mod(x * pow_mod(y, k, p), p); };

  {  // mul, latency
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock; ++i) gs->mont_mul(gs->x[0], gs->x[0], gs->b);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock; ++i) BN_mod_mul_montgomery(os->x[0].v, os->x[0].v, os->y.v, os->mont.v, os->ctx.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "mul (chain)"},
            row_variants("mul (chain)", false, [](const F& f, PState& s) {
              for (int i = 0; i < kBlock; ++i) s.x[0] = f.mul(s.x[0], s.y);
            }, [=](FqValues& o) { o.x[0] = times(o.x[0], o.y, kBlock); }, pv), kBlock);
  }
  {  // mul, throughput
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock / 4; ++i)
                                 for (int k = 0; k < 4; ++k) gs->mont_mul(gs->x[k], gs->x[k], gs->b);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock / 4; ++i)
                      for (int k = 0; k < 4; ++k)
                        BN_mod_mul_montgomery(os->x[k].v, os->x[k].v, os->y.v, os->mont.v, os->ctx.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "mul (4 independent)"},
            row_variants("mul (4 independent)", false, [](const F& f, PState& s) {
              for (int i = 0; i < kBlock / 4; ++i) {
                s.x[0] = f.mul(s.x[0], s.y);
                s.x[1] = f.mul(s.x[1], s.y);
                s.x[2] = f.mul(s.x[2], s.y);
                s.x[3] = f.mul(s.x[3], s.y);
              }
            }, [=](FqValues& o) {
              for (auto& x : o.x) x = times(x, o.y, kBlock / 4);
            }, pv), kBlock);
  }
  {  // mul, a batch: kBlock independent products per call (Fp<N>::mul_batch)
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock; ++i) gs->mont_mul(gs->bx[i], gs->bx[i], gs->b);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock; ++i)
                      BN_mod_mul_montgomery(os->bx[i].v, os->bx[i].v, os->y.v, os->mont.v, os->ctx.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "mul (batch of 64)"},
            row_variants("mul (batch of 64)", true,
                         [](const F& f, PState& s) { f.mul_batch(s.bx, s.bx, s.by, kBlock); },
                         [=](FqValues& o) {
                           for (int i = 0; i < kBlock; ++i) o.bx[i] = mod(o.bx[i] * o.by[i], p);
                         }, pv), kBlock);
  }
  {  // sqr, a batch
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock; ++i) gs->mont_sqr(gs->bx[i], gs->bx[i]);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock; ++i)
                      BN_mod_mul_montgomery(os->bx[i].v, os->bx[i].v, os->bx[i].v, os->mont.v, os->ctx.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "sqr (batch of 64)"},
            row_variants("sqr (batch of 64)", true, [](const F& f, PState& s) { f.sqr_batch(s.bx, s.bx, kBlock); },
                         [=](FqValues& o) {
                           for (auto& x : o.bx) x = mod(x * x, p);
                         }, pv), kBlock);
  }
  {  // sqr
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock; ++i) gs->mont_sqr(gs->x[0], gs->x[0]);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock; ++i)
                      BN_mod_mul_montgomery(os->x[0].v, os->x[0].v, os->x[0].v, os->mont.v, os->ctx.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "sqr (chain)"},
            row_variants("sqr (chain)", false, [](const F& f, PState& s) {
              for (int i = 0; i < kBlock; ++i) s.x[0] = f.sqr(s.x[0]);
            }, [=](FqValues& o) { o.x[0] = pow_mod(o.x[0], mpz_class(1) << kBlock, p); }, pv), kBlock);
  }
  {  // add
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               for (int i = 0; i < kBlock; ++i) gs->add(gs->x[0], gs->x[0], gs->b);
                             }, read_gmp}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    for (int i = 0; i < kBlock; ++i) BN_mod_add_quick(os->x[0].v, os->x[0].v, os->y.v, os->p.v);
                  }, read_openssl});
#endif
    add_row(rows, {fname, "add (chain)"},
            row_variants("add (chain)", false, [](const F& f, PState& s) {
              for (int i = 0; i < kBlock; ++i) s.x[0] = f.add(s.x[0], s.y);
            }, [=](FqValues& o) { o.x[0] = mod(o.x[0] + kBlock * o.y, p); }, pv), kBlock);
  }
  // inversion (parmod: constant-time binary GCD; GMP/OpenSSL: their
  // variable-time gcd inversions), then the Fermat inversion inv replaced
  // (a^(p-2), constant time), in the same run: x = 1/x + y
  const Ref inv_ref = [=](FqValues& o) { o.x[0] = mod(inverse(o.x[0], p) + o.y, p); };
  {
    std::vector<Peer> pv = {{2, "gmp", [gs] {
                               mpz_invert(gs->rz.get_mpz_t(), gs->az.get_mpz_t(), gs->g.P.get_mpz_t());
                               gs->az = gs->rz + 1;
                             }, read_gmp_inv}};
#ifdef PARMOD_HAVE_OPENSSL
    pv.push_back({3, "openssl", [os] {
                    BN_mod_inverse(os->r.v, os->x[0].v, os->p.v, os->ctx.v);
                    BN_add_word(os->r.v, 1);
                    std::swap(os->r.v, os->x[0].v);
                  }, read_openssl_inv});
#endif
    add_row(rows, {fname, "inv"},
            row_variants("inv", false, [](const F& f, PState& s) { s.x[0] = f.add(f.inv(s.x[0]), s.y); }, inv_ref, pv),
            1);
  }
  add_row(rows, {fname, "inv (Fermat)"},
          row_variants("inv (Fermat)", false, [](const F& f, PState& s) { s.x[0] = f.add(f.inv_fermat(s.x[0]), s.y); },
                       inv_ref, {}),
          1);

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
  auto read_x = [](std::shared_ptr<XState> s) {
    return std::function<ExtValues()>([s] {
      auto c = [&](const typename F2::Element& e) { return fieldtest::C{s->f->to_mpz(e.c0), s->f->to_mpz(e.c1)}; };
      ExtValues o;
      o.u = c(s->u), o.w = c(s->w);
      for (int i = 0; i < 16; ++i) o.bu[i] = c(s->bu[i]), o.bw[i] = c(s->bw[i]);
      for (int k = 0; k < 3; ++k) o.x[k] = c(s->x.c[k]), o.y[k] = c(s->y.c[k]);
      return o;
    });
  };
  const fieldtest::C xi_c{xi.re, xi.im};
  auto ext = [&](const std::string& op, int per_call, auto body, std::function<void(ExtValues&)> ref) {
    std::vector<Entry> v;
    auto add = [&](int column, const char* vname, std::shared_ptr<F> f) {
      auto st = make_x(f);
      const std::function<void()> run = [st, body] { body(*st); };
      v.push_back({column, {vname, run}, checked<ExtValues>("field " + fname + " " + op + ": " + vname, run, read_x(st), ref, p)});
    };
    add(0, "portable", fport);
    if (fadx) add(1, "mulx_adx", fadx);
    if (fifma) add(4, "avx512_ifma", fifma);
    add_row(rows, {fname, op}, std::move(v), per_call);
  };
  constexpr int kX = 16;
  auto fp6_times = [p, xi_c](const fieldtest::C3& x, const fieldtest::C3& y, int k, int scale) {
    fieldtest::C3 r = x;
    for (int i = 0; i < k; ++i) {
      r = fieldtest::fp6_ref_mul(r, y, xi_c, p);
      for (auto& c : r) c = fieldtest::cnorm({c.re * scale, c.im * scale}, p);
    }
    return r;
  };
  ext("F_q^2 mul (Karatsuba)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.u = s.f2->mul(s.u, s.w);
  }, [p](ExtValues& o) {
    for (int i = 0; i < kX; ++i) o.u = fieldtest::cmul(o.u, o.w, p);
  });
  ext("F_q^2 sqr (complex)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.u = s.f2->sqr(s.u);
  }, [p](ExtValues& o) {
    for (int i = 0; i < kX; ++i) o.u = fieldtest::cmul(o.u, o.u, p);
  });
  ext("F_q^2 mul (batch of 16, mul_many)", kX, [](XState& s) { s.f2->mul_many(s.bu, s.bu, s.bw, kX); },
      [p](ExtValues& o) {
        for (int i = 0; i < kX; ++i) o.bu[i] = fieldtest::cmul(o.bu[i], o.bw[i], p);
      });
  const auto x_times_y = [fp6_times](ExtValues& o) { o.x = fp6_times(o.x, o.y, kX, 1); };
  ext("F_q^6 mul schoolbook", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_schoolbook(s.x, s.y);
  }, x_times_y);
  ext("F_q^6 mul Karatsuba-3", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_karatsuba3(s.x, s.y);
  }, x_times_y);
  ext("F_q^6 mul Toom-3i (/4 by halving)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul_toom3i(s.x, s.y);
  }, x_times_y);
  ext("F_q^6 mul Toom-3i x4 (quarter repr.)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->mul4_toom3i(s.x, s.y);
  }, [fp6_times](ExtValues& o) { o.x = fp6_times(o.x, o.y, kX, 4); });
  ext("F_q^6 sqr Toom-3i x4 (5 sqr)", kX, [](XState& s) {
    for (int i = 0; i < kX; ++i) s.x = s.f6->sqr4_toom3i(s.x);
  }, [fp6_times](ExtValues& o) {
    for (int i = 0; i < kX; ++i) o.x = fp6_times(o.x, o.x, 1, 4);
  });
}

int run_bench_field(const Args& args) {
  const bool json = args.json;
  bench::Options opt;
  if (args.has("--short")) {
    opt.rounds = 5;
    opt.batch_seconds = 0.001;
  }
  opt.rounds = args.rounds_or(opt.rounds);
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
    std::cout << table.json("parmod-bench field: F_q, F_q^2, F_q^6 (TSC " + fmt(ghz, 3) + " GHz, core " +
                            fmt(core, 3) + " GHz = " + fmt(ratio, 3) + " x TSC; targets in core cycles)")
              << '\n';
  } else {
    std::cout << "parmod-bench field on " << bench::machine_description() << "\n"
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

}  // namespace

const Bench kFieldBench = {{"field", "F_q, F_q^2, F_q^6 arithmetic (Fp<N>) vs GMP and OpenSSL", kRounds | kJson, nullptr,
                            {{"--short", nullptr, "5 rounds of 1 ms batches"}}},
                           &run_bench_field};

}  // namespace parmod::bench

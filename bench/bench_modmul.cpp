// bench/bench_modmul.cpp - `parmod-bench modmul`: the Appendix B table
// of Giorgi, Imbert, Izard (2011) on this machine, for T = 1 and T = 2
// threads, and the issue-4 target: the product in Montgomery-style
// representation with 2 threads against the best single-thread peer.
//
//   parmod-bench modmul [--json] [--sizes B1,B2,...] [--rounds R] [--short] [--stat median|min]
//                       [--plot FILE.png]
// (--short: k <= 4 and 5 rounds; --stat min: report each variant's fastest
// round instead of the median, for a host whose cores other jobs share)
//
// Per size (bits; default 1024 ... 393216 as in Appendix B) one odd random
// modulus with its top bit set and random residues.  All variants of all
// sizes are measured in one interleaved series (bench/harness.hpp): each of
// the 11 rounds (--rounds) times one batch of every variant of every size, each batch
// after one untimed warm-up call; medians over the rounds.  A burst of host
// noise then costs every size a round or two, not all rounds of one size.
//   gmp        mpz_mul + mpz_tdiv_r (how the paper timed GMP)
//   mpn-redc   mpn_mul_n + GMP's word REDC (__gmpn_redc_1), or REDC by two
//              mpn_mul_n products, the faster of the two per size
//   openssl    BN_mod_mul_montgomery (when the build links libcrypto); openssl-sqr
//              the same with a == b (OpenSSL's own squaring)
// (the peers of bench/peers.hpp).  Before timing, every variant's product
// of each size is checked against GMP's a b R^-1 mod P for its R.
//   montgomery-sqr                   the Montgomery engine's square (one thread; its
//                                    own table beside OpenSSL's square)
//   window-rax / window-zero-slot    (and -sqr) the two families of the unrolled
//                                    window kernels, at the sizes that have one in the
//                                    entry points' table (their own table)
//   montgomery / barrett             parmod's sequential engines (T = 1), and
//                                    on parallel_mul (T = 2, modmul/parallel_classic)
//   montgomery52                     radix 2^52 on AVX-512 IFMA, the product of two
//                                    digit elements (its representation), one thread
//   montgomery28                     radix 2^28 on AVX2 (up to 16574 bits), the product
//                                    of two elements of its element engine, one thread
//   bipartite / multi(k=...)         issue 4, 1 thread and 2 threads (the task graph)
//   bipartite-halves                 the bipartite as two whole tasks on 2 threads
//                                    (modmul::bipartite_mul_halves: what the engine
//                                    runs on exactly two threads)
//   mulx-columns / mulx-products      the instruction streams of bench/mulx_stream.hpp
//   mulx-columns-lo-first            (once per run, where the CPU has BMI2 and ADX): the
//                                    last table sets the one-thread Montgomery product and
//                                    OpenSSL's beside them, per limb product, and compares
//                                    the two orders of a limb product's adds
// "best peer" = the faster of mpn-redc and openssl, the single-thread
// peers (each a product in Montgomery representation).  The last column
// divides it by parmod's best product in its representation with at most T
// threads: T = 1 Montgomery, montgomery52, montgomery28, bipartite,
// multipartite; T = 2 the two-thread products and the one-thread ones (which
// `automatic` keeps on one thread even when two are allowed).
#include <gmp.h>

#include <algorithm>
#include <functional>
#include <map>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "mulx_stream.hpp"
#include "peers.hpp"
#include "plot.hpp"
#include "config/tuning.hpp"
#include "limbs/window_adx.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/engine.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "modmul/parallel_classic.hpp"
#include "paper_appendix_b.hpp"
#include "runtime/team.hpp"

namespace parmod::bench {
namespace {

const std::vector<std::size_t> kAppendixSizes = {1024,  1536,  2048,  3072,   4096,   6144,   8192,   12288,  16384,
                                                 24576, 32768, 49152, 65536, 98304, 131072, 196608, 262144, 393216};
const int kKs[] = {2, 3, 4, 6, 8};
constexpr std::size_t kStreamLoops = 64;  // loops of a mulx stream per call: about 10^4 limb products

struct Measured {
  std::size_t bits = 0;
  std::vector<bench::Timing> t;
  int auto_k1 = 0, auto_k2 = 0;
  bool use_min = false;  // --stat min: the fastest round instead of the median
  double get(const std::string& name) const {
    for (const auto& x : t)
      if (x.name == name) return use_min ? x.min_ns : x.median_ns;
    return 0;
  }
};

// One size's operands, constants, scratch and variants.  The variants'
// closures point into it, so it lives (on the heap) until every size has been
// measured.
struct SizeBench {
  std::size_t bits = 0;
  mpz_class P, a, b;
  std::unique_ptr<modmul::ModulusConstants> k;
  modmul::BoundEngine b52;  // montgomery52 bound to P where the CPU has IFMA
  modmul::BoundEngine b28;  // montgomery28 bound to P where the CPU has AVX2 and P fits
  modmul::DigitVector ex, ey, er, escratch;  // its elements (cache-line aligned) and scratch
  std::unique_ptr<peers::GmpMulMod> gmp;
  std::unique_ptr<peers::GmpMontgomery> redc;
  std::vector<limb_t> x, y, r, t, w, work, dx, dy, dr, pwork, hwork;
  std::vector<std::unique_ptr<modmul::MultipartitePlan>> plans;
  int auto_k1 = 0, auto_k2 = 0;
  std::vector<bench::Variant> v;
  // Per variant: its result after one call, and GMP's value of it.
  std::vector<std::function<mpz_class()>> result;
  std::vector<mpz_class> want;
#ifdef PARMOD_HAVE_OPENSSL
  std::unique_ptr<peers::OpensslModMul> os;
#endif
  // Runs every variant once and checks its result (before any timing).
  void check() const {
    for (std::size_t i = 0; i < v.size(); ++i) {
      v[i].run();
      check_result("modmul " + std::to_string(bits) + " bits: " + v[i].name, result[i](), want[i]);
    }
  }
};

std::unique_ptr<SizeBench> make_size(std::size_t bits, gmp_randclass& rng, bool quick) {
  auto sb = std::make_unique<SizeBench>();
  SizeBench& S = *sb;
  S.bits = bits;
  S.P = peers::random_modulus(rng, bits);
  S.a = rng.get_z_range(S.P);
  S.b = rng.get_z_range(S.P);
  const mpz_class &P = S.P, &a = S.a, &b = S.b;
  S.k = std::make_unique<modmul::ModulusConstants>(P);
  const modmul::ModulusConstants& k = *S.k;
  const std::size_t n = k.n;
  S.gmp = std::make_unique<peers::GmpMulMod>(P, a, b);
  S.redc = std::make_unique<peers::GmpMontgomery>(P);
  S.x.resize(n), S.y.resize(n), S.r.resize(n), S.t.resize(S.redc->product_limbs()), S.w.resize(S.redc->products_scratch());
  modmul::to_limbs(S.x.data(), n, a);
  modmul::to_limbs(S.y.data(), n, b);
  S.work.resize(std::max(modmul::montgomery_scratch(n), std::size_t(8 * n + 64)) +
                modmul::multipartite_engine_scratch(n));
  // a b beta^-h mod P: the product in a representation R = beta^h.
  auto product_over = [&](std::size_t h) {
    mpz_class rinv;
    const mpz_class R = mpz_class(1) << (64 * h);
    mpz_invert(rinv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
    return mpz_class(a * b * rinv % P);
  };
  // Each closure captures s (the heap object) and nothing on this stack.
  SizeBench* s = sb.get();
  std::vector<bench::Variant>& v = S.v;
  auto add = [&](bench::Variant var, std::function<mpz_class()> result, const mpz_class& want) {
    v.push_back(std::move(var));
    S.result.push_back(std::move(result));
    S.want.push_back(want);
  };
  auto limbs_r = [s] { return from_limbs(s->r.data(), s->k->n); };
  auto limbs_r_mod_p = [s] { return mpz_class(from_limbs(s->r.data(), s->k->n) % s->P); };  // GMP's REDC: below beta^n
  add({"gmp", [s] { s->gmp->run(); }}, [s] { return s->gmp->result(); }, a * b % P);
  add({"mpn-redc1", [s] { s->redc->mul_redc_1(s->r.data(), s->x.data(), s->y.data(), s->t.data()); }}, limbs_r_mod_p,
      product_over(n));
  add({"mpn-redc2",
       [s] { s->redc->mul_redc_products(s->r.data(), s->x.data(), s->y.data(), s->t.data(), s->w.data()); }},
      limbs_r_mod_p, product_over(n));
#ifdef PARMOD_HAVE_OPENSSL
  S.os = std::make_unique<peers::OpensslModMul>(P, a, b);
  peers::OpensslModMul* os = S.os.get();
  add({"openssl", [os] { os->run(); }}, [os] { return os->result(); }, a * b % P);
  add({"openssl-sqr", [os] { os->square(); }}, [os] { return os->result(); }, a * a % P);
#endif
  add({"montgomery", [s] { modmul::montgomery_mul(s->r.data(), s->x.data(), s->y.data(), *s->k, s->work.data()); }},
      limbs_r, product_over(n));
  add({"montgomery-sqr", [s] { modmul::montgomery_sqr(s->r.data(), s->x.data(), *s->k, s->work.data()); }}, limbs_r,
      [&] {
        mpz_class rinv;
        mpz_invert(rinv.get_mpz_t(), mpz_class(mpz_class(1) << (64 * n)).get_mpz_t(), P.get_mpz_t());
        return mpz_class(a * a * rinv % P);
      }());
#if PARMOD_WINDOW_ADX_ASM
  if (limbs::window_adx_enabled() && limbs::window_adx_unrolled(n)) {  // the two families of the unrolled kernels
    const mpz_class want_sq = [&] {
      mpz_class rinv;
      mpz_invert(rinv.get_mpz_t(), mpz_class(mpz_class(1) << (64 * n)).get_mpz_t(), P.get_mpz_t());
      return mpz_class(a * a * rinv % P);
    }();
    add({"window-rax",
         [s] { modmul::montgomery_window_folded(s->r.data(), s->x.data(), s->y.data(), *s->k, s->work.data()); }},
        limbs_r, product_over(n));
    add({"window-zero-slot",
         [s] { modmul::montgomery_window_zero_slot(s->r.data(), s->x.data(), s->y.data(), *s->k, s->work.data()); }},
        limbs_r, product_over(n));
    add({"window-rax-sqr",
         [s] { modmul::montgomery_window_folded(s->r.data(), s->x.data(), s->x.data(), *s->k, s->work.data()); }},
        limbs_r, want_sq);
    add({"window-zero-slot-sqr",
         [s] { modmul::montgomery_window_zero_slot(s->r.data(), s->x.data(), s->x.data(), *s->k, s->work.data()); }},
        limbs_r, want_sq);
  }
#endif
  add({"barrett", [s] { modmul::barrett_mul(s->r.data(), s->x.data(), s->y.data(), *s->k, s->work.data()); }}, limbs_r,
      a * b % P);
  if (!modmul::montgomery52_factory.rejects(P)) {  // digit elements in the representation
    S.b52 = modmul::montgomery52_factory.bind(P, {});
    const auto& e = modmul::montgomery52_digit_engine;
    const std::size_t words = modmul::element_size(e, n);
    S.dx.resize(words), S.dy.resize(words), S.dr.resize(words);
    std::vector<limb_t> s52(e.scratch_limbs(n));
    e.to_repr(S.dx.data(), S.x.data(), *S.b52.k, s52.data());
    e.to_repr(S.dy.data(), S.y.data(), *S.b52.k, s52.data());
    add({"montgomery52",
         [s] {
           modmul::montgomery52_mul_digits(s->dr.data(), s->dx.data(), s->dy.data(),
                                           modmul::montgomery52_constants(*s->b52.k));
         }},
        [s] {  // x R * y R -> x y R; back to the residue x y mod P
          const auto& e = modmul::montgomery52_digit_engine;
          std::vector<limb_t> out(s->k->n), scratch(e.scratch_limbs(s->k->n));
          e.from_repr(out.data(), s->dr.data(), *s->b52.k, scratch.data());
          return from_limbs(out.data(), s->k->n);
        },
        a * b % P);
  }
  if (!modmul::montgomery28_factory.rejects(P)) {  // elements of its element engine
    S.b28 = modmul::montgomery28_factory.bind(P, {});
    const modmul::Engine& e = modmul::element_engine(*S.b28.engine);
    const std::size_t words = modmul::element_size(e, n);
    S.ex.resize(words), S.ey.resize(words), S.er.resize(words), S.escratch.resize(e.scratch_limbs(n));
    e.to_repr(S.ex.data(), S.x.data(), *S.b28.k, S.escratch.data());
    e.to_repr(S.ey.data(), S.y.data(), *S.b28.k, S.escratch.data());
    add({"montgomery28",
         [s] {
           modmul::element_engine(*s->b28.engine)
               .mul(s->er.data(), s->ex.data(), s->ey.data(), *s->b28.k, s->escratch.data());
         }},
        [s] {  // x R * y R -> x y R; back to the residue x y mod P
          const modmul::Engine& e = modmul::element_engine(*s->b28.engine);
          std::vector<limb_t> out(s->k->n);
          modmul::DigitVector scratch(e.scratch_limbs(s->k->n));
          e.from_repr(out.data(), s->er.data(), *s->b28.k, scratch.data());
          return from_limbs(out.data(), s->k->n);
        },
        a * b % P);
  }
  S.pwork.resize(modmul::parallel_classic_scratch(n));
  add({"montgomery/T2",
       [s] { modmul::parallel_montgomery_mul(s->r.data(), s->x.data(), s->y.data(), *s->k, 2, s->pwork.data()); }},
      limbs_r, product_over(n));
  add({"barrett/T2",
       [s] { modmul::parallel_barrett_mul(s->r.data(), s->x.data(), s->y.data(), *s->k, 2, s->pwork.data()); }},
      limbs_r, a * b % P);

  const auto costs = runtime::CostTable::measured();
  auto add_plan = [&](const std::string& name, const modmul::MultipartiteConfig& c, int T) {
    S.plans.push_back(std::make_unique<modmul::MultipartitePlan>(modmul::make_multipartite_plan(n, c, costs)));
    const modmul::MultipartitePlan* p = S.plans.back().get();
    add({name, [s, p, T] {
           modmul::multipartite_mul(s->r.data(), s->x.data(), s->y.data(), *s->k, *p, s->work.data(), T);
         }},
        limbs_r, product_over(p->h));
  };
  S.hwork.resize(modmul::bipartite_halves_scratch(n));
  add({"bipartite-halves/T2",
       [s] { modmul::bipartite_mul_halves(s->r.data(), s->x.data(), s->y.data(), *s->k, s->hwork.data(), 2); }},
      limbs_r, product_over(n / 2));
  S.auto_k1 = modmul::choose_multipartite_k(n, 1, costs);
  S.auto_k2 = modmul::choose_multipartite_k(n, 2, costs);
  for (int T : {1, 2}) {
    const std::string suffix = "/T" + std::to_string(T);
    add_plan("bipartite" + suffix, modmul::bipartite_config(T), T);
    for (int kk : kKs) {
      if (quick && kk > 4) continue;
      modmul::MultipartiteConfig c;
      c.ka = c.kb = kk;
      c.threads = T;
      add_plan("multi" + std::to_string(kk) + suffix, c, T);
    }
  }
  // One call of 0.2-5 ms from 65536 bits: a batch is one or two calls.
  // Every batch is preceded by an untimed call, which brings the variant's
  // operands, tables and scratch back into the caches the other variants
  // evicted (every variant alike, as in a loop of many products).
  for (auto& var : v) {
    var.batch_seconds = bits >= 65536 ? 0.001 : 0.002;
    var.warmup_calls = 1;
  }
  S.check();
  return sb;
}

std::string us(double ns) { return ns > 0 ? bench::format_us(ns) : std::string("n/a"); }
// x / y as a ratio cell, n/a where either did not run.
std::string ratio_cell(double x, double y) { return x > 0 && y > 0 ? bench::format_ratio(x / y) : std::string("n/a"); }
// x with three decimals (ns per limb product; the plot's speedups).
std::string fixed3(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", x);
  return std::string(b);
}

int run(const Args& args) {
  const bool json = args.json, quick = args.has("--short"), use_min = args.value("--stat") == "min";
  const std::string stat_words = use_min ? "fastest of interleaved rounds" : "medians of interleaved rounds";
  const std::string& plot = args.plot;
  std::vector<std::size_t> sizes = kAppendixSizes;
  if (!args.sizes.empty()) sizes.assign(args.sizes.begin(), args.sizes.end());
  runtime::warm_up(2);
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(20110901);
  // Every size's variants are measured in one interleaved series: each
  // round times one batch of every variant of every size, so a burst of
  // host noise (seconds) costs each size a round or two instead of all the
  // rounds of the sizes it happens to overlap.
  std::vector<std::unique_ptr<SizeBench>> benches;
  std::vector<bench::Variant> variants;
  for (std::size_t bits : sizes) {
    benches.push_back(make_size(bits, rng, quick));
    for (const auto& var : benches.back()->v) variants.push_back(var);
  }
  const std::size_t stream_at = variants.size();  // the streams, when they run here, come last
#if PARMOD_WINDOW_ADX_ASM
  if (mulx_streams_available()) {
    variants.push_back({"mulx-columns", [] { mulx_column_stream(kStreamLoops, true); }});
    variants.push_back({"mulx-products", [] { mulx_product_stream(kStreamLoops); }});
    variants.push_back({"mulx-columns-lo-first", [] { mulx_column_stream(kStreamLoops, false); }});
    for (std::size_t i = stream_at; i < variants.size(); ++i) variants[i].batch_seconds = 0.002;
  }
#endif
  bench::Options opt;
  opt.rounds = args.rounds_or(quick ? 5 : 11);
  if (!json) std::cerr << "  " << variants.size() << " variants, " << opt.rounds << " interleaved rounds\n";
  const std::vector<bench::Timing> timings = bench::measure_interleaved(variants, opt);
  std::vector<Measured> all;
  std::size_t at = 0;
  for (const auto& sb : benches) {
    Measured m;
    m.bits = sb->bits;
    m.auto_k1 = sb->auto_k1;
    m.auto_k2 = sb->auto_k2;
    m.use_min = use_min;
    m.t.assign(timings.begin() + at, timings.begin() + at + sb->v.size());
    at += sb->v.size();
    all.push_back(std::move(m));
  }

  std::vector<std::string> kcols;
  for (int kk : kKs)
    if (!quick || kk <= 4) kcols.push_back(std::to_string(kk));
  // ns per limb product of each stream (0 when they did not run).
  double per_column_product = 0, per_free_product = 0, per_lo_first_product = 0;
  if (timings.size() > stream_at) {
    const double loop_products = static_cast<double>(kStreamLoops * kMulxStreamProducts);
    auto per_product = [&](std::size_t i) {
      return (use_min ? timings[stream_at + i].min_ns : timings[stream_at + i].median_ns) / loop_products;
    };
    per_column_product = per_product(0);
    per_free_product = per_product(1);
    per_lo_first_product = per_product(2);
  }
  std::string out_json = "[";
  std::map<std::size_t, double> best_t2;  // bits -> best parmod time with T <= 2 (the paper comparison)
  for (int T : {1, 2}) {
    bench::Table tab;
    tab.header = {"n (bits)", "GMP seq.", "mpn_mul_n+REDC", "OpenSSL mont", "Montgomery", "Montgomery52",
                  "Montgomery28", "Barrett", "Bipartite"};
    if (T == 2) tab.header.push_back("Bipartite, two halves");
    for (const auto& kk : kcols) tab.header.push_back("Multi(k=" + kk + ")");
    tab.header.push_back("auto k");
    tab.header.push_back(T == 1 ? "best peer / best parmod" : "best 1-thread peer / best parmod T<=2");
    // The best parmod variant of one thread count (n/a entries are <= 0).
    auto best_of = [&](const Measured& m, int threads) {
      const std::string s = "/T" + std::to_string(threads);
      std::vector<std::string> keys = {threads == 1 ? "montgomery" : "montgomery/T2", "montgomery52", "montgomery28",
                                       threads == 1 ? "barrett" : "barrett/T2", "bipartite" + s};
      if (threads == 2) keys.push_back("bipartite-halves/T2");
      for (const auto& kk : kcols) keys.push_back("multi" + kk + s);
      double best = 0;
      for (const auto& key : keys)
        if (m.get(key) > 0 && (best == 0 || m.get(key) < best)) best = m.get(key);
      return best;
    };
    for (const auto& m : all) {
      const std::string s = "/T" + std::to_string(T);
      const double redc = std::min(m.get("mpn-redc1"), m.get("mpn-redc2"));
      double peer = redc;
      if (m.get("openssl") > 0) peer = std::min(peer, m.get("openssl"));
      // T <= 2: a Modulus of two threads runs the one-thread products where
      // they are faster (below the parallel-product threshold).
      const double best = T == 1 ? best_of(m, 1) : std::min(best_of(m, 1), best_of(m, 2));
      std::vector<std::string> row = {std::to_string(m.bits), us(m.get("gmp")), us(redc), us(m.get("openssl")),
                                      us(m.get(T == 1 ? "montgomery" : "montgomery/T2")),
                                      us(m.get("montgomery52")), us(m.get("montgomery28")),
                                      us(m.get(T == 1 ? "barrett" : "barrett/T2")), us(m.get("bipartite" + s))};
      if (T == 2) row.push_back(us(m.get("bipartite-halves/T2")));
      for (const auto& kk : kcols) row.push_back(us(m.get("multi" + kk + s)));
      row.push_back(std::to_string(T == 1 ? m.auto_k1 : m.auto_k2));
      row.push_back(bench::format_ratio(peer / best));
      if (T == 2) best_t2[m.bits] = best;
      tab.rows.push_back(row);
    }
    const std::string title = "parmod-bench modmul: modular multiplication, T = " + std::to_string(T) +
                              " thread" + (T > 1 ? "s" : "") + " (microseconds, " +
                              stat_words + ")";
    if (json) {
      out_json += (T == 2 ? "," : "") + tab.json(title);
    } else {
      std::cout << "## " << title << "\nMachine: " << bench::machine_description() << "\n\n" << tab.markdown() << '\n';
    }
  }
  // Squares, one thread: parmod's Montgomery square against its product and
  // OpenSSL's square (BN_mod_mul_montgomery(a, a)) against its product.
  bench::Table sq;
  sq.header = {"n (bits)", "Montgomery product", "Montgomery square", "square / product", "OpenSSL product",
               "OpenSSL square", "OpenSSL square / product", "OpenSSL square / Montgomery square"};
  for (const auto& m : all) {
    const double mp = m.get("montgomery"), ms = m.get("montgomery-sqr"), op = m.get("openssl"),
                 os = m.get("openssl-sqr");
    sq.rows.push_back({std::to_string(m.bits), us(mp), us(ms), ratio_cell(ms, mp), us(op), us(os), ratio_cell(os, op),
                       ratio_cell(os, ms)});
  }
  const std::string sq_title = std::string("parmod-bench modmul: Montgomery squares, T = 1 (microseconds, ") +
                               stat_words +
                               "; ratios of times)";
  if (json)
    out_json += "," + sq.json(sq_title);
  else
    std::cout << "## " << sq_title << "\n\n" << sq.markdown() << '\n';
  // The two families of the unrolled window kernels (the sizes with one in
  // the entry points' table), one thread: closing each group's flag chains
  // from rax or from the frame's zero slot; the tuning row's choice.
  bench::Table fam;
  fam.header = {"n (bits)", "product, closing from rax", "product, from the zero slot", "zero slot / rax",
                "square, from rax", "square, from the zero slot", "zero slot / rax", "the row's family"};
  for (const auto& m : all) {
    const double pr = m.get("window-rax"), pz = m.get("window-zero-slot"), sr = m.get("window-rax-sqr"),
                 sz = m.get("window-zero-slot-sqr");
    if (pr <= 0) continue;
    fam.rows.push_back({std::to_string(m.bits), us(pr), us(pz), ratio_cell(pz, pr), us(sr), us(sz), ratio_cell(sz, sr),
                        config::tuning().montgomery_adx_small_zero_slot ? "zero slot" : "rax"});
  }
  if (!fam.rows.empty()) {
    const std::string fam_title =
        std::string("parmod-bench modmul: the unrolled window kernels' two families, T = 1 (microseconds, ") +
        stat_words + "; montgomery.adx_small_zero_slot picks)";
    if (json)
      out_json += "," + fam.json(fam_title);
    else
      std::cout << "## " << fam_title << "\n\n" << fam.markdown() << '\n';
  }
  // One thread against the mulx streams, up to 64 limbs (beyond, the product
  // takes Karatsuba and fewer limb products): the Montgomery product and
  // OpenSSL's in ns per limb product of the schoolbook product and REDC
  // (2n^2 + n), and OpenSSL's time over what the limb products would take at
  // each stream's rate: the most a kernel running that stream and nothing
  // else could gain on OpenSSL here.
  if (per_column_product > 0) {
    bench::Table st;
    st.header = {"n (bits)", "limb products", "Montgomery (ns per limb product)", "column stream",
                 "Montgomery / column stream", "product stream", "OpenSSL (ns per limb product)",
                 "OpenSSL / Montgomery", "OpenSSL / column stream", "OpenSSL / product stream"};
    for (const auto& m : all) {
      const double n = static_cast<double>((m.bits + kLimbBits - 1) / kLimbBits);
      if (n > 64) continue;
      const double lp = 2 * n * n + n, mp = m.get("montgomery") / lp, op = m.get("openssl") / lp;
      st.rows.push_back({std::to_string(m.bits), std::to_string(static_cast<long>(lp)), fixed3(mp),
                         fixed3(per_column_product), ratio_cell(mp, per_column_product), fixed3(per_free_product),
                         op > 0 ? fixed3(op) : "n/a", ratio_cell(op, mp), ratio_cell(op, per_column_product),
                         ratio_cell(op, per_free_product)});
    }
    const std::string st_title =
        std::string("parmod-bench modmul: one thread against the mulx/adcx/adox streams (ns per limb product, ") +
        stat_words + "; ratios of times)";
    char order[200];
    std::snprintf(order, sizeof order,
                  "Column stream with each product's lo added first: %.3f ns per limb product (%.3f of the kernels' "
                  "hi-first order).",
                  per_lo_first_product, per_lo_first_product / per_column_product);
    if (json)
      out_json += "," + st.json(st_title);
    else if (!st.rows.empty())
      std::cout << "## " << st_title << "\n\n" << st.markdown() << '\n' << order << "\n\n";
  }
  // Beside the paper's Appendix B (4 cores): each side's best parallel
  // product against its own sequential GMP (mpz_mul + mpz_tdiv_r).
  bench::Table paper;
  paper.header = {"n (bits)", "paper: GMP seq.", "paper: best of 4 cores", "paper: speedup",
                  "here: GMP seq.", "here: best parmod, 2 threads", "here: speedup"};
  for (const auto& p : kPaperAppendixB4Cores) {
    const auto it = best_t2.find(p.bits);
    if (it == best_t2.end()) continue;
    const Measured* m = nullptr;
    for (const auto& x : all)
      if (x.bits == p.bits) m = &x;
    const double pbest = std::min({p.barrett, p.montgomery, p.bipartite, p.multi2, p.multi4});
    paper.rows.push_back({std::to_string(p.bits), us(p.gmp * 1e3), us(pbest * 1e3), bench::format_ratio(p.gmp / pbest),
                          us(m->get("gmp")), us(it->second), bench::format_ratio(m->get("gmp") / it->second)});
  }
  // (us() takes nanoseconds; the paper's times are microseconds.)
  const std::string paper_title =
      "parmod-bench modmul: beside the paper's Appendix B (4 cores, 2011; microseconds; speedups over each side's "
      "sequential GMP)";
  if (json) {
    if (!paper.rows.empty()) out_json += "," + paper.json(paper_title);
    std::cout << out_json << "]\n";
  } else if (!paper.rows.empty()) {
    std::cout << "## " << paper_title << "\n\n" << paper.markdown() << '\n';
  }
  if (plot.empty()) return 0;
  // The plot: speedups over the best one-thread peer (GMP mpn_mul_n + REDC,
  // OpenSSL), one line per method and thread count.
  bench::Table fig;
  fig.header = {"bits", "Montgomery T=1", "Montgomery52 T=1", "bipartite T=1", "best multipartite T=1", "bipartite T=2",
                "best multipartite T=2"};
  for (const auto& m : all) {
    double peer = std::min({m.get("mpn-redc1"), m.get("mpn-redc2")});
    if (m.get("openssl") > 0) peer = std::min(peer, m.get("openssl"));
    auto cell = [&](double t) { return fixed3(t > 0 ? peer / t : 0.0); };
    auto best_multi = [&](int T) {
      double best = 0;
      for (const auto& kk : kcols) {
        const double x = m.get("multi" + kk + "/T" + std::to_string(T));
        if (x > 0 && (best == 0 || x < best)) best = x;
      }
      return best;
    };
    fig.rows.push_back({std::to_string(m.bits), cell(m.get("montgomery")), cell(m.get("montgomery52")),
                        cell(m.get("bipartite/T1")),
                        cell(best_multi(1)), cell(m.get("bipartite/T2")), cell(best_multi(2))});
  }
  return bench::write_plot(fig.json("parmod-bench modmul: speedup over the best one-thread peer"), plot);
}

}  // namespace

const Bench kModmulBench = {
    {"modmul", "Appendix B: GMP, REDC peers, OpenSSL, Montgomery, Barrett, bipartite, multipartite (T=1,2)",
     kSizes | kRounds | kJson | kPlot, "bits (default Appendix B's 1024..393216)",
     {{"--short", nullptr, "k <= 4 and 5 rounds"},
      {"--stat", "median|min", "report each variant's median round (default) or its fastest"}}},
    &run};

}  // namespace parmod::bench

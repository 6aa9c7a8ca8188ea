// bench/bench_powm.cpp - `parmod-bench powm`: modular exponentiation beside its peers.
//
// Per size (full-length exponent, random odd modulus), interleaved rounds,
// medians, one process: GMP mpz_powm and mpz_powm_sec, OpenSSL BN_mod_exp_mont
// and BN_mod_exp_mont_consttime, the paper's binary method (§5.4), parmod's
// sliding window (Modulus::pow) and constant-time pow_sec.  Then RSA-CRT
// private operations (2048/3072/4096), like against like: powm_crt against
// GMP and OpenSSL's BN_mod_exp_mont per prime (variable time), powm_sec_crt
// against OpenSSL's own RSA private operation (constant time); batch
// throughput; even moduli (GMP, Barrett,
// the split P = 2^s m'; --even-only and --rsa-only print just that table).  The peers come
// from bench/peers; before timing, every variant's result of each size is
// checked against mpz_powm's (bench/check.hpp).
//   parmod-bench powm [--max-bits N] [--rounds R] [--json] [--plot FILE.png] [--even-only] [--rsa-only]
#include <cstdio>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "api/modulus_state.hpp"
#include "benches.hpp"
#include "check.hpp"
#include "check/assert.hpp"
#include "harness.hpp"
#include "limbs/limbs.hpp"
#include "modmul/montgomery_mul.hpp"
#include "parmod/parmod.hpp"
#include "peers.hpp"
#include "plot.hpp"
#include "powm/binary_powm.hpp"
#include "powm/split_powm.hpp"

namespace parmod::bench {
namespace {

mpz_class mpz_powm_of(const mpz_class& b, const mpz_class& e, const mpz_class& m) {
  mpz_class r;
  mpz_powm(r.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  return r;
}

// Runs every variant once and checks result(name) against want (before
// timing); the variants in `checked_apart` compute something else and are
// checked by the caller.
void check_variants(const std::string& where, const std::vector<bench::Variant>& v,
                    const std::function<mpz_class(const std::string&)>& result, const mpz_class& want,
                    const std::vector<std::string>& checked_apart = {}) {
  for (const auto& var : v) {
    if (std::find(checked_apart.begin(), checked_apart.end(), var.name) != checked_apart.end()) continue;
    var.run();
    check_result("powm " + where + ": " + var.name, result(var.name), want);
  }
}

// The median of the variant called `name`, in ms (0 when absent).
double median_ms(const std::vector<bench::Timing>& t, const char* name) {
  for (const auto& x : t)
    if (x.name == name) return x.median_ns / 1e6;
  return 0;
}

// A time in ms: 3 decimals below 10 ms, 1 above; "n/a" for 0 (a missing variant).
std::string ms_text(double x) {
  if (x == 0) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, x < 10 ? "%.3f" : "%.1f", x);
  return buf;
}
std::string ms_cell(const std::vector<bench::Timing>& t, const char* name) { return ms_text(median_ms(t, name)); }

// The bits - 1 squarings of a pow with a `bits`-bit exponent, one after
// another, on an engine pow runs: every window and the squaring chain keep
// them in sequence, so on that engine no such pow takes less (a bound on what
// pow can reach against its peers).  run_beside_busy() squares while a thread of
// its own multiplies on the same engine (operands of its own) the whole time:
// the floor when both cores compute at once, as the chain's worker and a split
// product's partner do.  The busy thread sleeps (a futex wait) between runs.
class SquareRun {
 public:
  // x in [0, P); the busy thread only when with_busy_thread.
  SquareRun(const modmul::BoundEngine& bound, const mpz_class& x, std::size_t squares, bool with_busy_thread)
      : k_(*bound.k), e_(modmul::element_engine(*bound.engine)), s_(modmul::element_size(e_, k_.n)),
        squares_(squares), store_(4 * limbs::line_words(s_) + 2 * limbs::line_words(e_.scratch_limbs(k_.n)) +
                                  limbs::kLineWords) {
    limb_t* p = limbs::line_aligned(store_.data());
    start_ = p;
    x_ = start_ + limbs::line_words(s_);
    busy_x_ = x_ + limbs::line_words(s_);
    busy_y_ = busy_x_ + limbs::line_words(s_);
    work_ = busy_y_ + limbs::line_words(s_);
    busy_work_ = work_ + limbs::line_words(e_.scratch_limbs(k_.n));
    std::vector<limb_t> plain(k_.n);
    modmul::to_limbs(plain.data(), k_.n, x);
    e_.to_repr(start_, plain.data(), k_, work_);
    mpn_copyi(busy_x_, start_, static_cast<mp_size_t>(s_));
    mpn_copyi(busy_y_, start_, static_cast<mp_size_t>(s_));
    if (with_busy_thread) busy_ = std::thread([this] { busy_loop(); });
  }
  ~SquareRun() {
    phase_.store(kExit);
    phase_.notify_one();
    if (busy_.joinable()) busy_.join();
  }
  SquareRun(const SquareRun&) = delete;
  SquareRun& operator=(const SquareRun&) = delete;

  void run() {
    mpn_copyi(x_, start_, static_cast<mp_size_t>(s_));
    for (std::size_t i = 0; i < squares_; ++i) e_.sqr(x_, x_, k_, work_);
  }
  void run_beside_busy() {
    PARMOD_ASSERT(busy_.joinable());
    phase_.store(kBusy);
    phase_.notify_one();
    run();
    phase_.store(kIdle);
  }
  // x^(2^squares) mod P from the last run.
  mpz_class result() const {
    std::vector<limb_t> r(k_.n), work(e_.scratch_limbs(k_.n) + limbs::kLineWords);
    e_.from_repr(r.data(), x_, k_, limbs::line_aligned(work.data()));
    return from_limbs(r.data(), k_.n);
  }

 private:
  static constexpr int kIdle = 0, kBusy = 1, kExit = 2;
  void busy_loop() {
    for (;;) {
      const int p = phase_.load();
      if (p == kExit) return;
      if (p == kIdle) {
        phase_.wait(kIdle);
        continue;
      }
      e_.mul(busy_y_, busy_y_, busy_x_, k_, busy_work_);
    }
  }
  const modmul::ModulusConstants& k_;
  const modmul::Engine& e_;
  std::size_t s_, squares_;
  std::vector<limb_t> store_;
  limb_t *start_, *x_, *busy_x_, *busy_y_, *work_, *busy_work_;
  std::atomic<int> phase_{kIdle};
  std::thread busy_;
};

// RSA private operation m^d mod N with p, q known, like against like:
//  - variable time: parmod::powm_crt against GMP's mpz_powm per half and
//    OpenSSL's BN_mod_exp_mont per half, each plus the recombination;
//  - constant time: parmod::powm_sec_crt against OpenSSL's own RSA private
//    operation without padding (EVP_PKEY_decrypt: CRT, constant-time
//    exponentiation, blinding; and RSA_private_decrypt with blinding off) and
//    OpenSSL's BN_mod_exp_mont_consttime per half plus the recombination.
bench::Table rsa_crt_table(gmp_randclass& rng, std::size_t rounds, unsigned max_bits, bool json) {
  bench::Table t;
  t.header = {"RSA bits", "GMP 2x mpz_powm + CRT (ms)", "OpenSSL 2x exp_mont + CRT (ms)", "parmod powm_crt (ms)",
              "powm_crt vs OpenSSL exp_mont", "OpenSSL RSA private, EVP (ms)", "OpenSSL RSA private, no blinding (ms)",
              "OpenSSL 2x consttime + CRT (ms)", "parmod powm_sec_crt (ms)", "powm_sec_crt vs OpenSSL RSA",
              "GMP mpz_powm mod p, d mod p-1 (ms)", "GMP BPSW test of p (ms)", "BPSW / that mpz_powm",
              "OpenSSL 2x consttime + CRT, series 3 (ms)", "parmod powm_sec_crt 1 thread (ms)",
              "powm_sec_crt 1 thread vs OpenSSL 2x consttime"};
  for (unsigned bits : {2048u, 3072u, 4096u}) {
    if (bits > max_bits && bits > 2048) break;
    const peers::RsaKey key(rng, bits);
    const mpz_class m = rng.get_z_range(key.N);
    peers::GmpRsaCrt gmp(key, m);
    std::vector<bench::Variant> v = {{"gmp", [&] { gmp.run(); }}};
    mpz_class out, out_sec;
#ifdef PARMOD_HAVE_OPENSSL
    peers::OpensslRsaCrt ossl(key, m);
    peers::OpensslRsaPrivate rsa(key, m);
    v.push_back({"openssl", [&] { ossl.run(false); }});
    v.push_back({"openssl_ct", [&] { ossl.run(true); }});
    v.push_back({"openssl_rsa", [&] { rsa.evp(); }});
    v.push_back({"openssl_rsa_noblind", [&] { rsa.legacy(false); }});
#endif
    v.push_back({"parmod", [&] { out = powm_crt(m, key.d, {key.p, key.q}); }});
    v.push_back({"parmod_sec", [&] { out_sec = powm_sec_crt(m, key.d, key.p, key.q); }});
    check_variants("RSA-" + std::to_string(bits), v,
                   [&](const std::string& name) {
#ifdef PARMOD_HAVE_OPENSSL
                     if (name == "openssl_rsa" || name == "openssl_rsa_noblind") return rsa.result();
                     if (name == "openssl" || name == "openssl_ct") return ossl.result();
#endif
                     return name == "gmp" ? gmp.result() : name == "parmod" ? out : out_sec;
                   },
                   mpz_powm_of(m, key.d, key.N));
    const auto r = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
    auto ms = [&](const char* name) { return median_ms(r, name); };
    auto cell = [&](const char* name) { return ms_cell(r, name); };
    auto ratio = [&](const char* peer, const char* ours) {
      return ms(peer) > 0 ? bench::format_ratio(ms(peer) / ms(ours)) : std::string("n/a");
    };
    // What powm_crt's primality test costs against the exponentiation it may shorten
    // (api/crt.cpp, kFermatMinExponentRatio): GMP's BPSW test of p (mpz_probab_prime_p
    // with 24 reps: BPSW alone) beside one half, interleaved in a series of their own.
    int prime = 0;
    mpz_class half;
    const mpz_class mp = m % key.p;
    const std::vector<bench::Variant> test_v = {
        {"gmp_half", [&] { mpz_powm(half.get_mpz_t(), mp.get_mpz_t(), key.dp.get_mpz_t(), key.p.get_mpz_t()); }},
        {"bpsw", [&] { prime += mpz_probab_prime_p(key.p.get_mpz_t(), 24); }}};
    const auto rt = bench::measure_interleaved(test_v, bench::Options{rounds, 0.02});
    if (prime == 0) throw std::runtime_error("RSA-" + std::to_string(bits) + ": BPSW called p composite");
    // The halves themselves: powm_sec_crt on one thread against OpenSSL's two constant-time
    // halves, in a series of its own (the two-thread series above never follows a change of
    // the thread count).
    std::vector<bench::Variant> one_v = {{"parmod_sec_1", [&] { out_sec = powm_sec_crt(m, key.d, key.p, key.q); }}};
#ifdef PARMOD_HAVE_OPENSSL
    one_v.push_back({"openssl_ct", [&] { ossl.run(true); }});
#endif
    const int threads_before = get_num_threads();
    set_num_threads(1);
    const auto r1 = bench::measure_interleaved(one_v, bench::Options{rounds, 0.02});
    set_num_threads(threads_before);
    if (out_sec != mpz_powm_of(m, key.d, key.N))
      throw std::runtime_error("RSA-" + std::to_string(bits) + ": powm_sec_crt on one thread differs");
    const double ossl_ct_1 = median_ms(r1, "openssl_ct");
    t.rows.push_back({std::to_string(bits), cell("gmp"), cell("openssl"), cell("parmod"), ratio("openssl", "parmod"),
                      cell("openssl_rsa"), cell("openssl_rsa_noblind"), cell("openssl_ct"), cell("parmod_sec"),
                      ratio("openssl_rsa", "parmod_sec"), ms_cell(rt, "gmp_half"), ms_cell(rt, "bpsw"),
                      bench::format_ratio(median_ms(rt, "bpsw") / median_ms(rt, "gmp_half")), ms_cell(r1, "openssl_ct"),
                      ms_cell(r1, "parmod_sec_1"),
                      ossl_ct_1 > 0 ? bench::format_ratio(ossl_ct_1 / median_ms(r1, "parmod_sec_1")) : std::string("n/a")});
    if (!json) std::cerr << "  RSA-" << bits << " done\n";
  }
  return t;
}

// 64 exponentiations modulo one modulus: powm_base_list on the team against
// "GMP on every core" (the list cut in one contiguous share per core, each
// share a loop of mpz_powm on its own std::thread - the peer a user would
// write), same process, interleaved.
bench::Table batch_table(gmp_randclass& rng, std::size_t rounds, unsigned max_bits, bool json) {
  bench::Table t;
  const int cores = get_num_threads();
  t.header = {"bits", "GMP mpz_powm, 1 thread (ms/op)", "GMP on " + std::to_string(cores) + " threads (ms/op)",
              "parmod powm_base_list (ms/op)", "parmod vs GMP on every core"};
  for (unsigned bits : {1024u, 2048u, 4096u}) {
    if (bits > max_bits && bits > 1024) break;
    const mpz_class P = peers::random_modulus(rng, bits);
    const std::size_t count = 64;
    std::vector<mpz_class> bases(count), outs(count);
    for (auto& b : bases) b = rng.get_z_range(P);
    const mpz_class e = rng.get_z_range(P);
    std::vector<bench::Variant> v = {
        {"gmp1", [&] { peers::gmp_powm_list_threads(outs, bases, e, P, 1); }},
        {"gmp_all", [&] { peers::gmp_powm_list_threads(outs, bases, e, P, cores); }},
        {"parmod", [&] { outs = powm_base_list(bases, e, P); }},
    };
    // The list as one integer (digits base P), so that one check covers every item.
    auto packed = [&P](const std::vector<mpz_class>& x) {
      mpz_class acc = 0;
      for (const auto& y : x) acc = acc * P + y;
      return acc;
    };
    std::vector<mpz_class> want(count);
    for (std::size_t i = 0; i < count; ++i) want[i] = mpz_powm_of(bases[i], e, P);
    check_variants("batch " + std::to_string(bits) + " bits", v, [&](const std::string&) { return packed(outs); },
                   packed(want));
    const auto r = bench::measure_interleaved(v, bench::Options{rounds, 0.05});
    auto per_op = [&](const char* name) {
      for (const auto& x : r)
        if (x.name == name) return x.median_ns / 1e6 / count;
      return 0.0;
    };
    char a[32], b[32], c[32];
    std::snprintf(a, sizeof a, "%.3f", per_op("gmp1"));
    std::snprintf(b, sizeof b, "%.3f", per_op("gmp_all"));
    std::snprintf(c, sizeof c, "%.3f", per_op("parmod"));
    t.rows.push_back({std::to_string(bits), a, b, c, bench::format_ratio(per_op("gmp_all") / per_op("parmod"))});
    if (!json) std::cerr << "  batch " << bits << " done\n";
  }
  return t;
}

// Even moduli P = 2^s m' (m' odd, random, P of `bits` bits): GMP mpz_powm
// (which splits P the same way), parmod on Barrett (Algorithm::barrett, the
// path before the split) and automatic (the split: Montgomery on m', truncated
// products mod 2^s, CRT), one thread, full-length exponents, odd bases.
bench::Table even_table(gmp_randclass& rng, std::size_t rounds, unsigned max_bits, bool json) {
  bench::Table t;
  t.header = {"bits", "s", "GMP mpz_powm (ms)", "parmod Barrett (ms)", "parmod automatic (ms)",
              "automatic vs Barrett", "automatic vs GMP"};
  for (unsigned bits : {64u, 128u, 256u, 1024u, 2048u, 4096u}) {
    if (bits > max_bits) break;
    for (unsigned s : {1u, bits / 2, bits - 1}) {
      mpz_class P = rng.get_z_bits(bits - s);
      mpz_setbit(P.get_mpz_t(), bits - s - 1);
      mpz_setbit(P.get_mpz_t(), 0);
      P <<= s;  // exactly `bits` bits, 2-adic valuation s (s = bits - 1: P = 2^s)
      const mpz_class b = rng.get_z_range(P) | 1, e = rng.get_z_range(P);  // odd b: an even one is 0 mod 2^s at once
      const Modulus barrett(P, Algorithm::barrett, 1), automatic(P, Algorithm::automatic, 1);
      mpz_class out;
      std::vector<bench::Variant> v = {
          {"gmp", [&] { mpz_powm(out.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t()); }},
          {"barrett", [&] { out = barrett.pow(b, e); }},
          {"split", [&] { out = automatic.pow(b, e); }},
      };
      check_variants("even " + std::to_string(bits) + " bits s=" + std::to_string(s), v,
                     [&](const std::string&) { return out; }, mpz_powm_of(b, e, P));
      const auto r = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
      auto ms = [&](const char* name) { return median_ms(r, name); };
      auto cell = [&](const char* name) {
        const double x = ms(name);
        char buf[32];
        std::snprintf(buf, sizeof buf, x < 0.1 ? "%.5f" : (x < 10 ? "%.3f" : "%.1f"), x);
        return std::string(buf);
      };
      t.rows.push_back({std::to_string(bits), std::to_string(s), cell("gmp"), cell("barrett"), cell("split"),
                        bench::format_ratio(ms("barrett") / ms("split")), bench::format_ratio(ms("gmp") / ms("split"))});
    }
    if (!json) std::cerr << "  even " << bits << " done\n";
  }
  return t;
}

int run(const Args& args) {
  const unsigned max_bits = static_cast<unsigned>(args.number("--max-bits", 8192));
  const bool even_only = args.has("--even-only"), json = args.json;
  const std::size_t rounds = args.rounds_or(5);
  const std::string& plot = args.plot;
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(5);
  if (even_only) {
    const bench::Table even = even_table(rng, rounds, max_bits, json);
    if (json)
      std::cout << "[" << even.json("parmod-bench powm: even moduli") << "]\n";
    else
      std::cout << "Even moduli P = 2^s m', full-length exponents, one thread, median of interleaved rounds\n"
                << "Machine: " << bench::machine_description() << "\n\n" << even.markdown();
    return 0;
  }
  if (args.has("--rsa-only")) {
    const bench::Table crt = rsa_crt_table(rng, rounds, max_bits, json);
    if (json)
      std::cout << "[" << crt.json("parmod-bench powm: RSA-CRT private operation") << "]\n";
    else
      std::cout << "RSA-CRT private operation, median of interleaved rounds, " << get_num_threads()
                << " threads\nMachine: " << bench::machine_description() << "\n\n" << crt.markdown();
    return 0;
  }
  bench::Table table;
  table.header = {"bits", "GMP mpz_powm (ms)", "GMP mpz_powm_sec (ms)", "OpenSSL exp_mont (ms)",
                  "OpenSSL consttime (ms)", "binary (ms)", "parmod pow montgomery T=1 (ms)", "parmod pow_sec (ms)",
                  "exponent split T=2 (ms)", "parmod pow T=1 automatic (ms)", "parmod pow T=2 automatic (ms)",
                  "T=1 automatic vs best peer", "T=2 automatic vs best peer"};
  bench::Table floor_table;
  floor_table.header = {"bits", "engine T=1 / T=2", "best peer (ms)", "pow T=1 automatic (ms)", "pow T=2 automatic (ms)",
                  "bits - 1 squares T=1 (ms)", "the same, other core busy (ms)", "bits - 1 squares T=2 (ms)",
                  "best peer / squares T=1", "best peer / squares T=1, other core busy", "best peer / squares T=2",
                  "best peer / pow T=2"};
  if (!json) std::cerr << "parmod-bench powm on " << bench::machine_description() << '\n';
  // 256-512 bits: where automatic's pow leaves parmod's sliding window (the
  // field kernels for odd moduli of 4-8 limbs, mpz_powm below).
  std::vector<unsigned> sizes = {256, 384, 512};
  for (unsigned bits = 1024; bits <= max_bits; bits *= 2) sizes.push_back(bits);
  for (unsigned bits : sizes) {
    const mpz_class P = peers::random_modulus(rng, bits);
    const mpz_class b = rng.get_z_range(P);
    // Full length: exactly `bits` bits (below P, half of the exponents would
    // miss the exponent split's threshold of 8192 bits by one bit).
    mpz_class e = rng.get_z_bits(bits);
    mpz_setbit(e.get_mpz_t(), bits - 1);
    const Modulus mod(P, Algorithm::montgomery, 1), mod1(P, Algorithm::automatic, 1), mod2(P, Algorithm::automatic, 2);
    mpz_class out;
    const modmul::ModulusConstants k(P);
    std::vector<limb_t> x(k.n), ev(mpz_size(e.get_mpz_t()));
    std::vector<limb_t> scratch(exponentiation::binary_powm_scratch(k.n, modmul::montgomery_engine));
    modmul::to_limbs(x.data(), k.n, b);
    modmul::to_limbs(ev.data(), ev.size(), e);
    std::vector<limb_t> r(k.n);
    std::vector<bench::Variant> v;
    v.push_back({"gmp", [&] { mpz_powm(out.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t()); }});
    v.push_back({"gmp_sec", [&] { mpz_powm_sec(out.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), P.get_mpz_t()); }});
#ifdef PARMOD_HAVE_OPENSSL
    peers::OpensslPowm ossl(P, b, e);
    v.push_back({"openssl", [&] { ossl.exp_mont(); }});
    v.push_back({"openssl_ct", [&] { ossl.exp_consttime(); }});
#endif
    v.push_back({"binary", [&] {
                   exponentiation::binary_powm(r.data(), x.data(), ev.data(), ev.size(), k, modmul::montgomery_engine,
                                               scratch.data());
                 }});
    v.push_back({"pow", [&] { out = mod.pow(b, e); }});
    v.push_back({"pow1", [&] { out = mod1.pow(b, e); }});
    v.push_back({"pow2", [&] { out = mod2.pow(b, e); }});
    v.push_back({"pow_sec", [&] { out = mod.pow_sec(b, e); }});
    // The exponent split on automatic's engine (montgomery52 where the CPU has it), 2 threads.
    const detail::ModulusState& st1 = *api::state_of(mod1);
    std::vector<limb_t> split_scratch(exponentiation::split_powm_scratch(k.n, ev.size(), *st1.engine, 2));
    v.push_back({"split2", [&] {
                   exponentiation::split_powm(r.data(), x.data(), ev.data(), ev.size(), st1.k, *st1.engine, 2, 1.3,
                                              split_scratch.data());
                 }});
    // The squarings' floor (SquareRun) from 1024 bits, on the engines of
    // automatic's windows: pow T=1's, and pow T=2's (its products on the team
    // where it splits them; the squaring chain squares on one thread).
    std::unique_ptr<SquareRun> sq1, sq2;
    if (bits >= 1024) {
      const detail::ModulusState& s1 = *api::state_of(mod1);
      const detail::ModulusState& s2 = *api::state_of(mod2);
      const modmul::BoundEngine& w1 = s1.pow_bound ? *s1.pow_bound : s1.bound;
      const modmul::BoundEngine& w2 = s2.pow_bound ? *s2.pow_bound : s2.bound;
      sq1 = std::make_unique<SquareRun>(w1, b, bits - 1, true);
      sq2 = std::make_unique<SquareRun>(w2, b, bits - 1, false);
      v.push_back({"sq1", [&] { sq1->run(); }});
      v.push_back({"sq1busy", [&] { sq1->run_beside_busy(); }});
      v.push_back({"sq2", [&] { sq2->run(); }});
      const mpz_class want = mpz_powm_of(b, mpz_class(1) << (bits - 1), P);
      sq1->run();
      check_result("powm " + std::to_string(bits) + " bits: squares T=1", sq1->result(), want);
      sq1->run_beside_busy();
      check_result("powm " + std::to_string(bits) + " bits: squares T=1 beside busy", sq1->result(), want);
      sq2->run();
      check_result("powm " + std::to_string(bits) + " bits: squares T=2", sq2->result(), want);
      floor_table.rows.push_back({std::to_string(bits), modmul::element_engine(*w1.engine).name + std::string(" / ") +
                                                      modmul::element_engine(*w2.engine).name +
                                                      (w2.product_threads > 1 ? " on " + std::to_string(w2.product_threads) + " threads" : "")});
    }
    check_variants(std::to_string(bits) + " bits", v,
                   [&](const std::string& name) {
#ifdef PARMOD_HAVE_OPENSSL
                     if (name == "openssl" || name == "openssl_ct") return ossl.result();
#endif
                     return name == "binary" || name == "split2" ? from_limbs(r.data(), k.n) : out;
                   },
                   mpz_powm_of(b, e, P), {"sq1", "sq1busy", "sq2"});
    const auto t = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
    auto ms = [&](const char* name) { return median_ms(t, name); };
    auto cell = [&](const char* name) { return ms_cell(t, name); };
    double best_peer = ms("gmp");
    if (ms("openssl") > 0 && ms("openssl") < best_peer) best_peer = ms("openssl");
    table.rows.push_back({std::to_string(bits), cell("gmp"), cell("gmp_sec"), cell("openssl"), cell("openssl_ct"),
                          cell("binary"), cell("pow"), cell("pow_sec"), cell("split2"), cell("pow1"), cell("pow2"),
                          bench::format_ratio(best_peer / ms("pow1")), bench::format_ratio(best_peer / ms("pow2"))});
    if (sq1) {
      std::vector<std::string>& row = floor_table.rows.back();
      row.insert(row.end(), {ms_text(best_peer), cell("pow1"), cell("pow2"), cell("sq1"), cell("sq1busy"), cell("sq2"),
                             bench::format_ratio(best_peer / ms("sq1")), bench::format_ratio(best_peer / ms("sq1busy")),
                             bench::format_ratio(best_peer / ms("sq2")), bench::format_ratio(best_peer / ms("pow2"))});
    }
    if (!json) std::cerr << "  " << bits << " bits done\n";
  }
  if (!plot.empty()) {
    // Figure 6's shape: speedup over the best single-thread peer against size.
    if (const int rc = bench::write_plot(table.json("parmod powm: speedup over the best peer"), plot)) return rc;
  }
  const bench::Table crt = rsa_crt_table(rng, rounds, max_bits, json);
  const bench::Table batch = batch_table(rng, rounds, max_bits, json);
  const bench::Table even = even_table(rng, rounds, max_bits, json);
  if (json) {
    std::cout << "[" << table.json("parmod-bench powm: modular exponentiation") << ","
              << floor_table.json("parmod-bench powm: the squarings' floor") << ","
              << crt.json("parmod-bench powm: RSA-CRT private operation") << ","
              << batch.json("parmod-bench powm: batch throughput") << ","
              << even.json("parmod-bench powm: even moduli") << "]\n";
  } else {
    std::cout << "Modular exponentiation with a full-length exponent, median of interleaved rounds\n"
              << "Machine: " << bench::machine_description() << "\n\n"
              << table.markdown()
              << "\nThe squarings' floor: the bits - 1 squarings of a full-length exponent in sequence on the engine of "
                 "automatic's window (T=1; T=2, its products split where it splits them), alone and (T=1) with the other "
                 "core multiplying the whole time; no pow that keeps its squarings in sequence on that engine takes less\n\n"
              << floor_table.markdown() << "\nRSA-CRT private operation (d mod p-1, d mod q-1, two half-size powers, Garner)\n\n"
              << crt.markdown() << "\nBatch throughput: 64 exponentiations, one modulus, full-length exponents\n\n"
              << batch.markdown()
              << "\nEven moduli P = 2^s m' (s = 1, bits/2 and bits - 1; s = bits - 1 is P = 2^s), full-length exponents, one thread; automatic (the split from 9 limbs, mpz_powm below) against Barrett and GMP\n\n"
              << even.markdown();
  }
  return 0;
}

}  // namespace

const Bench kPowmBench = {
    {"powm", "modular exponentiation: parmod's paths beside GMP and OpenSSL; RSA-CRT, batches, even moduli",
     kRounds | kJson | kPlot, nullptr,
     {{"--max-bits", "N", "largest modulus: 256, 384, 512, then 1024 doubling up to N; RSA-CRT, batches and even\n"
       "                          moduli up to N too (at least RSA-2048 and 1024-bit batches); default 8192", 1024,
       1u << 20},
      {"--even-only", nullptr, "only the table of even moduli"},
      {"--rsa-only", nullptr, "only the table of RSA-CRT private operations (up to --max-bits)"}}},
    &run};

}  // namespace parmod::bench

// tools/parmod/bench_powm.cpp - `parmod bench powm`: modular exponentiation beside its peers.
//
// Per size (full-length exponent, random odd modulus), interleaved rounds,
// medians, one process: GMP mpz_powm and mpz_powm_sec, OpenSSL BN_mod_exp_mont
// and BN_mod_exp_mont_consttime, the paper's binary method (§5.4), parmod's
// sliding window (Modulus::pow) and constant-time pow_sec.  Then RSA-CRT
// private operations (2048/3072/4096) against OpenSSL's RSA-style CRT done
// with BN_mod_exp_mont per prime; batch throughput; even moduli (GMP, Barrett,
// the split P = 2^s m'; --even-only prints just that table).
//   parmod bench powm [--max-bits N] [--rounds R] [--json] [--plot FILE.png] [--even-only]
#include <cstdio>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "api/modulus_state.hpp"
#include "harness.hpp"
#include "plot.hpp"
#include "powm/sliding_window.hpp"
#include "modmul/montgomery_mul.hpp"
#include "numbers.hpp"
#include "parmod/parmod.hpp"
#include "powm/binary_powm.hpp"
#include "powm/split_powm.hpp"
#include "registry.hpp"

#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

namespace parmod::cli {
namespace {

#ifdef PARMOD_HAVE_OPENSSL
struct Bn {
  BIGNUM* v = BN_new();
  explicit Bn(const mpz_class& x) { BN_hex2bn(&v, x.get_str(16).c_str()); }
  Bn() = default;
  ~Bn() { BN_free(v); }
};
#endif

// The median of the variant called `name`, in ms (0 when absent).
double median_ms(const std::vector<bench::Timing>& t, const char* name) {
  for (const auto& x : t)
    if (x.name == name) return x.median_ns / 1e6;
  return 0;
}

// A cell in ms: 3 decimals below 10 ms, 1 above; "n/a" for a missing variant.
std::string ms_cell(const std::vector<bench::Timing>& t, const char* name) {
  const double x = median_ms(t, name);
  if (x == 0) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, x < 10 ? "%.3f" : "%.1f", x);
  return buf;
}

// RSA private operation m^d mod N with p, q known: parmod::powm_crt (both halves
// on the team) against OpenSSL computing the same two half-size powers with
// BN_mod_exp_mont_consttime and BN_mod_exp_mont plus the recombination, and
// GMP mpz_powm on each half.
bench::Table rsa_crt_table(gmp_randclass& rng, std::size_t rounds, bool json) {
  bench::Table t;
  t.header = {"RSA bits", "GMP 2x mpz_powm + CRT (ms)", "OpenSSL 2x exp_mont + CRT (ms)",
              "OpenSSL 2x consttime + CRT (ms)", "parmod powm_crt (ms)", "parmod vs OpenSSL"};
  for (unsigned bits : {2048u, 3072u, 4096u}) {
    mpz_class p, q;
    mpz_class r1 = rng.get_z_bits(bits / 2), r2 = rng.get_z_bits(bits / 2);
    mpz_setbit(r1.get_mpz_t(), bits / 2 - 1);
    mpz_setbit(r2.get_mpz_t(), bits / 2 - 1);
    mpz_nextprime(p.get_mpz_t(), r1.get_mpz_t());
    mpz_nextprime(q.get_mpz_t(), r2.get_mpz_t());
    const mpz_class N = p * q, phi = (p - 1) * (q - 1), m = rng.get_z_range(N);
    mpz_class d, e = 65537;
    mpz_invert(d.get_mpz_t(), e.get_mpz_t(), phi.get_mpz_t());
    const mpz_class dp = d % (p - 1), dq = d % (q - 1);
    mpz_class qinv;
    mpz_invert(qinv.get_mpz_t(), q.get_mpz_t(), p.get_mpz_t());
    mpz_class out, m1, m2, h;
    auto gmp_crt = [&] {
      mpz_powm(m1.get_mpz_t(), m.get_mpz_t(), dp.get_mpz_t(), p.get_mpz_t());
      mpz_powm(m2.get_mpz_t(), m.get_mpz_t(), dq.get_mpz_t(), q.get_mpz_t());
      h = (m1 - m2) * qinv;
      mpz_mod(h.get_mpz_t(), h.get_mpz_t(), p.get_mpz_t());
      out = m2 + h * q;
    };
    std::vector<bench::Variant> v = {{"gmp", gmp_crt}};
#ifdef PARMOD_HAVE_OPENSSL
    BN_CTX* ctx = BN_CTX_new();
    BN_MONT_CTX *mp = BN_MONT_CTX_new(), *mq = BN_MONT_CTX_new();
    Bn bp(p), bq(q), bm(m), bdp(dp), bdq(dq), bqinv(qinv), b1, b2, bh, bo;
    BN_MONT_CTX_set(mp, bp.v, ctx);
    BN_MONT_CTX_set(mq, bq.v, ctx);
    auto ossl = [&](bool ct) {
      if (ct) {
        BN_mod_exp_mont_consttime(b1.v, bm.v, bdp.v, bp.v, ctx, mp);
        BN_mod_exp_mont_consttime(b2.v, bm.v, bdq.v, bq.v, ctx, mq);
      } else {
        BN_mod_exp_mont(b1.v, bm.v, bdp.v, bp.v, ctx, mp);
        BN_mod_exp_mont(b2.v, bm.v, bdq.v, bq.v, ctx, mq);
      }
      BN_mod_sub(bh.v, b1.v, b2.v, bp.v, ctx);
      BN_mod_mul(bh.v, bh.v, bqinv.v, bp.v, ctx);
      BN_mul(bo.v, bh.v, bq.v, ctx);
      BN_add(bo.v, bo.v, b2.v);
    };
    v.push_back({"openssl", [&] { ossl(false); }});
    v.push_back({"openssl_ct", [&] { ossl(true); }});
#endif
    powm_crt(m, d, {p, q});  // fills the primality cache, as a key in use would
    v.push_back({"parmod", [&] { out = powm_crt(m, d, {p, q}); }});
    const auto r = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
#ifdef PARMOD_HAVE_OPENSSL
    BN_MONT_CTX_free(mp);
    BN_MONT_CTX_free(mq);
    BN_CTX_free(ctx);
#endif
    auto ms = [&](const char* name) { return median_ms(r, name); };
    auto cell = [&](const char* name) { return ms_cell(r, name); };
    t.rows.push_back({std::to_string(bits), cell("gmp"), cell("openssl"), cell("openssl_ct"), cell("parmod"),
                      ms("openssl") > 0 ? bench::format_ratio(ms("openssl") / ms("parmod")) : std::string("n/a")});
    if (!json) std::cerr << "  RSA-" << bits << " done\n";
  }
  return t;
}

// 64 exponentiations modulo one modulus: powm_base_list on the team against
// "GMP on every core" (the list cut in one contiguous share per core, each
// share a loop of mpz_powm on its own std::thread - the peer a user would
// write), same process, interleaved.
bench::Table batch_table(gmp_randclass& rng, std::size_t rounds, bool json) {
  bench::Table t;
  const int cores = get_num_threads();
  t.header = {"bits", "GMP mpz_powm, 1 thread (ms/op)", "GMP on " + std::to_string(cores) + " threads (ms/op)",
              "parmod powm_base_list (ms/op)", "parmod vs GMP on every core"};
  for (unsigned bits : {1024u, 2048u, 4096u}) {
    mpz_class P = rng.get_z_bits(bits);
    mpz_setbit(P.get_mpz_t(), bits - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    const std::size_t count = 64;
    std::vector<mpz_class> bases(count), outs(count);
    for (auto& b : bases) b = rng.get_z_range(P);
    const mpz_class e = rng.get_z_range(P);
    auto gmp_range = [&](std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i)
        mpz_powm(outs[i].get_mpz_t(), bases[i].get_mpz_t(), e.get_mpz_t(), P.get_mpz_t());
    };
    std::vector<bench::Variant> v = {
        {"gmp1", [&] { gmp_range(0, count); }},
        {"gmp_all",
         [&] {
           std::vector<std::thread> th;
           for (int c = 1; c < cores; ++c)
             th.emplace_back(gmp_range, count * c / cores, count * (c + 1) / cores);
           gmp_range(0, count / cores);
           for (auto& x : th) x.join();
         }},
        {"parmod", [&] { outs = powm_base_list(bases, e, P); }},
    };
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

int run(int argc, char** argv) {
  unsigned max_bits = 8192;
  bool even_only = false;
  std::size_t rounds = 5;
  bool json = false;
  std::string plot;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--plot" && i + 1 < argc) {
      plot = argv[++i];
    } else if (a == "--even-only") {
      even_only = true;
    } else if (a == "--max-bits" && i + 1 < argc) {
      max_bits = static_cast<unsigned>(std::stoul(argv[++i]));
    } else if (a == "--rounds" && i + 1 < argc) {
      rounds = std::stoul(argv[++i]);
    } else {
      throw UsageError("usage: parmod bench powm [--max-bits N] [--rounds R] [--json] [--plot FILE.png] [--even-only]");
    }
  }
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(5);
  if (even_only) {
    const bench::Table even = even_table(rng, rounds, max_bits, json);
    if (json)
      std::cout << "[" << even.json("parmod bench powm: even moduli") << "]\n";
    else
      std::cout << "Even moduli P = 2^s m', full-length exponents, one thread, median of interleaved rounds\n"
                << "Machine: " << bench::machine_description() << "\n\n" << even.markdown();
    return 0;
  }
  bench::Table table;
  table.header = {"bits", "GMP mpz_powm (ms)", "GMP mpz_powm_sec (ms)", "OpenSSL exp_mont (ms)",
                  "OpenSSL consttime (ms)", "binary (ms)", "parmod pow montgomery T=1 (ms)", "parmod pow_sec (ms)",
                  "exponent split T=2 (ms)", "parmod pow T=1 automatic (ms)", "parmod pow T=2 automatic (ms)",
                  "T=1 automatic vs best peer", "T=2 automatic vs best peer"};
  if (!json) std::cerr << "parmod bench powm on " << bench::machine_description() << '\n';
  // 256-512 bits: where automatic's pow leaves parmod's sliding window (the
  // field kernels for odd moduli of 4-8 limbs, mpz_powm below).
  std::vector<unsigned> sizes = {256, 384, 512};
  for (unsigned bits = 1024; bits <= max_bits; bits *= 2) sizes.push_back(bits);
  for (unsigned bits : sizes) {
    mpz_class P = rng.get_z_bits(bits);
    mpz_setbit(P.get_mpz_t(), bits - 1);
    mpz_setbit(P.get_mpz_t(), 0);
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
    BN_CTX* ctx = BN_CTX_new();
    BN_MONT_CTX* mont = BN_MONT_CTX_new();
    Bn bp(P), bb(b), be(e), br;
    BN_MONT_CTX_set(mont, bp.v, ctx);
    v.push_back({"openssl", [&] { BN_mod_exp_mont(br.v, bb.v, be.v, bp.v, ctx, mont); }});
    v.push_back({"openssl_ct", [&] { BN_mod_exp_mont_consttime(br.v, bb.v, be.v, bp.v, ctx, mont); }});
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
    const auto t = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
#ifdef PARMOD_HAVE_OPENSSL
    BN_MONT_CTX_free(mont);
    BN_CTX_free(ctx);
#endif
    auto ms = [&](const char* name) { return median_ms(t, name); };
    auto cell = [&](const char* name) { return ms_cell(t, name); };
    double best_peer = ms("gmp");
    if (ms("openssl") > 0 && ms("openssl") < best_peer) best_peer = ms("openssl");
    table.rows.push_back({std::to_string(bits), cell("gmp"), cell("gmp_sec"), cell("openssl"), cell("openssl_ct"),
                          cell("binary"), cell("pow"), cell("pow_sec"), cell("split2"), cell("pow1"), cell("pow2"),
                          bench::format_ratio(best_peer / ms("pow1")), bench::format_ratio(best_peer / ms("pow2"))});
    if (!json) std::cerr << "  " << bits << " bits done\n";
  }
  if (!plot.empty()) {
    // Figure 6's shape: speedup over the best single-thread peer against size.
    if (const int rc = bench::write_plot(table.json("parmod powm: speedup over the best peer"), plot)) return rc;
  }
  const bench::Table crt = rsa_crt_table(rng, rounds, json);
  const bench::Table batch = batch_table(rng, rounds, json);
  const bench::Table even = even_table(rng, rounds, max_bits, json);
  if (json) {
    std::cout << "[" << table.json("parmod bench powm: modular exponentiation") << ","
              << crt.json("parmod bench powm: RSA-CRT private operation") << ","
              << batch.json("parmod bench powm: batch throughput") << ","
              << even.json("parmod bench powm: even moduli") << "]\n";
  } else {
    std::cout << "Modular exponentiation with a full-length exponent, median of interleaved rounds\n"
              << "Machine: " << bench::machine_description() << "\n\n"
              << table.markdown() << "\nRSA-CRT private operation (d mod p-1, d mod q-1, two half-size powers, Garner)\n\n"
              << crt.markdown() << "\nBatch throughput: 64 exponentiations, one modulus, full-length exponents\n\n"
              << batch.markdown()
              << "\nEven moduli P = 2^s m' (s = 1, bits/2 and bits - 1; s = bits - 1 is P = 2^s), full-length exponents, one thread; automatic (the split from 9 limbs, mpz_powm below) against Barrett and GMP\n\n"
              << even.markdown();
  }
  return 0;
}

const BenchRegistration reg{"powm", "modular exponentiation: parmod's paths beside GMP and OpenSSL", &run};

}  // namespace
}  // namespace parmod::cli

// tools/parmod/cmd_bench.cpp - `parmod bench --quick`.  The other benchmarks
// (paper reproductions, peer benchmarks) are in the developer program
// parmod-bench (bench/, docs/benchmarks.md); `parmod bench NAME` says so.
//
// --quick: modular multiplication at 1024..65536 bits.  Per size, with random
// odd modulus and operands, measured interleaved (bench/harness): GMP's
// mpz_mul + mpz_tdiv_r (as the paper timed GMP), OpenSSL's
// BN_mod_mul_montgomery, parmod's Montgomery, Barrett and (where the CPU has
// AVX-512 IFMA) montgomery52 products in their representation (limb level, as
// the peers are timed on preallocated operands; montgomery52 on its digit
// elements), and Modulus::mul through the C++ API (plain form in and out,
// algorithm automatic).  Medians of interleaved rounds.
#include <cstring>
#include <iostream>
#include <vector>

#include "harness.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "numbers.hpp"
#include "options.hpp"
#include "registry.hpp"

#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

namespace parmod::cli {
namespace {

const char* kBenchHelp =
    "usage: parmod bench --quick [--json]\n"
    "  modular multiplication times, 1024..65536 bits, beside GMP and OpenSSL\n"
    "The other benchmarks (paper reproductions, peers) are in the developer program\n"
    "parmod-bench, built with the source tree (docs/benchmarks.md).\n";

struct QuickRow {
  unsigned bits;
  std::vector<bench::Timing> t;
};

int bench_quick(bool json) {
  const std::vector<unsigned> sizes = {1024, 2048, 4096, 8192, 16384, 32768, 65536};
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(20261122);
  bench::Table table;
  table.header = {"bits", "GMP mpz_mul+tdiv_r (us)", "OpenSSL BN_mod_mul_montgomery (us)", "parmod montgomery (us)",
                  "parmod barrett (us)", "parmod montgomery52 (us)", "parmod Modulus::mul (us)",
                  "best parmod vs GMP", "best parmod vs best peer"};
  if (!json) std::cerr << "parmod bench --quick on " << bench::machine_description() << '\n';
  for (unsigned bits : sizes) {
    mpz_class P = rng.get_z_bits(bits);
    mpz_setbit(P.get_mpz_t(), bits - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
    const modmul::ModulusConstants k(P);
    const std::size_t n = k.n;
    std::vector<limb_t> x(n), y(n), r(n), work(std::max(modmul::montgomery_scratch(n), modmul::barrett_scratch(n)));
    modmul::to_limbs(x.data(), n, a);
    modmul::to_limbs(y.data(), n, b);
    mpz_class g_prod, g_rem;
    mpz_realloc2(g_prod.get_mpz_t(), 2 * bits + 64);
    mpz_realloc2(g_rem.get_mpz_t(), bits + 64);
    const Modulus mod(P, Algorithm::automatic, 1);  // one thread, as the rest of the table
    mpz_class api_result;

    std::vector<bench::Variant> variants;
    variants.push_back({"gmp", [&] {
                          mpz_mul(g_prod.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
                          mpz_tdiv_r(g_rem.get_mpz_t(), g_prod.get_mpz_t(), P.get_mpz_t());
                        }});
#ifdef PARMOD_HAVE_OPENSSL
    BN_CTX* bn_ctx = BN_CTX_new();
    BN_MONT_CTX* mont = BN_MONT_CTX_new();
    BIGNUM *bp = BN_new(), *ba = BN_new(), *bb = BN_new(), *br = BN_new();
    BN_hex2bn(&bp, P.get_str(16).c_str());
    BN_hex2bn(&ba, a.get_str(16).c_str());
    BN_hex2bn(&bb, b.get_str(16).c_str());
    BN_MONT_CTX_set(mont, bp, bn_ctx);
    BN_to_montgomery(ba, ba, mont, bn_ctx);
    BN_to_montgomery(bb, bb, mont, bn_ctx);
    variants.push_back({"openssl", [&] { BN_mod_mul_montgomery(br, ba, bb, mont, bn_ctx); }});
#endif
    variants.push_back({"montgomery", [&] { modmul::montgomery_mul(r.data(), x.data(), y.data(), k, work.data()); }});
    variants.push_back({"barrett", [&] { modmul::barrett_mul(r.data(), x.data(), y.data(), k, work.data()); }});
    std::vector<limb_t> dx, dy, dr, dwork;
    if (k.m52) {
      const auto& e = modmul::montgomery52_digit_engine;
      const std::size_t words = modmul::element_size(e, n);
      dx.resize(words), dy.resize(words), dr.resize(words), dwork.resize(e.scratch_limbs(n));
      e.to_repr(dx.data(), x.data(), k, dwork.data());
      e.to_repr(dy.data(), y.data(), k, dwork.data());
      variants.push_back({"montgomery52", [&] { modmul::montgomery52_mul_digits(dr.data(), dx.data(), dy.data(), *k.m52); }});
    }
    variants.push_back({"api", [&] { api_result = mod.mul(a, b); }});
    bench::Options opt;
    opt.rounds = 9;
    opt.batch_seconds = 0.003;
    const auto t = bench::measure_interleaved(variants, opt);
#ifdef PARMOD_HAVE_OPENSSL
    BN_free(bp); BN_free(ba); BN_free(bb); BN_free(br);
    BN_MONT_CTX_free(mont);
    BN_CTX_free(bn_ctx);
#endif
    auto find = [&](const char* name) -> double {
      for (const auto& x : t)
        if (x.name == name) return x.median_ns;
      return 0;
    };
    const double gmp = find("gmp");
    double best = std::min(find("montgomery"), find("barrett"));
    if (find("montgomery52") > 0) best = std::min(best, find("montgomery52"));
    const double peer = find("openssl") > 0 ? std::min(gmp, find("openssl")) : gmp;
    table.rows.push_back({std::to_string(bits), bench::format_us(gmp),
                          find("openssl") > 0 ? bench::format_us(find("openssl")) : std::string("n/a"),
                          bench::format_us(find("montgomery")), bench::format_us(find("barrett")),
                          find("montgomery52") > 0 ? bench::format_us(find("montgomery52")) : std::string("n/a"),
                          bench::format_us(find("api")), bench::format_ratio(gmp / best), bench::format_ratio(peer / best)});
    if (!json) std::cerr << "  " << bits << " bits done\n";
  }
  if (json) {
    std::cout << table.json("parmod bench --quick: modular multiplication");
  } else {
    std::cout << "Modular multiplication, one thread, median of interleaved rounds (microseconds)\n"
              << "Machine: " << bench::machine_description() << "\n\n"
              << table.markdown();
  }
  return 0;
}

}  // namespace

int cmd_bench(const Options& o, int, char**) {
  const auto& args = o.args;
  // `parmod bench --quick [--json]`: --quick must come first, so that a named
  // benchmark may have a --quick option of its own.
  const bool quick = !args.empty() && args[0] == "--quick";
  bool json = false;
  for (const auto& a : args) json = json || a == "--json";
  if (args.empty()) throw UsageError("bench needs --quick or a benchmark name (parmod bench --help lists them)");
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << kBenchHelp;
    return 0;
  }
  if (quick) return bench_quick(json);
  throw UsageError("'parmod bench " + excerpt(args[0]) + "' is not in the installed tool: run parmod-bench " +
                   excerpt(args[0]) + " from a build of the source tree (docs/benchmarks.md)");
}

}  // namespace parmod::cli

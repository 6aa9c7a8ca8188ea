// tools/parmod/cmd_bench.cpp - `parmod bench --quick`.  The other benchmarks
// (paper reproductions, peer benchmarks) are in the developer program
// parmod-bench (bench/, docs/benchmarks.md); `parmod bench NAME` says so.
//
// --quick: the Montgomery-style product at 1024..65536 bits, for T = 1 and 2
// threads: what `automatic` does, the fastest path parmod offers, and the
// best peer.  Per size, one random odd modulus P and random residues, and
// these variants, all measured in one interleaved series (bench/harness:
// rounds, medians):
//   automatic  the product of Modulus(P, automatic, T) in its representation
//              (Modulus::mont_mul_limbs on limb arrays, as the peers are
//              timed on preallocated operands);
//   every row of parmod::algorithms() that takes P, the same product of
//              Modulus(P, row, T): the fastest of them on T threads or fewer
//              (a caller with two threads may run one) is "the fastest parmod
//              path" (montgomery52 only where the CPU has AVX-512 IFMA);
//   the peers, one thread (bench/peers): GMP's mpz_mul + mpz_tdiv_r, GMP's
//              mpn_mul_n + __gmpn_redc_1, OpenSSL's BN_mod_mul_montgomery;
//              the fastest is "the best peer".
// The ratio columns are medians of the ratios within each round (the host
// drifts between rounds more than within one; bench::round_ratios).
// Before timing a size every variant's product is checked against GMP's
// a b mod P (bench/check); each timed batch follows one untimed call.  Above
// the table: parmod::describe_cpu() (the CPU model, the kernels that run,
// GMP's version, the tuning row and file).
// Only the public API (parmod/parmod.hpp) is used.
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "harness.hpp"
#include "limb_product.hpp"
#include "numbers.hpp"
#include "options.hpp"
#include "peers.hpp"

namespace parmod::cli {
namespace {

// GMP's Montgomery product from mpn: mpn_mul_n + __gmpn_redc_1 on operands in
// Montgomery form (R = beta^n).
struct GmpRedc {
  GmpRedc(const mpz_class& P, const mpz_class& a, const mpz_class& b)
      : g(P), x(g.n), y(g.n), r(g.n), t(g.product_limbs()) {
    g.to_mont(x.data(), a);
    g.to_mont(y.data(), b);
  }
  void run() { g.mul_redc_1(r.data(), x.data(), y.data(), t.data()); }
  mpz_class result() const { return g.from_mont(r.data()); }  // a b mod P
  bench::peers::GmpMontgomery g;
  std::vector<mp_limb_t> x, y, r, t;
};

const int kThreadCounts[] = {1, 2};

int bench_quick(bool json) {
  const std::vector<unsigned> sizes = {1024, 2048, 4096, 8192, 16384, 32768, 65536};
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(20261122);
  bench::Options opt;
  opt.rounds = 21;
  opt.batch_seconds = 0.002;
  bench::Table table;
  table.cpu = describe_cpu();
  table.header = {"bits", "T", "automatic runs", "automatic (us)", "fastest parmod path", "fastest parmod (us)",
                  "best peer (1 thread)", "best peer (us)", "automatic / fastest parmod", "automatic / best peer"};
  if (!json) std::cerr << "parmod bench --quick on " << bench::machine_description() << '\n';
  for (unsigned bits : sizes) {
    const mpz_class P = bench::peers::random_modulus(rng, bits);
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P), want = a * b % P;
    const std::string where = "bench --quick " + std::to_string(bits) + " bits: ";

    // Every variant: its name, its product, its result a b mod P, and the
    // objects behind them (kept until the size is measured).
    std::vector<bench::Variant> variants;
    std::vector<std::function<mpz_class()>> results;
    auto add = [&](std::string name, std::function<void()> run, std::function<mpz_class()> result) {
      variants.push_back({std::move(name), std::move(run)});
      results.push_back(std::move(result));
    };
    bench::peers::GmpMulMod gmp(P, a, b);
    GmpRedc redc(P, a, b);
    add("GMP mpz_mul+tdiv_r", [&] { gmp.run(); }, [&] { return gmp.result(); });
    add("GMP mpn_mul_n+redc_1", [&] { redc.run(); }, [&] { return redc.result(); });
#ifdef PARMOD_HAVE_OPENSSL
    bench::peers::OpensslModMul openssl(P, a, b);
    add("OpenSSL BN_mod_mul_montgomery", [&] { openssl.run(); }, [&] { return openssl.result(); });
#endif
    const std::size_t peers = variants.size();
    // Per T: the index of automatic's variant, then those of the rows.
    struct Group {
      int T;
      std::size_t automatic;
      std::vector<std::size_t> rows;
      std::string chosen;  // the algorithm automatic runs
    };
    std::vector<Group> groups;
    std::vector<std::unique_ptr<bench::LimbProduct>> products;
    for (int T : kThreadCounts) {
      Group g{T, 0, {}, ""};
      for (const AlgorithmInfo& row : algorithms()) {
        auto p = bench::limb_product(P, row.algorithm, T, a, b);
        if (!p) continue;
        bench::LimbProduct* q = p.get();
        if (row.algorithm == Algorithm::automatic) {
          g.automatic = variants.size();
          g.chosen = algorithm_name(q->m.algorithm());
        } else {
          g.rows.push_back(variants.size());
        }
        add(std::string(row.name) + (T == 1 ? "" : " T=" + std::to_string(T)), [q] { q->run(); },
            [q] { return q->result(); });
        products.push_back(std::move(p));
      }
      groups.push_back(std::move(g));
    }
    for (std::size_t i = 0; i < variants.size(); ++i) {
      variants[i].run();
      bench::check_result(where + variants[i].name, results[i](), want);
      // One untimed call before each batch: every variant is timed warm, as in
      // a loop (its operands back in the caches, and for T = 2 the team's
      // worker awake: the one-thread variants before it let it sleep, which
      // otherwise the first two-thread variant of a round, automatic, pays).
      variants[i].warmup_calls = 1;
    }
    const auto t = bench::measure_interleaved(variants, opt);
    auto fastest = [&](const std::vector<std::size_t>& of) {
      std::size_t best = of.front();
      for (std::size_t i : of)
        if (t[i].median_ns < t[best].median_ns) best = i;
      return best;
    };
    std::vector<std::size_t> peer_indices;
    for (std::size_t i = 0; i < peers; ++i) peer_indices.push_back(i);
    const std::size_t peer = fastest(peer_indices);
    std::vector<std::size_t> candidates;  // the rows on T threads or fewer
    for (const Group& g : groups) {
      candidates.insert(candidates.end(), g.rows.begin(), g.rows.end());
      const std::size_t best = fastest(candidates);
      const double auto_ns = t[g.automatic].median_ns;
      table.rows.push_back({std::to_string(bits), std::to_string(g.T), g.chosen, bench::format_us(auto_ns),
                            variants[best].name, bench::format_us(t[best].median_ns), variants[peer].name,
                            bench::format_us(t[peer].median_ns),
                            bench::format_automatic_ratio(bench::round_ratios(t[g.automatic], t[best]).median, json),
                            bench::format_time_ratio(bench::round_ratios(t[g.automatic], t[peer]).median)});
    }
    if (!json) std::cerr << "  " << bits << " bits done\n";
  }
  const std::string title =
      "parmod bench --quick: Montgomery-style product, automatic against the fastest parmod path and the best "
      "one-thread peer (microseconds, medians of " + std::to_string(opt.rounds) +
      " interleaved rounds; ratios are times, the median of the ratios within each round, below 1 automatic is "
      "faster; the fastest parmod path for T threads is the fastest on T threads or fewer; automatic loses where "
      "automatic / fastest parmod exceeds 1/0.97)";
  if (json) {
    std::cout << table.json(title);
  } else {
    std::cout << title << "\nMachine: " << bench::machine_description() << '\n' << table.cpu << '\n'
              << table.markdown();
  }
  return 0;
}

}  // namespace

int cmd_bench(const Options& o) {
  const auto& args = o.args;
  if (args.empty()) throw UsageError("bench needs --quick (parmod bench --help)");
  if (args[0] == "--quick") {
    bool json = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] != "--json") throw UsageError("unknown option '" + excerpt(args[i]) + "' for bench --quick (parmod bench --help)");
      json = true;
    }
    return bench_quick(json);
  }
  if (args[0].rfind("-", 0) == 0) throw UsageError("unknown option '" + excerpt(args[0]) + "' for bench (parmod bench --help)");
  throw UsageError("'parmod bench " + excerpt(args[0]) + "' is not in the installed tool: run parmod-bench " +
                   excerpt(args[0]) + " from a build of the source tree (docs/benchmarks.md)");
}

}  // namespace parmod::cli

// tools/parmod/cmd_bench.cpp - `parmod bench --quick`.  The other benchmarks
// (paper reproductions, peer benchmarks) are in the developer program
// parmod-bench (bench/, docs/benchmarks.md); `parmod bench NAME` says so.
//
// --quick: modular multiplication at 1024..65536 bits.  Per size, with random
// odd modulus and operands, measured interleaved (bench/harness): GMP's
// mpz_mul + mpz_tdiv_r (as the paper timed GMP) and OpenSSL's
// BN_mod_mul_montgomery (bench/peers), parmod's Montgomery, Barrett and
// (where the CPU has AVX-512 IFMA) montgomery52 products in their
// representation (Modulus::mont_mul_limbs on one thread: limb arrays, as the
// peers are timed on preallocated operands; montgomery52 on its digit
// elements), and Modulus::mul through the C++ API (plain form in and out,
// algorithm automatic).  Medians of interleaved rounds.  Before timing a
// size, every variant's product is checked against GMP's (bench/check).
// Only the public API (parmod/parmod.hpp) is used.
#include <functional>
#include <iostream>
#include <memory>
#include <vector>

#include "check.hpp"
#include "harness.hpp"
#include "numbers.hpp"
#include "options.hpp"
#include "peers.hpp"

namespace parmod::cli {
namespace {

// One algorithm's product in its representation, on limb arrays.
struct LimbProduct {
  LimbProduct(const Modulus& mod, const mpz_class& a, const mpz_class& b)
      : m(mod), x(m.element_limbs()), y(x.size()), r(x.size()), work(m.mont_mul_scratch_limbs()) {
    m.to_mont_limbs(x.data(), a);
    m.to_mont_limbs(y.data(), b);
  }
  void run() { m.mont_mul_limbs(r.data(), x.data(), y.data(), work.data()); }
  mpz_class result() const { return m.from_mont_limbs(r.data()); }  // a b mod P
  Modulus m;
  std::vector<mp_limb_t> x, y, r, work;
};

// The product of an algorithm on one thread, or nothing when it cannot take
// P on this CPU (montgomery52 without AVX-512 IFMA).
std::unique_ptr<LimbProduct> limb_product(const mpz_class& P, Algorithm a, const mpz_class& x, const mpz_class& y) {
  try {
    return std::make_unique<LimbProduct>(Modulus(P, a, 1), x, y);
  } catch (const UnsupportedAlgorithm&) {
    return nullptr;
  }
}

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
    const mpz_class P = bench::peers::random_modulus(rng, bits);
    const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P), want = a * b % P;
    const std::string where = "bench --quick " + std::to_string(bits) + " bits: ";
    bench::peers::GmpMulMod gmp(P, a, b);
    const auto mont = limb_product(P, Algorithm::montgomery, a, b);
    const auto barrett = limb_product(P, Algorithm::barrett, a, b);
    const auto m52 = limb_product(P, Algorithm::montgomery52, a, b);
    const Modulus mod(P, Algorithm::automatic, 1);  // one thread, as the rest of the table
    mpz_class api_result;

    std::vector<bench::Variant> variants;
    std::vector<std::function<mpz_class()>> results;
    auto add = [&](const char* name, std::function<void()> run, std::function<mpz_class()> result) {
      variants.push_back({name, std::move(run)});
      results.push_back(std::move(result));
    };
    add("gmp", [&] { gmp.run(); }, [&] { return gmp.result(); });
#ifdef PARMOD_HAVE_OPENSSL
    bench::peers::OpensslModMul openssl(P, a, b);
    add("openssl", [&] { openssl.run(); }, [&] { return openssl.result(); });
#endif
    add("montgomery", [&] { mont->run(); }, [&] { return mont->result(); });
    add("barrett", [&] { barrett->run(); }, [&] { return barrett->result(); });
    if (m52) add("montgomery52", [&] { m52->run(); }, [&] { return m52->result(); });
    add("api", [&] { api_result = mod.mul(a, b); }, [&] { return api_result; });
    for (std::size_t i = 0; i < variants.size(); ++i) {
      variants[i].run();
      bench::check_result(where + variants[i].name, results[i](), want);
    }
    bench::Options opt;
    opt.rounds = 9;
    opt.batch_seconds = 0.003;
    const auto t = bench::measure_interleaved(variants, opt);
    auto find = [&](const char* name) -> double {
      for (const auto& x : t)
        if (x.name == name) return x.median_ns;
      return 0;
    };
    const double gmp_ns = find("gmp");
    double best = std::min(find("montgomery"), find("barrett"));
    if (find("montgomery52") > 0) best = std::min(best, find("montgomery52"));
    const double peer = find("openssl") > 0 ? std::min(gmp_ns, find("openssl")) : gmp_ns;
    table.rows.push_back({std::to_string(bits), bench::format_us(gmp_ns),
                          find("openssl") > 0 ? bench::format_us(find("openssl")) : std::string("n/a"),
                          bench::format_us(find("montgomery")), bench::format_us(find("barrett")),
                          find("montgomery52") > 0 ? bench::format_us(find("montgomery52")) : std::string("n/a"),
                          bench::format_us(find("api")), bench::format_ratio(gmp_ns / best),
                          bench::format_ratio(peer / best)});
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

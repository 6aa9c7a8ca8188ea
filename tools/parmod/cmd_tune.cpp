// tools/parmod/cmd_tune.cpp - `parmod tune`: measure this machine, write the table.
//
// Steps (progress on stderr):
//  1. redc_products_threshold: the smallest limb count from which REDC by two
//     products beats word-by-word REDC (interleaved medians at 8..96 limbs).
//  2. modmul.odd: Montgomery, Barrett and montgomery52 (AVX-512 IFMA) per size
//     (512..65536 bits); with 2 threads or more also modmul.odd.parallel:
//     montgomery52 on one thread against Montgomery (its products split over
//     the team from the parallel-product threshold), bipartite and
//     multipartite on all of them.
//  3. every step registered by later modules (tools/parmod/registry.hpp).
// The table goes to config::tuning_file_path() ($PARMOD_TUNING_FILE, ...).
#include <iostream>
#include <map>
#include <sstream>

#include "api/modulus_state.hpp"
#include "config/tuning_table.hpp"
#include "harness.hpp"
#include "modmul/barrett_mul.hpp"
#include "modmul/montgomery52.hpp"
#include "modmul/montgomery_mul.hpp"
#include "numbers.hpp"
#include "options.hpp"
#include "reduce/montgomery_reduce.hpp"
#include "registry.hpp"

namespace parmod::cli {
namespace {

struct Operands {
  explicit Operands(std::size_t n, gmp_randclass& rng) : k(make_modulus(n, rng)), x(n), y(n), r(n), work(8 * n + 16) {
    modmul::to_limbs(x.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
    modmul::to_limbs(y.data(), n, rng.get_z_range(mpz_class(1) << (64 * n - 1)));
  }
  static mpz_class make_modulus(std::size_t n, gmp_randclass& rng) {
    mpz_class P = rng.get_z_bits(64 * n);
    mpz_setbit(P.get_mpz_t(), 64 * n - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    return P;
  }
  modmul::ModulusConstants k;
  std::vector<limb_t> x, y, r, work;
};

std::size_t tune_redc(gmp_randclass& rng) {
  const std::size_t sizes[] = {16, 32, 48, 64, 96, 128, 160, 192, 224, 256, 320};
  std::size_t threshold = 1000;  // never, unless products win
  for (std::size_t n : sizes) {
    Operands o(n, rng);
    std::vector<limb_t> c(2 * n);
    std::vector<bench::Variant> v = {
        {"words",
         [&] {
           limbs::mul(c.data(), o.x.data(), n, o.y.data(), n);
           reduce::montgomery_reduce_words(o.r.data(), c.data(), o.k.p.data(), n, o.k.mu0);
         }},
        {"products",
         [&] {
           limbs::mul(c.data(), o.x.data(), n, o.y.data(), n);
           reduce::montgomery_reduce_products(o.r.data(), c.data(), o.k.p.data(), o.k.mu.data(), n, o.work.data());
         }},
    };
    const auto t = bench::measure_interleaved(v, bench::Options{9, 0.002});
    const bool products_win = t[1].median_ns < t[0].median_ns;
    std::cerr << "  redc " << n << " limbs: words " << bench::format_us(t[0].median_ns) << " us, products "
              << bench::format_us(t[1].median_ns) << " us\n";
    if (products_win && threshold == 1000) threshold = n;
    if (!products_win) threshold = 1000;  // must win from here on
  }
  return threshold;
}

// The product in each algorithm's representation (its engine, plain n-limb
// residues in and out), per size; the fastest algorithm per size (ahead by 3%
// of the first, else the first) makes a "LIMBS:ALGORITHM ..." table whose
// boundaries sit halfway between measured sizes.  Algorithms this CPU or size
// cannot take (montgomery52) are left out of that size.
std::string tune_size_table(gmp_randclass& rng, const std::vector<std::pair<Algorithm, int>>& algos,
                            const char* label) {
  std::ostringstream table;
  std::string last;
  std::size_t last_n = 0;
  for (unsigned bits : {512u, 768u, 1024u, 2048u, 4096u, 8192u, 16384u, 32768u, 65536u}) {
    mpz_class P = rng.get_z_bits(bits);
    mpz_setbit(P.get_mpz_t(), bits - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    std::vector<Modulus> mods;
    for (const auto& [a, t] : algos) {
      if (a == Algorithm::montgomery52 && !modmul::montgomery52_available(bits)) continue;
      mods.emplace_back(P, a, t);
    }
    const std::size_t n = mods[0].limbs();
    std::vector<limb_t> x(n), y(n), r(n);
    modmul::to_limbs(x.data(), n, rng.get_z_range(P));
    modmul::to_limbs(y.data(), n, rng.get_z_range(P));
    std::vector<std::vector<limb_t>> work;
    std::vector<bench::Variant> v;
    for (const Modulus& m : mods) {
      const detail::ModulusState* st = api::state_of(m);
      work.emplace_back(st->engine->scratch_limbs(n));
      limb_t* w = work.back().data();
      v.push_back({algorithm_name(m.algorithm()), [&, st, w] { st->engine->mul(r.data(), x.data(), y.data(), st->k, w); }});
    }
    const auto t = bench::measure_interleaved(v, bench::Options{9, 0.003});
    std::size_t best = 0;
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i].median_ns < 0.97 * t[best].median_ns) best = i;
    std::cerr << "  " << label << ' ' << bits << " bits:";
    for (const auto& x : t) std::cerr << ' ' << x.name << ' ' << bench::format_us(x.median_ns) << " us";
    std::cerr << " -> " << t[best].name << '\n';
    const std::string name = t[best].name;
    if (!last.empty() && name != last) table << (last_n + n) / 2 << ':' << last << ' ';
    last = name;
    last_n = n;
  }
  table << "18446744073709551615:" << last;
  return table.str();
}

std::string tune_odd_algorithm(gmp_randclass& rng) {
  return tune_size_table(rng, {{Algorithm::montgomery, 1}, {Algorithm::barrett, 1}, {Algorithm::montgomery52, 1}},
                         "modmul");
}

// With T >= 2 threads: Montgomery and montgomery52 on one thread against
// bipartite and multipartite on T.
std::string tune_odd_parallel(gmp_randclass& rng, int threads) {
  return tune_size_table(rng,
                         {{Algorithm::montgomery, threads},  // its products split over the team where that pays
                          {Algorithm::montgomery52, 1},
                          {Algorithm::bipartite, threads},
                          {Algorithm::multipartite, threads}},
                         (std::to_string(threads) + "-thread modmul").c_str());
}

}  // namespace

int cmd_tune(const Options& o) {
  if (!o.args.empty()) throw UsageError("usage: parmod tune (no arguments)");
#if defined(PARMOD_NO_BENCHMARKS)
  // Its steps live in the benchmark files: a table without them would be partial.
  throw UsageError("parmod tune: this build has no benchmarks (PARMOD_BUILD_BENCHMARKS=OFF)");
#endif
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(7);
  std::cerr << "parmod tune on " << bench::machine_description() << "\n[1/" << 2 + tune_steps().size()
            << "] REDC: word by word against two products\n";
  std::map<std::string, std::string> values;
  const std::size_t redc = tune_redc(rng);
  values["redc_products_threshold"] = std::to_string(redc);
  modmul::set_redc_products_threshold(redc);
  std::cerr << "[2/" << 2 + tune_steps().size() << "] modular multiplication: Montgomery against Barrett\n";
  values["modmul.odd"] = tune_odd_algorithm(rng);
  if (const int threads = resolve_num_threads(o.threads); threads >= 2) {
    std::cerr << "    and with " << threads << " threads: montgomery52 (1 thread) against Montgomery, bipartite and multipartite\n";
    values["modmul.odd.parallel"] = tune_odd_parallel(rng, threads);
  }
  std::string error;
  if (!config::write_tuning_values(values, "parmod tuning table, written by `parmod tune` on " + bench::machine_description(),
                                   &error))
    throw UsageError(error);
  int step = 3;
  for (const auto& s : tune_steps()) {
    std::cerr << "[" << step++ << "/" << 2 + tune_steps().size() << "] " << s.help << '\n';
    char name[64];
    std::snprintf(name, sizeof name, "%s", s.name);
    char* argv[] = {name, nullptr};
    if (int rc = s.run(1, argv); rc != 0) return rc;
  }
  std::cout << "wrote " << config::tuning_file_path() << '\n';
  return 0;
}

}  // namespace parmod::cli

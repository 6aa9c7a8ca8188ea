// tools/parmod/bench_multiexp.cpp - `parmod bench multiexp`: multi-exponentiation
// r = prod X[i]^Y[i] mod m beside GMP, reproducing the paper's Table II and
// Figures 3-5 on this machine, and the targets.
//
//   Table II:  one thread, EXP (GMP: n mpz_powm + product; parmod: a sliding
//              window per base) vs MULEXP (the paper's k = n/4, and the best k)
//              and parmod's chosen plan; n in {8, 16, 32, 64}, b in {4096, 8192}
//              (modulus and exponents of b bits).
//   Figs 3-5:  parallel EXP vs MULEXP v1 (equal chunks) vs v2 (Theorem 1) at
//              T = 1, 2: time, time normalised to parallel EXP, the maximum
//              per-thread multiplications (counted by the code) and time per
//              multiplication of that maximum; also v2 balanced in time
//              (squarings weighted 1/phi, Plan::phi), the top chunk's column
//              products formed by the partner (Plan::offload, k = 2; counted
//              on T threads, as it ran) and the cost model's plan.
//              Beyond the paper: Pippenger's buckets (chunked like v2) and
//              the n' hybrid (n' = 2T tasks, Lim-Lee inside each) as rows.
//   Many bases: n in {64, 256, 1024} with short exponents (batch verification),
//              where the model may pick the buckets: EXP, Lim-Lee, windows,
//              Pippenger, the hybrid and the chosen plan at T = 1, 2.
//   Targets:   n = 16, b = 4096 and n = 2 (2048/3072-bit verification), with
//              the two-thread speedup also round by round (its spread shows
//              how much the host moved during the run).
// Interleaved rounds, medians (bench/harness); at n b >= 65536 one timed pass
// of each variant (Table II's large cells take seconds each).
//   parmod bench multiexp [--quick] [--rounds R] [--json] [--plot FILE.png]
// --plot: Figure 3 style, x = n, one line per (variant, T): parallel EXP's
// time over the variant's (above 1: faster than parallel EXP), from the
// Figures 3-5 run (bench/plot).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "api/algorithm_choice.hpp"
#include "harness.hpp"
#include "api/modulus_state.hpp"
#include "modmul/engine.hpp"
#include "modmul/modulus_constants.hpp"
#include "multiexp/bucket_multiexp.hpp"
#include "multiexp/interleaved_window.hpp"
#include "multiexp/multiexp_plan.hpp"
#include "multiexp/mulexp_model.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "numbers.hpp"
#include "plot.hpp"
#include "parmod/parmod.hpp"
#include "registry.hpp"
#include "runtime/team.hpp"

namespace parmod::cli {
namespace {

struct Instance {
  mpz_class m;
  std::vector<mpz_class> bases, exps;
  modmul::ModulusConstants kc;
  std::vector<limb_t> xs;
  std::vector<const limb_t*> ep;
  std::vector<std::size_t> en;
  std::vector<limb_t> scratch, r;
  // The engine Modulus(m, automatic, 1) runs on (montgomery52 where the CPU
  // has AVX-512 IFMA, whose digit form the multi-exponentiation then uses).
  const modmul::Engine* engine;

  Instance(gmp_randclass& rng, std::size_t nb, std::size_t bits)
      : m(make_modulus(rng, bits)), kc(m), engine(api::state_of(Modulus(m, Algorithm::automatic, 1))->engine) {
    for (std::size_t i = 0; i < nb; ++i) {
      bases.push_back(rng.get_z_range(m));
      mpz_class e = rng.get_z_bits(bits);
      mpz_setbit(e.get_mpz_t(), bits - 1);
      exps.push_back(e);
    }
    for (const auto& b : bases) {
      std::vector<limb_t> l(kc.n, 0);
      modmul::to_limbs(l.data(), kc.n, b);
      xs.insert(xs.end(), l.begin(), l.end());
    }
    for (const auto& e : exps) {
      ep.push_back(mpz_limbs_read(e.get_mpz_t()));
      en.push_back(mpz_size(e.get_mpz_t()));
    }
    r.resize(kc.n);
  }
  mpz_class result() const {
    mpz_class v;
    mpz_import(v.get_mpz_t(), r.size(), -1, sizeof(limb_t), 0, 0, r.data());
    return v;
  }
  static mpz_class make_modulus(gmp_randclass& rng, std::size_t bits) {
    mpz_class m = rng.get_z_bits(bits);
    mpz_setbit(m.get_mpz_t(), bits - 1);
    mpz_setbit(m.get_mpz_t(), 0);
    return m;
  }
  std::size_t nb() const { return bases.size(); }
  // The low-level call with a fixed plan (no API conversions).
  void run(const multiexp::Plan& p, int threads, multiexp::OpCount* counts = nullptr) {
    const std::size_t need = multiexp::parallel_multiexp_scratch(kc.n, nb(), p, *engine);
    if (scratch.size() < need) scratch.resize(need);
    multiexp::parallel_multiexp(r.data(), xs.data(), nb(), ep.data(), en.data(), p, kc, *engine,
                                threads, scratch.data(), counts);
  }
  mpz_class gmp_exp() const {
    mpz_class acc = 1, t;
    for (std::size_t i = 0; i < nb(); ++i) {
      mpz_powm(t.get_mpz_t(), bases[i].get_mpz_t(), exps[i].get_mpz_t(), m.get_mpz_t());
      acc = acc * t % m;
    }
    return acc;
  }
};

multiexp::Plan lim_lee(std::size_t k, unsigned chunks, multiexp::Balance bal) {
  multiexp::Plan p;
  p.method = multiexp::Method::lim_lee;
  p.k = k;
  p.chunks = chunks;
  p.balance = bal;
  return p;
}
multiexp::Plan exp_plan(std::size_t bits, unsigned chunks) {
  multiexp::Plan p;
  p.method = multiexp::Method::exp;
  p.w = multiexp::interleaved_window_size(bits);
  p.chunks = chunks;
  return p;
}

multiexp::Plan bucket(std::size_t nb, std::size_t bits, unsigned chunks) {
  multiexp::Plan p;
  p.method = multiexp::Method::bucket;
  p.c = multiexp::bucket_window_size(nb, (bits + chunks - 1) / chunks);
  p.chunks = chunks;
  p.balance = multiexp::Balance::balanced;
  return p;
}
// n' = tasks independent tasks, each Lim-Lee with its best group count.
multiexp::Plan hybrid(std::size_t nb, std::size_t bits, unsigned tasks) {
  multiexp::Plan p;
  p.method = multiexp::Method::hybrid;
  p.tasks = tasks;
  p.inner = multiexp::Method::lim_lee;
  p.k = multiexp::best_group_count((nb + tasks - 1) / tasks, bits);
  return p;
}

std::string plan_name(const multiexp::Plan& p) {
  using multiexp::Method;
  auto inner = [&](Method m) {
    return m == Method::lim_lee ? "lim_lee k=" + std::to_string(p.k)
           : m == Method::bucket ? "bucket c=" + std::to_string(p.c)
                                 : "windows w=" + std::to_string(p.w);
  };
  if (p.method == Method::hybrid) return "hybrid n'=" + std::to_string(p.tasks) + " " + inner(p.inner);
  if (p.method == Method::exp) return "exp x" + std::to_string(p.chunks);
  return inner(p.method) + (p.chunks > 1 ? " x" + std::to_string(p.chunks) : "") +
         (p.offload && p.chunks == 2 && p.method == Method::lim_lee ? " columns offloaded" : "");
}

// phi = M/S of the engine the instance runs on, as Modulus::multi_pow takes it.
double engine_phi(const Instance& in) { return api::phi_for(*in.engine); }

multiexp::Plan with_phi(multiexp::Plan p, const Instance& in) {
  p.phi = engine_phi(in);
  return p;
}

// k = max(2, ceil(nb / 8)) groups (at most 8 bases a group: two groups of
// 16 bases would precompute 2 * 2^16 products, which dwarfs the chain), two
// chunks, the top chunk's column products formed by the partner
// (Plan::offload; one chunk at T = 1, where it is plain MULEXP with that k).
multiexp::Plan offloaded(std::size_t nb, unsigned T, const Instance& in) {
  const std::size_t k = std::min<std::size_t>(nb, std::max<std::size_t>(2, (nb + 7) / 8));
  multiexp::Plan p = lim_lee(k, T == 2 ? 2 : T, multiexp::Balance::balanced);
  p.offload = T == 2;
  p.phi = engine_phi(in);
  return p;
}

std::string ms(double ns) { return bench::format_us(ns / 1000.0) ; }

void emit(const bench::Table& t, const std::string& title, bool json) {
  if (json)
    std::cout << t.json(title) << '\n';
  else
    std::cout << "\n### " << title << "\n\n" << t.markdown() << '\n';
}

bench::Table table2(gmp_randclass& rng, const std::vector<std::size_t>& bit_sizes, const std::vector<std::size_t>& ns,
                    std::size_t rounds) {
  bench::Table t;
  t.header = {"b", "n", "GMP EXP (ms)", "parmod EXP (ms)", "MULEXP k=n/4 (ms)", "MULEXP best k (ms)", "best k",
              "parmod multi_pow T=1 (ms)", "plan", "GMP / multi_pow"};
  for (std::size_t bits : bit_sizes)
    for (std::size_t nb : ns) {
      Instance in(rng, nb, bits);
      const Modulus mod(in.m, Algorithm::automatic, 1);
      const std::size_t kbest = multiexp::best_group_count(nb, bits);
      const multiexp::Plan chosen = multiexp::choose_plan(nb, bits, in.kc.n, 1);
      mpz_class sink, sink_gmp;
      std::vector<bench::Variant> v = {
          {"gmp", [&] { sink_gmp = in.gmp_exp(); }},
          {"exp", [&] { in.run(exp_plan(bits, 1), 1); }},
          {"k=n/4", [&] { in.run(lim_lee(std::max<std::size_t>(1, nb / 4), 1, multiexp::Balance::balanced), 1); }},
          {"kbest", [&] { in.run(lim_lee(kbest, 1, multiexp::Balance::balanced), 1); }},
          {"api", [&] { sink = mod.multi_pow(in.bases, in.exps); }},
      };
      // parmod's EXP is timed up to n = 16 only at b = 8192 (it only repeats GMP's EXP, slower).
      const bool skip_exp = bits >= 8192 && nb > 16;
      if (skip_exp) v[1].run = [] {};
      std::vector<bench::Timing> m;
      if (bits * nb >= 8192 * 8) {
        // Large: one timed pass of every variant (no calibration run), to keep the whole run short.
        for (const auto& var : v) {
          const double t0 = bench::now_seconds();
          var.run();
          bench::Timing tm;
          tm.name = var.name;
          tm.median_ns = tm.min_ns = (bench::now_seconds() - t0) * 1e9;
          tm.rounds = tm.batch = 1;
          m.push_back(tm);
        }
      } else {
        const std::size_t r = bits * nb >= 4096 * 32 ? std::min<std::size_t>(rounds, 2) : rounds;
        m = bench::measure_interleaved(v, bench::Options{r, 0.001});
      }
      if (sink != sink_gmp) std::cerr << "MISMATCH at n=" << nb << " b=" << bits << '\n';
      t.rows.push_back({std::to_string(bits), std::to_string(nb), ms(m[0].median_ns), skip_exp ? "-" : ms(m[1].median_ns),
                        ms(m[2].median_ns), ms(m[3].median_ns), std::to_string(kbest), ms(m[4].median_ns),
                        plan_name(chosen),
                        bench::format_ratio(m[0].median_ns / m[4].median_ns)});
      std::cerr << "  table II n=" << nb << " b=" << bits << " done\n";
    }
  return t;
}

// Figure 3 style for --plot: per n, parallel EXP's time over each variant's.
struct FigurePlot {
  std::vector<std::string> series;              // "variant T=t", in first-seen order
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>> rows;  // x -> (series, ratio)
  void add(const std::string& x, const std::string& name, double ratio) {
    if (std::find(series.begin(), series.end(), name) == series.end()) series.push_back(name);
    if (rows.empty() || rows.back().first != x) rows.push_back({x, {}});
    rows.back().second.push_back({name, ratio});
  }
  bench::Table table() const {
    bench::Table t;
    t.header = {"n (bases)"};
    for (const auto& s : series) t.header.push_back(s);
    for (const auto& [x, cells] : rows) {
      std::vector<std::string> row = {x};
      for (const auto& s : series) {
        std::string v = "-";
        for (const auto& [name, r] : cells)
          if (name == s) v = std::to_string(r);
        row.push_back(v);
      }
      t.rows.push_back(row);
    }
    return t;
  }
};

bench::Table figures(gmp_randclass& rng, const std::vector<std::size_t>& bit_sizes, const std::vector<std::size_t>& ns,
                     std::size_t rounds, FigurePlot* plot) {
  bench::Table t;
  t.header = {"b", "n", "T", "variant", "time (ms)", "vs parallel EXP", "max mults/thread", "ns per mult of max"};
  for (std::size_t bits : bit_sizes)
    for (std::size_t nb : ns) {
      Instance in(rng, nb, bits);
      const std::size_t k = std::max<std::size_t>(1, nb / 4);
      for (unsigned T : {1u, 2u}) {
        struct V { const char* name; multiexp::Plan p; };
        const std::vector<V> vs = {{"parallel EXP", exp_plan(bits, T)},
                                   {"MULEXP v1", lim_lee(k, T, multiexp::Balance::equal)},
                                   {"MULEXP v2", lim_lee(k, T, multiexp::Balance::balanced)},
                                   {"MULEXP v2, phi-balanced", with_phi(lim_lee(k, T, multiexp::Balance::balanced), in)},
                                   {"MULEXP k=max(2,n/8), column products offloaded", offloaded(nb, T, in)},
                                   {"Pippenger (buckets)", bucket(nb, bits, T)},
                                   {"hybrid n'=2T", hybrid(nb, bits, 2 * T)},
                                   {"chosen plan", multiexp::choose_plan(nb, bits, in.kc.n, static_cast<int>(T), engine_phi(in))}};
        std::vector<bench::Variant> v;
        for (const auto& x : vs) v.push_back({x.name, [&in, p = x.p, T] { in.run(p, static_cast<int>(T)); }});
        const auto m = bench::measure_interleaved(v, bench::Options{rounds, 0.001});
        for (std::size_t i = 0; i < vs.size(); ++i) {
          std::vector<multiexp::OpCount> counts(64);
          // Column products exist only while the partner runs: count those plans on T threads.
          in.run(vs[i].p, vs[i].p.offload ? static_cast<int>(T) : 1, counts.data());
          std::uint64_t mx = 0;
          for (const auto& c : counts) mx = std::max(mx, c.total());
          t.rows.push_back({std::to_string(bits), std::to_string(nb), std::to_string(T), vs[i].name,
                            ms(m[i].median_ns), bench::format_ratio(m[i].median_ns / m[0].median_ns),
                            std::to_string(mx), std::to_string(static_cast<long>(m[i].median_ns / mx))});
          if (plot && i > 0 && bits == bit_sizes.front())
            plot->add(std::to_string(nb), std::string(vs[i].name) + " T=" + std::to_string(T),
                      m[0].median_ns / m[i].median_ns);
        }
      }
      std::cerr << "  figures n=" << nb << " b=" << bits << " done\n";
    }
  return t;
}

// Many bases, short exponents (batch verification, 2048-bit modulus): the
// region where Pippenger's buckets can beat Lim-Lee and windows.
bench::Table many_bases(gmp_randclass& rng, const std::vector<std::size_t>& ns, std::size_t exp_bits,
                        std::size_t rounds) {
  bench::Table t;
  t.header = {"n", "b", "GMP EXP (ms)", "MULEXP best k (ms)", "windows (ms)", "Pippenger (ms)", "c",
              "hybrid n'=2, T=2 (ms)", "Pippenger x2, T=2 (ms)", "chosen T=1 (ms)", "plan T=1", "chosen T=2 (ms)",
              "plan T=2", "GMP / chosen T=1"};
  for (std::size_t nb : ns) {
    Instance in(rng, nb, 2048);
    for (auto& e : in.exps) {  // short exponents of exp_bits bits
      e = rng.get_z_bits(exp_bits);
      mpz_setbit(e.get_mpz_t(), exp_bits - 1);
    }
    for (std::size_t i = 0; i < nb; ++i) {
      in.ep[i] = mpz_limbs_read(in.exps[i].get_mpz_t());
      in.en[i] = mpz_size(in.exps[i].get_mpz_t());
    }
    multiexp::Plan win;
    win.method = multiexp::Method::interleaved;
    win.w = multiexp::interleaved_window_size(exp_bits);
    const multiexp::Plan pip = bucket(nb, exp_bits, 1), pip2 = bucket(nb, exp_bits, 2), hy = hybrid(nb, exp_bits, 2);
    const multiexp::Plan c1 = multiexp::choose_plan(nb, exp_bits, in.kc.n, 1, engine_phi(in));
    const multiexp::Plan c2 = multiexp::choose_plan(nb, exp_bits, in.kc.n, 2, engine_phi(in));
    mpz_class sink_gmp;
    std::vector<bench::Variant> v = {
        {"gmp", [&] { sink_gmp = in.gmp_exp(); }},
        {"kbest", [&] { in.run(lim_lee(multiexp::best_group_count(nb, exp_bits), 1, multiexp::Balance::balanced), 1); }},
        {"windows", [&] { in.run(win, 1); }},
        {"pippenger", [&] { in.run(pip, 1); }},
        {"hybrid", [&] { in.run(hy, 2); }},
        {"pippenger2", [&] { in.run(pip2, 2); }},
        {"chosen1", [&] { in.run(c1, 1); }},
        {"chosen2", [&] { in.run(c2, 2); }},
    };
    const auto m = bench::measure_interleaved(v, bench::Options{rounds, 0.001});
    in.run(c2, 2);
    if (in.result() != sink_gmp) std::cerr << "MISMATCH in many bases n=" << nb << '\n';
    t.rows.push_back({std::to_string(nb), std::to_string(exp_bits), ms(m[0].median_ns), ms(m[1].median_ns),
                      ms(m[2].median_ns), ms(m[3].median_ns), std::to_string(pip.c), ms(m[4].median_ns),
                      ms(m[5].median_ns), ms(m[6].median_ns), plan_name(c1), ms(m[7].median_ns), plan_name(c2),
                      bench::format_ratio(m[0].median_ns / m[6].median_ns)});
    std::cerr << "  many bases n=" << nb << " done\n";
  }
  return t;
}

bench::Table targets(gmp_randclass& rng, std::size_t rounds) {
  bench::Table t;
  t.header = {"case", "GMP n x mpz_powm + product (ms)", "parmod T=1 (ms)", "parmod T=2 (ms)", "GMP / T=1",
              "T=1 / T=2", "T=1 / T=2 by round: median (min-max)"};
  struct C { const char* name; std::size_t nb, bits; };
  for (const C& c : {C{"n=16, b=4096", 16, 4096}, C{"n=2, b=2048", 2, 2048}, C{"n=2, b=3072", 2, 3072}}) {
    Instance in(rng, c.nb, c.bits);
    const Modulus m1(in.m, Algorithm::automatic, 1), m2(in.m, Algorithm::automatic, 2);
    mpz_class sink, sink_gmp;
    std::vector<bench::Variant> v = {{"gmp", [&] { sink_gmp = in.gmp_exp(); }},
                                     {"t1", [&] { sink = m1.multi_pow(in.bases, in.exps); }},
                                     {"t2", [&] { sink = m2.multi_pow(in.bases, in.exps); }}};
    const auto m = bench::measure_interleaved(v, bench::Options{rounds, 0.02});
    if (sink != sink_gmp) std::cerr << "MISMATCH in " << c.name << '\n';
    const bench::RatioSpread by_round = bench::round_ratios(m[1], m[2]);
    t.rows.push_back({c.name, ms(m[0].median_ns), ms(m[1].median_ns), ms(m[2].median_ns),
                      bench::format_ratio(m[0].median_ns / m[1].median_ns),
                      bench::format_ratio(m[1].median_ns / m[2].median_ns),
                      bench::format_ratio(by_round.median) + " (" + bench::format_ratio(by_round.min) + "-" +
                          bench::format_ratio(by_round.max) + ")"});
  }
  return t;
}

int run(int argc, char** argv) {
  bool json = false, quick = false;
  std::size_t rounds = 3;
  std::string plot;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json")
      json = true;
    else if (a == "--quick")
      quick = true;
    else if (a == "--rounds" && i + 1 < argc)
      rounds = std::stoul(argv[++i]);
    else if (a == "--plot" && i + 1 < argc)
      plot = argv[++i];
    else
      throw UsageError("usage: parmod bench multiexp [--quick] [--rounds R] [--json] [--plot FILE.png]");
  }
  runtime::warm_up(2);
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(7);
  std::cerr << "parmod bench multiexp on " << bench::machine_description() << '\n';
  if (!json) std::cout << "Machine: " << bench::machine_description() << "\n";
  const std::vector<std::size_t> bits = quick ? std::vector<std::size_t>{4096} : std::vector<std::size_t>{4096, 8192};
  const std::vector<std::size_t> ns = quick ? std::vector<std::size_t>{8, 16} : std::vector<std::size_t>{8, 16, 32, 64};
  emit(targets(rng, quick ? 3 : 4 * rounds + 3), "Targets (medians, interleaved; times in ms)", json);
  emit(table2(rng, bits, ns, quick ? 1 : rounds), "Table II: one thread, EXP vs MULEXP (ms)", json);
  FigurePlot fig;
  emit(figures(rng, {4096}, quick ? std::vector<std::size_t>{8, 16} : std::vector<std::size_t>{8, 16, 32},
               quick ? 1 : std::min<std::size_t>(rounds, 3), &fig),
       "Figures 3-5: parallel EXP vs MULEXP v1 / v2, Pippenger, hybrid, T = 1, 2", json);
  emit(many_bases(rng, quick ? std::vector<std::size_t>{64, 256} : std::vector<std::size_t>{64, 256, 1024}, 128,
                  quick ? 1 : std::min<std::size_t>(rounds, 3)),
       "Many bases, 128-bit exponents, 2048-bit modulus: Pippenger and the hybrid (ms)", json);
  if (!plot.empty())
    return bench::write_plot(fig.table().json("parmod multiexp, b = 4096: parallel EXP time / variant time "
                                              "(Figure 3 style)"),
                             plot);
  return 0;
}

const BenchRegistration reg{"multiexp", "multi-exponentiation: Table II and Figs 3-5 of the paper, targets", &run};

}  // namespace
}  // namespace parmod::cli

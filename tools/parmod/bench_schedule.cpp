// tools/parmod/bench_schedule.cpp - `parmod schedule`: the list schedule of a
// bipartite or multipartite product (issue 4), and the tune step "costs".
//
//   parmod [--threads T] [--algo multipartite|bipartite] schedule --bits N
//          [--k K] [--square] [--model] [--json]
//
// prints every task (name, thread, start, finish, cost) and the predicted
// makespan, the sequential total and the critical path.  Costs come from the
// measured cost table (`parmod tune`; ns) or, with --model, from the paper's
// quadratic model (units of one limb product).  With T above this machine's
// cores the schedule is a simulation, and the output says so.  Without --k,
// multipartite's k is the one the library would choose for (n, T).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "config/tuning_table.hpp"
#include "harness.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "modmul/multipartite_square.hpp"
#include "numbers.hpp"
#include "parmod/parmod.hpp"
#include "registry.hpp"
#include "runtime/cost_table.hpp"

namespace parmod::cli {
namespace {

// The global --algo is consumed by main(); read it back from the command line.
std::string global_algo() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> a;
  std::string s;
  while (std::getline(in, s, '\0')) a.push_back(s);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "--algo" && i + 1 < a.size()) return a[i + 1];
    if (a[i].rfind("--algo=", 0) == 0) return a[i].substr(7);
  }
  return "multipartite";
}

[[noreturn]] void usage() {
  throw UsageError("usage: parmod [--threads T] [--algo multipartite|bipartite] schedule --bits N [--k K] [--square]"
                   " [--model] [--json]");
}

int cmd_schedule(int argc, char** argv) {
  std::size_t bits = 0;
  int k = 0;
  bool model = false, json = false, square = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--bits") bits = static_cast<std::size_t>(parse_count(next(), "--bits", 1, 1L << 26));
    else if (a == "--k") k = static_cast<int>(parse_count(next(), "--k", 2, modmul::kMaxChunks));
    else if (a == "--model") model = true;
    else if (a == "--json") json = true;
    else if (a == "--square") square = true;
    else usage();
  }
  if (bits == 0) usage();
  std::string algo = global_algo();
  if (algo == "auto" || algo == "automatic") algo = "multipartite";
  if (algo != "multipartite" && algo != "bipartite") throw UsageError("schedule: --algo must be multipartite or bipartite");
  const int T = parmod::get_num_threads();
  const std::size_t n = (bits + 63) / 64;
  const auto costs = model ? runtime::CostTable::quadratic() : runtime::CostTable::measured();
  modmul::MultipartiteConfig c;
  if (algo == "bipartite") {
    c = modmul::bipartite_config(T);
  } else {
    if (k == 0) k = modmul::choose_multipartite_k(n, T, costs);
    if (k < 2 || k > modmul::kMaxChunks)  // the choice itself, when no --k was given
      throw UsageError("schedule: k must be in 2.." + std::to_string(modmul::kMaxChunks));
    c = square ? modmul::square_config(k, T) : modmul::MultipartiteConfig{};
    c.ka = c.kb = k;
    c.threads = T;
  }
  const auto plan = modmul::make_multipartite_plan(n, c, costs);
  const unsigned cores = std::thread::hardware_concurrency();
  const bool simulated = static_cast<unsigned>(T) > cores;
  const char* unit = model ? "M" : "us";
  const double q = static_cast<double>(std::max<std::size_t>(1, n / 4));
  const double scale = model ? 1.0 / (q * q) : 1e-3;  // model: in units of M(n/4)
  bench::Table t;
  t.header = {"task", "thread", "start", "finish", "cost"};
  for (int v : plan.schedule.order) {
    const auto& p = plan.schedule.at[static_cast<std::size_t>(v)];
    auto f = [&](double x) {
      std::ostringstream o;
      o.precision(4);
      o << x * scale;
      return o.str();
    };
    t.rows.push_back({plan.graph.node(v).name, std::to_string(p.thread), f(p.start), f(p.finish),
                      f(plan.graph.node(v).cost)});
  }
  std::ostringstream head;
  head << algo << (square ? " square" : "") << ", " << bits << " bits (n = " << n << " limbs, R = beta^" << plan.h
       << ")" << (algo == "multipartite" ? ", k = " + std::to_string(plan.config.ka) : std::string()) << ", T = " << T
       << " threads, " << (model ? "quadratic model M(m,n) = mn (times in M(n/4) units)" : "measured cost table (times in us)");
  if (json) {
    std::cout << t.json(head.str()) << '\n';
  } else {
    std::cout << "# parmod schedule: " << head.str() << '\n'
              << (simulated ? "SIMULATION: " + std::to_string(T) + " threads on a machine with " + std::to_string(cores) +
                                  " cores; times are predictions from the cost table\n"
                            : std::string())
              << bench::machine_description() << "\n\n"
              << t.markdown() << '\n'
              << "predicted makespan " << plan.schedule.makespan * scale << ' ' << unit << "; sequential total "
              << plan.graph.total_cost() * scale << ' ' << unit << "; critical path " << plan.graph.critical_path() * scale
              << ' ' << unit << "; predicted speedup " << plan.graph.total_cost() / plan.schedule.makespan << "x\n"
              << modmul::describe_plan(plan) << '\n';
  }
  return 0;
}

// Tune step "costs": measure M(s, s) and the addition cost and store them;
// then, per size and T = 1, 2, time every k in 2..8 and store the fastest
// (multipartite.k.T1/T2), printing the predicted k beside it.
int tune_costs(int, char**) {
  const auto pts = runtime::measure_costs();
  runtime::set_measured_costs(pts);
  std::map<std::string, std::string> values;
  values["costs.mul_ns"] = runtime::format_cost_points(pts);
  std::ostringstream add;
  add << pts.add_ns_per_limb;
  values["costs.add_ns_per_limb"] = add.str();
  std::string error;
  if (!config::write_tuning_values(values, "parmod tuning table", &error)) {
    std::cerr << "parmod tune: " << error << '\n';
    return 1;
  }
  // k per (n, T): predicted by the schedule, confirmed by measuring every k.
  const auto costs = runtime::CostTable::measured();
  gmp_randstate_t rs;
  gmp_randinit_default(rs);
  gmp_randseed_ui(rs, 4);
  values.clear();
  for (int T : {1, 2}) {
    std::string table;
    std::cerr << "  multipartite k, T=" << T << " (bits:predicted->measured):";
    for (std::size_t bits : {1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072}) {
      const std::size_t n = bits / 64;
      mpz_class P, a, b;
      mpz_urandomb(P.get_mpz_t(), rs, bits);
      mpz_setbit(P.get_mpz_t(), bits - 1);
      mpz_setbit(P.get_mpz_t(), 0);
      mpz_urandomm(a.get_mpz_t(), rs, P.get_mpz_t());
      mpz_urandomm(b.get_mpz_t(), rs, P.get_mpz_t());
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> x(n), y(n), r(n), ws(modmul::multipartite_engine_scratch(n));
      modmul::to_limbs(x.data(), n, a);
      modmul::to_limbs(y.data(), n, b);
      std::vector<std::unique_ptr<modmul::MultipartitePlan>> plans;
      std::vector<bench::Variant> v;
      for (int kk = 2; kk <= modmul::kMaxEngineChunks; ++kk) {
        modmul::MultipartiteConfig c;
        c.ka = c.kb = kk;
        c.threads = T;
        plans.push_back(std::make_unique<modmul::MultipartitePlan>(modmul::make_multipartite_plan(n, c, costs)));
        const auto* p = plans.back().get();
        v.push_back({std::to_string(kk), [&, p, T] { modmul::multipartite_mul(r.data(), x.data(), y.data(), k, *p, ws.data(), T); }});
      }
      bench::Options opt;
      opt.rounds = 5;
      opt.batch_seconds = 0.001;
      const auto t = bench::measure_interleaved(v, opt);
      std::size_t best = 0;
      for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i].median_ns < t[best].median_ns) best = i;
      const int kbest = static_cast<int>(best) + 2;
      std::cerr << ' ' << bits << ':' << modmul::predicted_multipartite_k(n, T, costs) << "->" << kbest;
      table += (table.empty() ? "" : ",") + std::to_string(bits) + ":" + std::to_string(kbest);
    }
    std::cerr << '\n';
    values["multipartite.k.T" + std::to_string(T)] = table;
  }
  gmp_randclear(rs);
  if (!config::write_tuning_values(values, "parmod tuning table", &error)) {
    std::cerr << "parmod tune: " << error << '\n';
    return 1;
  }
  return 0;
}

const CommandRegistration reg{"schedule", "list schedule of a bipartite/multipartite product (--bits N [--k K])",
                              &cmd_schedule};
const TuneRegistration tune_reg{"costs", "cost table M(m,n) for the task scheduler", &tune_costs};

}  // namespace
}  // namespace parmod::cli

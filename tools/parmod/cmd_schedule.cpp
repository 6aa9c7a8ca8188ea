// tools/parmod/cmd_schedule.cpp - `parmod schedule`: the list schedule of a
// bipartite or multipartite product (issue 4).
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

const CommandRegistration reg{"schedule", "list schedule of a bipartite/multipartite product (--bits N [--k K])",
                              &cmd_schedule};
}  // namespace
}  // namespace parmod::cli

// tools/parmod/cmd_schedule.cpp - `parmod schedule`: the list schedule of a
// bipartite or multipartite product (parmod::product_schedule).
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
// With --mpi RANKS: the model of parmod_mpi instead (cmd_schedule_mpi.cpp).
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "harness.hpp"
#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {

int cmd_schedule(const Options& o) {
  for (const std::string& a : o.args)
    if (a == "--mpi") return cmd_schedule_mpi(o);  // the MPI model (cmd_schedule_mpi.cpp)
  std::size_t bits = 0;
  int k = 0;
  bool model = false, json = false, square = false;
  const auto& args = o.args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value (parmod --help)");
      return args[++i];
    };
    if (a == "--bits") bits = static_cast<std::size_t>(parse_count(value(), "--bits", 1, 1L << 26));
    else if (a == "--k") k = static_cast<int>(parse_count(value(), "--k", 2, 1 << 20));
    else if (a == "--model") model = true;
    else if (a == "--json") json = true;
    else if (a == "--square") square = true;
    else throw UsageError("unknown argument '" + excerpt(a) + "' for schedule (parmod --help)");
  }
  if (bits == 0) throw UsageError("schedule needs --bits N (parmod --help)");
  const Algorithm algo = o.algorithm == Algorithm::automatic ? Algorithm::multipartite : o.algorithm;
  if (algo != Algorithm::multipartite && algo != Algorithm::bipartite)
    throw UsageError("schedule: --algo must be multipartite or bipartite");
  const int T = resolve_num_threads(o.threads);
  const ProductSchedule s = product_schedule(bits, algo, T, k, square, model);
  const unsigned cores = std::thread::hardware_concurrency();
  const bool simulated = static_cast<unsigned>(T) > cores;
  const char* unit = model ? "M" : "us";
  const double q = static_cast<double>(std::max<std::size_t>(1, s.limbs / 4));
  const double scale = model ? 1.0 / (q * q) : 1e-3;  // model: in units of M(n/4)
  bench::Table t;
  t.header = {"task", "thread", "start", "finish", "cost"};
  auto f = [&](double x) {
    std::ostringstream out;
    out.precision(4);
    out << x * scale;
    return out.str();
  };
  for (const ScheduledTask& task : s.tasks)
    t.rows.push_back({task.name, std::to_string(task.thread), f(task.start), f(task.finish), f(task.cost)});
  std::ostringstream head;
  head << algorithm_name(algo) << (square ? " square" : "") << ", " << bits << " bits (n = " << s.limbs
       << " limbs, R = beta^" << s.r_limbs << ")"
       << (algo == Algorithm::multipartite ? ", k = " + std::to_string(s.k) : std::string()) << ", T = " << T
       << " threads, "
       << (model ? "quadratic model M(m,n) = mn (times in M(n/4) units)" : "measured cost table (times in us)");
  if (json) {
    std::cout << t.json(head.str()) << '\n';
  } else {
    std::cout << "# parmod schedule: " << head.str() << '\n'
              << (simulated ? "SIMULATION: " + std::to_string(T) + " threads on a machine with " + std::to_string(cores) +
                                  " cores; times are predictions from the cost table\n"
                            : std::string())
              << bench::machine_description() << "\n\n"
              << t.markdown() << '\n'
              << "predicted makespan " << s.makespan * scale << ' ' << unit << "; sequential total "
              << s.sequential_total * scale << ' ' << unit << "; critical path " << s.critical_path * scale << ' '
              << unit << "; predicted speedup " << s.sequential_total / s.makespan << "x\n"
              << s.plan << '\n';
  }
  return 0;
}

}  // namespace parmod::cli

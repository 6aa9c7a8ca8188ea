// tools/parmod/bench_runtime.cpp - `parmod bench runtime`: the costs that set
// the smallest operation worth splitting, for parmod's team and for OpenMP.
//
// Per mechanism, T threads (default 2; more than the cores is marked):
//   fork/join       one schedule of T empty tasks, one per thread, strict
//                   lists so that every thread must run its own (team), or
//                   one empty parallel region (OpenMP, GOMP_parallel), hot;
//   fork/join cold  the same after 50 ms idle (workers asleep in the kernel);
//   barrier         per step of a chain of 64 steps where every task of a
//                   step waits for all tasks of the previous one (team:
//                   dependencies; OpenMP: GOMP_barrier inside one region);
//   signal          one cross-thread dependency: a chain of 64 tasks
//                   alternating between two threads, strict lists (team);
//                   a flag ping-pong inside one region (OpenMP).
// OpenMP is reached through dlopen("libgomp.so.1") so that parmod itself
// never links it; the column says n/a when libgomp is missing.
// Medians of interleaved rounds (bench/harness).
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "harness.hpp"
#include "registry.hpp"
#include "runtime/schedule.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::cli {
namespace {

using runtime::Schedule;

void empty_task(const void*, unsigned) {}

struct Gomp {
  void (*parallel)(void (*)(void*), void*, unsigned, unsigned) = nullptr;
  void (*barrier)() = nullptr;
  int (*thread_num)() = nullptr;
  bool ok() const { return parallel && barrier && thread_num; }
};

Gomp load_gomp() {
  Gomp g;
  void* h = dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) return g;
  g.parallel = reinterpret_cast<decltype(g.parallel)>(dlsym(h, "GOMP_parallel"));
  g.barrier = reinterpret_cast<decltype(g.barrier)>(dlsym(h, "GOMP_barrier"));
  g.thread_num = reinterpret_cast<decltype(g.thread_num)>(dlsym(h, "omp_get_thread_num"));
  return g;
}

Gomp g_omp;
constexpr int kSteps = 64;

void omp_empty(void*) {}
void omp_barriers(void*) {
  for (int i = 0; i < kSteps; ++i) g_omp.barrier();
}
struct PingPong {
  alignas(64) std::atomic<int> turn{0};
};
void omp_pingpong(void* d) {
  auto* pp = static_cast<PingPong*>(d);
  int me = g_omp.thread_num();
  if (me > 1) return;
  for (int i = me; i < kSteps; i += 2) {
    while (pp->turn.load(std::memory_order_acquire) != i) runtime::cpu_relax();
    pp->turn.store(i + 1, std::memory_order_release);
  }
}

double cold_median(const std::function<void()>& op) {
  std::vector<double> s;
  for (int i = 0; i < 11; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    double t0 = bench::now_seconds();
    op();
    s.push_back((bench::now_seconds() - t0) * 1e9);
  }
  std::sort(s.begin(), s.end());
  return s[s.size() / 2];
}

std::string ns(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.0f", x);
  return b;
}

int bench_runtime(int argc, char** argv) {
  bool json = false;
  std::vector<int> threads;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json"))
      json = true;
    else if (!std::strcmp(argv[i], "--thread-counts") && i + 1 < argc)
      for (char* tok = std::strtok(argv[++i], ","); tok; tok = std::strtok(nullptr, ","))
        threads.push_back(std::atoi(tok));
    else if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::cout << "usage: parmod bench runtime [--thread-counts T,...] [--json]\n"
                   "  fork/join, barrier and dependency-signal latency (ns) of parmod's team and OpenMP\n";
      return 0;
    } else {
      std::cerr << "parmod bench runtime: unknown argument " << argv[i] << '\n';
      return 2;
    }
  }
  if (threads.empty()) threads = {2};
  g_omp = load_gomp();
  const int cores = runtime::core_count();
  bench::Table table;
  table.header = {"threads", "measure", "parmod team (ns)", "OpenMP libgomp (ns)"};
  bench::Options opt;
  opt.rounds = 9;
  opt.batch_seconds = 0.004;
  for (int T : threads) {
    if (T < 2) T = 2;
    runtime::warm_up(T);
    const std::string tl = std::to_string(T) + (T > cores ? " (> cores)" : "");
    if (!json) std::cerr << "  measuring T = " << tl << '\n';
    Schedule fj(T);
    for (int t = 0; t < T; ++t) fj.add(&empty_task, nullptr, 0, 0, t, "empty");
    fj.set_strict(true);  // every thread runs its own task: a real fork/join
    Schedule bar(T), one(T);
    const int bsteps = std::min({32, Schedule::kMaxTasks / T, Schedule::kMaxDeps / (T * T) + 1});
    for (int st = 0; st < bsteps; ++st)
      for (int t = 0; t < T; ++t) {
        int i = bar.add(&empty_task, nullptr, 0, 0, t, "step");
        if (st > 0)
          for (int u = 0; u < T; ++u) bar.depend(i, (st - 1) * T + u);
      }
    bar.set_strict(true);
    for (int t = 0; t < T; ++t) one.add(&empty_task, nullptr, 0, 0, t, "step");
    one.set_strict(true);
    Schedule chain(2);
    for (int st = 0; st < kSteps; ++st) {
      int i = chain.add(&empty_task, nullptr, 0, 0, st % 2, "ping");
      if (st > 0) chain.depend(i, st - 1);
    }
    chain.set_strict(true);
    Schedule chain1(2);
    chain1.add(&empty_task, nullptr, 0, 0, 0, "ping");
    chain1.add(&empty_task, nullptr, 0, 0, 1, "pong");
    chain1.set_strict(true);
    PingPong pp;
    std::vector<bench::Variant> vt, vo;
    vt.push_back({"team fork/join", [&] { runtime::run(fj, T); }});
    vt.push_back({"team barrier chain", [&] { runtime::run(bar, T); }});
    vt.push_back({"team one step", [&] { runtime::run(one, T); }});
    vt.push_back({"team signal chain", [&] { runtime::run(chain, 2); }});
    vt.push_back({"team signal base", [&] { runtime::run(chain1, 2); }});
    if (g_omp.ok()) {
      vo.push_back({"omp fork/join", [&] { g_omp.parallel(&omp_empty, nullptr, unsigned(T), 0); }});
      vo.push_back({"omp barriers", [&] { g_omp.parallel(&omp_barriers, nullptr, unsigned(T), 0); }});
      vo.push_back({"omp pingpong", [&] {
                      pp.turn.store(0);
                      g_omp.parallel(&omp_pingpong, &pp, unsigned(T), 0);
                    }});
    }
    // The two mechanisms are measured in alternating phases, never
    // interleaved with each other: both spin while hot, so interleaving would
    // make each one's idle spinners steal the other's cores.  Between phases
    // both sleep (100 ms is past both spin budgets).  Median over 3 phases.
    std::vector<std::vector<double>> acc(vt.size() + vo.size());
    for (int phase = 0; phase < 3; ++phase) {
      for (int mech = 0; mech < 2; ++mech) {
        const auto& vs = mech == 0 ? vt : vo;
        if (vs.empty()) continue;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto r = bench::measure_interleaved(vs, opt);
        for (std::size_t i = 0; i < r.size(); ++i) acc[(mech == 0 ? 0 : vt.size()) + i].push_back(r[i].median_ns);
      }
    }
    std::vector<bench::Timing> t(acc.size());
    for (std::size_t i = 0; i < acc.size(); ++i) {
      std::sort(acc[i].begin(), acc[i].end());
      t[i].median_ns = acc[i].empty() ? 0 : acc[i][acc[i].size() / 2];
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    double team_cold = cold_median([&] { runtime::run(fj, T); });
    double omp_cold = g_omp.ok() ? cold_median([&] { g_omp.parallel(&omp_empty, nullptr, unsigned(T), 0); }) : 0;
    auto na = [&](double x) { return g_omp.ok() ? ns(x) : std::string("n/a"); };
    const double omp_fj = g_omp.ok() ? t[5].median_ns : 0;
    table.rows.push_back({tl, "fork/join (hot)", ns(t[0].median_ns), na(omp_fj)});
    table.rows.push_back({tl, "fork/join after 50 ms idle", ns(team_cold), na(omp_cold)});
    table.rows.push_back({tl, "barrier (per step)", ns((t[1].median_ns - t[2].median_ns) / (bsteps - 1)),
                          na(g_omp.ok() ? (t[6].median_ns - omp_fj) / kSteps : 0)});
    table.rows.push_back({tl, "dependency signal (one way)", ns((t[3].median_ns - t[4].median_ns) / (kSteps - 2)),
                          na(g_omp.ok() ? (t[7].median_ns - omp_fj) / kSteps : 0)});
  }
  if (json) {
    std::cout << table.json("parmod bench runtime: synchronisation latencies (ns)");
  } else {
    std::cout << "Runtime latencies, median of interleaved rounds (ns); spin budget "
              << runtime::spin_budget_ns() / 1000 << " us\nMachine: " << bench::machine_description() << "\n\n"
              << table.markdown();
    if (!g_omp.ok()) std::cout << "\nOpenMP: libgomp.so.1 not found, column n/a\n";
  }
  return 0;
}

const BenchRegistration reg{"runtime", "fork/join, barrier, dependency-signal latency (team vs OpenMP)", &bench_runtime};

}  // namespace
}  // namespace parmod::cli

// bench/bench_runtime.cpp - `parmod-bench runtime`: the costs that set
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
// The tasks (and OpenMP's region bodies) are not quite empty: each adds one
// to its own counter, a cache line apart from the others, so that before
// timing the bench can check that every task ran exactly once per call
// (bench/check.hpp; there is no arithmetic result to compare with GMP).
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "runtime/schedule.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::bench {
namespace {

using runtime::Schedule;

// One counter per task (team) or per thread (OpenMP), each on its own cache line.
struct alignas(64) Slot {
  std::uint64_t runs = 0;
};
constexpr int kMaxSlots = Schedule::kInlineTasks;
Slot g_slots[kMaxSlots];

void counting_task(const void*, unsigned i) { ++g_slots[i].runs; }

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

void omp_empty(void*) { ++g_slots[g_omp.thread_num()].runs; }
void omp_barriers(void*) {
  for (int i = 0; i < kSteps; ++i) g_omp.barrier();
  ++g_slots[g_omp.thread_num()].runs;
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
  ++g_slots[me].runs;
}

// Runs `op` once from zeroed counters and checks that `slots` counters ran once each, the rest never.
void check_counts(const std::string& what, int slots, const std::function<void()>& op) {
  for (auto& s : g_slots) s.runs = 0;
  op();
  int once = 0, other = 0;
  for (int i = 0; i < kMaxSlots; ++i) (i < slots && g_slots[i].runs == 1 ? once : other) += g_slots[i].runs ? 1 : 0;
  check_result("runtime " + what + ": tasks run exactly once", once - other, slots);
}

double cold_median(const std::function<void()>& op, int samples) {
  std::vector<double> s;
  for (int i = 0; i < samples; ++i) {
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

int bench_runtime(const Args& args) {
  const bool json = args.json;
  std::vector<int> threads = args.threads;
  if (threads.empty()) threads = {2};
  g_omp = load_gomp();
  const int cores = runtime::core_count();
  bench::Table table;
  table.header = {"threads", "measure", "parmod team (ns)", "OpenMP libgomp (ns)"};
  // --short: one phase of 3 rounds, 3 cold samples (a check of the bench, not a measurement).
  const bool quick = args.has("--short");
  const int phases = quick ? 1 : 3, cold_samples = quick ? 3 : 11;
  bench::Options opt;
  opt.rounds = quick ? 3 : 9;
  opt.batch_seconds = 0.004;
  for (int T : threads) {
    if (T < 2) T = 2;
    runtime::warm_up(T);
    const std::string tl = std::to_string(T) + (T > cores ? " (> cores)" : "");
    if (!json) std::cerr << "  measuring T = " << tl << '\n';
    if (T > kMaxSlots) throw UsageError("runtime: at most " + std::to_string(kMaxSlots) + " threads");
    Schedule fj(T);
    for (int t = 0; t < T; ++t) fj.add(&counting_task, nullptr, static_cast<unsigned>(t), 0, t, "empty");
    fj.set_strict(true);  // every thread runs its own task: a real fork/join
    Schedule bar(T), one(T);
    const int bsteps = std::min({32, Schedule::kInlineTasks / T, Schedule::kInlineDeps / (T * T) + 1});
    for (int st = 0; st < bsteps; ++st)
      for (int t = 0; t < T; ++t) {
        int i = bar.add(&counting_task, nullptr, static_cast<unsigned>(st * T + t), 0, t, "step");
        if (st > 0)
          for (int u = 0; u < T; ++u) bar.depend(i, (st - 1) * T + u);
      }
    bar.set_strict(true);
    for (int t = 0; t < T; ++t) one.add(&counting_task, nullptr, static_cast<unsigned>(t), 0, t, "step");
    one.set_strict(true);
    Schedule chain(2);
    for (int st = 0; st < kSteps; ++st) {
      int i = chain.add(&counting_task, nullptr, static_cast<unsigned>(st), 0, st % 2, "ping");
      if (st > 0) chain.depend(i, st - 1);
    }
    chain.set_strict(true);
    Schedule chain1(2);
    chain1.add(&counting_task, nullptr, 0, 0, 0, "ping");
    chain1.add(&counting_task, nullptr, 1, 0, 1, "pong");
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
    const std::string at = "T=" + std::to_string(T) + ": ";
    check_counts(at + "team fork/join", T, vt[0].run);
    check_counts(at + "team barrier chain", bsteps * T, vt[1].run);
    check_counts(at + "team one step", T, vt[2].run);
    check_counts(at + "team signal chain", kSteps, vt[3].run);
    check_counts(at + "team signal base", 2, vt[4].run);
    if (g_omp.ok()) {
      check_counts(at + "omp fork/join", T, vo[0].run);
      check_counts(at + "omp barriers", T, vo[1].run);
      check_counts(at + "omp pingpong", std::min(T, 2), vo[2].run);
    }
    // The two mechanisms are measured in alternating phases, never
    // interleaved with each other: both spin while hot, so interleaving would
    // make each one's idle spinners steal the other's cores.  Between phases
    // both sleep (100 ms is past both spin budgets).  Median over 3 phases (one with --short).
    std::vector<std::vector<double>> acc(vt.size() + vo.size());
    for (int phase = 0; phase < phases; ++phase) {
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
    double team_cold = cold_median([&] { runtime::run(fj, T); }, cold_samples);
    double omp_cold =
        g_omp.ok() ? cold_median([&] { g_omp.parallel(&omp_empty, nullptr, unsigned(T), 0); }, cold_samples) : 0;
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
    std::cout << table.json("parmod-bench runtime: synchronisation latencies (ns)");
  } else {
    std::cout << "Runtime latencies, median of interleaved rounds (ns); spin budget "
              << runtime::spin_budget_ns() / 1000 << " us\nMachine: " << bench::machine_description() << "\n\n"
              << table.markdown();
    if (!g_omp.ok()) std::cout << "\nOpenMP: libgomp.so.1 not found, column n/a\n";
  }
  return 0;
}

}  // namespace

const Bench kRuntimeBench = {{"runtime", "fork/join, barrier, dependency-signal latency (parmod's team vs OpenMP)",
                              kThreads | kJson, nullptr,
                              {{"--short", nullptr, "one phase of 3 rounds and 3 cold samples (a quick check)"}}},
                             &bench_runtime};

}  // namespace parmod::bench

// bench/bench_threads.cpp - `parmod-bench threads`: what a change of
// the thread count, or an idle spell, costs the next two-thread call.
//
// Per operation, one timed call in each of these situations:
//   T=1 steady      right after one-thread calls for 3 ms;
//   T=2 steady      right after two-thread calls for 3 ms (at least one): the
//                   workers spin (one call before is not enough where a call
//                   is shorter than a sleeping worker's wake-up, 0.1 to 1 ms
//                   on a cloud VM: the worker woken by it is not yet running
//                   at the timed call);
//   T=2 after 1->2  set_num_threads(1), one-thread calls for 3 ms (at least
//                   one; the workers fall asleep), set_num_threads(2), then
//                   the timed two-thread call (what a program that alternates
//                   the thread count sees);
//   T=2 after idle  after sleeping --idle-ms (the workers sleep in the kernel);
//   T=1 after idle  the same on one thread: what the idle spell costs without
//                   any worker (caches, clock), the floor of the row above.
// The situations are interleaved round by round in rotated order; medians
// over rounds, and the median over rounds of each call's time over the
// steady call on as many threads in the same round (the host's speed drifts
// by up to 2x over seconds: a ratio within a round compares calls seconds
// apart, not minutes).  Beside the times, per situation: the team's runs per call,
// the share of them that had to wake a sleeping worker, the share in which a
// participant ran nothing, and the mean wake-up latency seen by woken
// workers (runtime::team_counters).
// Operations: pow (Modulus automatic, full-length exponents) at 4096, 8192
// and 16384 bits; multi_pow with n = 16 bases and 4096-bit exponents and
// modulus; the Montgomery product in the representation (the engine of
// Modulus(P, montgomery, T) and Modulus(P, bipartite, T)) at 4096 to 32768 bits.
// Before timing, each operation's result is checked against GMP (bench/check).
//   parmod-bench threads [--rounds R] [--idle-ms MS] [--short] [--json]
#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "api/modulus_state.hpp"
#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "modmul/engine.hpp"
#include "multiexp/parallel_multiexp.hpp"
#include "parmod/parmod.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::bench {
namespace {

struct Operation {
  std::string name;
  std::function<void(int)> call;    // one operation on T threads (1 or 2)
  std::function<void(int)> check;   // one operation on T threads, its result checked against GMP
};

mpz_class odd_modulus(gmp_randclass& rng, std::size_t bits) {
  mpz_class m = rng.get_z_bits(bits);
  mpz_setbit(m.get_mpz_t(), bits - 1);
  mpz_setbit(m.get_mpz_t(), 0);
  return m;
}

mpz_class full_length(gmp_randclass& rng, std::size_t bits) {
  mpz_class e = rng.get_z_bits(bits);
  mpz_setbit(e.get_mpz_t(), bits - 1);
  return e;
}

// pow on Modulus(m, automatic, T), T = 1 and 2.
Operation pow_op(gmp_randclass& rng, std::size_t bits) {
  const mpz_class m = odd_modulus(rng, bits);
  auto mods = std::make_shared<std::vector<Modulus>>();
  mods->emplace_back(m, Algorithm::automatic, 1);
  mods->emplace_back(m, Algorithm::automatic, 2);
  const mpz_class b = rng.get_z_range(m), e = full_length(rng, bits);
  mpz_class want;
  mpz_powm(want.get_mpz_t(), b.get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  const std::string name = "pow " + std::to_string(bits);
  return {name, [mods, b, e](int T) { (*mods)[T - 1].pow(b, e); },
          [mods, b, e, want, name](int T) { check_result(name + " T=" + std::to_string(T), (*mods)[T - 1].pow(b, e), want); }};
}

Operation multi_pow_op(gmp_randclass& rng, std::size_t nb, std::size_t bits) {
  const mpz_class m = odd_modulus(rng, bits);
  auto mods = std::make_shared<std::vector<Modulus>>();
  mods->emplace_back(m, Algorithm::automatic, 1);
  mods->emplace_back(m, Algorithm::automatic, 2);
  std::vector<mpz_class> bs, es;
  for (std::size_t i = 0; i < nb; ++i) {
    bs.push_back(rng.get_z_range(m));
    es.push_back(full_length(rng, bits));
  }
  mpz_class want = 1;
  for (std::size_t i = 0; i < nb; ++i) {
    mpz_class p;
    mpz_powm(p.get_mpz_t(), bs[i].get_mpz_t(), es[i].get_mpz_t(), m.get_mpz_t());
    want = want * p % m;
  }
  const std::string name = "multi_pow n=" + std::to_string(nb) + " b=" + std::to_string(bits);
  return {name, [mods, bs, es](int T) { (*mods)[T - 1].multi_pow(bs, es); },
          [mods, bs, es, want, name](int T) {
            check_result(name + " T=" + std::to_string(T), (*mods)[T - 1].multi_pow(bs, es), want);
          }};
}

// One product in the representation on the engine of Modulus(m, a, T).
Operation product_op(gmp_randclass& rng, std::size_t bits, Algorithm a) {
  struct Data {
    std::vector<Modulus> mods;
    std::vector<limb_t> x, y, r, work;
  };
  auto d = std::make_shared<Data>();
  const mpz_class m = odd_modulus(rng, bits);
  d->mods.emplace_back(m, a, 1);
  d->mods.emplace_back(m, a, 2);
  std::size_t n = 0, scratch = 0;
  for (const Modulus& mod : d->mods) {
    const detail::ModulusState& s = *api::state_of(mod);
    n = std::max(n, modmul::element_size(*s.engine, s.n()));
    scratch = std::max(scratch, s.engine->scratch_limbs(s.n()));
  }
  d->x.assign(n, 0);
  d->y.assign(n, 0);
  d->r.assign(n, 0);
  d->work.assign(scratch + 2 * n, 0);
  const detail::ModulusState& s1 = *api::state_of(d->mods[0]);
  const mpz_class xa = rng.get_z_range(m), yb = rng.get_z_range(m);
  modmul::to_limbs(d->x.data(), s1.n(), xa);
  modmul::to_limbs(d->y.data(), s1.n(), yb);
  // Both moduli's engines share the representation (the split engines keep
  // the sequential one's), so the operands converted once serve both.
  s1.engine->to_repr(d->x.data(), d->x.data(), s1.k, d->work.data());
  s1.engine->to_repr(d->y.data(), d->y.data(), s1.k, d->work.data());
  const std::string name = std::string(algorithm_name(a)) + " product " + std::to_string(bits);
  auto call = [d](int T) {
    const detail::ModulusState& s = *api::state_of(d->mods[T - 1]);
    s.engine->mul(d->r.data(), d->x.data(), d->y.data(), s.k, d->work.data());
  };
  const mpz_class want = xa * yb % m;
  return {name, call, [d, call, want, name](int T) {  // (a R)(b R) R^-1 = a b R: back from the representation
            call(T);
            const detail::ModulusState& s = *api::state_of(d->mods[T - 1]);
            std::vector<limb_t> out(s.n()), work(d->work.size());
            s.engine->from_repr(out.data(), d->r.data(), s.k, work.data());
            mpz_class got;
            modmul::from_limbs(got, out.data(), s.n());
            check_result(name + " T=" + std::to_string(T), got, want);
          }};
}

// The spell of calls before the timed one: before "T=2 after 1->2" one-thread
// calls past the workers' spin budget (1 ms by default), as in a program that
// alternates the count between calls of milliseconds; before the steady calls
// calls on as many threads, past a sleeping worker's wake-up.
constexpr std::uint64_t kSpellNs = 3000000;

// Calls op on T threads for at least kSpellNs (at least once).
void spell(const Operation& op, int T) {
  const std::uint64_t from = runtime::monotonic_ns();
  do op.call(T);
  while (runtime::monotonic_ns() - from < kSpellNs);
}

enum Situation { kSteady1, kSteady2, kSwitch2, kIdle2, kIdle1, kSituations };
const char* const kSituationNames[kSituations] = {"T=1 steady", "T=2 steady", "T=2 after 1->2", "T=2 after idle",
                                                  "T=1 after idle"};

struct Samples {
  std::vector<double> ns;
  runtime::TeamCounters before{}, sum{};
  std::size_t calls = 0;
};

void add_counters(runtime::TeamCounters& sum, const runtime::TeamCounters& a, const runtime::TeamCounters& b) {
  sum.parallel_runs += b.parallel_runs - a.parallel_runs;
  sum.woken_runs += b.woken_runs - a.woken_runs;
  sum.missed_runs += b.missed_runs - a.missed_runs;
  sum.caller_wait_ns += b.caller_wait_ns - a.caller_wait_ns;
}

// One timed call of `op` in situation `s`.
double sample(const Operation& op, Situation s, int idle_ms, Samples& out) {
  switch (s) {
    case kSteady1:
      set_num_threads(1);
      spell(op, 1);
      break;
    case kSteady2:
      set_num_threads(2);
      spell(op, 2);
      break;
    case kSwitch2:  // one-thread calls for at least kSpellNs: the workers fall asleep
      set_num_threads(1);
      spell(op, 1);
      set_num_threads(2);
      break;
    case kIdle1:
    case kIdle2:
      set_num_threads(s == kIdle1 ? 1 : 2);
      std::this_thread::sleep_for(std::chrono::milliseconds(idle_ms));
      break;
    default:
      break;
  }
  const int T = s == kSteady1 || s == kIdle1 ? 1 : 2;
  const runtime::TeamCounters before = runtime::team_counters();
  const std::uint64_t t0 = runtime::monotonic_ns();
  op.call(T);
  const std::uint64_t t1 = runtime::monotonic_ns();
  add_counters(out.sum, before, runtime::team_counters());
  out.calls++;
  return static_cast<double>(t1 - t0);
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

std::string fixed(double x, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, x);
  return b;
}

int bench_threads(const Args& args) {
  const std::size_t rounds = args.rounds_or(9);
  const int idle_ms = static_cast<int>(args.number("--idle-ms", 1000));
  const bool json = args.json, quick = args.has("--short");
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(20);
  std::vector<Operation> ops;
  // --short: one size of each kind.
  auto want = [&](const std::string& name) {
    return !quick || name == "pow 4096" || name == "multi_pow n=16 b=4096" || name == "montgomery product 8192" ||
           name == "bipartite product 8192";
  };
  for (std::size_t bits : {4096, 8192, 16384})
    if (want("pow " + std::to_string(bits))) ops.push_back(pow_op(rng, bits));
  if (want("multi_pow n=16 b=4096")) ops.push_back(multi_pow_op(rng, 16, 4096));
  for (Algorithm a : {Algorithm::montgomery, Algorithm::bipartite})
    for (std::size_t bits : {4096, 8192, 16384, 32768})
      if (want(std::string(algorithm_name(a)) + " product " + std::to_string(bits)))
        ops.push_back(product_op(rng, bits, a));
  const int saved_default = get_num_threads();
  runtime::warm_up(2);
  for (const Operation& op : ops)
    for (int T : {1, 2}) op.check(T);
  std::vector<std::vector<Samples>> res(ops.size(), std::vector<Samples>(kSituations));
  for (std::size_t r = 0; r < rounds; ++r) {
    if (!json) std::cerr << "  round " << r + 1 << "/" << rounds << '\n';
    for (std::size_t o = 0; o < ops.size(); ++o)
      for (int k = 0; k < kSituations; ++k) {
        const auto s = static_cast<Situation>((k + r) % kSituations);
        res[o][s].ns.push_back(sample(ops[o], s, idle_ms, res[o][s]));
      }
  }
  set_num_threads(saved_default == runtime::core_count() ? 0 : saved_default);
  bench::Table t;
  t.header = {"operation", "situation", "median (us)", "range (us)", "/ T=2 steady", "T=1 steady /",
              "/ steady on as many threads, per round", "runs/call", "woken", "missed", "caller wait (us/call)"};
  for (std::size_t o = 0; o < ops.size(); ++o) {
    const double steady2 = median(res[o][kSteady2].ns), steady1 = median(res[o][kSteady1].ns);
    for (int s = 0; s < kSituations; ++s) {
      const Samples& x = res[o][s];
      const double m = median(x.ns);
      const Samples& steady = res[o][s == kSteady1 || s == kIdle1 ? kSteady1 : kSteady2];
      std::vector<double> per_round;
      for (std::size_t r = 0; r < x.ns.size() && r < steady.ns.size(); ++r) per_round.push_back(x.ns[r] / steady.ns[r]);
      const auto mm = std::minmax_element(x.ns.begin(), x.ns.end());
      const double runs = static_cast<double>(x.sum.parallel_runs);
      t.rows.push_back({ops[o].name, kSituationNames[s], bench::format_us(m),
                        bench::format_us(*mm.first) + "-" + bench::format_us(*mm.second),
                        fixed(m / steady2, 3), fixed(steady1 / m, 2), fixed(median(per_round), 3),
                        fixed(runs / x.calls, 1),
                        runs ? fixed(x.sum.woken_runs / runs, 2) : "-", runs ? fixed(x.sum.missed_runs / runs, 2) : "-",
                        fixed(x.sum.caller_wait_ns / 1000.0 / x.calls, 1)});
    }
  }
  const runtime::TeamCounters c = runtime::team_counters();
  if (json) {
    std::cout << t.json("parmod bench threads: two-thread calls after a thread-count switch or idle spell") << '\n';
  } else {
    std::cout << "Two-thread calls after set_num_threads(1)->(2) and after " << idle_ms
              << " ms idle, medians of " << rounds << " interleaved rounds; spin budget "
              << runtime::spin_budget_ns() / 1000 << " us\nMachine: " << bench::machine_description() << "\n\n"
              << t.markdown() << "\nWorkers woken from sleep: " << c.wakes << ", mean wake-up latency "
              << (c.wakes ? fixed(static_cast<double>(c.wake_ns) / c.wakes / 1000.0, 1) : std::string("-"))
              << " us (publish to running)" << team_join_text(c.joins, c.join_ns)
              << "\nmulti_pow's worker-speed estimates: " << fixed(multiexp::worker_speed_estimate(false), 2)
              << " (workers awake), " << fixed(multiexp::worker_speed_estimate(true), 2) << " (after sleep)\n";
  }
  return 0;
}

}  // namespace

const Bench kThreadsBench = {{"threads", "two-thread calls after a thread-count switch or an idle spell",
                              kRounds | kJson, nullptr,
                              {{"--idle-ms", "N", "the idle spell before the 'after idle' calls, ms (default 1000)", 0, 60000},
                               {"--short", nullptr, "one size of each operation (a quick check)"}}},
                             &bench_threads};

}  // namespace parmod::bench

// bench/bench_timeline.cpp - `parmod-bench timeline`: where the time of the
// two-thread Montgomery product goes (modmul/scheduled_montgomery, the
// schedule automatic runs for odd moduli on two threads from
// modmul.scheduled_min limbs).
//
// Per size (--sizes, bits, rounded up to whole limbs; default 8192, 16384
// and 32768) and for the product and the square: each task of the schedule with the median over
// calls of its start and finish (microseconds from the run's start,
// runtime::Schedule::set_timed), its duration on two threads, the share of
// calls in which the partner (participant 1) ran it, and its duration when
// the same schedule runs in order on one thread; then the whole call on two
// threads against the same tasks in order on one thread, and how long each
// thread was busy in its tasks per call (the rest is waiting: for a
// dependency, or for the signal that it is done).  Each round (--rounds, default 21) times
// one batch of calls on two threads and one on one thread, in alternating
// order, so that both see the same drift of the host.  Before timing, each
// form's result is checked against GMP (A B beta^-n mod P).
//
// How to read it: the critical path is the chain of finishes; the gaps
// between a task's dependencies' finish and its start are the signals'
// latency; a task the partner ran that takes longer on two threads than in
// order on one shows a slower partner (another tenant on its core) or data
// crossing the link between the cores.
#include <gmpxx.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/scheduled_montgomery.hpp"
#include "parmod/parmod.hpp"
#include "runtime/schedule.hpp"
#include "runtime/spin_wait.hpp"

namespace parmod::bench {
namespace {

constexpr std::size_t kCallsPerBatch = 64;

struct TaskTimes {
  std::string name;
  int list = 0;
  std::vector<double> start, finish, two, one;  // ns
  std::size_t on_partner = 0, runs = 0;
};

struct Form {
  std::vector<TaskTimes> tasks;
  std::vector<double> call_ns[2];  // [0] one thread, [1] two threads
  std::vector<double> busy_ns[2];  // two threads: the caller's and the partner's tasks' time per call
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Operands {
  const modmul::ModulusConstants* k;
  std::vector<limb_t> a, b, r, scratch;
};

// One batch on `threads` threads: a call that builds the thread's cached
// schedule (untimed), then kCallsPerBatch timed calls, each task's times read
// after each call.
void batch(Operands& o, bool square, int threads, Form& f) {
  const limb_t* b = square ? o.a.data() : o.b.data();
  modmul::scheduled_montgomery_mul(o.r.data(), o.a.data(), b, *o.k, threads, o.scratch.data());
  runtime::Schedule* s = modmul::scheduled_montgomery_schedule(square);
  s->set_timed(true);
  if (f.tasks.empty()) {
    f.tasks.resize(static_cast<std::size_t>(s->size()));
    for (int i = 0; i < s->size(); ++i) {
      f.tasks[static_cast<std::size_t>(i)].name = s->name(i) ? s->name(i) : "?";
      f.tasks[static_cast<std::size_t>(i)].list = s->planned_thread(i);
    }
  }
  for (std::size_t c = 0; c < kCallsPerBatch; ++c) {
    const std::uint64_t t0 = runtime::monotonic_ns();
    modmul::scheduled_montgomery_mul(o.r.data(), o.a.data(), b, *o.k, threads, o.scratch.data());
    f.call_ns[threads > 1 ? 1 : 0].push_back(static_cast<double>(runtime::monotonic_ns() - t0));
    double busy[2] = {0, 0};
    for (int i = 0; i < s->size(); ++i) {
      TaskTimes& t = f.tasks[static_cast<std::size_t>(i)];
      const double d = static_cast<double>(s->finished_ns(i)) - static_cast<double>(s->started_ns(i));
      if (threads <= 1) {
        t.one.push_back(d);
        continue;
      }
      t.start.push_back(s->started_ns(i));
      t.finish.push_back(s->finished_ns(i));
      t.two.push_back(d);
      t.on_partner += s->ran_on(i) == 1;
      ++t.runs;
      busy[s->ran_on(i) == 1 ? 1 : 0] += d;
    }
    if (threads > 1)
      for (int p = 0; p < 2; ++p) f.busy_ns[p].push_back(busy[p]);
  }
  s->set_timed(false);
}

mpz_class expected(const mpz_class& A, const mpz_class& B, const mpz_class& P, std::size_t n) {
  mpz_class R = 1, inv;
  R <<= 64 * n;
  mpz_invert(inv.get_mpz_t(), R.get_mpz_t(), P.get_mpz_t());
  return mpz_class(A * B * inv % P);
}

std::string us(double ns) { return format_us(ns); }

void print_form(std::size_t n, bool square, const Form& f) {
  const double two = median(f.call_ns[1]), one = median(f.call_ns[0]);
  std::cout << "\n### " << 64 * n << " bits (" << n << " limbs), " << (square ? "square" : "product") << ": two threads "
            << us(two) << " us, the same tasks in order on one thread " << us(one) << " us ("
            << format_ratio(one / two) << "); busy in its tasks per call: the caller " << us(median(f.busy_ns[0]))
            << " us, the partner " << us(median(f.busy_ns[1])) << " us\n\n";
  Table t;
  t.header = {"task", "list", "on the partner", "start (us)", "finish (us)", "two threads (us)",
              "in order on one thread (us)", "two / one"};
  std::vector<std::size_t> order(f.tasks.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return median(f.tasks[x].start) < median(f.tasks[y].start); });
  for (std::size_t i : order) {
    const TaskTimes& x = f.tasks[i];
    const double d2 = median(x.two), d1 = median(x.one);
    t.rows.push_back({"[" + std::to_string(i) + "] " + x.name, std::to_string(x.list),
                      std::to_string(x.runs ? (100 * x.on_partner + x.runs / 2) / x.runs : 0) + "%",
                      us(median(x.start)), us(median(x.finish)), us(d2), us(d1),
                      d1 > 0 ? format_time_ratio(d2 / d1) : "-"});
  }
  std::cout << t.markdown();
}

int bench_timeline(const Args& args) {
  const std::vector<unsigned long> sizes = args.sizes.empty() ? std::vector<unsigned long>{8192, 16384, 32768} : args.sizes;
  for (unsigned long bits : sizes)
    if (bits < 64 * modmul::kScheduledMontgomeryMin)
      throw UsageError("timeline: sizes from " + std::to_string(64 * modmul::kScheduledMontgomeryMin) + " bits");
  const std::size_t rounds = args.rounds_or(21);
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(20261203);
  std::cout << "parmod-bench timeline: the two-thread Montgomery product's schedule, task by task (medians of "
            << rounds << " rounds of " << kCallsPerBatch << " calls on two threads and on one, alternated)\n"
            << "Machine: " << machine_description() << '\n' << parmod::describe_cpu() << '\n';
  for (unsigned long bits : sizes) {
    const std::size_t n = (bits + 63) / 64;
    mpz_class P = rng.get_z_bits(64 * n);
    mpz_setbit(P.get_mpz_t(), 64 * n - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    const modmul::ModulusConstants k(P);
    const mpz_class A = rng.get_z_range(P), B = rng.get_z_range(P);
    Operands o{&k, std::vector<limb_t>(n), std::vector<limb_t>(n), std::vector<limb_t>(n),
               std::vector<limb_t>(modmul::scheduled_montgomery_scratch(n))};
    mpz_export(o.a.data(), nullptr, -1, sizeof(limb_t), 0, 0, A.get_mpz_t());
    mpz_export(o.b.data(), nullptr, -1, sizeof(limb_t), 0, 0, B.get_mpz_t());
    for (bool square : {false, true}) {
      const mpz_class want = expected(A, square ? A : B, P, n);
      for (int threads : {1, 2}) {
        modmul::scheduled_montgomery_mul(o.r.data(), o.a.data(), square ? o.a.data() : o.b.data(), k, threads,
                                         o.scratch.data());
        check_result("timeline " + std::to_string(bits) + (square ? " square" : " product") + " T=" +
                         std::to_string(threads),
                     from_limbs(o.r.data(), n), want);
      }
      Form f;
      for (std::size_t r = 0; r < rounds; ++r)
        for (int i = 0; i < 2; ++i) batch(o, square, (r + i) % 2 ? 1 : 2, f);
      print_form(n, square, f);
    }
  }
  return 0;
}

}  // namespace

const Bench kTimelineBench = {{"timeline", "the two-thread Montgomery product's schedule, task by task (where its time goes)",
                               kSizes | kRounds, "bits (default 8192,16384,32768; from 256)", {}},
                              &bench_timeline};

}  // namespace parmod::bench

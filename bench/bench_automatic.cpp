// bench/bench_automatic.cpp - `parmod-bench automatic`: does `automatic`
// never lose?  For each operation, size and thread count T, what automatic
// runs against every path parmod itself offers, in the same run (issue 20:
// automatic at least 0.97x the fastest path, i.e. automatic's time at most
// 1/0.97 of the fastest path's).
//
// Operations (--op one of them; default all), at every power-of-two size from
// 2^10 to 2^18 bits (--sizes, --short), T = 1 and 2 (--threads):
//   mul       automatic: parmod::mul's body api::integer_product with T threads
//             into a preallocated result (parmod::mul minus the result's
//             allocation); paths: GMP's mpz_mul (preallocated), and every
//             method limbs::choose_mul can be forced to, run by
//             limbs::mul_with into preallocated limbs: sequential
//             (limbs::mul: parmod's kernels or GMP's mpn_mul), comba (up to
//             192 limbs) and, for T >= 2, Toom-3 and Toom-4 with parallel
//             point products (where applicable) and blocks T x 1.
//   montmul   automatic: the product of Modulus(P, automatic, T) in its
//             representation (Modulus::mont_mul_limbs, bench/limb_product);
//             paths: the same product of Modulus(P, row, T) for every other
//             row of parmod::algorithms() that takes P, and for T >= 2 of
//             Modulus(P, row, 1) for every row.
//   pow       automatic: Modulus(P, automatic, T).pow, and parmod::powm (the
//             free function; its threads from set_num_threads(T)); paths:
//             Modulus(P, row, T).pow for every other row (for T >= 2 also
//             Modulus(P, row, 1).pow for every row), and GMP's mpz_powm
//             (the planner's path below powm.gmp_below_limbs).  Exponents:
//             full length up to 8192 bits, 8192 bits up to 32768, then 1024.
//   multi_pow n = 16 bases, exponents as for pow.  automatic:
//             Modulus(P, automatic, T).multi_pow and parmod::multi_powm;
//             paths: Modulus(P, row, T).multi_pow for every other row and,
//             for T >= 2, Modulus(P, row, 1).multi_pow for every row.
// Per operation, size and T, one interleaved series (bench/harness: rounds,
// medians; the one-thread paths are timed in each T's series), after every
// variant's result was checked against GMP's (mpz_mul, a b mod P, mpz_powm,
// n mpz_powm and their product).  A table per operation: automatic's time,
// the fastest path and its name, automatic / fastest (times; "(loss)" above
// 1/0.97), and the path automatic chose, timed as a path, over the fastest:
// automatic runs that path's code, so where the two ratios disagree the
// difference is noise (or the API's own cost), and where both exceed 1/0.97
// the choice loses.  A last line per operation: the worst ratios and where.
// For T >= 2, mul and pow also time automatic with the tuning key
// team.slow_link_check 0 (installed around each of its batches), not a path:
// a line per table gives automatic over it (median of per-round ratios), and
// whether the team's link was slow (runtime::link_slow) is read before and
// after each round; where 3 rounds or more found it slow throughout, a
// second table compares automatic, automatic with the check off and the
// fastest path over those rounds.
#include <gmp.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/integer_product.hpp"
#include "api/modulus_state.hpp"
#include "config/tuning.hpp"
#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "limb_product.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "limbs/parallel_mul_toom4.hpp"
#include "parmod/parmod.hpp"
#include "peers.hpp"
#include "runtime/link_speed.hpp"
#include "runtime/team.hpp"

namespace parmod::bench {
namespace {

const std::vector<unsigned long> kAllSizes = {1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144};
const std::vector<unsigned long> kShortSizes = {1024, 8192, 65536};
constexpr std::size_t kMultiPowBases = 16;

// Exponent length for a modulus of `bits` bits (pow and multi_pow).
std::size_t exponent_bits(std::size_t bits) { return bits <= 8192 ? bits : bits <= 32768 ? 8192 : 1024; }

enum class Role {
  automatic,      // what automatic does (the ratio's numerator)
  free_function,  // automatic through the free function (powm, multi_powm): a second ratio
  path,           // a path parmod offers (the fastest is the ratio's denominator)
  check_off,      // automatic with the tuning key team.slow_link_check 0 (T >= 2, mul and pow)
};

// The setting of a check_off variant: the tuning with team.slow_link_check 0,
// installed around each of its batches (bench/harness Variant::enter, leave).
// Each installation publishes one more tuning snapshot, which config keeps for
// the process's life (readers may hold it): one per batch, a few MB in a run
// of thousands of rounds.
struct CheckOff {
  config::Tuning tuning = config::tuning();
  std::optional<config::ScopedTuning> scoped;
  CheckOff() { tuning.team_slow_link_check = 0; }
};


// One (operation, size, T) series: its variants, what each is, and how to
// read each one's result after a call.  The closures share the objects in
// `keep` (operands, moduli, outputs).
struct Series {
  std::vector<Variant> variants;
  std::vector<Role> roles;
  std::vector<std::function<mpz_class()>> results;
  std::string automatic_runs;  // what automatic chose, for the table
  std::string chosen_path;     // the variant that runs what automatic chose ("" when none does)
  mpz_class want;              // every variant's result, computed with GMP
  std::function<void()> clear;  // wipes the shared outputs (before each check)
  std::vector<std::shared_ptr<void>> keep;

  void add(Role role, std::string name, std::function<void()> run, std::function<mpz_class()> result) {
    variants.push_back({std::move(name), std::move(run)});
    roles.push_back(role);
    results.push_back(std::move(result));
  }
};

// "T=2" after a name of a T-thread variant (T >= 2).
std::string with_threads(const std::string& name, int T) { return T == 1 ? name : name + " T=" + std::to_string(T); }

// Adds `run` once more as the check_off variant of a T-thread series.
void add_check_off(Series& s, int T, std::function<void()> run, std::function<mpz_class()> result) {
  auto off = std::make_shared<CheckOff>();
  s.keep.push_back(off);
  s.add(Role::check_off, with_threads("automatic, slow-link check off", T), std::move(run), std::move(result));
  CheckOff* o = off.get();
  s.variants.back().enter = [o] { o->scoped.emplace(o->tuning); };
  s.variants.back().leave = [o] { o->scoped.reset(); };
}

// The thread counts of the paths in T's series: T, and for T >= 2 also one
// thread, since a caller with T threads can always run a path on one (so the
// fastest path for T is the fastest on T threads or fewer, as in bench --quick).
std::vector<int> path_threads(int T) { return T == 1 ? std::vector<int>{1} : std::vector<int>{T, 1}; }

// ---- mul -------------------------------------------------------------------

struct MulState {
  std::size_t n = 0;
  mpz_class x, y, z;
  std::vector<limb_t> scratch;
};

Series mul_series(std::size_t bits, int T, gmp_randclass& rng) {
  Series s;
  auto st = std::make_shared<MulState>();
  s.keep.push_back(st);
  MulState* m = st.get();
  m->n = (bits + 63) / 64;
  m->x = rng.get_z_bits(bits);
  m->y = rng.get_z_bits(bits);
  mpz_setbit(m->x.get_mpz_t(), bits - 1);
  mpz_setbit(m->y.get_mpz_t(), bits - 1);
  mpz_realloc2(m->z.get_mpz_t(), 2 * m->n * 64 + 64);
  m->scratch.assign(limbs::parallel_mul_scratch(m->n, m->n), 0);
  const std::size_t n = m->n;
  s.want = m->x * m->y;
  s.clear = [m] { m->z = 0; };
  auto z = [m] { return m->z; };
  // What integer_product runs (api/integer_product.cpp): mpz_mul, limbs::mul,
  // or parallel_mul's choice on a free, healthy team (limbs::planned_mul: the
  // label does not depend on the team's recent runs), named as the paths below are.
  const limbs::MulRoute route = limbs::mul_route(n, n);
  const limbs::MulChoice choice = limbs::planned_mul(n, n, false, T);
  s.chosen_path = route == limbs::MulRoute::gmp                                            ? "GMP mpz_mul"
                  : route == limbs::MulRoute::sequential || choice.threads <= 1 ? limbs::mul_choice_name(choice)
                                                       : with_threads(limbs::mul_choice_name(choice), choice.threads);
  s.automatic_runs = s.chosen_path;
  s.add(Role::automatic, with_threads("automatic", T),
        [m, T] { api::integer_product(m->z.get_mpz_t(), m->x.get_mpz_t(), m->y.get_mpz_t(), T); }, z);
  if (T >= 2)
    add_check_off(s, T, [m, T] { api::integer_product(m->z.get_mpz_t(), m->x.get_mpz_t(), m->y.get_mpz_t(), T); }, z);
  s.add(Role::path, "GMP mpz_mul", [m] { mpz_mul(m->z.get_mpz_t(), m->x.get_mpz_t(), m->y.get_mpz_t()); }, z);
  // A forced method writes into the preallocated integer as
  // api::integer_product does (mpz_limbs_write, the product, mpz_limbs_finish),
  // so that every path pays the same integer-level costs as automatic and
  // mpz_mul, and the ratio measures the choice.
  auto forced = [&](const std::string& name, limbs::MulChoice c) {
    s.add(Role::path, name,
          [m, c] {
            mp_limb_t* rp = mpz_limbs_write(m->z.get_mpz_t(), static_cast<mp_size_t>(2 * m->n));
            limbs::mul_with(c, rp, mpz_limbs_read(m->x.get_mpz_t()), m->n, mpz_limbs_read(m->y.get_mpz_t()), m->n,
                            m->scratch.data());
            mpz_limbs_finish(m->z.get_mpz_t(), static_cast<mp_size_t>(limbs::normalized_size(rp, 2 * m->n)));
          },
          z);
  };
  forced("sequential", {limbs::MulMethod::sequential, 1, 1, 1});
  if (n <= 192) forced("comba", {limbs::MulMethod::comba, 1, 1, 1});
  if (T >= 2) {
    if (limbs::toom3_applicable(n, n)) forced(with_threads("toom3", T), {limbs::MulMethod::toom3, 1, 1, T});
    if (limbs::toom4_applicable(n, n)) forced(with_threads("toom4", T), {limbs::MulMethod::toom4, 1, 1, T});
    if (T == 2 && limbs::residues_applicable(n, n)) forced(with_threads("residues", T), {limbs::MulMethod::residues, 1, 1, T});
    const int k1 = std::min(T, 8);
    forced(with_threads("blocks " + std::to_string(k1) + "x1", T), {limbs::MulMethod::blocks, k1, 1, T});
  }
  return s;
}

// ---- montmul ---------------------------------------------------------------

Series montmul_series(const mpz_class& P, int T, gmp_randclass& rng) {
  Series s;
  const mpz_class a = rng.get_z_range(P), b = rng.get_z_range(P);
  s.want = a * b % P;
  s.clear = [] {};  // each product has its own output, zero until its first call
  for (int threads : path_threads(T))
    for (const AlgorithmInfo& row : algorithms()) {
      const bool automatic = row.algorithm == Algorithm::automatic;
      if (automatic && threads != T) continue;
      std::shared_ptr<LimbProduct> p = limb_product(P, row.algorithm, threads, a, b);
      if (!p) continue;
      s.keep.push_back(p);
      LimbProduct* q = p.get();
      if (automatic) s.automatic_runs = s.chosen_path = with_threads(algorithm_name(q->m.algorithm()), T);
      s.add(automatic ? Role::automatic : Role::path, with_threads(row.name, threads), [q] { q->run(); },
            [q] { return q->result(); });
    }
  return s;
}

// ---- pow and multi_pow -------------------------------------------------------

// What Modulus m runs: its algorithm and whether its products split over
// threads; for pow (ebits > 0, an exponent of ebits bits) also whether the
// squaring chain runs or the exponent splits, or the planner's other paths (GMP's mpz_powm, the field
// kernels, even moduli).  (multi_pow plans its chunks per call: multiexp/.)
std::string pow_runs(const Modulus& m, std::size_t ebits) {
  const detail::ModulusState& s = *api::state_of(m);
  if (ebits > 0 && s.plan.pow != api::PowPath::engine) return api::pow_path_name(s.plan.pow);
  if (ebits == 0 && s.multi_pow_bound)  // multi_pow on its own engine (api/plan.hpp)
    return std::string(algorithm_name(s.plan.multi_pow_algorithm)) + ", chunks on the threads";
  const int product_threads =
      ebits > 0 ? api::pow_product_threads(s.plan, s.bound.product_threads) : s.bound.product_threads;
  const api::PowmPlan plan = ebits > 0 ? api::pow_split(s.plan, ebits, product_threads) : api::PowmPlan{};
  if (plan.square_chain)  // on the one-thread engine, sequential products
    return std::string(algorithm_name(s.plan.chain_algorithm)) + ", squaring chain beside the digit products";
  std::string out = algorithm_name(ebits > 0 ? s.plan.pow_algorithm : s.algorithm);
  if (product_threads > 1) out += ", products on " + std::to_string(product_threads) + " threads";
  if (plan.split_threads > 1) out += ", exponent split over " + std::to_string(plan.split_threads);
  return out;
}

struct PowState {
  mpz_class P, b, e, want;
  std::vector<mpz_class> bases, exps;  // multi_pow
  mpz_class out;                        // the last result (every variant writes it)
};

// The operands of one pow or multi_pow size, shared by both thread counts'
// series; `want` computed once with GMP.
std::shared_ptr<PowState> pow_operands(std::size_t bits, bool multi, gmp_randclass& rng) {
  auto st = std::make_shared<PowState>();
  st->P = peers::random_modulus(rng, bits);
  const std::size_t ebits = exponent_bits(bits);
  auto exponent = [&] {
    mpz_class e = rng.get_z_bits(ebits);
    mpz_setbit(e.get_mpz_t(), ebits - 1);
    return e;
  };
  if (multi) {
    for (std::size_t i = 0; i < kMultiPowBases; ++i) {
      st->bases.push_back(rng.get_z_range(st->P));
      st->exps.push_back(exponent());
    }
    st->want = peers::gmp_multi_powm(st->bases, st->exps, st->P);
  } else {
    st->b = rng.get_z_range(st->P);
    st->e = exponent();
    mpz_powm(st->want.get_mpz_t(), st->b.get_mpz_t(), st->e.get_mpz_t(), st->P.get_mpz_t());
  }
  return st;
}

Series pow_series(const std::shared_ptr<PowState>& st, bool multi, int T) {
  Series s;
  s.keep.push_back(st);
  PowState* p = st.get();
  s.want = p->want;
  s.clear = [p] { p->out = 0; };
  auto out = [p] { return p->out; };
  for (int threads : path_threads(T))
    for (const AlgorithmInfo& row : algorithms()) {
      const bool automatic = row.algorithm == Algorithm::automatic;
      if (automatic && threads != T) continue;
      std::shared_ptr<Modulus> mod;
      try {
        mod = std::make_shared<Modulus>(p->P, row.algorithm, threads);
      } catch (const UnsupportedAlgorithm&) {
        continue;
      }
      s.keep.push_back(mod);
      const Modulus* m = mod.get();
      if (automatic) {
        s.automatic_runs = pow_runs(*m, multi ? 0 : mpz_sizeinbase(p->e.get_mpz_t(), 2));
        const api::PowPath path = api::state_of(*m)->plan.pow;
        const Algorithm runs = multi ? api::state_of(*m)->plan.multi_pow_algorithm : api::state_of(*m)->plan.pow_algorithm;
        s.chosen_path = multi || path == api::PowPath::engine ? with_threads(algorithm_name(runs), T)
                        : path == api::PowPath::gmp           ? "GMP mpz_powm"
                                                              : "";
      }
      std::function<void()> run;
      if (multi)
        run = [p, m] { p->out = m->multi_pow(p->bases, p->exps); };
      else
        run = [p, m] { p->out = m->pow(p->b, p->e); };
      if (automatic && !multi && T >= 2) add_check_off(s, T, run, out);
      s.add(automatic ? Role::automatic : Role::path, with_threads(row.name, threads), std::move(run), out);
    }
  // The free functions take their threads from the process default, which
  // the caller sets to T for this series.
  if (multi) {
    s.add(Role::free_function, with_threads("multi_powm", T), [p] { p->out = multi_powm(p->bases, p->exps, p->P); },
          out);
  } else {
    s.add(Role::free_function, with_threads("powm", T), [p] { p->out = powm(p->b, p->e, p->P); }, out);
    s.add(Role::path, "GMP mpz_powm",
          [p] { mpz_powm(p->out.get_mpz_t(), p->b.get_mpz_t(), p->e.get_mpz_t(), p->P.get_mpz_t()); }, out);
  }
  return s;
}

// ---- measuring and reporting -----------------------------------------------

// " name time, name time, ..." of every variant of a series (the progress lines).
std::string every_time(const Series& s, const std::vector<Timing>& t) {
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) out += (i ? ", " : " ") + s.variants[i].name + " " + format_us(t[i].median_ns);
  return out;
}

struct Worst {
  double ratio = 0;
  std::string where;
  int losses = 0, rows = 0;
  void note(double r, const std::string& at) {
    ++rows;
    if (r > kAutomaticMaxTimeRatio) ++losses;
    if (r > ratio) {
      ratio = r;
      where = at;
    }
  }
  std::string line(const std::string& what) const {
    if (rows == 0) return what + ": no rows";
    return what + ": worst " + format_time_ratio(ratio) + " at " + where + "; " + std::to_string(losses) + " of " +
           std::to_string(rows) + " rows above 1/0.97";
  }
};

struct Operation {
  const char* name;
  const char* title;
  bool exponent;  // pow, multi_pow: an exponent-bits column and a free function
};

const Operation kOperations[] = {
    {"mul", "integer product a b (balanced operands)", false},
    {"montmul", "Montgomery-style product in each algorithm's representation (Modulus::mont_mul_limbs)", false},
    {"pow", "pow (exponent: full length up to 8192 bits, 8192 bits up to 32768, then 1024 bits)", true},
    {"multi_pow",
     "multi_pow, n = 16 bases (exponents: full length up to 8192 bits, 8192 bits up to 32768, then 1024 bits)", true},
};

// Rounds: --rounds, else 11 for the products and 5 for pow and multi_pow (3 with --short).
std::size_t rounds_for(const Args& a, const Operation& op) {
  if (a.has("--short")) return a.rounds_or(3);
  return a.rounds_or(op.exponent ? 5 : 11);
}

int run(const Args& a) {
  const std::vector<unsigned long> sizes = !a.sizes.empty() ? a.sizes : a.has("--short") ? kShortSizes : kAllSizes;
  const std::vector<int> threads = a.threads.empty() ? std::vector<int>{1, 2} : a.threads;
  const std::string only = a.value("--op");
  for (unsigned long bits : sizes)
    if (bits < 64) throw UsageError("--sizes: at least 64 bits, not " + std::to_string(bits));
  runtime::warm_up(std::max(2, *std::max_element(threads.begin(), threads.end())));
  const std::string cpu = describe_cpu();
  if (!a.json) std::cerr << "parmod-bench automatic on " << machine_description() << '\n' << cpu;
  std::string json = "[";
  std::vector<std::string> summaries;
  for (const Operation& op : kOperations) {
    if (!only.empty() && only != op.name) continue;
    const std::string what = op.name;
    gmp_randclass rng(gmp_randinit_default);
    rng.seed(20261127);
    Options opt;
    opt.rounds = rounds_for(a, op);
    opt.batch_seconds = op.exponent ? 0.02 : 0.003;
    Table table;
    table.cpu = cpu;
    table.header = {"bits"};
    if (op.exponent) table.header.push_back("exponent bits");
    table.header.insert(table.header.end(), {"T", "automatic runs", "automatic (us)", "fastest path", "fastest (us)",
                                             "automatic / fastest", "its choice as a path / fastest"});
    const std::string free_name = what == "pow" ? "powm" : "multi_powm";
    if (op.exponent) table.header.insert(table.header.end(), {free_name + " (us)", free_name + " / fastest"});
    // The same comparison over the rounds in which the team's link was slow
    // (runtime::link_slow, read before and after each round).
    Table slow_table;
    slow_table.cpu = cpu;
    slow_table.header = {"bits"};
    if (op.exponent) slow_table.header.push_back("exponent bits");
    slow_table.header.insert(slow_table.header.end(),
                             {"T", "rounds with the link slow", "automatic (us)", "check off (us)",
                              "automatic / check off", "fastest path", "fastest (us)", "automatic / fastest"});
    std::string check_off_line;  // automatic over automatic with the check off, per round, all rounds
    Worst worst, worst_choice, worst_free, worst_slow;
    std::size_t slow_rounds = 0, all_rounds = 0;
    const runtime::TeamCounters team_before = runtime::team_counters();
    for (unsigned long bits : sizes) {
      std::shared_ptr<PowState> operands;
      mpz_class P;
      if (op.exponent) operands = pow_operands(bits, what == "multi_pow", rng);
      if (what == "montmul") P = peers::random_modulus(rng, bits);
      for (int T : threads) {
        set_num_threads(T);  // the free functions' threads
        Series s = what == "mul"       ? mul_series(bits, T, rng)
                   : what == "montmul" ? montmul_series(P, T, rng)
                                       : pow_series(operands, what == "multi_pow", T);
        const std::string where = what + " " + std::to_string(bits) + " bits T=" + std::to_string(T);
        for (std::size_t i = 0; i < s.variants.size(); ++i) {
          Variant& v = s.variants[i];
          s.clear();
          const double t0 = now_seconds();
          v.run();
          const double dt = now_seconds() - t0;
          check_result(where + ": " + v.name, s.results[i](), s.want);
          // A call longer than a batch: batches of one call, the check
          // having been the warm-up.  Calls of 0.2-50 ms: one untimed call
          // before each batch brings the operands back into the caches the
          // other variants evicted (timed warm, as in a loop).
          if (dt > opt.batch_seconds) v.batch = 1;
          if (dt > 2e-4 && dt < 0.05) v.warmup_calls = 1;
        }
        std::vector<int> states;
        opt.state = [] { return runtime::link_slow() ? 1 : 0; };
        opt.round_states = &states;
        const std::vector<Timing> t = measure_interleaved(s.variants, opt);
        const auto slow = static_cast<std::size_t>(std::count(states.begin(), states.end(), 1));
        slow_rounds += slow;
        all_rounds += states.size();
        std::size_t automatic = 0, free_fn = 0, fastest = s.variants.size(), chosen = s.variants.size(),
                    check_off = s.variants.size();
        for (std::size_t i = 0; i < t.size(); ++i) {
          if (s.roles[i] == Role::automatic) automatic = i;
          if (s.roles[i] == Role::check_off) check_off = i;
          if (s.roles[i] == Role::path && s.variants[i].name == s.chosen_path) chosen = i;
          if (s.roles[i] == Role::free_function) free_fn = i;
          if (s.roles[i] == Role::path && (fastest == t.size() || t[i].median_ns < t[fastest].median_ns)) fastest = i;
        }
        const double auto_ns = t[automatic].median_ns, best_ns = t[fastest].median_ns;
        std::vector<std::string> row = {std::to_string(bits)};
        if (op.exponent) row.push_back(std::to_string(exponent_bits(bits)));
        row.insert(row.end(), {std::to_string(T), s.automatic_runs, format_us(auto_ns), s.variants[fastest].name,
                               format_us(best_ns), format_automatic_ratio(auto_ns / best_ns, a.json),
                               chosen < t.size() ? format_automatic_ratio(t[chosen].median_ns / best_ns, a.json)
                                                 : std::string(a.json ? "null" : "n/a")});
        const std::string at = std::to_string(bits) + " bits, T=" + std::to_string(T) + " (fastest: " +
                               s.variants[fastest].name + ")";
        worst.note(auto_ns / best_ns, at);
        if (chosen < t.size()) worst_choice.note(t[chosen].median_ns / best_ns, at);
        if (op.exponent) {
          row.push_back(format_us(t[free_fn].median_ns));
          row.push_back(format_automatic_ratio(t[free_fn].median_ns / best_ns, a.json));
          worst_free.note(t[free_fn].median_ns / best_ns, at);
        }
        table.rows.push_back(row);
        if (check_off < t.size())
          check_off_line += std::string(check_off_line.empty() ? "" : ", ") + std::to_string(bits) + " bits T=" +
                            std::to_string(T) + " " + format_time_ratio(round_ratios(t[automatic], t[check_off]).median);
        if (T >= 2 && slow >= 3) {
          std::size_t slow_fastest = t.size();
          for (std::size_t i = 0; i < t.size(); ++i)
            if (s.roles[i] == Role::path &&
                (slow_fastest == t.size() ||
                 median_in_state(t[i], states, 1) < median_in_state(t[slow_fastest], states, 1)))
              slow_fastest = i;
          const double a_ns = median_in_state(t[automatic], states, 1);
          const double f_ns = median_in_state(t[slow_fastest], states, 1);
          const double off_ns = check_off < t.size() ? median_in_state(t[check_off], states, 1) : 0;
          std::vector<std::string> srow = {std::to_string(bits)};
          if (op.exponent) srow.push_back(std::to_string(exponent_bits(bits)));
          srow.insert(srow.end(), {std::to_string(T), std::to_string(slow) + " of " + std::to_string(states.size()),
                                   format_us(a_ns), off_ns > 0 ? format_us(off_ns) : "n/a",
                                   off_ns > 0 ? format_time_ratio(a_ns / off_ns) : "n/a",
                                   s.variants[slow_fastest].name, format_us(f_ns),
                                   format_automatic_ratio(a_ns / f_ns, a.json)});
          slow_table.rows.push_back(srow);
          worst_slow.note(a_ns / f_ns, std::to_string(bits) + " bits, T=" + std::to_string(T) + " (fastest: " +
                                           s.variants[slow_fastest].name + ")");
        }
        if (!a.json)
          std::cerr << "  " << where << ": automatic (" << s.automatic_runs << ") " << format_us(auto_ns)
                    << " us, fastest " << s.variants[fastest].name << " " << format_us(best_ns) << " us"
                    << (T >= 2 ? "; team health " + format_time_ratio(runtime::team_health()) : std::string()) << '\n'
                    << "    every variant (us):" << every_time(s, t) << '\n';
      }
      set_num_threads(0);
    }
    const std::string title = "parmod-bench automatic: " + std::string(op.title) +
                              ", automatic against the fastest path parmod offers (microseconds, medians of " +
                              std::to_string(opt.rounds) +
                              " interleaved rounds; automatic / fastest is a ratio of times, \"(loss)\" above 1/0.97)";
    std::string summary = worst.line(what + ": automatic / fastest") + "; " +
                          worst_choice.line("its choice as a path / fastest");
    if (op.exponent) summary += "; " + worst_free.line(free_name + " / fastest");
    // The team over the whole table (every variant, the calibration too):
    // planners that stayed sequential for low health show here.
    const runtime::TeamCounters team_after = runtime::team_counters();
    const std::string team = "team over this table: " +
                             std::to_string(team_after.parallel_runs - team_before.parallel_runs) +
                             " parallel runs, " + std::to_string(team_after.missed_runs - team_before.missed_runs) +
                             " with a participant idle, " +
                             std::to_string(team_after.health_declines - team_before.health_declines) +
                             " plans kept sequential for low team health" +
                             team_join_text(team_after.joins - team_before.joins,
                                            team_after.join_ns - team_before.join_ns);
    char enter[16];
    std::snprintf(enter, sizeof enter, "%.1fx", runtime::kSlowEnter);
    std::string link = "the team's link (runtime::link_slow: the recent mean of sampled joins at " + std::string(enter) +
                       " the floor): slow in " + std::to_string(slow_rounds) + " of " + std::to_string(all_rounds) +
                       " rounds";
    if (!check_off_line.empty())
      link += "; automatic / automatic with team.slow_link_check 0, median of per-round ratios over all rounds: " +
              check_off_line;
    const std::string slow_title = "parmod-bench automatic: " + std::string(op.title) +
                                   ", the rounds in which the team's link was slow (medians over those rounds; "
                                   "rows with 3 or more)";
    if (!slow_table.rows.empty()) summary += "; " + worst_slow.line("rounds with the link slow: automatic / fastest");
    summaries.push_back(summary);
    if (a.json) {
      json += (json.size() > 1 ? "," : "") + table.json(title);
      if (!slow_table.rows.empty()) json += "," + slow_table.json(slow_title);
    } else {
      std::cout << "## " << title << "\nMachine: " << machine_description() << '\n'
                << cpu << '\n' << table.markdown() << '\n' << summary << "\n\n" << team << "\n\n" << link << "\n\n";
      if (!slow_table.rows.empty()) std::cout << "## " << slow_title << "\n\n" << slow_table.markdown() << "\n";
    }
  }
  if (a.json) {
    std::cout << json << "]\n";
  } else {
    std::cout << "## Summary: automatic / fastest path (times; automatic never loses while at most 1/0.97 = "
              << format_time_ratio(kAutomaticMaxTimeRatio) << ")\n\n";
    for (const std::string& s : summaries) std::cout << "- " << s << '\n';
  }
  return 0;
}

}  // namespace

const Bench kAutomaticBench = {
    {"automatic", "automatic against every path parmod offers: mul, Montgomery product, pow, multi_pow (T=1,2)",
     kSizes | kRounds | kThreads | kJson, "bits (default every power of two from 1024 to 262144)",
     {{"--short", nullptr, "three sizes (1024, 8192, 65536 bits) and 3 rounds"},
      {"--op", "mul|montmul|pow|multi_pow", "one operation only (default: all four)"}}},
    &run};

}  // namespace parmod::bench

// tune/tune_powm.cpp - `parmod tune` step "powm": phi = M/S, the size from
// which pow runs on montgomery28 rather than montgomery, the exponent
// lengths from which splitting the exponent over two threads and the
// squaring chain beside the digit products pay, where the
// field kernels and mpz_powm take small moduli, from which size the
// split P = 2^s m' of an even modulus beats Barrett, and from which size
// multi_pow on two threads runs on the one-thread engine, and from which
// size the constant-time exponentiations run in radix 2^28, and up to which
// size pow on two threads runs its window on the one-thread engine.
#include <algorithm>
#include <chrono>
#include <thread>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "api/algorithm_choice.hpp"
#include "api/modulus_state.hpp"
#include "config/tuning.hpp"
#include "consttime/constant_time_powm.hpp"
#include "consttime/constant_time_powm28.hpp"
#include "consttime/secret_modulus.hpp"
#include "context.hpp"
#include "harness.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/montgomery28.hpp"
#include "modmul/montgomery52.hpp"
#include "parmod/parmod.hpp"
#include "powm/sliding_window.hpp"
#include "powm/split_powm.hpp"
#include "runtime/spin_wait.hpp"
#include "runtime/team.hpp"
#include "steps.hpp"
#include "wins_from.hpp"

namespace parmod::tune {
namespace {

mpz_class odd_modulus(std::size_t bits, gmp_randclass& rng) {
  mpz_class P = rng.get_z_bits(bits);
  mpz_setbit(P.get_mpz_t(), bits - 1);
  mpz_setbit(P.get_mpz_t(), 0);
  return P;
}

// phi = M/S on Montgomery at 2048 bits (mpn_sqr against mpn_mul under the
// REDC): the engines with their own squaring balance with it (api::phi_for).
void tune_phi(Context& c, gmp_randclass& rng) {
  const Modulus mod(odd_modulus(2048, rng), Algorithm::montgomery, 1);
  const detail::ModulusState& st = *api::state_of(mod);
  const modmul::Engine& e = modmul::element_engine(*st.engine);
  const std::size_t n = st.n(), s = modmul::element_size(e, n);
  std::vector<limb_t> plain(n), x(s), y(s), r(s), w(e.scratch_limbs(n));
  modmul::to_limbs(plain.data(), n, rng.get_z_range(st.P));
  e.to_repr(x.data(), plain.data(), st.k, w.data());
  modmul::to_limbs(plain.data(), n, rng.get_z_range(st.P));
  e.to_repr(y.data(), plain.data(), st.k, w.data());
  const auto t = bench::measure_interleaved({{"mul", [&] { e.mul(r.data(), x.data(), y.data(), st.k, w.data()); }},
                                             {"sqr", [&] { e.sqr(r.data(), x.data(), st.k, w.data()); }}},
                                            c.timing(9, 0.003));
  const long phi = std::max(1L, std::lround(100.0 * t[0].min_ns / t[1].min_ns));
  std::cerr << "  phi = M/S at 2048 bits (" << e.name << "): " << phi / 100.0 << '\n';
  c.set("powm.phi_percent", static_cast<std::size_t>(phi));
}

// The sliding window against the exponent split over two threads
// (full-length exponents) on the engine automatic takes for the size, with
// the tuned phi as pow uses it: the smallest length from which the split
// wins by > 3% at this and every larger measured length (0: never).
void tune_split(Context& c, gmp_randclass& rng) {
  WinsFrom split(0);  // 0: never
  for (std::size_t bits : c.ladder({1024, 2048, 4096, 8192, 16384})) {
    const Modulus mod(odd_modulus(bits, rng), Algorithm::automatic, 1);
    const detail::ModulusState& st = *api::state_of(mod);
    const modmul::ModulusConstants& k = st.k;
    const modmul::Engine& engine = *st.engine;
    const mpz_class b = rng.get_z_range(st.P), e = rng.get_z_range(st.P);
    std::vector<limb_t> x(k.n), r(k.n), ev(mpz_size(e.get_mpz_t()));
    modmul::to_limbs(x.data(), k.n, b);
    modmul::to_limbs(ev.data(), ev.size(), e);
    std::vector<limb_t> s1(exponentiation::sliding_window_powm_scratch(k.n, ev.size(), engine));
    std::vector<limb_t> s2(exponentiation::split_powm_scratch(k.n, ev.size(), engine, 2));
    const double phi = static_cast<double>(c.tuning().powm_phi_percent) / 100.0;
    const auto t = bench::measure_interleaved(
        {{"seq",
          [&] { exponentiation::sliding_window_powm(r.data(), x.data(), ev.data(), ev.size(), k, engine, s1.data()); }},
         {"split",
          [&] { exponentiation::split_powm(r.data(), x.data(), ev.data(), ev.size(), k, engine, 2, phi, s2.data()); }}},
        c.timing(5, 0.02));
    const bool wins = t[1].min_ns < 0.97 * t[0].min_ns;
    std::cerr << "  pow " << bits << " bits (" << engine.name << "): sliding window " << bench::format_us(t[0].min_ns)
              << " us, split T=2 " << bench::format_us(t[1].min_ns) << " us" << (wins ? " -> split" : "") << '\n';
    split.add(bits, wins);
  }
  c.set("powm.split_min_bits", split.from());
}

// The constant-time exponentiation (pow_sec, powm_sec_crt's halves): the fixed
// window on the 64-bit Montgomery kernels against the same in radix 2^28 on
// AVX2, full-length exponents: the smallest size from which radix 2^28 wins by > 3% at this
// and every larger measured size up to its limit (0: never, or no AVX2, or
// IFMA takes these sizes).
void tune_secret_digits28(Context& c, gmp_randclass& rng) {
  WinsFrom radix28(0);  // 0: never
  for (std::size_t bits : c.ladder({1024, 1536, 2048, 2560, 3072, 3456})) {
    if (!modmul::montgomery28_available(bits) || modmul::montgomery52_available(bits)) {
      radix28.add(bits, false);
      continue;
    }
    const mpz_class P = odd_modulus(bits, rng), b = rng.get_z_range(P), e = rng.get_z_bits(bits);
    const std::size_t n = mpz_size(P.get_mpz_t());
    consttime::SecretModulus m;
    m.allocate(n, bits, false, true);
    std::vector<limb_t> pl(n), x(n), r(n), ev(n), fill(consttime::secret_modulus_scratch(n, bits));
    modmul::to_limbs(pl.data(), n, P);
    modmul::to_limbs(x.data(), n, b);
    modmul::to_limbs(ev.data(), n, e);
    m.fill(pl.data(), fill.data());
    modmul::DigitVector s64(consttime::constant_time_powm_scratch(n, n)), s28(consttime::constant_time_powm28_scratch(m.d, n));
    const auto t = bench::measure_interleaved(
        {{"radix 2^64", [&] { consttime::constant_time_powm(r.data(), x.data(), ev.data(), n, m.k, s64.data()); }},
         {"radix 2^28", [&] { consttime::constant_time_powm28(r.data(), x.data(), ev.data(), n, pl.data(), m.d, s28.data()); }}},
        c.timing(5, 0.02));
    const bool wins = t[1].min_ns < 0.97 * t[0].min_ns;
    std::cerr << "  powm_sec " << bits << " bits: 64-bit kernels " << bench::format_us(t[0].min_ns)
              << " us, radix 2^28 (AVX2) " << bench::format_us(t[1].min_ns) << " us" << (wins ? " -> radix 2^28" : "") << '\n';
    radix28.add(bits, wins);
  }
  c.set("powm_sec.digits28_min_bits", radix28.from());
}

// pow with full-length exponents on Modulus(P, automatic, T) for the one-thread
// window, the squaring chain beside the digit products on two threads
// (powm/square_chain_powm, forced on for every size) and what two threads
// run without it: powm.square_chain_max_limbs is the largest measured
// modulus up to which the chain is within 3% of the two-thread alternative
// at every smaller size; powm.square_chain_min_bits the smallest length from
// which the chain beats the window by > 3% at every size up to there (0:
// never); powm.square_chain_asleep_min_bits the smallest length from
// which the chain still beats the window by > 3% when each call starts after
// a pause past the workers' spin budget, in the median of kAsleepCalls such
// calls each (0: wherever the chain runs).  The median, not the fastest: how
// late a sleeping worker starts varies call to call on a shared host, and
// the fastest call hides it.
constexpr int kAsleepCalls = 9;
void tune_square_chain(Context& c, gmp_randclass& rng) {
  config::Tuning on = c.tuning(), off = c.tuning();
  on.powm_square_chain_min_bits = 1;
  on.powm_square_chain_max_limbs = std::size_t(1) << 30;
  on.powm_square_chain_asleep_min_bits = 0;
  off.powm_square_chain_min_bits = 0;
  struct Row {
    std::size_t bits;
    bool beats_window, keeps_up, beats_window_asleep;
  };
  const config::ScopedTuning chain_on(on);  // pow_split reads the live snapshot
  std::vector<Row> rows;
  for (std::size_t bits : c.ladder({1024, 2048, 4096, 8192, 16384})) {
    const mpz_class P = odd_modulus(bits, rng);
    const mpz_class b = rng.get_z_range(P), e = rng.get_z_range(P);
    const Modulus window(P, Algorithm::automatic, 1);
    const auto bind = [&](const config::Tuning& t) {
      const config::ScopedTuning scoped(t);
      return Modulus(P, Algorithm::automatic, 2);
    };
    const Modulus chain = bind(on), without = bind(off);
    const auto t = bench::measure_interleaved({{"window", [&] { window.pow(b, e); }},
                                               {"chain", [&] { chain.pow(b, e); }},
                                               {"T=2 without", [&] { without.pow(b, e); }}},
                                              c.timing(5, 0.02));
    // Each call after a pause past the spin budget (the worker sleeps), the two alternated.
    std::vector<double> asleep_calls[2];
    for (int round = 0; round < kAsleepCalls; ++round)
      for (int v = 0; v < 2; ++v) {
        std::this_thread::sleep_for(std::chrono::nanoseconds(3 * runtime::spin_budget_ns() + 1000000));
        const std::uint64_t t0 = runtime::monotonic_ns();
        (v == 0 ? window : chain).pow(b, e);
        asleep_calls[v].push_back(static_cast<double>(runtime::monotonic_ns() - t0));
      }
    const double asleep[2] = {bench::median_of(asleep_calls[0]), bench::median_of(asleep_calls[1])};
    rows.push_back({bits, t[1].min_ns < 0.97 * t[0].min_ns, t[1].min_ns <= 1.03 * t[2].min_ns,
                    asleep[1] < 0.97 * asleep[0]});
    std::cerr << "  pow " << bits << " bits: one thread " << bench::format_us(t[0].min_ns)
              << " us, squaring chain T=2 " << bench::format_us(t[1].min_ns) << " us, T=2 without it "
              << bench::format_us(t[2].min_ns) << " us; after a pause (median): one thread " << bench::format_us(asleep[0])
              << " us, the chain " << bench::format_us(asleep[1]) << " us\n";
  }
  // The largest size up to which the chain keeps up with two threads without
  // it, then the smallest from which it beats the window at every size up to
  // there (and after a pause).
  std::size_t last = 0;  // rows [0, last) keep up
  while (last < rows.size() && rows[last].keeps_up) ++last;
  std::size_t from = 0, asleep_from = 0;
  for (std::size_t i = last; i-- > 0 && rows[i].beats_window;) from = rows[i].bits;
  for (std::size_t i = last; i-- > 0 && rows[i].beats_window_asleep;) asleep_from = rows[i].bits;
  const std::size_t max_limbs = last > 0 ? rows[last - 1].bits / kLimbBits : 0;
  if (from == 0) {  // never: the other keys keep the generic row's values
    c.set("powm.square_chain_min_bits", 0);
    c.set("powm.square_chain_max_limbs", config::default_tuning("generic").powm_square_chain_max_limbs);
    c.set("powm.square_chain_asleep_min_bits", 0);
    return;
  }
  if (asleep_from == 0) asleep_from = rows[last - 1].bits + 1;  // after a pause: nowhere measured
  c.set("powm.square_chain_min_bits", from);
  c.set("powm.square_chain_max_limbs", max_limbs);
  c.set("powm.square_chain_asleep_min_bits", asleep_from <= from ? 0 : asleep_from);
}

// Modulus(P, automatic, 1).pow with full-length exponents, P built under
// each tuning of `variants` (the pow path is chosen when a Modulus is
// made): ns per pow in the fastest round, interleaved.
std::vector<double> pow_times(const Context& c, const mpz_class& P, const std::vector<config::Tuning>& variants,
                              gmp_randclass& rng, std::size_t rounds) {
  std::vector<Modulus> mods;
  for (const config::Tuning& t : variants) {
    const config::ScopedTuning scoped(t);
    mods.emplace_back(P, Algorithm::automatic, 1);
  }
  const mpz_class b = rng.get_z_range(P), e = rng.get_z_range(P);
  std::vector<bench::Variant> v;
  for (const Modulus& m : mods) v.push_back({"pow", [&m, &b, &e] { m.pow(b, e); }});
  std::vector<double> out;
  for (const auto& t : bench::measure_interleaved(v, c.timing(rounds, 0.003))) out.push_back(t.min_ns);
  return out;
}

// pow under automatic on one thread on montgomery28 against montgomery,
// full-length exponents, at the sizes where modmul.odd (the modmul step's
// table) names either and montgomery28 takes the modulus: modmul.odd weighs
// products, pow is mostly squares.  The keys bound the longest run of
// consecutive measured sizes at which montgomery28 is at most 1% slower (the
// larger sizes on a tie): powm.montgomery28_min_limbs its first size,
// powm.montgomery28_max_limbs its last (no limit when the run reaches the
// last measured size); no such size: 0, as modmul.odd (the maximum then
// has no limit, as it has nothing to bound).
void tune_pow_montgomery28(Context& c, gmp_randclass& rng) {
  config::Tuning m28 = c.tuning(), m64 = c.tuning();
  m28.powm_montgomery28_min_limbs = 1;
  m28.powm_montgomery28_max_limbs = std::size_t(1) << 30;
  m64.powm_montgomery28_min_limbs = std::size_t(1) << 30;
  std::vector<std::size_t> sizes;
  for (std::size_t n : c.ladder({12, 16, 20, 24, 28, 32, 40, 48, 64, 80, 108, 128, 160, 192, 256})) {
    const Algorithm a = api::choose_algorithm(n, true, 1);
    if ((a == Algorithm::montgomery || a == Algorithm::montgomery28) && modmul::montgomery28_available(64 * n))
      sizes.push_back(n);
  }
  if (sizes.empty()) {
    std::cerr << "  no size for montgomery28 against montgomery: powm.montgomery28_min_limbs 0\n";
    c.set("powm.montgomery28_min_limbs", std::size_t{0});
    c.set("powm.montgomery28_max_limbs", std::size_t(1) << 30);
    return;
  }
  std::size_t run_from = 0, run_length = 0, best_from = 0, best_to = 0, best_length = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const std::size_t n = sizes[i];
    const mpz_class P = odd_modulus(64 * n, rng);
    const auto t = pow_times(c, P, {m28, m64}, rng, 7);
    const bool ok = t[0] <= 1.01 * t[1];
    std::cerr << "  pow " << 64 * n << " bits T=1: montgomery28 " << bench::format_us(t[0]) << " us, montgomery "
              << bench::format_us(t[1]) << " us" << (ok ? " -> montgomery28" : "") << '\n';
    if (!ok) {
      run_length = 0;
      continue;
    }
    if (run_length++ == 0) run_from = i;
    if (run_length >= best_length) best_from = run_from, best_to = i, best_length = run_length;
  }
  if (best_length == 0) {  // montgomery28 from beyond the last measured size: never here
    c.set("powm.montgomery28_min_limbs", sizes.back() + 1);
    c.set("powm.montgomery28_max_limbs", std::size_t(1) << 30);
    return;
  }
  c.set("powm.montgomery28_min_limbs", sizes[best_from]);
  c.set("powm.montgomery28_max_limbs", best_to + 1 == sizes.size() ? std::size_t(1) << 30 : sizes[best_to]);
}

// Odd moduli of 1 to 16 limbs: the field kernels (api/small_odd_pow, up to
// 8 limbs), mpz_powm and parmod's own exponentiation on the engine automatic
// takes.  The field range is the run of sizes ending at the largest one
// where the field kernels beat both others by > 2% (none: max 0); mpz_powm
// takes the sizes below the smallest one from which parmod's own pow is
// within 3% of it at every larger measured size.
void tune_small(Context& c, gmp_randclass& rng) {
  config::Tuning field = c.tuning(), gmp = c.tuning(), own = c.tuning();
  field.powm_field_min_limbs = 1;
  field.powm_field_max_limbs = 8;
  gmp.powm_field_max_limbs = own.powm_field_max_limbs = 0;
  gmp.powm_gmp_below_limbs = 1u << 20;
  own.powm_gmp_below_limbs = 0;
  std::vector<std::size_t> sizes = {1, 2, 3, 4, 6, 8, 9, 10, 12, 16};  // --quick
  if (!c.quick()) {
    sizes.clear();
    for (std::size_t n = 1; n <= 16; ++n) sizes.push_back(n);
  }
  std::vector<bool> field_wins(9, false), own_ok(17, false);
  for (std::size_t n : sizes) {
    const mpz_class P = odd_modulus(64 * n, rng);
    std::vector<config::Tuning> variants = {gmp, own};
    if (n <= 8) variants.push_back(field);
    const auto t = pow_times(c, P, variants, rng, 9);
    own_ok[n] = t[1] <= 1.03 * t[0];
    std::cerr << "  pow " << 64 * n << " bits: mpz_powm " << bench::format_us(t[0]) << " us, parmod "
              << bench::format_us(t[1]) << " us";
    if (n <= 8) {
      field_wins[n] = t[2] < 0.98 * std::min(t[0], t[1]);
      std::cerr << ", field kernels " << bench::format_us(t[2]) << " us" << (field_wins[n] ? " -> field" : "");
    }
    std::cerr << '\n';
  }
  // The measured sizes up to 8, descending: the largest where the field
  // kernels win, then down while they keep winning.
  std::size_t field_max = 0, field_min = c.tuning().powm_field_min_limbs;
  for (auto it = sizes.rbegin(); it != sizes.rend(); ++it) {
    if (*it > 8) continue;
    if (field_max == 0 && field_wins[*it]) field_max = field_min = *it;
    else if (field_max != 0 && field_wins[*it]) field_min = *it;
    else if (field_max != 0) break;
  }
  c.set("powm.field_min_limbs", field_min);
  c.set("powm.field_max_limbs", field_max);
  HoldsFrom own_within;  // parmod's own pow within 3% of mpz_powm
  for (std::size_t n : sizes) own_within.add(n, own_ok[n]);
  std::size_t gmp_below = own_within.from();
  if (gmp_below == 0) gmp_below = 17;  // mpz_powm at every measured size
  if (gmp_below == 1) gmp_below = 0;   // parmod's own pow at every size: never mpz_powm
  c.set("powm.gmp_below_limbs", gmp_below);
}

// Even moduli P = 2^s m' (s = 1, and s half the bits): pow by the split
// (powm/even_modulus_powm) against Barrett on P, full-length exponents, with
// mpz_powm out of the way; the smallest measured size from which the split
// wins by > 3% for both s at this and every larger size (the smallest
// size: 1, every size; never: 0).
void tune_even(Context& c, gmp_randclass& rng) {
  config::Tuning split = c.tuning(), barrett = c.tuning();
  split.powm_gmp_below_limbs = barrett.powm_gmp_below_limbs = 0;
  split.powm_even_split_min_limbs = 1;
  barrett.powm_even_split_min_limbs = 0;
  const std::vector<std::size_t> sizes = c.ladder({1, 2, 4, 8, 16, 32, 64});
  HoldsFrom found;
  for (std::size_t n : sizes) {
    bool wins = true;
    std::cerr << "  even pow " << 64 * n << " bits:";
    for (std::size_t s : {std::size_t{1}, 32 * n}) {
      const mpz_class P = odd_modulus(64 * n - s, rng) << s;
      const auto t = pow_times(c, P, {barrett, split}, rng, 5);
      wins = wins && t[1] < 0.97 * t[0];
      std::cerr << " s = " << s << ": Barrett " << bench::format_us(t[0]) << " us, split " << bench::format_us(t[1])
                << " us;";
    }
    std::cerr << (wins ? " -> split" : "") << '\n';
    found.add(n, wins);
  }
  c.set("powm.even_split_min_limbs", found.from() == sizes.front() ? 1 : found.from());
}

// multi_pow under automatic on T >= 2 threads (4 bases, 4096-bit exponents):
// on modmul.odd.parallel's engine against modmul.odd's with the chunks on
// the team, at the sizes where the two tables name different algorithms;
// the smallest such size from which the one-thread engine wins by > 3% at
// this and every larger one (the first of them: 1, every size; never: 0).
void tune_multi_pow(Context& c, gmp_randclass& rng) {
  const int T = c.threads();
  if (T < 2) {
    std::cerr << "  one thread only: multi_pow.sequential_engine_min_limbs 0\n";
    c.set("multi_pow.sequential_engine_min_limbs", std::size_t{0});
    return;
  }
  config::Tuning own = c.tuning(), sequential = c.tuning();
  own.multi_pow_sequential_engine_min_limbs = 0;
  sequential.multi_pow_sequential_engine_min_limbs = 1;
  HoldsFrom found;
  bool first = true;
  for (std::size_t bits : c.ladder({4096, 8192, 16384})) {
    const mpz_class P = odd_modulus(bits, rng);
    std::vector<Modulus> mods;
    for (const config::Tuning& t : {own, sequential}) {
      const config::ScopedTuning scoped(t);
      mods.emplace_back(P, Algorithm::automatic, T);
    }
    const Algorithm a = api::state_of(mods[0])->plan.multi_pow_algorithm;
    const Algorithm b = api::state_of(mods[1])->plan.multi_pow_algorithm;
    if (a == b) {
      std::cerr << "  multi_pow " << bits << " bits: " << algorithm_name(a) << " either way\n";
      continue;
    }
    std::vector<mpz_class> bases, exps;
    for (int i = 0; i < 4; ++i) {
      bases.push_back(rng.get_z_range(P));
      exps.push_back(rng.get_z_bits(4096));
    }
    std::vector<bench::Variant> v;
    for (const Modulus& m : mods) v.push_back({"multi_pow", [&m, &bases, &exps] { m.multi_pow(bases, exps); }});
    const auto t = bench::measure_interleaved(v, c.timing(3, 0.003));
    const bool wins = t[1].min_ns < 0.97 * t[0].min_ns;
    std::cerr << "  multi_pow " << bits << " bits T=" << T << ": " << algorithm_name(a) << " "
              << bench::format_us(t[0].min_ns) << " us, " << algorithm_name(b) << " with chunks "
              << bench::format_us(t[1].min_ns) << " us" << (wins ? " -> " + std::string(algorithm_name(b)) : "")
              << '\n';
    found.add(first ? 1 : mpz_size(P.get_mpz_t()), wins);
    first = false;
  }
  c.set("multi_pow.sequential_engine_min_limbs", found.from());
}

// pow under automatic on two threads at the sizes where its window runs on
// products split over the team (modmul.odd.parallel), against the same with
// the window on pow's one-thread engine (powm.sequential_engine_max_limbs),
// exponents of min(bits, 4096) bits: the team's products win at a size when
// they are faster by > 3%; the key is the last measured size before the
// unbroken run of their wins that ends the ladder (no such run: the last
// measured size; the run starts at the first measured size: 0, never).
void tune_pow_sequential_engine(Context& c, gmp_randclass& rng) {
  const int T = c.threads();
  if (T < 2) {
    std::cerr << "  one thread only: powm.sequential_engine_max_limbs 0\n";
    c.set("powm.sequential_engine_max_limbs", std::size_t{0});
    return;
  }
  config::Tuning own = c.tuning(), sequential = c.tuning();
  own.powm_sequential_engine_max_limbs = 0;
  sequential.powm_sequential_engine_max_limbs = std::size_t(1) << 30;
  WinsFrom team(0);  // 0: no measured size
  std::vector<std::size_t> measured;
  for (std::size_t n : c.ladder({32, 48, 64, 96, 128, 160, 192, 224, 256, 320, 384})) {
    const mpz_class P = odd_modulus(64 * n, rng);
    std::vector<Modulus> mods;
    for (const config::Tuning& t : {own, sequential}) {
      const config::ScopedTuning scoped(t);
      mods.emplace_back(P, Algorithm::automatic, T);
    }
    const detail::ModulusState& st = *api::state_of(mods[0]);
    if (st.plan.pow != api::PowPath::engine || st.bound.product_threads < 2) continue;  // nothing to choose
    const mpz_class b = rng.get_z_range(P), e = rng.get_z_bits(std::min<std::size_t>(64 * n, 4096));
    std::vector<bench::Variant> v;
    for (const Modulus& m : mods) v.push_back({"pow", [&m, &b, &e] { m.pow(b, e); }});
    const auto t = bench::measure_interleaved(v, c.timing(3, 0.02));
    const bool wins = t[0].min_ns < 0.97 * t[1].min_ns;
    std::cerr << "  pow " << 64 * n << " bits T=" << T << ": " << algorithm_name(st.algorithm) << " on the team "
              << bench::format_us(t[0].min_ns) << " us, " << algorithm_name(api::state_of(mods[1])->plan.pow_algorithm)
              << " with sequential products " << bench::format_us(t[1].min_ns) << " us"
              << (wins ? "" : " -> sequential") << '\n';
    team.add(n, wins);
    measured.push_back(n);
  }
  // The measured sizes before the team's unbroken run of wins take the one-thread engine.
  const std::size_t from = team.from();
  std::size_t max_limbs = measured.empty() ? 0 : measured.back();
  if (from != 0) {
    max_limbs = 0;
    for (std::size_t n : measured)
      if (n < from) max_limbs = n;
  }
  c.set("powm.sequential_engine_max_limbs", max_limbs);
}

void run(Context& c) {
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(11);
  tune_phi(c, rng);
  tune_pow_montgomery28(c, rng);
  tune_split(c, rng);
  tune_square_chain(c, rng);
  tune_small(c, rng);
  tune_even(c, rng);
  tune_multi_pow(c, rng);
  tune_pow_sequential_engine(c, rng);
  tune_secret_digits28(c, rng);
}

}  // namespace

Step powm_step() {
  return {"powm",
          "exponentiation: phi = M/S, montgomery28 or montgomery for pow, where the exponent split and the squaring chain pay, the field kernels and mpz_powm for small "
          "moduli, the even split, multi_pow's and pow's engines on two threads, the radix-2^28 constant-time halves",
          {"powm.phi_percent", "powm.montgomery28_min_limbs", "powm.montgomery28_max_limbs", "powm.split_min_bits", "powm.square_chain_min_bits", "powm.square_chain_max_limbs",
           "powm.square_chain_asleep_min_bits", "powm.field_min_limbs", "powm.field_max_limbs",
           "powm.gmp_below_limbs", "powm.even_split_min_limbs", "multi_pow.sequential_engine_min_limbs",
           "powm.sequential_engine_max_limbs",
           "powm_sec.digits28_min_bits"},
          &run};
}

}  // namespace parmod::tune

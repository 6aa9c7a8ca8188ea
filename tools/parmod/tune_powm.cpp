// tools/parmod/tune_powm.cpp - `parmod tune` step "powm": phi = M/S and the
// exponent length from which splitting the exponent over 2 threads pays.
#include <cstdio>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <iostream>
#include <string>
#include <thread>
#include <vector>
#include "api/modulus_state.hpp"
#include "config/tuning_table.hpp"
#include "harness.hpp"
#include "plot.hpp"
#include "powm/sliding_window.hpp"
#include "modmul/montgomery_mul.hpp"
#include "numbers.hpp"
#include "parmod/parmod.hpp"
#include "powm/binary_powm.hpp"
#include "powm/split_powm.hpp"
#include "registry.hpp"
#ifdef PARMOD_HAVE_OPENSSL
#include <openssl/bn.h>
#endif
#ifdef PARMOD_HAVE_OPENSSL
#endif
#ifdef PARMOD_HAVE_OPENSSL
#endif
#ifdef PARMOD_HAVE_OPENSSL
#endif
#ifdef PARMOD_HAVE_OPENSSL
#endif
#ifdef PARMOD_HAVE_OPENSSL
#endif

namespace parmod::cli {
namespace {

// `parmod tune` step: phi = M/S (Montgomery product over square at 2048 bits),
// and the exponent length from which splitting the exponent over 2 threads
// beats the sequential sliding window (full-length exponents, 1024..8192 bits).
int tune(int, char**) {
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(11);
  std::map<std::string, std::string> values;
  // The split's measurement on the engine `automatic` takes for the size
  // (montgomery52 where the CPU has it), with the tuned phi as pow uses it.
  auto odd_modulus = [&](unsigned bits) {
    mpz_class P = rng.get_z_bits(bits);
    mpz_setbit(P.get_mpz_t(), bits - 1);
    mpz_setbit(P.get_mpz_t(), 0);
    return P;
  };
  {
    // phi applies to the engines with their own squaring (api::phi_for):
    // Montgomery's mpn_sqr against mpn_mul.
    const Modulus mod(odd_modulus(2048), Algorithm::montgomery, 1);
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
                                              bench::Options{9, 0.003});
    const long phi = std::lround(100.0 * t[0].median_ns / t[1].median_ns);
    std::cerr << "  phi = M/S at 2048 bits (" << e.name << "): " << phi / 100.0 << '\n';
    values["powm.phi_percent"] = std::to_string(phi);
  }
  long split_from = 0;
  for (unsigned bits = 1024; bits <= 8192; bits *= 2) {
    const Modulus mod(odd_modulus(bits), Algorithm::automatic, 1);
    const detail::ModulusState& st = *api::state_of(mod);
    const modmul::ModulusConstants& k = st.k;
    const modmul::Engine& engine = *st.engine;
    const mpz_class b = rng.get_z_range(st.P), e = rng.get_z_range(st.P);
    std::vector<limb_t> x(k.n), r(k.n), ev(mpz_size(e.get_mpz_t()));
    modmul::to_limbs(x.data(), k.n, b);
    modmul::to_limbs(ev.data(), ev.size(), e);
    std::vector<limb_t> s1(exponentiation::sliding_window_powm_scratch(k.n, ev.size(), engine));
    std::vector<limb_t> s2(exponentiation::split_powm_scratch(k.n, ev.size(), engine, 2));
    const double phi = std::stod(values["powm.phi_percent"]) / 100.0;  // as pow takes it (api::PowmPlan)
    const auto t = bench::measure_interleaved(
        {{"seq",
          [&] { exponentiation::sliding_window_powm(r.data(), x.data(), ev.data(), ev.size(), k, engine, s1.data()); }},
         {"split",
          [&] {
            exponentiation::split_powm(r.data(), x.data(), ev.data(), ev.size(), k, engine, 2, phi, s2.data());
          }}},
        bench::Options{5, 0.02});
    const bool wins = t[1].median_ns < 0.97 * t[0].median_ns;
    std::cerr << "  powm " << bits << " bits (" << engine.name << "): sliding window "
              << bench::format_us(t[0].median_ns) << " us, split T=2 " << bench::format_us(t[1].median_ns) << " us"
              << (wins ? " -> split" : "") << '\n';
    if (wins && split_from == 0) split_from = bits;
    if (!wins) split_from = 0;
  }
  values["powm.split_min_bits"] = std::to_string(split_from);
  std::string error;
  if (!config::write_tuning_values(values, "parmod tuning table", &error)) {
    std::cerr << "parmod: error: " << error << '\n';
    return 2;
  }
  return 0;
}

const TuneRegistration tune_reg{"powm", "exponentiation: phi = M/S and where exponent splitting pays", &tune};

}  // namespace
}  // namespace parmod::cli

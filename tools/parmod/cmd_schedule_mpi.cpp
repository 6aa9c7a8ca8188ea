// tools/parmod/cmd_schedule_mpi.cpp - `parmod schedule --mpi RANKS`: a model
// of parmod_mpi on more machines than we have.
//
//   parmod schedule --mpi RANKS [--bits N] [--items K] [--split-bits N2]
//                   [--rtt-us T] [--gbps B] [--json]
//
// Measures on this machine, one thread (one rank per core): c, one
// exponentiation modulo an N-bit modulus with an N-bit exponent; S, one
// squaring modulo an N2-bit modulus (a power 2^L: L squarings), and u, the
// window multiplications per exponent bit (a full N2-bit exponentiation minus
// N2 squarings, per bit).  The network is the round trip T and bandwidth B
// given (the defaults: a cluster interconnect; docs/mpi.md has this machine's
// shared-memory figures from the benchmark).  Predicts, for 1, 2, 4, ... and
// RANKS ranks:
//   batch (parmod_mpi_powm_list of K items): ceil(K/P) c + 2 ceil(log2 P) T
//     (status agreement and allgather rounds) + K (N/8) / B (the results);
//   split exponent (parmod_mpi_powm, Lara et al.): k = min(P, optimal k of
//     eq. 18) factors at parmod::exponent_split_boundaries with the tuned phi;
//     factor i costs hi_i S + (hi_i - lo_i) u; then ceil(log2 k) tree levels of
//     one product (phi S) and one message (T + N2/8/B), a broadcast of
//     ceil(log2 P) T and the agreement's ceil(log2 P) T.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness.hpp"
#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

mpz_class odd_modulus(std::size_t bits, gmp_randclass& rnd) {
  mpz_class m = rnd.get_z_bits(bits);
  mpz_setbit(m.get_mpz_t(), bits - 1);
  mpz_setbit(m.get_mpz_t(), 0);
  return m;
}

// Median ns of one call of f (the shared harness: interleaved rounds, medians).
double time_ns(const std::string& name, std::function<void()> f) {
  bench::Options opt;
  opt.rounds = 7;
  opt.batch_seconds = 0.02;
  return bench::measure_interleaved({{name, std::move(f)}}, opt)[0].median_ns;
}

double log2_ceil(double p) { return p <= 1 ? 0 : std::ceil(std::log2(p)); }

std::string fixed(double x, int decimals) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(decimals);
  out << x;
  return out.str();
}

}  // namespace

int cmd_schedule_mpi(const Options& o) {
  std::size_t ranks = 0, bits = 2048, items = 1000, split_bits = 8192;
  double rtt_us = 2.0, gbps = 10.0;
  bool json = false;
  const auto& args = o.args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value (parmod --help)");
      return args[++i];
    };
    if (a == "--mpi") ranks = static_cast<std::size_t>(parse_count(value(), "--mpi", 1, 1 << 20));
    else if (a == "--bits") bits = static_cast<std::size_t>(parse_count(value(), "--bits", 64, 1 << 20));
    else if (a == "--items") items = static_cast<std::size_t>(parse_count(value(), "--items", 1, 1L << 40));
    else if (a == "--split-bits") split_bits = static_cast<std::size_t>(parse_count(value(), "--split-bits", 64, 1 << 20));
    else if (a == "--rtt-us") rtt_us = static_cast<double>(parse_count(value(), "--rtt-us", 0, 1 << 30));
    else if (a == "--gbps") gbps = static_cast<double>(parse_count(value(), "--gbps", 1, 1 << 20));
    else if (a == "--json") json = true;
    else throw UsageError("unknown argument '" + excerpt(a) + "' for schedule --mpi (parmod --help)");
  }
  const double T = rtt_us * 1e3;                 // ns
  const double bytes_per_ns = gbps / 8.0;        // GB/s = bytes per ns
  gmp_randclass rnd(gmp_randinit_default);
  rnd.seed(22);
  // c: one exponentiation of the batch, on one thread.
  const Modulus mb(odd_modulus(bits, rnd), Algorithm::automatic, 1);
  const mpz_class bb = rnd.get_z_bits(bits - 1), eb = rnd.get_z_bits(bits);
  const double c = time_ns("batch item", [&] { (void)mb.pow(bb, eb); });
  // S and u at split_bits, on one thread.
  const Modulus ms(odd_modulus(split_bits, rnd), Algorithm::automatic, 1);
  const mpz_class bs = rnd.get_z_bits(split_bits - 1), es = rnd.get_z_bits(split_bits) | (mpz_class(1) << (split_bits - 1));
  const mpz_class two_l = mpz_class(1) << split_bits;
  const double squarings = time_ns("squarings", [&] { (void)ms.pow(bs, two_l); });
  const double full = time_ns("full power", [&] { (void)ms.pow(bs, es); });
  const double S = squarings / double(split_bits);
  const double u = std::max(0.0, (full - squarings) / double(split_bits));
  const double phi = exponent_split_phi();
  const unsigned k_opt = partition_points(double(split_bits), phi).k;

  bench::Table t;
  t.header = {"ranks", "batch items/s", "batch speedup", "split factors k", "split time (ms)", "split speedup"};
  std::vector<std::size_t> ps;
  for (std::size_t p = 1; p < ranks; p *= 2) ps.push_back(p);
  ps.push_back(ranks);
  const double batch1 = double(items) * c;
  for (std::size_t p : ps) {
    const double P = double(p);
    const double batch = std::ceil(double(items) / P) * c + 2 * log2_ceil(P) * T +
                         (p > 1 ? double(items) * (double(bits) / 8 + 9) / bytes_per_ns : 0.0);
    const unsigned k = static_cast<unsigned>(std::min<std::size_t>(p, k_opt));
    const std::vector<std::size_t> b = exponent_split_boundaries(split_bits, k, phi);
    double slowest = 0;
    for (std::size_t i = 0; i + 1 < b.size(); ++i)
      slowest = std::max(slowest, double(b[i + 1]) * S + double(b[i + 1] - b[i]) * u);
    const double levels = log2_ceil(double(b.size() - 1));
    const double split = slowest + levels * (phi * S + (p > 1 ? T + double(split_bits) / 8 / bytes_per_ns : 0.0)) +
                         2 * log2_ceil(P) * T;
    t.rows.push_back({std::to_string(p), fixed(double(items) / batch * 1e9, 0), fixed(batch1 / batch, 2),
                      std::to_string(b.size() - 1), fixed(split / 1e6, 2), fixed(full / split, 3)});
  }
  std::ostringstream head;
  head << "MPI model: batch of " << items << " powm at " << bits << " bits (c = " << fixed(c / 1e3, 1)
       << " us each), split " << split_bits << "-bit exponent and modulus (S = " << fixed(S, 0)
       << " ns per squaring, u = " << fixed(u, 0)
       << " ns of window products per bit, phi = " << phi << ", optimal k = " << k_opt << "), round trip "
       << rtt_us << " us, " << gbps << " Gbit/s; one rank per core, one thread per rank";
  if (json) {
    t.cpu = describe_cpu();
    std::cout << t.json(head.str()) << '\n';
  } else {
    std::cout << "# parmod schedule --mpi: " << head.str() << "\n"
              << "PREDICTION for " << ranks << " ranks from costs measured on this machine\n"
              << bench::machine_description() << "\n\n"
              << t.markdown();
  }
  return 0;
}

}  // namespace parmod::cli

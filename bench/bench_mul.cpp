// bench/bench_mul.cpp - `parmod-bench mul`: the integer product,
// sequential GMP against parmod's parallel methods (Figures 3-4 of
// multipartite-modular-multiplication.txt), and `parmod-bench mul --comba`:
// the Comba family against mpn_mul_n at the slides' sizes.
//
// Per size (balanced operands, random, a != b), measured interleaved in one
// process (bench/harness, medians of rounds): Debian GMP's mpz_mul (the
// baseline of the targets, result preallocated), mpn_mul, and for
// every T: parmod's automatic product (limb level, scratch preallocated),
// Toom-3 with parallel point products, the k1 x k2 blocks of §5.2 (2x1 =
// the large-operand split, 2x2), and the Comba family where n <= 192 limbs.
// Thread counts above the core count are marked "(> cores)".  Cells are
// speedups over mpn_mul, except "auto vs mpz_mul" (limb level, both without
// allocation) and "parmod::mul vs gmpxx a*b" (C++ API, both return a new
// integer).  Before timing a size, every variant's product is checked
// against mpz_mul's (bench/check.hpp).
#include <gmp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "plot.hpp"
#include "limbs/basecase_adx.hpp"
#include "limbs/comba.hpp"
#include "limbs/karatsuba_adx.hpp"
#include "limbs/karatsuba_ifma.hpp"
#include "limbs/mul_ifma.hpp"
#include "limbs/cpu_features.hpp"
#include "limbs/comba_parallel.hpp"
#include "limbs/parallel_mul.hpp"
#include "limbs/parallel_mul_blocks.hpp"
#include "limbs/parallel_mul_toom3.hpp"
#include "limbs/parallel_mul_toom4.hpp"
#include "limbs/parallel_mul_residues.hpp"
#include "parmod/parmod.hpp"
#include "runtime/team.hpp"
#include "runtime/thread_count.hpp"

namespace parmod::bench {
namespace {

std::string ratio_cell(double r, bool json) {
  char b[32];
  std::snprintf(b, sizeof b, json ? "%.3f" : "%.2fx", r);
  return b;
}

std::string tlabel(int T) {
  return "T=" + std::to_string(T) + (T > runtime::core_count() ? " (> cores)" : "");
}

// Rounds of the product tables: at least 3 (default 11).
std::size_t product_rounds(const Args& a) { return std::max<std::size_t>(3, a.rounds_or(11)); }

int bench_products(const Args& a) {
  std::vector<unsigned long> sizes = a.sizes;
  if (sizes.empty())
    sizes = a.has("--short") ? std::vector<unsigned long>{1024, 16384, 65536, 262144}
                    : std::vector<unsigned long>{256,   512,   1024,  2048,   4096,   8192,
                                                 16384, 32768, 65536, 131072, 262144, 393216};
  std::vector<int> threads = a.threads;
  if (threads.empty()) threads = {1, 2, 4};
  int maxT = *std::max_element(threads.begin(), threads.end());
  runtime::warm_up(std::max(maxT, 2));
  gmp_randstate_t rs;
  gmp_randinit_default(rs);
  gmp_randseed_ui(rs, 20261122);

  // Columns: fixed ones, then per T the parallel methods.
  bench::Table table;
  table.header = {"bits", "limbs", "mpz_mul (us)", "mpn_mul (us)"};
  struct Col {
    std::string name;
    int T;
    int kind;  // 0 auto, 1 toom3, 2 blocks 2x1, 3 blocks 2x2, 4 comba, 5 modified, 6 adx, 7 comba 2x, 8 comba Mx4, 9 auto vs mpz, 10 parmod::mul vs mpz, 11 toom4, 12 residues
  };
  std::vector<Col> cols;
  for (int T : threads) {
    cols.push_back({"auto " + tlabel(T), T, 0});
    cols.push_back({"auto vs mpz_mul " + tlabel(T), T, 9});
    if (T >= 2) {
      cols.push_back({"parmod::mul vs gmpxx a*b " + tlabel(T), T, 10});
      cols.push_back({"toom3 " + tlabel(T), T, 1});
      cols.push_back({"toom4 " + tlabel(T), T, 11});
      cols.push_back({"residues " + tlabel(T), T, 12});
      cols.push_back({"blocks 2x1 " + tlabel(T), T, 2});
      cols.push_back({"blocks 2x2 " + tlabel(T), T, 3});
    }
  }
  cols.push_back({"comba T=1", 1, 4});
  cols.push_back({"modified comba T=1", 1, 5});
  cols.push_back({"mulx/adx comba T=1", 1, 6});
  cols.push_back({"comba 2x T=2", 2, 7});
  cols.push_back({"comba Mx M=4 T=2", 2, 8});
  for (const auto& c : cols) table.header.push_back(c.name + (c.kind >= 9 ? "" : " vs mpn_mul"));

  bench::Options opt;
  opt.rounds = product_rounds(a);
  opt.batch_seconds = 0.004;
  if (!a.json) std::cerr << "parmod-bench mul on " << bench::machine_description() << '\n';
  for (unsigned long bits : sizes) {
    const std::size_t n = (bits + 63) / 64;
    mpz_t x, y, z;
    mpz_inits(x, y, z, nullptr);
    mpz_urandomb(x, rs, n * 64);
    mpz_setbit(x, n * 64 - 1);
    mpz_urandomb(y, rs, n * 64);
    mpz_setbit(y, n * 64 - 1);
    mpz_realloc2(z, 2 * n * 64 + 64);
    mpz_mul(z, x, y);
    const limb_t* xp = mpz_limbs_read(x);
    const limb_t* yp = mpz_limbs_read(y);
    std::vector<limb_t> r(2 * n), scratch(limbs::parallel_mul_scratch(n, n) + limbs::mul_blocks_scratch(n, n, 2, 2));
    mpz_class ax(x), ay(y), az;
    std::vector<bench::Variant> v;
    v.push_back({"mpz_mul", [&] { mpz_mul(z, x, y); }});
    v.push_back({"gmpxx", [&] { az = mpz_class(ax * ay); }});  // a new integer, as parmod::mul returns
    v.push_back({"mpn_mul", [&] { mpn_mul(r.data(), xp, mp_size_t(n), yp, mp_size_t(n)); }});
    std::vector<int> col_variant(cols.size(), -1);
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const int T = cols[c].T;
      std::function<void()> f;
      switch (cols[c].kind) {
        case 0:
          f = [&, T] { limbs::parallel_mul(r.data(), xp, n, yp, n, T, scratch.data()); };
          break;
        case 1:
          if (limbs::toom3_applicable(n, n)) f = [&, T] { limbs::mul_toom3(r.data(), xp, n, yp, n, T, scratch.data()); };
          break;
        case 2:
          if (n >= 2) f = [&, T] { limbs::mul_blocks(r.data(), xp, n, yp, n, 2, 1, T, scratch.data()); };
          break;
        case 3:
          if (n >= 2) f = [&, T] { limbs::mul_blocks(r.data(), xp, n, yp, n, 2, 2, T, scratch.data()); };
          break;
        case 4:
          if (n <= 192) f = [&] { limbs::comba_mul(r.data(), xp, yp, n); };
          break;
        case 5:
          if (n <= 192) f = [&] { limbs::comba_mul_modified(r.data(), xp, yp, n); };
          break;
        case 6:
          if (n <= 192) f = [&] { limbs::comba_mul_adx(r.data(), xp, yp, n); };
          break;
        case 7:
          if (n <= 192) f = [&, T] { limbs::comba_mul_2x(r.data(), xp, yp, n, T); };
          break;
        case 8:
          if (n <= 192) f = [&, T] { limbs::comba_mul_mx(r.data(), xp, yp, n, 4, T); };
          break;
        case 9:
          break;  // derived from column "auto"
        case 11:
          if (limbs::toom4_applicable(n, n)) f = [&, T] { limbs::mul_toom4(r.data(), xp, n, yp, n, T, scratch.data()); };
          break;
        case 10:
          f = [&, T] { az = parmod::mul(ax, ay, T); };
          break;
        case 12:
          if (limbs::residues_applicable(n, n)) f = [&, T] { limbs::mul_residues(r.data(), xp, n, yp, n, T, scratch.data()); };
          break;
      }
      if (f) {
        col_variant[c] = int(v.size());
        v.push_back({cols[c].name, f});
      }
    }
    // Each variant's product against mpz_mul's: r for the limb-level ones,
    // z for mpz_mul, az for the two that return a new integer.
    const mpz_class want = ax * ay;
    for (std::size_t i = 0; i < v.size(); ++i) {
      std::fill(r.begin(), r.end(), limb_t(0));
      mpz_set_ui(z, 0);
      az = 0;
      v[i].run();
      bool new_integer = i == 1;
      for (std::size_t c = 0; c < cols.size(); ++c) new_integer = new_integer || (col_variant[c] == int(i) && cols[c].kind == 10);
      check_result("mul " + std::to_string(bits) + " bits: " + v[i].name,
                   i == 0 ? mpz_class(z) : new_integer ? az : from_limbs(r.data(), 2 * n), want);
    }
    auto t = bench::measure_interleaved(v, opt);
    const double mpz = t[0].median_ns, gmpxx = t[1].median_ns, mpn = t[2].median_ns;
    std::vector<std::string> row = {std::to_string(bits), std::to_string(n), bench::format_us(mpz), bench::format_us(mpn)};
    for (std::size_t c = 0; c < cols.size(); ++c) {
      if (cols[c].kind == 9) {
        int auto_v = col_variant[c - 1];
        row.push_back(ratio_cell(mpz / t[auto_v].median_ns, a.json));
      } else if (col_variant[c] < 0) {
        row.push_back(a.json ? "null" : "-");
      } else if (cols[c].kind == 10) {
        row.push_back(ratio_cell(gmpxx / t[col_variant[c]].median_ns, a.json));
      } else {
        row.push_back(ratio_cell(mpn / t[col_variant[c]].median_ns, a.json));
      }
    }
    table.rows.push_back(row);
    if (!a.json) {
      std::cerr << "  " << bits << " bits: mpz_mul " << bench::format_us(mpz) << " us";
      for (int T : threads) {
        limbs::MulChoice ch = limbs::planned_mul(n, n, false, T);
        std::cerr << "; " << tlabel(T) << " auto = " << limbs::mul_choice_name(ch);
      }
      std::cerr << '\n';
    }
    mpz_clears(x, y, z, nullptr);
  }
  gmp_randclear(rs);
  const std::string title = "parmod-bench mul: integer product, speedup over mpn_mul (auto columns: over mpz_mul)";
  if (a.json) {
    std::cout << table.json(title);
  } else {
    std::cout << "Integer product, balanced operands, median of " << opt.rounds
              << " interleaved rounds; cells are speedups (time of mpn_mul / time of the method)\n"
              << "Machine: " << bench::machine_description() << "\n\n"
              << table.markdown();
  }
  if (!a.plot.empty()) return bench::write_plot(table.json(title), a.plot);
  return 0;
}

int bench_comba(const Args& a) {
  std::vector<unsigned long> sizes;  // limbs; the slides' 3..384 32-bit words
  for (unsigned long w : a.sizes.empty() ? std::vector<unsigned long>{4, 8, 16, 32, 48, 64, 96, 128, 192, 256, 384}
                                        : a.sizes)
    sizes.push_back((w + 1) / 2);
  runtime::warm_up(2);
  gmp_randstate_t rs;
  gmp_randinit_default(rs);
  gmp_randseed_ui(rs, 7);
  bench::Table table;
  table.header = {"32-bit words", "limbs", "mpn_mul_n (ns)", "comba", "modified comba", "mulx/adx comba", "fixed (n<=8)",
                  "comba 2x T=2", "comba Mx M=2 T=2", "comba Mx M=4 T=2", "mulx rows (schoolbook)", "mulx Karatsuba",
                  "IFMA (schoolbook)", "IFMA Karatsuba", "mpn_sqr (ns)", "mulx rows square vs mpn_sqr",
                  "mulx Karatsuba square vs mpn_sqr", "IFMA square vs mpn_sqr", "IFMA Karatsuba square vs mpn_sqr"};
  bench::Options opt;
  opt.rounds = product_rounds(a);
  opt.batch_seconds = 0.003;
  for (unsigned long n : sizes) {
    std::vector<limb_t> x(n), y(n), r(2 * n);
    mpn_random(x.data(), mp_size_t(n));
    mpn_random(y.data(), mp_size_t(n));
    std::vector<bench::Variant> v = {
        {"mpn_mul_n", [&] { mpn_mul_n(r.data(), x.data(), y.data(), mp_size_t(n)); }},
        {"comba", [&] { limbs::comba_mul(r.data(), x.data(), y.data(), n); }},
        {"modified", [&] { limbs::comba_mul_modified(r.data(), x.data(), y.data(), n); }},
        {"adx", [&] { limbs::comba_mul_adx(r.data(), x.data(), y.data(), n); }},
        {"2x", [&] { limbs::comba_mul_2x(r.data(), x.data(), y.data(), n, 2); }},
        {"mx2", [&] { limbs::comba_mul_mx(r.data(), x.data(), y.data(), n, 2, 2); }},
        {"mx4", [&] { limbs::comba_mul_mx(r.data(), x.data(), y.data(), n, 4, 2); }},
    };
    v.push_back({"fixed", [&] {
                   if (n <= 8) limbs::comba_mul_fixed(r.data(), x.data(), y.data(), n);
                 }});
    const bool rows = limbs::cpu_has_mulx_adx();  // the row kernels need BMI2 + ADX
    v.push_back({"rows", [&] {
                   if (rows) limbs::mul_basecase_adx(r.data(), x.data(), n, y.data(), n);
                 }});
    v.push_back({"mpn_sqr", [&] { mpn_sqr(r.data(), x.data(), mp_size_t(n)); }});
    v.push_back({"rows sqr", [&] {
                   if (rows) limbs::sqr_basecase_adx(r.data(), x.data(), n);
                 }});
    std::vector<limb_t> ws(limbs::karatsuba_adx_scratch(n));
    v.push_back({"karatsuba", [&] {
                   if (rows && n >= 2) limbs::karatsuba_mul_adx(r.data(), x.data(), y.data(), n, ws.data());
                 }});
    v.push_back({"karatsuba sqr", [&] {
                   if (rows && n >= 2) limbs::karatsuba_sqr_adx(r.data(), x.data(), n, ws.data());
                 }});
    // The IFMA kernels (limbs/mul_ifma, limbs/karatsuba_ifma; the latter's
    // leaves below mul.ifma_max / sqr.ifma_max), where the CPU has IFMA.
    const bool ifma = limbs::cpu_has_avx512_ifma() && n <= limbs::kIfmaMaxLimbs;
    std::vector<std::uint64_t> wi(limbs::mul_ifma_scratch(n, n));
    std::vector<limb_t> wk(limbs::karatsuba_ifma_scratch(n));
    v.push_back({"ifma", [&] {
                   if (ifma) limbs::mul_ifma(r.data(), x.data(), n, y.data(), n, wi.data());
                 }});
    v.push_back({"ifma karatsuba", [&] {
                   if (ifma && n >= 2) limbs::karatsuba_mul_ifma(r.data(), x.data(), y.data(), n, wk.data());
                 }});
    v.push_back({"ifma sqr", [&] {
                   if (ifma) limbs::sqr_ifma(r.data(), x.data(), n, wi.data());
                 }});
    v.push_back({"ifma karatsuba sqr", [&] {
                   if (ifma && n >= 2) limbs::karatsuba_sqr_ifma(r.data(), x.data(), n, wk.data());
                 }});
    // The kernels this CPU and size run (the others are timed as no-ops and
    // shown as "-"), each against GMP's product or square.
    const bool applies[] = {true, true, true, true, true, true, true, n <= 8, rows, true, rows, rows && n >= 2,
                            rows && n >= 2, ifma, ifma && n >= 2, ifma, ifma && n >= 2};
    const bool square[] = {false, false, false, false, false, false, false, false, false,
                           true,  true,  false, true,  false, false, true,  true};
    static_assert(std::size(applies) == 17 && std::size(square) == 17);
    const mpz_class xz = from_limbs(x.data(), n), yz = from_limbs(y.data(), n);
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!applies[i]) continue;
      std::fill(r.begin(), r.end(), limb_t(0));
      v[i].run();
      check_result("mul --comba " + std::to_string(n) + " limbs: " + v[i].name, from_limbs(r.data(), 2 * n),
                   square[i] ? xz * xz : xz * yz);
    }
    auto t = bench::measure_interleaved(v, opt);
    const double base = t[0].median_ns;
    char nsb[32];
    std::snprintf(nsb, sizeof nsb, "%.0f", base);
    auto cell = [&](std::size_t i) { return ratio_cell(base / t[i].median_ns, a.json); };
    char sqb[32];
    std::snprintf(sqb, sizeof sqb, "%.0f", t[9].median_ns);
    const std::string none = a.json ? "null" : "-";
    table.rows.push_back({std::to_string(2 * n), std::to_string(n), nsb, cell(1), cell(2), cell(3),
                          n <= 8 ? cell(7) : none, cell(4), cell(5), cell(6), rows ? cell(8) : none,
                          rows && n >= 2 ? cell(11) : none, ifma ? cell(13) : none, ifma && n >= 2 ? cell(14) : none,
                          sqb, rows ? ratio_cell(t[9].median_ns / t[10].median_ns, a.json) : none,
                          rows && n >= 2 ? ratio_cell(t[9].median_ns / t[12].median_ns, a.json) : none,
                          ifma ? ratio_cell(t[9].median_ns / t[15].median_ns, a.json) : none,
                          ifma && n >= 2 ? ratio_cell(t[9].median_ns / t[16].median_ns, a.json) : none});
    if (!a.json) std::cerr << "  " << n << " limbs done\n";
  }
  gmp_randclear(rs);
  const std::string title = "parmod-bench mul --comba: speedup over mpn_mul_n";
  if (a.json) {
    std::cout << table.json(title);
  } else {
    std::cout << "Comba family against GMP's mpn_mul_n (cells: speedup, time of mpn_mul_n / time of the kernel), "
              << "median of " << opt.rounds << " interleaved rounds\nMachine: " << bench::machine_description()
              << (limbs::comba_adx_available() ? "; mulx/adx available" : "; no mulx/adx (portable fallback)")
              << (limbs::cpu_has_avx512_ifma() ? "; AVX-512 IFMA available" : "; no AVX-512 IFMA (or PARMOD_NO_IFMA)")
              << "\n\n"
              << table.markdown();
  }
  if (!a.plot.empty()) return bench::write_plot(table.json(title), a.plot);
  return 0;
}

// The task graphs of the parallel methods, as the team would run them.
int print_schedules(const Args& a) {
  std::vector<unsigned long> sizes = a.sizes.empty() ? std::vector<unsigned long>{65536} : a.sizes;
  std::vector<int> threads = a.threads.empty() ? std::vector<int>{2} : a.threads;
  for (unsigned long bits : sizes)
    for (int T : threads) {
      const std::size_t n = (bits + 63) / 64;
      limbs::MulChoice ch = limbs::planned_mul(n, n, false, T);
      std::cout << "== " << bits << " bits (" << n << " limbs), " << tlabel(T)
                << "; automatic choice: " << limbs::mul_choice_name(ch) << "\n";
      if (limbs::toom3_applicable(n, n)) std::cout << "-- toom3\n" << limbs::describe_mul_toom3(n, n, T);
      if (limbs::toom4_applicable(n, n)) std::cout << "-- toom4\n" << limbs::describe_mul_toom4(n, n, T);
      std::cout << "-- blocks 2x2\n" << limbs::describe_mul_blocks(n, n, 2, 2, T);
      std::cout << "-- blocks 2x1\n" << limbs::describe_mul_blocks(n, n, 2, 1, T);
      if (limbs::residues_applicable(n, n)) std::cout << "-- residues\n" << limbs::describe_mul_residues(n, n, T);
    }
  return 0;
}

int run(const Args& a) {
  if (a.has("--schedule")) return print_schedules(a);
  return a.has("--comba") ? bench_comba(a) : bench_products(a);
}

}  // namespace

const Bench kMulBench = {
    {"mul", "integer product: GMP vs parallel blocks/Toom-3/Toom-4 (Figures 3-4), residues mod beta^L -+ 1, Comba family (--comba)",
     kSizes | kRounds | kThreads | kJson | kPlot,
     "bits (default 256..393216; --comba: 32-bit words, default 4..384)",
     {{"--comba", nullptr, "the Comba family, mulx rows and IFMA kernels against mpn_mul_n"},
      {"--short", nullptr, "four sizes only: 1024, 16384, 65536, 262144 bits"},
      {"--schedule", nullptr, "print the parallel methods' task graphs (default 65536 bits, T=2) instead of timing"}}},
    &run};

}  // namespace parmod::bench

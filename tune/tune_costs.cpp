// tune/tune_costs.cpp - `parmod tune` step "costs": the cost table M(m, n)
// of the task scheduler and the measured multipartite k per size and thread
// count.
#include <gmp.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <gmpxx.h>

#include "config/tuning.hpp"
#include "context.hpp"
#include "harness.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "runtime/cost_table.hpp"
#include "steps.hpp"

namespace parmod::tune {
namespace {

// M(s, s) by GMP's mpn_mul_n at s = 1, 2, 4, ..., 8192 limbs (fastest rounds), and
// mpn_add_n per limb at 4096 limbs.
void tune_cost_table(Context& c) {
  const std::size_t maxn = 8192;
  std::vector<mp_limb_t> a(maxn), b(maxn), r(2 * maxn);
  mpn_random(a.data(), mp_size_t(maxn));
  mpn_random(b.data(), mp_size_t(maxn));
  config::Tuning t = c.tuning();
  t.costs_mul_ns.clear();
  for (std::size_t s = 1; s <= maxn; s *= 2) {
    const auto m = bench::measure_interleaved(
        {{"mul", [&] { mpn_mul_n(r.data(), a.data(), b.data(), static_cast<mp_size_t>(s)); }}}, c.timing(5, 0.002));
    t.costs_mul_ns.push_back({s, m[0].min_ns});
  }
  const auto add = bench::measure_interleaved({{"add", [&] { mpn_add_n(r.data(), a.data(), b.data(), 4096); }}},
                                              c.timing(5, 0.002));
  t.costs_add_ns_per_limb = add[0].min_ns / 4096.0;
  c.set("costs.mul_ns", config::format_tuning_value(t, "costs.mul_ns"));
  c.set("costs.add_ns_per_limb", config::format_tuning_value(t, "costs.add_ns_per_limb"));
  std::cerr << "  M(s, s) in ns: " << config::format_tuning_value(c.tuning(), "costs.mul_ns") << "; addition "
            << c.tuning().costs_add_ns_per_limb << " ns per limb\n";
}

// Per size and T: every k in 2..8 timed on the multipartite product, the
// fastest stored (multipartite.k.T<T>), the predicted k printed beside it.
void tune_multipartite_k(Context& c) {
  const auto costs = runtime::CostTable::measured();
  gmp_randclass rng(gmp_randinit_default);
  rng.seed(4);
  std::vector<int> thread_counts = {1, 2};
  if (c.threads() > 2) thread_counts.push_back(c.threads());
  for (int T : thread_counts) {
    std::string table;
    std::cerr << "  multipartite k, T=" << T << " (bits:predicted->measured):";
    for (std::size_t bits : c.ladder({1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072})) {
      const std::size_t n = bits / 64;
      mpz_class P = rng.get_z_bits(bits);
      mpz_setbit(P.get_mpz_t(), bits - 1);
      mpz_setbit(P.get_mpz_t(), 0);
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> x(n), y(n), r(n), ws(modmul::multipartite_engine_scratch(n));
      modmul::to_limbs(x.data(), n, rng.get_z_range(P));
      modmul::to_limbs(y.data(), n, rng.get_z_range(P));
      std::vector<std::unique_ptr<modmul::MultipartitePlan>> plans;
      std::vector<bench::Variant> v;
      for (int kk = 2; kk <= modmul::kMaxEngineChunks; ++kk) {
        modmul::MultipartiteConfig cfg;
        cfg.ka = cfg.kb = kk;
        cfg.threads = T;
        plans.push_back(std::make_unique<modmul::MultipartitePlan>(modmul::make_multipartite_plan(n, cfg, costs)));
        const auto* p = plans.back().get();
        v.push_back({std::to_string(kk),
                     [&, p, T] { modmul::multipartite_mul(r.data(), x.data(), y.data(), k, *p, ws.data(), T); }});
      }
      const auto t = bench::measure_interleaved(v, c.timing(5, 0.001));
      std::size_t best = 0;
      for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i].min_ns < t[best].min_ns) best = i;
      const int kbest = static_cast<int>(best) + 2;
      std::cerr << ' ' << bits << ':' << modmul::predicted_multipartite_k(n, T, costs) << "->" << kbest;
      if (!table.empty()) table += ',';
      table += std::to_string(bits);
      table += ':';
      table += std::to_string(kbest);
    }
    std::cerr << '\n';
    c.set("multipartite.k.T" + std::to_string(T), table);
  }
}

void run(Context& c) {
  tune_cost_table(c);
  tune_multipartite_k(c);
}

}  // namespace

Step costs_step() {
  return {"costs", "the scheduler's cost table M(m, n) and the multipartite k per size and thread count",
          {"costs.mul_ns", "costs.add_ns_per_limb", "multipartite.k.T<threads>"}, &run};
}

}  // namespace parmod::tune

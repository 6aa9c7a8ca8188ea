// tools/parmod/tune_costs.cpp - `parmod tune` step "costs": the cost table M(m, n)
// of the task scheduler and the measured multipartite k per size and thread count.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "config/tuning_table.hpp"
#include "harness.hpp"
#include "modmul/bipartite.hpp"
#include "modmul/modulus_constants.hpp"
#include "modmul/multipartite.hpp"
#include "modmul/multipartite_engine.hpp"
#include "modmul/multipartite_square.hpp"
#include "numbers.hpp"
#include "parmod/parmod.hpp"
#include "registry.hpp"
#include "runtime/cost_table.hpp"

namespace parmod::cli {
namespace {

// Tune step "costs": measure M(s, s) and the addition cost and store them;
// then, per size and T = 1, 2, time every k in 2..8 and store the fastest
// (multipartite.k.T1/T2), printing the predicted k beside it.
int tune_costs(int, char**) {
  const auto pts = runtime::measure_costs();
  runtime::set_measured_costs(pts);
  std::map<std::string, std::string> values;
  values["costs.mul_ns"] = runtime::format_cost_points(pts);
  std::ostringstream add;
  add << pts.add_ns_per_limb;
  values["costs.add_ns_per_limb"] = add.str();
  std::string error;
  if (!config::write_tuning_values(values, "parmod tuning table", &error)) {
    std::cerr << "parmod tune: " << error << '\n';
    return 1;
  }
  // k per (n, T): predicted by the schedule, confirmed by measuring every k.
  const auto costs = runtime::CostTable::measured();
  gmp_randstate_t rs;
  gmp_randinit_default(rs);
  gmp_randseed_ui(rs, 4);
  values.clear();
  for (int T : {1, 2}) {
    std::string table;
    std::cerr << "  multipartite k, T=" << T << " (bits:predicted->measured):";
    for (std::size_t bits : {1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072}) {
      const std::size_t n = bits / 64;
      mpz_class P, a, b;
      mpz_urandomb(P.get_mpz_t(), rs, bits);
      mpz_setbit(P.get_mpz_t(), bits - 1);
      mpz_setbit(P.get_mpz_t(), 0);
      mpz_urandomm(a.get_mpz_t(), rs, P.get_mpz_t());
      mpz_urandomm(b.get_mpz_t(), rs, P.get_mpz_t());
      const modmul::ModulusConstants k(P);
      std::vector<limb_t> x(n), y(n), r(n), ws(modmul::multipartite_engine_scratch(n));
      modmul::to_limbs(x.data(), n, a);
      modmul::to_limbs(y.data(), n, b);
      std::vector<std::unique_ptr<modmul::MultipartitePlan>> plans;
      std::vector<bench::Variant> v;
      for (int kk = 2; kk <= modmul::kMaxEngineChunks; ++kk) {
        modmul::MultipartiteConfig c;
        c.ka = c.kb = kk;
        c.threads = T;
        plans.push_back(std::make_unique<modmul::MultipartitePlan>(modmul::make_multipartite_plan(n, c, costs)));
        const auto* p = plans.back().get();
        v.push_back({std::to_string(kk), [&, p, T] { modmul::multipartite_mul(r.data(), x.data(), y.data(), k, *p, ws.data(), T); }});
      }
      bench::Options opt;
      opt.rounds = 5;
      opt.batch_seconds = 0.001;
      const auto t = bench::measure_interleaved(v, opt);
      std::size_t best = 0;
      for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i].median_ns < t[best].median_ns) best = i;
      const int kbest = static_cast<int>(best) + 2;
      std::cerr << ' ' << bits << ':' << modmul::predicted_multipartite_k(n, T, costs) << "->" << kbest;
      table += (table.empty() ? "" : ",") + std::to_string(bits) + ":" + std::to_string(kbest);
    }
    std::cerr << '\n';
    values["multipartite.k.T" + std::to_string(T)] = table;
  }
  gmp_randclear(rs);
  if (!config::write_tuning_values(values, "parmod tuning table", &error)) {
    std::cerr << "parmod tune: " << error << '\n';
    return 1;
  }
  return 0;
}

const TuneRegistration tune_reg{"costs", "cost table M(m,n) for the task scheduler", &tune_costs};

}  // namespace
}  // namespace parmod::cli

#include "tune.hpp"

#include <ctime>
#include <iostream>
#include <stdexcept>

#include "config/tuning.hpp"
#include "context.hpp"
#include "harness.hpp"
#include "parmod/parmod.hpp"
#include "steps.hpp"

namespace parmod::tune {

Context::Context(bool quick, int threads)
    : quick_(quick), threads_(resolve_num_threads(threads)), tuning_(config::default_tuning(config::tuning_row_in_use())) {
  config::install_tuning(tuning_);
}

void Context::set(const std::string& key, const std::string& value) {
  const std::string problem = config::set_tuning_value(tuning_, key, value);
  if (!problem.empty()) throw std::logic_error("parmod tune: " + key + " '" + value + "': " + problem);
  written_[key] = value;
  config::install_tuning(tuning_);
}

bench::Options Context::timing(std::size_t rounds, double batch_seconds) const {
  if (!quick_) return bench::Options{rounds, batch_seconds};
  return bench::Options{rounds / 2 < 3 ? 3 : rounds / 2, batch_seconds / 2};
}

std::vector<std::size_t> Context::ladder(const std::vector<std::size_t>& sizes) const {
  if (!quick_) return sizes;
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < sizes.size(); i += 2) out.push_back(sizes[i]);
  if (!sizes.empty() && out.back() != sizes.back()) out.push_back(sizes.back());
  return out;
}

const std::vector<Step>& steps() {
  static const std::vector<Step> s = {mul_step(), modmul_step(), powm_step(), costs_step()};
  return s;
}

std::set<std::string> measured_keys() {
  std::set<std::string> keys;
  for (const Step& s : steps()) keys.insert(s.keys.begin(), s.keys.end());
  return keys;
}

namespace {

// The declared keys (display names) among the file keys written.
std::set<std::string> display_names(const std::map<std::string, std::string>& written) {
  std::set<std::string> names;
  for (const auto& entry : written)
    if (const config::TuningKey* k = config::find_tuning_key(entry.first)) names.insert(k->display_name());
  return names;
}

std::string utc_now() {
  char buf[32];
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

}  // namespace

std::string run_tune(const Options& options) {
  const double start = bench::now_seconds();
  Context c(options.quick, options.threads);
  std::cerr << "parmod tune" << (options.quick ? " --quick" : "") << " on " << bench::machine_description()
            << "; defaults of the row '" << c.tuning().row << "'; " << c.threads() << " threads\n";
  std::size_t index = 0;
  for (const Step& step : steps()) {
    std::cerr << "[" << ++index << "/" << steps().size() << "] " << step.name << ": " << step.help << '\n';
    const std::set<std::string> before = display_names(c.written());
    step.run(c);
    std::set<std::string> wrote = display_names(c.written());
    for (const std::string& k : before) wrote.erase(k);
    if (wrote != std::set<std::string>(step.keys.begin(), step.keys.end()))
      throw std::logic_error(std::string("parmod tune: step ") + step.name + " did not write exactly its keys");
  }
  std::string error;
  const std::string header = "parmod tuning table, written by `parmod tune" + std::string(options.quick ? " --quick" : "") +
                             "` on " + bench::machine_description() + ", " + utc_now() + " (defaults: row " +
                             c.tuning().row + ")";
  if (!config::write_tuning_values(c.written(), header, &error)) throw std::runtime_error(error);
  std::cerr << "parmod tune: " << c.written().size() << " values in " << static_cast<long>(bench::now_seconds() - start)
            << " s\n";
  return config::tuning_file_path();
}

}  // namespace parmod::tune

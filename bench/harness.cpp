#include "harness.hpp"

#include <gmp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>
#include <utility>

namespace parmod::bench {

double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

std::vector<Timing> measure_interleaved(const std::vector<Variant>& variants, const Options& options) {
  const std::size_t v = variants.size();
  std::vector<Timing> out(v);
  std::vector<std::vector<double>> samples(v);
  // Calibrate: double the batch until it lasts batch_seconds (also warms up).
  for (std::size_t i = 0; i < v; ++i) {
    out[i].name = variants[i].name;
    if (variants[i].batch > 0) {
      out[i].batch = variants[i].batch;
      continue;
    }
    std::size_t batch = 1;
    const double target = variants[i].batch_seconds > 0 ? variants[i].batch_seconds : options.batch_seconds;
    for (;;) {
      if (variants[i].enter) variants[i].enter();
      const double t0 = now_seconds();
      for (std::size_t r = 0; r < batch; ++r) variants[i].run();
      const double dt = now_seconds() - t0;
      if (variants[i].leave) variants[i].leave();
      if (dt >= target || batch >= (std::size_t(1) << 30)) break;
      batch = dt <= 0 ? batch * 8 : std::max(batch * 2, static_cast<std::size_t>(batch * target / dt * 1.2));
    }
    out[i].batch = batch;
  }
  // Rounds: every variant once per round, in an order shuffled per round
  // (fixed seed): a variant that follows one which changes the machine's
  // state (lets the team's worker sleep, evicts the caches) is not always
  // the same one, as in a rotated cyclic order.
  std::vector<std::size_t> order(v);
  for (std::size_t i = 0; i < v; ++i) order[i] = i;
  std::mt19937_64 shuffle_rng(20261128);
  if (options.round_states) options.round_states->clear();
  for (std::size_t round = 0; round < options.rounds; ++round) {
    std::shuffle(order.begin(), order.end(), shuffle_rng);
    const int before = options.state ? options.state() : 0;
    for (std::size_t i : order) {
      if (variants[i].enter) variants[i].enter();
      for (std::size_t r = 0; r < variants[i].warmup_calls; ++r) variants[i].run();
      const double t0 = now_seconds();
      for (std::size_t r = 0; r < out[i].batch; ++r) variants[i].run();
      samples[i].push_back((now_seconds() - t0) * 1e9 / static_cast<double>(out[i].batch));
      if (variants[i].leave) variants[i].leave();
    }
    if (options.round_states) {
      const int after = options.state ? options.state() : 0;
      options.round_states->push_back(before == after ? before : -1);
    }
  }
  for (std::size_t i = 0; i < v; ++i) {
    const auto& s = samples[i];
    out[i].round_ns = s;
    out[i].rounds = s.size();
    out[i].min_ns = s.empty() ? 0 : *std::min_element(s.begin(), s.end());
    out[i].median_ns = median_of(s);
  }
  return out;
}

double median_of(std::vector<double> x) {
  if (x.empty()) return 0;
  std::sort(x.begin(), x.end());
  return x.size() % 2 ? x[x.size() / 2] : 0.5 * (x[x.size() / 2 - 1] + x[x.size() / 2]);
}

RatioSpread round_ratios(const Timing& a, const Timing& b) {
  std::vector<double> r;
  for (std::size_t i = 0; i < std::min(a.round_ns.size(), b.round_ns.size()); ++i)
    if (b.round_ns[i] > 0) r.push_back(a.round_ns[i] / b.round_ns[i]);
  if (r.empty()) return {};
  const auto [lo, hi] = std::minmax_element(r.begin(), r.end());
  return {median_of(r), *lo, *hi};
}

double median_in_state(const Timing& t, const std::vector<int>& states, int want) {
  std::vector<double> x;
  for (std::size_t i = 0; i < std::min(t.round_ns.size(), states.size()); ++i)
    if (states[i] == want) x.push_back(t.round_ns[i]);
  return median_of(std::move(x));
}

std::string machine_description() {
  std::string model = "unknown CPU";
  std::ifstream cpu("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpu, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto c = line.find(':');
      if (c != std::string::npos) model = line.substr(c + 2);
      break;
    }
  }
  std::ostringstream s;
  s << model << ", " << std::thread::hardware_concurrency() << " cores; GMP " << gmp_version << "; gcc "
    << __GNUC__ << '.' << __GNUC_MINOR__ << '.' << __GNUC_PATCHLEVEL__;
  return s.str();
}

std::string Table::markdown() const {
  std::ostringstream s;
  auto row = [&](const std::vector<std::string>& cells) {
    s << '|';
    for (const auto& c : cells) s << ' ' << c << " |";
    s << '\n';
  };
  row(header);
  s << '|';
  for (std::size_t i = 0; i < header.size(); ++i) s << (i == 0 ? "---|" : "---:|");
  s << '\n';
  for (const auto& r : rows) row(r);
  return s.str();
}

namespace {

std::string json_string(const std::string& x) {
  std::string o = "\"";
  for (char c : x) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
      continue;
    }
    o += c;
  }
  return o + "\"";
}

std::string json_cell(const std::string& x) {
  std::string t = x;
  if (!t.empty() && t.back() == 'x') t.pop_back();  // ratios "1.23x"
  char* end = nullptr;
  std::strtod(t.c_str(), &end);
  if (!t.empty() && end && *end == '\0') return t;
  return json_string(x);
}

}  // namespace

std::string Table::json(const std::string& title) const {
  std::ostringstream s;
  s << "{\"machine\": " << json_string(machine_description());
  if (!cpu.empty()) s << ", \"cpu\": " << json_string(cpu);
  s << ", \"title\": " << json_string(title)
    << ", \"columns\": [";
  for (std::size_t i = 0; i < header.size(); ++i) s << (i ? ", " : "") << json_string(header[i]);
  s << "], \"rows\": [";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    s << (r ? ", " : "") << '[';
    for (std::size_t i = 0; i < rows[r].size(); ++i) s << (i ? ", " : "") << json_cell(rows[r][i]);
    s << ']';
  }
  s << "]}\n";
  return s.str();
}

std::string team_join_text(unsigned long long joins, unsigned long long join_ns) {
  if (joins == 0) return "";
  char buf[128];
  std::snprintf(buf, sizeof buf, ", workers entered runs %.0f ns after their publication (mean of %llu sampled joins)",
                static_cast<double>(join_ns) / static_cast<double>(joins), joins);
  return buf;
}

std::string format_us(double ns) {
  char buf[32];
  const double us = ns / 1000.0;
  if (us >= 100)
    std::snprintf(buf, sizeof buf, "%.0f", us);
  else if (us >= 10)
    std::snprintf(buf, sizeof buf, "%.1f", us);
  else if (us >= 1)
    std::snprintf(buf, sizeof buf, "%.2f", us);
  else
    std::snprintf(buf, sizeof buf, "%.3f", us);
  return buf;
}

std::string format_ratio(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fx", r);
  return buf;
}

std::string format_time_ratio(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", r);
  return buf;
}

std::string format_automatic_ratio(double r, bool json) {
  return format_time_ratio(r) + (!json && r > kAutomaticMaxTimeRatio ? " (loss)" : "");
}

}  // namespace parmod::bench

#include "config/tuning_table.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>

namespace parmod::config {
namespace {

using Table = std::map<std::string, std::string>;

std::mutex g_mutex;
std::shared_ptr<const Table> g_table;  // guarded by g_mutex

Table read_file(const std::string& path) {
  Table t;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::istringstream ls(line);
    std::string key, rest;
    if (!(ls >> key)) continue;
    std::getline(ls, rest);
    const auto first = rest.find_first_not_of(" \t");
    t[key] = first == std::string::npos ? "" : rest.substr(first);
  }
  return t;
}

std::shared_ptr<const Table> table() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_table) g_table = std::make_shared<const Table>(read_file(tuning_file_path()));
  return g_table;
}

}  // namespace

std::string tuning_file_path() {
  if (const char* p = std::getenv("PARMOD_TUNING_FILE"); p && *p) return p;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/parmod/tuning.txt";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/parmod/tuning.txt";
  return "parmod-tuning.txt";
}

std::optional<std::string> tuning_value(const std::string& key) {
  const auto t = table();
  const auto it = t->find(key);
  if (it == t->end()) return std::nullopt;
  return it->second;
}

long tuning_integer(const std::string& key, long fallback) {
  const auto v = tuning_value(key);
  if (!v) return fallback;
  char* end = nullptr;
  const long x = std::strtol(v->c_str(), &end, 10);
  return (end == v->c_str() || *end != '\0') ? fallback : x;
}

bool write_tuning_values(const std::map<std::string, std::string>& values, const std::string& header,
                         std::string* error) {
  const std::string path = tuning_file_path();
  Table merged = read_file(path);
  for (const auto& [k, v] : values) merged[k] = v;
  std::error_code ec;
  const auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  std::ofstream out(path, std::ios::trunc);
  if (!out) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  out << "# " << header << "\n";
  for (const auto& [k, v] : merged) out << k << ' ' << v << '\n';
  out.close();
  if (!out) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  reload_tuning_table();
  return true;
}

void reload_tuning_table() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_table.reset();
}

}  // namespace parmod::config

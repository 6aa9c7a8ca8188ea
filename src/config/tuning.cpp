#include "config/tuning.hpp"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <type_traits>

#include "config/cpu.hpp"
#include "process/fork_safe_mutex.hpp"
#include "config/tuning_file.hpp"
#include "config/tuning_rows.hpp"
#include "config/tuning_values.hpp"

namespace parmod::config {

using namespace detail;

namespace {

// --- the key table -----------------------------------------------------------

enum class Needs { any, ifma, ifma_kernel, mulx_kernel };

// Setting and formatting a field of each type; `key` is the file's key (for
// the k_table family it carries the thread count after the family's name).
template <class V>
std::string set_value(V& field, const std::string&, const char*, const std::string& value, double min, double max) {
  return parse_value(value, &field, min, max);
}
std::string set_value(KTable& field, const std::string& key, const char* name, const std::string& value, double min,
                      double max) {
  std::vector<std::pair<std::size_t, int>> list;
  std::string problem = parse_k_list(value, &list, min, max);
  if (!problem.empty()) return problem;
  const int threads = family_threads(key, name);
  if (list.empty())
    field.erase(threads);
  else
    field[threads] = std::move(list);
  return "";
}
template <class V>
std::string get_value(const V& field, const std::string&, const char*) {
  return format_value(field);
}
std::string get_value(const KTable& field, const std::string& key, const char* name) {
  const auto it = field.find(family_threads(key, name));
  return it == field.end() ? "" : format_k_list(it->second);
}
// The file keys of a field: its name, or one per thread count of a k_table.
template <class V>
std::vector<std::string> keys_of(const V&, const char* name) {
  return {name};
}
std::vector<std::string> keys_of(const KTable& field, const char* name) {
  std::vector<std::string> keys;
  for (const auto& entry : field) keys.push_back(name + std::to_string(entry.first));
  return keys;
}

struct KeyOps {
  std::string (*set)(Tuning&, const std::string& key, const std::string& value);
  std::string (*get)(const Tuning&, const std::string& key);
  std::vector<std::string> (*keys)(const Tuning&);
  void (*copy)(Tuning& to, const Tuning& from);
  void (*zero)(Tuning&);
  bool family;
  Needs needs;
};

struct KeyEntry {
  TuningKey key;
  KeyOps ops;
};

const std::vector<KeyEntry>& entries() {
  static const std::vector<KeyEntry> e = {
#define PARMOD_TUNING_KEY(field_, name_, type_, min_, max_, generic_, unit_, needs_, meaning_)                        \
  {{#field_, name_, #type_, static_cast<double>(min_), static_cast<double>(max_), generic_, unit_, #needs_, meaning_}, \
   {[](Tuning& t, const std::string& key, const std::string& value) {                                                 \
      return set_value(t.field_, key, name_, value, static_cast<double>(min_), static_cast<double>(max_));            \
    },                                                                                                                \
    [](const Tuning& t, const std::string& key) { return get_value(t.field_, key, name_); },                          \
    [](const Tuning& t) { return keys_of(t.field_, name_); },                                                         \
    [](Tuning& to, const Tuning& from) { to.field_ = from.field_; },                                                  \
    [](Tuning& t) { t.field_ = tuning_types::type_{}; },                                                              \
    std::is_same_v<tuning_types::type_, KTable>, Needs::needs_}},
#include "config/tuning_keys.def"
  };
  return e;
}

// The entry of a file key ("multipartite.k.T2" finds the family), else nullptr.
const KeyEntry* find_entry(const std::string& key) {
  for (const KeyEntry& e : entries()) {
    if (e.ops.family ? family_threads(key, e.key.name) > 0 : key == e.key.name) return &e;
  }
  return nullptr;
}
// --- defaults ----------------------------------------------------------------

const TuningRow* find_row(const std::string& name) {
  for (const TuningRow& r : tuning_rows())
    if (name == r.name) return &r;
  return nullptr;
}

bool ifma_in_use() { return cpu().avx512_ifma; }

// Step 4: what this CPU cannot run is 0.
void apply_cpu_limits(Tuning& t) {
  for (const KeyEntry& e : entries()) {
    if ((e.ops.needs == Needs::mulx_kernel && !cpu().mulx_adx) || (e.ops.needs == Needs::ifma_kernel && !ifma_in_use()))
      e.ops.zero(t);
  }
}

// Steps 1-2 (problems with the environment go to *problems).
Tuning defaults_for(const std::string& row_name, std::vector<std::string>* problems) {
  Tuning t;
  for (const KeyEntry& e : entries()) {
    if (e.ops.family) continue;  // the k_table family's generic value is "" (no thread count)
    e.ops.set(t, e.key.name, e.key.generic);
  }
  Tuning generic = t;
  const TuningRow* row = find_row(row_name);
  t.row = row ? row->name : "generic";
  if (row) {
    for (const auto& [key, value] : row->values) {
      const KeyEntry* e = find_entry(key);
      if (!e) continue;  // a test checks that every row's key is declared
      if ((e->ops.needs == Needs::ifma || e->ops.needs == Needs::ifma_kernel) && row->measured_with_ifma &&
          !ifma_in_use())
        continue;
      e->ops.set(t, key, value);
    }
    if (row->measured_with_ifma && !ifma_in_use()) {
      for (const auto& [key, value] : row->values_without_ifma) {
        const KeyEntry* e = find_entry(key);
        if (e && e->ops.needs == Needs::ifma) e->ops.set(t, key, value);  // a test checks both
      }
    }
  }
  const std::string mulx = env_string("PARMOD_MULX_KERNELS");
  if (!mulx.empty()) {
    if (mulx != "0" && mulx != "1" && problems) problems->push_back("PARMOD_MULX_KERNELS is neither 0 nor 1 (ignored)");
    for (const KeyEntry& e : entries()) {
      if (e.ops.needs != Needs::mulx_kernel) continue;
      if (mulx == "0") e.ops.zero(t);
      if (mulx == "1") e.ops.copy(t, generic);
    }
  }
  return t;
}

std::string row_for_this_cpu(std::vector<std::string>* problems) {
  const std::string forced = env_string("PARMOD_TUNING_FAMILY");
  if (!forced.empty()) {
    if (forced == "generic" || find_row(forced)) return forced;
    if (problems) problems->push_back("PARMOD_TUNING_FAMILY names no row: '" + excerpt(forced) + "'");
  }
  if (find_row(cpu().family_name)) return cpu().family_name;
  // A CPU with AVX-512 IFMA but no row of its own (Intel Ice Lake, Sapphire
  // Rapids, ...) takes the zen4 row: its IFMA values were every IFMA CPU's
  // defaults before rows existed, and the generic row leaves IFMA off.
  return cpu().avx512_ifma ? "zen4" : "generic";
}
// Applies the file's entries over t; problems named by line.
void apply_file(Tuning& t, const std::vector<FileEntry>& file, std::vector<std::string>* problems) {
  for (const FileEntry& fe : file) {
    const std::string where = "line " + std::to_string(fe.line) + ": ";
    const KeyEntry* e = find_entry(fe.key);
    if (!e) {
      problems->push_back(where + "unknown key '" + excerpt(fe.key) + "'");
      continue;
    }
    const std::string problem = e->ops.set(t, fe.key, fe.value);
    if (!problem.empty()) problems->push_back(where + fe.key + " '" + excerpt(fe.value) + "': " + problem);
  }
}

// One line on stderr for all problems of a load.
void warn(const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  std::string line = "parmod: warning: tuning: " + std::to_string(problems.size()) +
                     (problems.size() == 1 ? " problem" : " problems") + ", the defaults kept for them: ";
  for (std::size_t i = 0; i < problems.size() && i < 6; ++i) line += (i ? "; " : "") + problems[i];
  if (problems.size() > 6) line += "; and " + std::to_string(problems.size() - 6) + " more";
  std::fprintf(stderr, "%s\n", line.c_str());
}

Tuning load() {
  std::vector<std::string> problems, file_problems;
  Tuning t = defaults_for(row_for_this_cpu(&problems), &problems);
  const std::string path = tuning_file_path();
  bool found = false;
  const auto file = read_entries(path, &found, &file_problems);
  apply_file(t, file, &file_problems);
  if (found) t.file = path;
  apply_cpu_limits(t);
  for (std::size_t i = 0; i < file_problems.size(); ++i)
    problems.push_back(i == 0 ? "file " + path + ": " + file_problems[i] : file_problems[i]);
  warn(problems);
  return t;
}
// --- snapshots ---------------------------------------------------------------

process::ForkSafeMutex g_mutex{process::kRankTuning};
std::atomic<const Tuning*> g_current{nullptr};

// Every snapshot published, never freed (see tuning.hpp).  Reached from a
// global pointer, so leak checkers count it as in use.
std::vector<const Tuning*>* g_snapshots = nullptr;

const Tuning* publish(Tuning t) {  // under g_mutex
  if (!g_snapshots) g_snapshots = new std::vector<const Tuning*>();
  g_snapshots->reserve(g_snapshots->size() + 1);
  const Tuning* p = new Tuning(std::move(t));
  g_snapshots->push_back(p);
  g_current.store(p, std::memory_order_release);
  return p;
}
}  // namespace

const Tuning& tuning() noexcept {
  if (const Tuning* t = g_current.load(std::memory_order_acquire)) return *t;
  std::lock_guard<process::ForkSafeMutex> lock(g_mutex);
  if (const Tuning* t = g_current.load(std::memory_order_acquire)) return *t;
  return *publish(load());
}

void reload_tuning() {
  Tuning t = load();
  std::lock_guard<process::ForkSafeMutex> lock(g_mutex);
  publish(std::move(t));
}

void install_tuning(const Tuning& t) {
  Tuning copy = t;
  apply_cpu_limits(copy);
  std::lock_guard<process::ForkSafeMutex> lock(g_mutex);
  publish(std::move(copy));
}

ScopedTuning::ScopedTuning(const Tuning& t) : previous_(&tuning()) { install_tuning(t); }

ScopedTuning::~ScopedTuning() {
  std::lock_guard<process::ForkSafeMutex> lock(g_mutex);
  g_current.store(previous_, std::memory_order_release);
}

std::string TuningKey::display_name() const {
  return std::strcmp(type, "k_table") == 0 ? std::string(name) + "<threads>" : std::string(name);
}

const std::vector<TuningKey>& tuning_keys() {
  static const std::vector<TuningKey> keys = [] {
    std::vector<TuningKey> k;
    for (const KeyEntry& e : entries()) k.push_back(e.key);
    return k;
  }();
  return keys;
}

const TuningKey* find_tuning_key(const std::string& file_key) {
  const KeyEntry* e = find_entry(file_key);
  return e ? &tuning_keys()[static_cast<std::size_t>(e - entries().data())] : nullptr;
}

Tuning default_tuning(const std::string& row) {
  Tuning t = defaults_for(row, nullptr);
  apply_cpu_limits(t);
  return t;
}

std::string tuning_row_in_use() { return row_for_this_cpu(nullptr); }

std::string set_tuning_value(Tuning& t, const std::string& key, const std::string& value) {
  const KeyEntry* e = find_entry(key);
  if (!e) return "unknown key '" + excerpt(key) + "'";
  return e->ops.set(t, key, value);
}

std::string format_tuning_value(const Tuning& t, const std::string& key) {
  const KeyEntry* e = find_entry(key);
  return e ? e->ops.get(t, key) : "";
}

std::string format_tuning(const Tuning& t) {
  std::string s;
  for (const KeyEntry& e : entries())
    for (const std::string& key : e.ops.keys(t)) s += key + " " + e.ops.get(t, key) + "\n";
  return s;
}

bool write_tuning_values(const std::map<std::string, std::string>& values, const std::string& header,
                         std::string* error) {
  Tuning scratch;
  for (const auto& [key, value] : values) {
    const std::string problem = set_tuning_value(scratch, key, value);
    if (!problem.empty()) {
      if (error) *error = "refusing to write " + key + " '" + excerpt(value) + "': " + problem;
      return false;
    }
  }
  const std::string path = tuning_file_path();
  if (path.empty()) {
    if (error) *error = "no tuning file: set PARMOD_TUNING_FILE, XDG_CACHE_HOME or HOME";
    return false;
  }
  // The current file's entries that still parse, then the new values.
  std::map<std::string, std::string> merged;
  bool found = false;
  std::vector<std::string> ignored;
  for (const FileEntry& fe : read_entries(path, &found, &ignored))
    if (set_tuning_value(scratch, fe.key, fe.value).empty()) merged[fe.key] = fe.value;
  for (const auto& [key, value] : values) merged[key] = value;
  if (!write_entries(path, header, merged, error)) return false;
  reload_tuning();
  return true;
}

}  // namespace parmod::config

#include "config/tuning.hpp"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <type_traits>

#include "config/cpu.hpp"
#include "config/tuning_rows.hpp"

namespace parmod::config {
namespace {

// --- environment -------------------------------------------------------------

// The environment variables that choose what the library reads: through
// secure_getenv, so a set-user-ID program does not take them from its caller.
const char* env(const char* name) {
#if defined(__GLIBC__)
  return secure_getenv(name);
#else
  return std::getenv(name);
#endif
}

std::string env_string(const char* name) {
  const char* v = env(name);
  return v ? v : "";
}

// A string for a warning: at most 40 characters, unprintable bytes as \xNN.
std::string excerpt(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > 40) out += "...";
  return out;
}

// --- values ----------------------------------------------------------------

std::string format_number(double v) {
  std::ostringstream o;
  o.precision(15);
  o << v;
  return o.str();
}

// The value of a size or real key after the range check: "" when taken as
// is, else the problem (*taken says whether the value was taken, clamped).
std::string check_range(double v, double min, double max, bool* taken) {
  *taken = false;
  if (v < min) return "below the minimum " + format_number(min);
  *taken = true;
  if (v > max) return "above the maximum, clamped to " + format_number(max);
  return "";
}

bool parse_unsigned(const std::string& s, std::size_t* out, bool* overflow) {
  *overflow = false;
  if (s.empty() || s.size() > 40) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
  if (errno == ERANGE) *overflow = true;
  *out = static_cast<std::size_t>(v);
  return true;
}

bool parse_real(const std::string& s, double* out) {
  if (s.empty() || s.size() > 60) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep)) parts.push_back(item);
  return parts;
}

bool parse_pair(const std::string& item, std::size_t* first, std::string* second) {
  const auto colon = item.find(':');
  bool overflow = false;
  if (colon == std::string::npos || !parse_unsigned(item.substr(0, colon), first, &overflow) || overflow) return false;
  *second = item.substr(colon + 1);
  return true;
}

// Each parser: "" when the text was taken (into *out), else the problem.
std::string parse(const std::string& text, std::size_t* out, double min, double max) {
  std::size_t v = 0;
  bool overflow = false;
  if (!parse_unsigned(text, &v, &overflow)) return "not an unsigned integer";
  const double d = overflow ? INFINITY : static_cast<double>(v);
  bool taken = false;
  const std::string problem = check_range(d, min, max, &taken);
  if (taken) *out = d > max ? static_cast<std::size_t>(max) : v;
  return problem;
}

std::string parse(const std::string& text, double* out, double min, double max) {
  double v = 0;
  if (!parse_real(text, &v)) return "not a number";
  bool taken = false;
  const std::string problem = check_range(v, min, max, &taken);
  if (taken) *out = v > max ? max : v;
  return problem;
}

std::string parse(const std::string& text, SizeTable* out, double, double) {
  SizeTable t;
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    std::size_t limbs = 0;
    std::string name;
    if (!parse_pair(item, &limbs, &name)) return "not LIMBS:ALGORITHM pairs";
    Algorithm a;
    try {
      a = algorithm_from_name(name);
    } catch (const std::exception&) {
      return "unknown algorithm '" + excerpt(name) + "'";
    }
    if (a == Algorithm::automatic) return "automatic is no algorithm of the table";
    if (!t.empty() && limbs <= t.back().first) return "sizes not increasing";
    t.emplace_back(limbs, a);
  }
  if (t.empty()) return "an empty table";
  *out = std::move(t);
  return "";
}

std::string parse(const std::string& text, CostPoints* out, double, double) {
  CostPoints p;
  for (const std::string& item : split(text, ',')) {
    std::size_t limbs = 0;
    std::string ns;
    double v = 0;
    if (!parse_pair(item, &limbs, &ns) || !parse_real(ns, &v)) return "not LIMBS:NS pairs";
    if (limbs == 0 || v <= 0) return "sizes and times must be positive";
    if (!p.empty() && limbs <= p.back().limbs) return "sizes not increasing";
    p.push_back({limbs, v});
  }
  if (p.size() < 2) return "fewer than two points";
  *out = std::move(p);
  return "";
}

// One thread count's list "BITS:K,...", k in [min, max].
std::string parse_k_list(const std::string& text, std::vector<std::pair<std::size_t, int>>* out, double min,
                         double max) {
  std::vector<std::pair<std::size_t, int>> list;
  for (const std::string& item : split(text, ',')) {
    std::size_t bits = 0, k = 0;
    std::string ks;
    bool overflow = false;
    if (!parse_pair(item, &bits, &ks) || !parse_unsigned(ks, &k, &overflow)) return "not BITS:K pairs";
    if (overflow || static_cast<double>(k) < min || static_cast<double>(k) > max)
      return "k outside [" + std::to_string(static_cast<int>(min)) + ", " + std::to_string(static_cast<int>(max)) + "]";
    if (!list.empty() && bits <= list.back().first) return "sizes not increasing";
    list.emplace_back(bits, static_cast<int>(k));
  }
  *out = std::move(list);  // empty: no measurement for this thread count
  return "";
}

std::string format(std::size_t v) { return std::to_string(v); }
std::string format(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}
std::string format(const SizeTable& t) {
  std::ostringstream o;
  for (std::size_t i = 0; i < t.size(); ++i) o << (i ? " " : "") << t[i].first << ':' << algorithm_name(t[i].second);
  return o.str();
}
std::string format(const CostPoints& p) {
  std::ostringstream o;
  for (std::size_t i = 0; i < p.size(); ++i) o << (i ? "," : "") << p[i].limbs << ':' << p[i].ns;
  return o.str();
}
std::string format_k_list(const std::vector<std::pair<std::size_t, int>>& list) {
  std::ostringstream o;
  for (std::size_t i = 0; i < list.size(); ++i) o << (i ? "," : "") << list[i].first << ':' << list[i].second;
  return o.str();
}

// The thread count of "multipartite.k.T<threads>", 0 when key is not one.
int family_threads(const std::string& key, const char* prefix) {
  const std::size_t n = std::strlen(prefix);
  if (key.compare(0, n, prefix) != 0 || key.size() == n || key.size() > n + 6) return 0;
  std::size_t t = 0;
  bool overflow = false;
  if (!parse_unsigned(key.substr(n), &t, &overflow) || overflow || t == 0 || key[n] == '0') return 0;
  return static_cast<int>(t);
}

// --- the key table -----------------------------------------------------------

enum class Needs { any, ifma, ifma_kernel, mulx_kernel };

// Setting and formatting a field of each type; `key` is the file's key (for
// the k_table family it carries the thread count after the family's name).
template <class V>
std::string set_value(V& field, const std::string&, const char*, const std::string& value, double min, double max) {
  return parse(value, &field, min, max);
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
  return format(field);
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
      if ((e->ops.needs == Needs::ifma || e->ops.needs == Needs::ifma_kernel) && !ifma_in_use()) continue;
      e->ops.set(t, key, value);
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
  return find_row(cpu().family_name) ? cpu().family_name : "generic";
}

// --- the file ----------------------------------------------------------------

constexpr std::size_t kMaxFileBytes = 1 << 20;

// The file's "key value" entries in order (key, value, line number), or
// problems.  *found: whether the file exists.
struct FileEntry {
  std::string key, value;
  int line;
};

std::vector<FileEntry> read_entries(const std::string& path, bool* found, std::vector<std::string>* problems) {
  std::vector<FileEntry> out;
  *found = false;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return out;
  *found = true;
  if (std::filesystem::is_directory(path, ec)) {
    problems->push_back("is a directory");
    return out;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    problems->push_back(std::string("cannot be read (") + std::strerror(errno) + ")");
    return out;
  }
  std::string text;
  char buf[4096];
  std::size_t got = 0;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() < kMaxFileBytes) text.append(buf, got);
  std::fclose(f);
  if (text.size() >= kMaxFileBytes) {
    problems->push_back("is larger than 1 MiB, the rest ignored");
    text.resize(kMaxFileBytes);
  }
  int number = 0;
  for (std::string line : split(text, '\n')) {
    ++number;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    for (char& c : line)
      if (c == '\t' || c == '\r') c = ' ';
    const auto a = line.find_first_not_of(' ');
    if (a == std::string::npos) continue;
    const auto b = line.find(' ', a);
    std::string key = line.substr(a, b == std::string::npos ? std::string::npos : b - a);
    std::string value;
    if (b != std::string::npos) {
      const auto c = line.find_first_not_of(' ', b);
      const auto d = line.find_last_not_of(' ');
      if (c != std::string::npos) value = line.substr(c, d - c + 1);
    }
    out.push_back({std::move(key), std::move(value), number});
  }
  return out;
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

std::mutex g_mutex;
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
  std::lock_guard<std::mutex> lock(g_mutex);
  if (const Tuning* t = g_current.load(std::memory_order_acquire)) return *t;
  return *publish(load());
}

void reload_tuning() {
  Tuning t = load();
  std::lock_guard<std::mutex> lock(g_mutex);
  publish(std::move(t));
}

void install_tuning(const Tuning& t) {
  Tuning copy = t;
  apply_cpu_limits(copy);
  std::lock_guard<std::mutex> lock(g_mutex);
  publish(std::move(copy));
}

ScopedTuning::ScopedTuning(const Tuning& t) : previous_(&tuning()) { install_tuning(t); }

ScopedTuning::~ScopedTuning() {
  std::lock_guard<std::mutex> lock(g_mutex);
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

std::string tuning_file_path() {
  const std::string file = env_string("PARMOD_TUNING_FILE");
  if (!file.empty()) return file;
  std::string cache = env_string("XDG_CACHE_HOME");
  if (cache.empty() || cache[0] != '/') {  // the XDG rule: a relative path is ignored
    const std::string home = env_string("HOME");
    if (home.empty() || home[0] != '/') return "";
    cache = home + "/.cache";
  }
  return cache + "/parmod/tuning-" + cpu_model_slug(cpu()) + ".txt";
}

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
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  Tuning scratch;
  for (const auto& [key, value] : values) {
    const std::string problem = set_tuning_value(scratch, key, value);
    if (!problem.empty()) return fail("refusing to write " + key + " '" + excerpt(value) + "': " + problem);
  }
  const std::string path = tuning_file_path();
  if (path.empty()) return fail("no tuning file: set PARMOD_TUNING_FILE, XDG_CACHE_HOME or HOME");
  // The current file's entries that still parse, then the new values.
  std::map<std::string, std::string> merged;
  bool found = false;
  std::vector<std::string> ignored;
  for (const FileEntry& fe : read_entries(path, &found, &ignored))
    if (set_tuning_value(scratch, fe.key, fe.value).empty()) merged[fe.key] = fe.value;
  for (const auto& [key, value] : values) merged[key] = value;
  std::error_code ec;
  const auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) return fail("cannot write " + tmp);
    out << "# " << header << "\n";
    for (const auto& [k, v] : merged) out << k << ' ' << v << '\n';
    out.close();
    if (!out) return fail("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) return fail("cannot rename " + tmp + " to " + path + ": " + ec.message());
  reload_tuning();
  return true;
}

}  // namespace parmod::config

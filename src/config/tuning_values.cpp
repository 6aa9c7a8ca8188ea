#include "config/tuning_values.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace parmod::config::detail {
namespace {

std::string format_number(double v) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
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

}  // namespace

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

std::string parse_value(const std::string& text, std::size_t* out, double min, double max) {
  std::size_t v = 0;
  bool overflow = false;
  if (!parse_unsigned(text, &v, &overflow)) return "not an unsigned integer";
  const double d = overflow ? INFINITY : static_cast<double>(v);
  bool taken = false;
  const std::string problem = check_range(d, min, max, &taken);
  if (taken) *out = d > max ? static_cast<std::size_t>(max) : v;
  return problem;
}

std::string parse_value(const std::string& text, double* out, double min, double max) {
  double v = 0;
  if (!parse_real(text, &v)) return "not a number";
  bool taken = false;
  const std::string problem = check_range(v, min, max, &taken);
  if (taken) *out = v > max ? max : v;
  return problem;
}

std::string parse_value(const std::string& text, SizeTable* out, double, double) {
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

std::string parse_value(const std::string& text, CostPoints* out, double, double) {
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

std::string format_value(std::size_t v) { return std::to_string(v); }
std::string format_value(double v) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  o << v;
  return o.str();
}
std::string format_value(const SizeTable& t) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  for (std::size_t i = 0; i < t.size(); ++i) o << (i ? " " : "") << t[i].first << ':' << algorithm_name(t[i].second);
  return o.str();
}
std::string format_value(const CostPoints& p) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  for (std::size_t i = 0; i < p.size(); ++i) o << (i ? "," : "") << p[i].limbs << ':' << p[i].ns;
  return o.str();
}
std::string format_k_list(const std::vector<std::pair<std::size_t, int>>& list) {
  std::ostringstream o;
  o.exceptions(std::ios::badbit);  // a failed allocation throws (not a truncated text)
  for (std::size_t i = 0; i < list.size(); ++i) o << (i ? "," : "") << list[i].first << ':' << list[i].second;
  return o.str();
}

int family_threads(const std::string& key, const char* prefix) {
  const std::size_t n = std::strlen(prefix);
  if (key.compare(0, n, prefix) != 0 || key.size() == n || key.size() > n + 6) return 0;
  std::size_t t = 0;
  bool overflow = false;
  if (!parse_unsigned(key.substr(n), &t, &overflow) || overflow || t == 0 || key[n] == '0') return 0;
  return static_cast<int>(t);
}

}  // namespace parmod::config::detail

#include "args.hpp"

#include <charconv>
#include <sstream>

namespace parmod::bench {
namespace {

// User text inside an error message: printable ASCII, at most 40 characters.
std::string shown(const std::string& text) {
  std::string out;
  for (char c : text.substr(0, 40)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  return text.size() > 40 ? out + "..." : out;
}

struct CommonEntry {
  CommonOption bit;
  const char* name;
  const char* value;
  const char* help;
};

const CommonEntry kCommon[] = {
    {kSizes, "--sizes", "LIST", nullptr},  // help: Spec::sizes_help
    {kRounds, "--rounds", "N", "interleaved rounds per variant"},
    {kThreads, "--threads", "LIST", "comma-separated thread counts"},
    {kJson, "--json", nullptr, "JSON on stdout instead of markdown tables"},
    {kPlot, "--plot", "FILE", "a PNG plot of the main table (needs python3 with matplotlib)"},
};

std::vector<unsigned long> parse_list(const std::string& text, const std::string& option, unsigned long min,
                                      unsigned long max) {
  std::vector<unsigned long> out;
  std::size_t at = 0;
  do {
    const std::size_t comma = text.find(',', at);
    out.push_back(parse_number(text.substr(at, comma == std::string::npos ? std::string::npos : comma - at), option,
                               min, max));
    at = comma == std::string::npos ? text.size() + 1 : comma + 1;
  } while (at <= text.size());
  return out;
}

// The words a Flag's value admits, or empty for a number.
std::vector<std::string> choices(const char* placeholder) {
  std::vector<std::string> out;
  const std::string p = placeholder;
  if (p.find('|') == std::string::npos) return out;
  std::stringstream in(p);
  std::string w;
  while (std::getline(in, w, '|')) out.push_back(w);
  return out;
}

}  // namespace

unsigned long parse_number(const std::string& text, const std::string& option, unsigned long min, unsigned long max) {
  unsigned long v = 0;
  const char* end = text.data() + text.size();
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  const auto r = std::from_chars(text.data(), end, v);
  if (!digits || r.ec != std::errc() || r.ptr != end || v < min || v > max)
    throw UsageError(option + " takes whole numbers from " + std::to_string(min) + " to " + std::to_string(max) +
                     ", not '" + shown(text) + "'");
  return v;
}

std::string Args::value(const std::string& flag) const {
  const auto it = flags.find(flag);
  return it == flags.end() ? std::string() : it->second;
}

unsigned long Args::number(const std::string& flag, unsigned long fallback) const {
  const auto it = flags.find(flag);
  return it == flags.end() ? fallback : std::stoul(it->second);
}

Args parse_args(const Spec& spec, int argc, const char* const* argv) {
  Args a;
  const std::string bench = std::string("parmod-bench ") + spec.name;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    bool has_inline_value = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_inline_value = true;
    }
    if (arg == "--bits") arg = "--sizes";
    auto take_value = [&]() -> std::string {
      if (has_inline_value) return value;
      if (i + 1 >= argc) throw UsageError(arg + " needs a value (" + bench + " --help)");
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h") {
      a.help = true;
      continue;
    }
    const CommonEntry* common = nullptr;
    for (const auto& c : kCommon)
      if (arg == c.name) common = &c;
    if (common) {
      if (!(spec.common & common->bit)) throw UsageError(bench + " takes no " + arg + " (" + bench + " --help)");
      if (!common->value && has_inline_value) throw UsageError(arg + " takes no value");
      switch (common->bit) {
        case kSizes: a.sizes = parse_list(take_value(), "--sizes", 1, 1ul << 26); break;
        case kRounds: a.rounds = parse_number(take_value(), "--rounds", 1, 1000); break;
        case kThreads:
          for (unsigned long t : parse_list(take_value(), "--threads", 1, 4096)) a.threads.push_back(static_cast<int>(t));
          break;
        case kJson: a.json = true; break;
        case kPlot:
          a.plot = take_value();
          if (a.plot.empty()) throw UsageError("--plot needs a file name");
          break;
      }
      continue;
    }
    const Flag* flag = nullptr;
    for (const auto& f : spec.flags)
      if (arg == f.name) flag = &f;
    if (!flag) {
      throw UsageError((arg.rfind("-", 0) == 0 ? "unknown option '" : "unexpected argument '") + shown(argv[i]) +
                       "' for " + bench + " (" + bench + " --help)");
    }
    if (!flag->value) {
      if (has_inline_value) throw UsageError(arg + " takes no value");
      a.flags[arg] = "";
      continue;
    }
    const std::string v = take_value();
    const auto words = choices(flag->value);
    if (words.empty()) {
      a.flags[arg] = std::to_string(parse_number(v, arg, flag->min, flag->max));
    } else {
      bool ok = false;
      for (const auto& w : words) ok = ok || v == w;
      if (!ok) throw UsageError(arg + " takes " + flag->value + ", not '" + shown(v) + "'");
      a.flags[arg] = v;
    }
  }
  return a;
}

std::string usage(const Spec& spec) {
  std::ostringstream s;
  s << "usage: parmod-bench " << spec.name << " [options]\n  " << spec.summary << "\noptions:\n";
  auto line = [&](const std::string& name, const char* value, const std::string& help) {
    std::string left = "  " + name + (value ? std::string(" ") + value : std::string());
    if (left.size() < 26) left.resize(26, ' ');
    else left += "  ";
    s << left << help << '\n';
  };
  for (const auto& c : kCommon)
    if (spec.common & c.bit)
      line(c.bit == kSizes ? "--sizes/--bits" : c.name, c.value,
           c.bit == kSizes && spec.sizes_help ? spec.sizes_help : (c.help ? c.help : "comma-separated sizes"));
  for (const auto& f : spec.flags) {
    std::string help = f.help;
    if (f.value && choices(f.value).empty())
      help += " (" + std::to_string(f.min) + ".." + std::to_string(f.max) + ")";
    line(f.name, f.value, help);
  }
  line("--help", nullptr, "this text");
  return s.str();
}

}  // namespace parmod::bench

// bench/args.hpp - the one command-line parser of the developer benchmarks
// (`parmod-bench NAME [options]`, bench/main.cpp).
//
// Each bench declares a Spec: which of the common options it takes and a
// table of its own flags.  parse_args reads argv against it, and usage()
// prints the same table for --help, so a flag exists in one place.
//
// Common options (a bench takes those its Spec lists):
//   --sizes LIST   comma-separated sizes (bits, unless the bench's Spec says
//                  otherwise); --bits is the same option
//   --rounds N     interleaved rounds per variant (1..1000)
//   --threads LIST comma-separated thread counts (1..4096 each)
//   --json         the tables as JSON on stdout instead of markdown
//   --plot FILE    a PNG plot of the main table (bench/plot)
//   --help, -h     the bench's usage
// Options take their value as the next argument or after '='
// (--rounds=5).  A bad argument throws UsageError with a one-line message.
#pragma once

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace parmod::bench {

// A bad command line; parmod-bench prints "parmod-bench: error: <what>" and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The common options, as a bit set in Spec::common.
enum CommonOption : unsigned {
  kSizes = 1u << 0,
  kRounds = 1u << 1,
  kThreads = 1u << 2,
  kJson = 1u << 3,
  kPlot = 1u << 4,
};

// A bench-specific flag.  value == nullptr: a switch.  Otherwise the flag
// takes a value, shown as `value` in the usage: a placeholder with '|'
// ("median|min") admits exactly those words; any other placeholder ("N")
// admits a whole number in [min, max].
struct Flag {
  const char* name;   // "--comba"
  const char* value;  // nullptr, "N", "median|min", ...
  const char* help;   // one line
  unsigned long min = 0, max = 0;
};

struct Spec {
  const char* name;        // "mul"
  const char* summary;     // one line, for the list of benches
  unsigned common;         // CommonOption bits
  const char* sizes_help;  // what --sizes means and its default (when kSizes)
  std::vector<Flag> flags;
};

struct Args {
  std::vector<unsigned long> sizes;  // empty: the bench's default
  std::size_t rounds = 0;            // 0: the bench's default
  std::vector<int> threads;          // empty: the bench's default
  bool json = false;
  std::string plot;  // empty: no plot
  bool help = false;
  std::map<std::string, std::string> flags;  // given bench flags -> value ("" for a switch)

  bool has(const std::string& flag) const { return flags.count(flag) != 0; }
  // The value of a flag ("" when absent).
  std::string value(const std::string& flag) const;
  // A numeric flag's value (already range-checked by parse_args), or `fallback` when absent.
  unsigned long number(const std::string& flag, unsigned long fallback) const;
  std::size_t rounds_or(std::size_t fallback) const { return rounds ? rounds : fallback; }
};

// Parses argv[1..argc) against `spec` (argv[0] is the bench name).  Throws
// UsageError for an unknown option, an option the bench does not take, a
// missing or malformed value, or a stray argument.
Args parse_args(const Spec& spec, int argc, const char* const* argv);

// "usage: parmod-bench NAME [options]" and one line per option the bench takes.
std::string usage(const Spec& spec);

// A whole number in [min, max] written as decimal digits only, for `option`.
unsigned long parse_number(const std::string& text, const std::string& option, unsigned long min, unsigned long max);

}  // namespace parmod::bench

// tune/tune.hpp - `parmod tune`: measure this machine, write every tuning key.
//
// The measurements live here, in the static library parmod_tune (as GMP's
// tune/ beside its library): they time library internals (kernels, engines,
// reductions) that the public API does not show, so the CLI calls run_tune
// and keeps to the public API itself.
//
// Comparisons are interleaved rounds of each variant (bench/harness.hpp),
// and a variant's time is its fastest round: on a shared host a round in
// which another process took the core only gets slower, so the fastest
// round is the cleanest sample (GMP's tuneup also keeps the fastest of
// repeated measurements).  Kernel comparisons take the median of three such
// ratios (one with --quick).
//
// Each step declares the keys it writes (Step::keys, display names of
// config::tuning_keys(): "multipartite.k.T<threads>" for the family); a
// test checks that their union is the declared set, and run_tune checks
// that each step wrote exactly its keys.  Steps run in order, each on the
// values the steps before measured (installed as the tuning in use), from
// the defaults of this CPU's row (no file).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace parmod::tune {

class Context;

struct Step {
  const char* name;
  const char* help;                // one line, printed as the step starts
  std::vector<std::string> keys;   // the keys it writes (display names)
  void (*run)(Context& c);
};

// Every step, in the order run_tune runs them.
const std::vector<Step>& steps();
// The union of the steps' keys.
std::set<std::string> measured_keys();

struct Options {
  bool quick = false;  // coarser ladders, fewer rounds
  int threads = 0;     // threads of the parallel measurements (0: the default rule)
};

// Runs every step (progress on stderr) and writes the tuning file
// (config::tuning_file_path()); returns its path.  Throws std::runtime_error
// when the file cannot be written.
std::string run_tune(const Options& options);

}  // namespace parmod::tune

// bench/plot.hpp - `--plot FILE.png` for the benchmarks of parmod-bench.
//
// Writes a Table's JSON to a temporary file and runs plot_bench.py on it
// (x: the first column, log scale; one line per speedup column) as
// `python3 SCRIPT JSON PNG` through posix_spawnp: no shell, so no path is
// ever parsed as a command.  Needs python3 with matplotlib; without it, says
// so on stderr and returns 2.
#pragma once

#include <string>

namespace parmod::bench {

// The plot script: $PARMOD_PLOT_SCRIPT, else <prefix>/share/parmod/plot_bench.py
// of an installed program (found from /proc/self/exe), else the copy beside
// the executable in the build tree; empty when none exists.
std::string plot_script();
// Plots the JSON table into png; returns 0, or 2 with a message on stderr.
int write_plot(const std::string& json, const std::string& png);

}  // namespace parmod::bench

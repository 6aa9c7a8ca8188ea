// tools/parmod/options.hpp - the options every command shares, and the commands.
#pragma once

#include <string>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::cli {

struct Options {
  int threads = 0;                              // --threads; 0: the default rule
  Algorithm algorithm = Algorithm::automatic;   // --algo
  std::vector<std::string> args;                // the command's own arguments, global options removed
};

// The commands (main.cpp's table).  Each gets the parsed global options and
// its own arguments in o.args; returns the exit status or throws UsageError
// (or parmod::Error) for main to print as one line with status 2.
int cmd_mulmod(const Options& o);      // cmd_arith.cpp
int cmd_powm(const Options& o);        // cmd_arith.cpp
int cmd_multi_powm(const Options& o);  // cmd_arith.cpp
int cmd_batch(const Options& o);       // cmd_batch.cpp
int cmd_batch_mpi(const Options& o);   // cmd_batch_mpi.cpp (cmd_batch_nompi.cpp without MPI)
int cmd_bench(const Options& o);       // cmd_bench.cpp
int cmd_tune(const Options& o);        // cmd_tune.cpp
int cmd_schedule(const Options& o);    // cmd_schedule.cpp
int cmd_schedule_mpi(const Options& o);  // cmd_schedule_mpi.cpp
int cmd_explain(const Options& o);     // cmd_explain.cpp

}  // namespace parmod::cli

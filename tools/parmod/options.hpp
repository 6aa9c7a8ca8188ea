// tools/parmod/options.hpp - the options every command shares.
#pragma once

#include <string>
#include <vector>

#include "parmod/parmod.hpp"

namespace parmod::cli {

struct Options {
  int threads = 0;                              // 0: the default rule
  Algorithm algorithm = Algorithm::automatic;   // --algo
  std::vector<std::string> args;                // the command's own arguments, options removed
};

// Commands (argv[0] is the command name; Options already parsed).
int cmd_mulmod(const Options& o);
int cmd_powm(const Options& o);
int cmd_batch(const Options& o);
int cmd_bench(const Options& o, int argc, char** argv);
int cmd_tune(const Options& o);
int cmd_explain(const Options& o);

}  // namespace parmod::cli

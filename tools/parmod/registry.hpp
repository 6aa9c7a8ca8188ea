// tools/parmod/registry.hpp - `parmod tune` steps register here.
//
// A tune step (tools/parmod/tune_NAME.cpp) registers itself with
//   static const parmod::cli::TuneRegistration reg{"NAME", "one-line help", &run};
// and `parmod tune` runs every step, in registration order, with
// argv[0] = NAME.  (The top-level commands are the table in main.cpp.)
#pragma once

#include <string>
#include <vector>

namespace parmod::cli {

using CommandFn = int (*)(int argc, char** argv);  // argv[0] is the step name

struct CommandEntry {
  const char* name;
  const char* help;
  CommandFn run;
};

std::vector<CommandEntry>& tune_steps();

struct TuneRegistration {
  TuneRegistration(const char* name, const char* help, CommandFn fn) { tune_steps().push_back({name, help, fn}); }
};

}  // namespace parmod::cli

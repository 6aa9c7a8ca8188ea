// tools/parmod/registry.hpp - `parmod tune` steps register here.
//
// A tune step (tools/parmod/tune_NAME.cpp) registers itself with
//   static const parmod::cli::TuneRegistration reg{"NAME", "one-line help", &run};
// and `parmod tune` runs every step.
// A top-level command (`parmod NAME ARGS`) with CommandRegistration; it gets
// argv[0] = NAME and its arguments with the global options (--threads, --algo)
// already applied and removed.
#pragma once

#include <string>
#include <vector>

namespace parmod::cli {

using CommandFn = int (*)(int argc, char** argv);  // argv[0] is the command name

struct CommandEntry {
  const char* name;
  const char* help;
  CommandFn run;
};

std::vector<CommandEntry>& tune_steps();
std::vector<CommandEntry>& extra_commands();  // top-level commands of later modules (`parmod NAME ...`)

struct CommandRegistration {
  CommandRegistration(const char* name, const char* help, CommandFn fn) { extra_commands().push_back({name, help, fn}); }
};
struct TuneRegistration {
  TuneRegistration(const char* name, const char* help, CommandFn fn) { tune_steps().push_back({name, help, fn}); }
};

}  // namespace parmod::cli

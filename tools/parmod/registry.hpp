// tools/parmod/registry.hpp - `parmod bench NAME` and top-level commands register here.
//
// A file tools/parmod/bench_NAME.cpp defines its command and registers it with
//   static const parmod::cli::BenchRegistration reg{"NAME", "one-line help", &run};
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

std::vector<CommandEntry>& bench_commands();
std::vector<CommandEntry>& extra_commands();  // top-level commands of later modules (`parmod NAME ...`)

struct BenchRegistration {
  BenchRegistration(const char* name, const char* help, CommandFn fn) { bench_commands().push_back({name, help, fn}); }
};
struct CommandRegistration {
  CommandRegistration(const char* name, const char* help, CommandFn fn) { extra_commands().push_back({name, help, fn}); }
};

}  // namespace parmod::cli

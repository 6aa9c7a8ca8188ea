// tools/parmod/main.cpp - the `parmod` command: the global options, the
// table of commands, and the dispatch.
//
// A command is one row of kCommands (name, usage, help, function, whether it
// reads options of its own); --help is printed from the table.  Adding a
// command is one row and its cmd_NAME.cpp.
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

#include "numbers.hpp"
#include "options.hpp"

namespace parmod::cli {
namespace {

struct Command {
  const char* name;
  const char* usage;  // after "parmod [OPTIONS] "
  const char* help;   // one or more lines (each after the first starts with "\n")
  int (*run)(const Options& o);
  bool own_options;   // reads options of its own (else an option after it is an error);
                      // the global options are taken anywhere before "--"
};

const Command kCommands[] = {
    {"mulmod", "mulmod A B M", "print (A * B) mod M", cmd_mulmod, false},
    {"powm", "powm B E M", "print B^E mod M (E < 0: the inverse of B raised to -E)", cmd_powm, false},
    {"multi_powm", "multi_powm M B1 E1 [B2 E2 ...]", "print the product of the Bi^Ei mod M (no pairs: 1 mod M)",
     cmd_multi_powm, false},
    {"batch", "batch [--mpi]",
     "read 'mulmod A B M' / 'powm B E M' / 'multi_powm M B1 E1 ...'\n"
     "lines on stdin, one result per line ('error' and a note on\n"
     "stderr for a bad line); lines run in parallel on the team;\n"
     "--mpi (under mpirun): the lines spread over the ranks, same output",
     cmd_batch, true},
    {"bench", "bench --quick [--json]",
     "modular multiplication times, 1024..65536 bits, beside GMP and\n"
     "OpenSSL (the other benchmarks: parmod-bench, docs/benchmarks.md)",
     cmd_bench, true},
    {"explain", "explain powm B E M",
     "what runs for B^E mod M and why: the algorithm, its engine,\n"
     "the paths of mul and pow, the tuning keys that decided\n"
     "(also: explain mulmod A B M, explain M)",
     cmd_explain, false},
    {"tune", "tune [--quick]",
     "measure this machine and write the table 'automatic' uses\n"
     "(docs/tuning.md; --quick: a coarser pass)",
     cmd_tune, true},
    {"schedule", "schedule --bits N [--k K] [--square] [--model] [--json]",
     "the list schedule of one bipartite or multipartite product\n"
     "(--algo multipartite, the default, or bipartite); with\n"
     "--mpi RANKS [--bits N] [--items K] [--split-bits N] [--rtt-us T]\n"
     "[--gbps B]: parmod_mpi's predicted batch throughput and\n"
     "split-exponent speedup on 1..RANKS ranks (docs/mpi.md)",
     cmd_schedule, true},
};

// "  USAGE" padded to 22 columns, then the help; continuation lines indented.
void print_row(const std::string& usage, const std::string& help) {
  std::string left = "  " + usage;
  if (left.size() >= 22) {
    std::cout << left << '\n';
    left.clear();
  }
  left.resize(22, ' ');
  std::string text = help;
  for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; at += 23) text.insert(at + 1, 22, ' ');
  std::cout << (text.empty() ? left.substr(0, left.find_last_not_of(' ') + 1) : left + text) << '\n';
}

void print_help() {
  std::cout << "usage: parmod [--threads N] [--algo NAME] COMMAND [ARGS]\n"
               "\n"
               "Fast multi-precision modular arithmetic. Integers are decimal or 0x-hex,\n"
               "optionally signed; results follow Python's pow(b, e, m) and (a * b) % m.\n"
               "\n"
               "commands:\n";
  for (const Command& c : kCommands) print_row(c.usage, c.help);
  std::cout << "\noptions:\n";
  print_row("--threads N", "threads to use (default: PARMOD_NUM_THREADS, OMP_NUM_THREADS, cores)");
  print_row("--algo NAME", "the modular multiplication algorithm (default automatic,\n'auto' too), one of the algorithm table's rows:");
  for (const AlgorithmInfo& row : algorithms()) {
    const std::string name = row.name;
    std::cout << "      " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << row.description
              << '\n';
  }
  print_row("--help, --version", "");
  std::cout << "\nBad input prints one line on stderr and exits with status 2.\n";
}

const Command* find_command(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

// An option where the command or an integer (possibly negative) is due.
bool is_option(const std::string& a) {
  return a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
}

int run(int argc, char** argv) {
  Options o;
  const Command* command = nullptr;
  bool options_done = false;  // after "--": only the command and its arguments
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (options_done) {
      if (!command) {
        command = find_command(a);
        if (!command) throw UsageError("unknown command '" + excerpt(a) + "' (parmod --help lists them)");
      } else {
        o.args.push_back(a);
      }
      continue;
    }
    if (a == "--" && !command) {
      options_done = true;
      continue;
    }
    auto value = [&](const char* name) -> std::string {
      const std::string prefix = std::string(name) + "=";
      if (a.rfind(prefix, 0) == 0) return a.substr(prefix.size());
      if (i + 1 >= argc) throw UsageError(std::string(name) + " needs a value");
      return argv[++i];
    };
    if (a == "--help" || a == "-h") {
      if (command) {  // after a command: that command's row
        std::string help = command->help;
        for (std::size_t at = 0; (at = help.find('\n', at)) != std::string::npos; at += 3) help.insert(at + 1, "  ");
        std::cout << "usage: parmod [--threads N] [--algo NAME] " << command->usage << "\n  " << help << '\n';
      } else {
        print_help();
      }
      return 0;
    }
    if (a == "--version") {
      std::cout << "parmod " << version() << '\n';
      return 0;
    }
    if (a == "--threads" || a.rfind("--threads=", 0) == 0) {
      o.threads = parse_thread_count(value("--threads"));
    } else if (a == "--algo" || a.rfind("--algo=", 0) == 0) {
      o.algorithm = algorithm_from_name(value("--algo"));
    } else if (!command) {
      if (is_option(a)) throw UsageError("unknown option '" + excerpt(a) + "' (parmod --help lists them)");
      command = find_command(a);
      if (!command) throw UsageError("unknown command '" + excerpt(a) + "' (parmod --help lists them)");
    } else {
      if (is_option(a) && !command->own_options)
        throw UsageError("unknown option '" + excerpt(a) + "' for " + command->name + " (parmod --help lists them)");
      o.args.push_back(a);
    }
  }
  if (!command) throw UsageError("no command given (parmod --help lists them)");
  if (o.threads > 0) set_num_threads(o.threads);
  return command->run(o);
}

}  // namespace
}  // namespace parmod::cli

int main(int argc, char** argv) {
  try {
    return parmod::cli::run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "parmod: error: out of memory\n";
  } catch (const std::exception& e) {  // UsageError, parmod::Error, a failed check of bench --quick
    std::cerr << "parmod: error: " << e.what() << '\n';
  }
  return 2;
}

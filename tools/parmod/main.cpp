// tools/parmod/main.cpp - the `parmod` command: option parsing and dispatch.
#include <cctype>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "numbers.hpp"
#include "options.hpp"
#include "registry.hpp"

namespace {

const char* kHelp =
    "usage: parmod [--threads N] [--algo NAME] COMMAND [ARGS]\n"
    "\n"
    "Fast multi-precision modular arithmetic. Integers are decimal or 0x-hex,\n"
    "optionally signed; results follow Python's pow(b, e, m) and (a * b) % m.\n"
    "\n"
    "commands:\n"
    "  mulmod A B M        print (A * B) mod M\n"
    "  powm B E M          print B^E mod M (E < 0: the inverse of B raised to -E)\n"
    "  batch               read 'mulmod A B M' / 'powm B E M' / 'multi_powm M B1 E1 ...'\n"
    "                      lines on stdin, one result per line ('error' and a note on\n"
    "                      stderr for a bad line); lines run in parallel on the team\n"
    "  bench --quick       modular multiplication times, 1024..65536 bits, beside GMP\n"
    "  bench NAME          other benchmarks (parmod bench --help lists them)\n"
    "  tune [--quick]      measure this machine and write the table 'automatic' uses\n"
    "                      (docs/tuning.md; --quick: a coarser pass)\n"
    "\n"
    "options:\n"
    "  --threads N         threads to use (default: PARMOD_NUM_THREADS, OMP_NUM_THREADS, cores)\n"
    "  --algo NAME         automatic (default), montgomery or barrett\n"
    "  --help, --version\n"
    "\n"
    "Bad input prints one line on stderr and exits with status 2.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace parmod::cli;
  try {
    Options o;
    std::string command;
    int command_index = -1;
    bool options_done = false;  // after "--": only the command and its arguments
    // An option where the command or an integer of mulmod/powm/batch is due.
    auto is_option = [](const std::string& a) {
      return a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]));
    };
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if (options_done) {
        if (command.empty()) {
          command = a;
          command_index = i;
        } else {
          o.args.push_back(a);
        }
        continue;
      }
      if (a == "--" && command.empty()) {
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
        if (command == "bench") {
          o.args.push_back(a);
          continue;
        }
        std::cout << kHelp;
        for (const auto& c : extra_commands()) std::cout << "  " << c.name << "  " << c.help << '\n';
        return 0;
      }
      if (a == "--version") {
        std::cout << "parmod " << parmod::version() << '\n';
        return 0;
      }
      if (a == "--threads" || a.rfind("--threads=", 0) == 0) {
        o.threads = parse_thread_count(value("--threads"));
      } else if (a == "--algo" || a.rfind("--algo=", 0) == 0) {
        o.algorithm = parmod::algorithm_from_name(value("--algo"));
      } else if (command.empty()) {
        if (is_option(a)) throw UsageError("unknown option '" + excerpt(a) + "' (parmod --help lists them)");
        command = a;
        command_index = i;
      } else {
        // mulmod, powm and batch take no options of their own.
        if (is_option(a) && (command == "mulmod" || command == "powm" || command == "batch"))
          throw UsageError("unknown option '" + excerpt(a) + "' for " + command + " (parmod --help lists them)");
        o.args.push_back(a);
      }
    }
    if (command.empty()) throw UsageError("no command given (parmod --help lists them)");
    if (o.threads > 0) parmod::set_num_threads(o.threads);
    if (command == "mulmod") return cmd_mulmod(o);
    if (command == "powm") return cmd_powm(o);
    if (command == "batch") return cmd_batch(o);
    if (command == "bench") return cmd_bench(o, argc - command_index, argv + command_index);
    if (command == "tune") return cmd_tune(o);
    for (const auto& c : extra_commands()) {
      if (command == c.name) {
        std::vector<std::string> copy{command};
        copy.insert(copy.end(), o.args.begin(), o.args.end());
        std::vector<char*> args;
        for (auto& s : copy) args.push_back(s.data());
        args.push_back(nullptr);
        return c.run(static_cast<int>(copy.size()), args.data());
      }
    }
    throw UsageError("unknown command '" + command + "' (parmod --help lists them)");
  } catch (const UsageError& e) {
    std::cerr << "parmod: error: " << e.what() << '\n';
  } catch (const parmod::Error& e) {
    std::cerr << "parmod: error: " << e.what() << '\n';
  } catch (const std::bad_alloc&) {
    std::cerr << "parmod: error: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "parmod: error: " << e.what() << '\n';
  }
  return 2;
}

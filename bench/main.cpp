// bench/main.cpp - parmod-bench, the developer program of paper
// reproductions and peer benchmarks: `parmod-bench NAME [options]`.
// Built with the tree (PARMOD_BUILD_BENCHMARKS), not installed; the installed
// `parmod` keeps only `parmod bench --quick`.  docs/benchmarks.md describes
// every bench.
#include <iostream>

#include "benches.hpp"
#include "check.hpp"
#include "harness.hpp"
#include "parmod/parmod.hpp"

namespace {

using namespace parmod::bench;

const Bench* const kBenches[] = {&kMulBench, &kModmulBench, &kPowmBench, &kMultiexpBench, &kFieldBench, &kRuntimeBench,
                                  &kThreadsBench, &kAutomaticBench, &kCtBench, &kSoakBench, &kTimelineBench};

void print_help() {
  std::cout << "usage: parmod-bench NAME [options]   (parmod-bench NAME --help lists its options)\n\n"
               "Paper reproductions and peer benchmarks of parmod (docs/benchmarks.md).  Tables\n"
               "(markdown, or JSON with --json) on stdout, progress on stderr.  Every bench checks\n"
               "its timed results against GMP once per size before timing.\n\nbenches:\n";
  for (const Bench* b : kBenches) {
    std::string name = b->spec.name;
    name.resize(10, ' ');
    std::cout << "  " << name << b->spec.summary << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string name = argc > 1 ? argv[1] : "";
  try {
    if (name.empty()) throw UsageError("no bench named (parmod-bench --help lists them)");
    if (name == "--help" || name == "-h") {
      print_help();
      return 0;
    }
    if (name == "--version") {
      std::cout << "parmod-bench " << parmod::version() << '\n';
      return 0;
    }
    for (const Bench* b : kBenches) {
      if (name != b->spec.name) continue;
      const Args args = parse_args(b->spec, argc - 1, argv + 1);
      if (args.help) {
        std::cout << usage(b->spec);
        return 0;
      }
      const int rc = b->run(args);
      if (checks_made() > 0)  // soak checks every result itself and says so
        std::cerr << "parmod-bench " << name << ": " << checks_made() << " results checked before timing\n";
      return rc;
    }
    throw UsageError("unknown bench '" + name.substr(0, 40) + "' (parmod-bench --help lists them)");
  } catch (const UsageError& e) {
    std::cerr << "parmod-bench: error: " << e.what() << '\n';
    return 2;
  } catch (const CheckFailure& e) {
    std::cerr << "parmod-bench " << name << ": " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "parmod-bench " << name << ": error: " << e.what() << '\n';
    return 2;
  }
}

// tools/parmod/cmd_tune.cpp - `parmod tune [--quick]`: measure this machine
// and write every tuning key (the steps live in tune/, library parmod_tune).
#include <iostream>
#include <stdexcept>

#include "numbers.hpp"
#include "options.hpp"
#include "tune.hpp"

namespace parmod::cli {

int cmd_tune(const Options& o) {
  tune::Options options;
  options.threads = o.threads;
  for (const std::string& a : o.args) {
    if (a == "--quick")
      options.quick = true;
    else
      throw UsageError("usage: parmod tune [--quick] (unknown argument '" + excerpt(a) + "')");
  }
  try {
    const std::string path = tune::run_tune(options);
    std::cout << "wrote " << path << '\n';
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("parmod tune: ") + e.what());
  }
  return 0;
}

}  // namespace parmod::cli

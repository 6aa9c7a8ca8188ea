#include "plot.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

namespace parmod::bench {

std::string plot_script() {
  if (const char* p = std::getenv("PARMOD_PLOT_SCRIPT"); p && *p) return p;
  const std::string here = __FILE__;  // .../bench/plot.cpp
  const auto cut = here.rfind("/bench/");
  return (cut == std::string::npos ? std::string(".") : here.substr(0, cut)) + "/tools/plot/plot_bench.py";
}

int write_plot(const std::string& json, const std::string& png) {
  if (std::system("python3 -c 'import matplotlib' >/dev/null 2>&1") != 0) {
    std::cerr << "--plot needs Python 3 with matplotlib, which is not installed "
                 "(pip install matplotlib); no plot written\n";
    return 2;
  }
  char path[] = "/tmp/parmod-plot-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  std::ofstream(path) << json;
  const std::string cmd = "python3 '" + plot_script() + "' '" + path + "' '" + png + "'";
  const int rc = std::system(cmd.c_str());
  unlink(path);
  if (rc != 0) {
    std::cerr << "--plot: the plot script failed: " << cmd << '\n';
    return 2;
  }
  std::cerr << "wrote " << png << '\n';
  return 0;
}

}  // namespace parmod::bench

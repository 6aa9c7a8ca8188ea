#include "plot.hpp"

#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <vector>

extern char** environ;

namespace parmod::bench {
namespace {

std::string executable_dir() {
  char buf[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string exe(buf, static_cast<std::size_t>(n));
  const auto slash = exe.rfind('/');
  return slash == std::string::npos ? std::string(".") : exe.substr(0, slash);
}

// Runs argv (argv[0] looked up in PATH) without a shell and waits: its exit
// status, or -1 when it could not start or ended by a signal.  quiet: its
// stdout and stderr go to /dev/null.
int run(const std::vector<std::string>& args, bool quiet) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  }
  pid_t pid = -1;
  const int err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string plot_script() {
  if (const char* p = std::getenv("PARMOD_PLOT_SCRIPT"); p && *p) return p;
  const std::string dir = executable_dir();
  // Installed: <prefix>/bin/parmod and <prefix>/share/parmod/plot_bench.py
  // (the path between them from CMake); in the build tree, the copy beside
  // the executable.
  for (const std::string& candidate : {dir + "/" + PARMOD_PLOT_SCRIPT_FROM_BINDIR, dir + "/plot_bench.py"})
    if (access(candidate.c_str(), R_OK) == 0) return candidate;
  return {};
}

int write_plot(const std::string& json, const std::string& png) {
  const std::string script = plot_script();
  if (script.empty()) {
    std::cerr << "--plot: plot_bench.py not found beside this program or in its share/parmod "
                 "(set PARMOD_PLOT_SCRIPT); no plot written\n";
    return 2;
  }
  if (run({"python3", "-c", "import matplotlib"}, true) != 0) {
    std::cerr << "--plot needs Python 3 with matplotlib, which is not installed "
                 "(pip install matplotlib); no plot written\n";
    return 2;
  }
  char path[] = "/tmp/parmod-plot-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  std::ofstream(path) << json;
  const int rc = run({"python3", script, path, png}, false);
  unlink(path);
  if (rc != 0) {
    std::cerr << "--plot: the plot script failed: python3 " << script << ' ' << path << ' ' << png << '\n';
    return 2;
  }
  std::cerr << "wrote " << png << '\n';
  return 0;
}

}  // namespace parmod::bench

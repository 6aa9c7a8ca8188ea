// bench/plot.cpp: the plot runs as `python3 SCRIPT JSON PNG` without a shell,
// so a file name full of shell syntax reaches the script verbatim and runs
// nothing.  A fake python3 first on PATH records its arguments.
#include "plot.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {
namespace fs = std::filesystem;

TEST(Plot, RunsTheScriptWithoutAShell) {
  const fs::path dir = fs::temp_directory_path() / ("parmod-plot-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path log = dir / "args.log", marker = dir / "pwned";
  {
    // The fake interpreter: `-c CODE` (the matplotlib probe) succeeds; any
    // other call writes one argument per line to the log.
    std::ofstream py(dir / "python3");
    py << "#!/bin/sh\n[ \"$1\" = -c ] && exit 0\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" << log.string()
       << "'\n";
  }
  fs::permissions(dir / "python3", fs::perms::owner_all);
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (dir.string() + ":" + old_path).c_str(), 1);
  setenv("PARMOD_PLOT_SCRIPT", (dir / "plot script.py").c_str(), 1);
  const std::string png = (dir / "a'; touch pwned; echo '$(touch pwned)`touch pwned`.png").string();
  const int rc = parmod::bench::write_plot("{\"rows\": []}", png);
  setenv("PATH", old_path.c_str(), 1);
  unsetenv("PARMOD_PLOT_SCRIPT");
  EXPECT_EQ(rc, 0);
  std::ifstream in(log);
  std::string script, json, out;
  std::getline(in, script);
  std::getline(in, json);
  std::getline(in, out);
  EXPECT_EQ(script, (dir / "plot script.py").string());
  EXPECT_EQ(json.rfind("/tmp/parmod-plot-", 0), 0u) << json;
  EXPECT_EQ(out, png);
  EXPECT_FALSE(fs::exists(marker)) << "a shell ran part of the file name";
  EXPECT_FALSE(fs::exists(fs::current_path() / "pwned"));
  fs::remove_all(dir);
}

TEST(Plot, MissingInterpreterIsAnErrorNotACrash) {
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  setenv("PARMOD_PLOT_SCRIPT", "/nonexistent/plot.py", 1);
  EXPECT_EQ(parmod::bench::write_plot("{}", "/tmp/never.png"), 2);
  setenv("PATH", old_path.c_str(), 1);
  unsetenv("PARMOD_PLOT_SCRIPT");
}

}  // namespace

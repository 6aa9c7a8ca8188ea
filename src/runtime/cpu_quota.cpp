#include "runtime/cpu_quota.hpp"

#include <sched.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace parmod::runtime {
namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path);
  if (!f) return false;
  std::ostringstream s;
  s << f.rdbuf();
  out = s.str();
  return true;
}

// ceil(quota / period) for a positive quota and period, else 0.
int cpus_for(double quota, double period) {
  if (!(quota > 0) || !(period > 0)) return 0;
  const double c = std::ceil(quota / period);
  return c < 1 ? 1 : c > 1e6 ? 1000000 : static_cast<int>(c);
}

int min_limit(int a, int b) { return a == 0 ? b : b == 0 ? a : (a < b ? a : b); }

// The cgroup path and each ancestor up to the root: "/a/b" -> "/a/b", "/a", "".
std::vector<std::string> path_and_ancestors(std::string p) {
  std::vector<std::string> out;
  while (!p.empty() && p.back() == '/') p.pop_back();
  for (;;) {
    out.push_back(p);
    if (p.empty()) break;
    const auto slash = p.rfind('/');
    p = slash == std::string::npos ? std::string() : p.substr(0, slash);
  }
  return out;
}

int v2_limit(const std::string& dir) {
  std::string text;
  if (!read_file(dir + "/cpu.max", text)) return 0;
  std::istringstream s(text);
  std::string quota;
  double period = 0;
  if (!(s >> quota >> period) || quota == "max") return 0;
  char* end = nullptr;
  const double q = std::strtod(quota.c_str(), &end);
  return *end == '\0' ? cpus_for(q, period) : 0;
}

int v1_limit(const std::string& dir) {
  std::string q, p;
  if (!read_file(dir + "/cpu.cfs_quota_us", q) || !read_file(dir + "/cpu.cfs_period_us", p)) return 0;
  return cpus_for(std::strtod(q.c_str(), nullptr), std::strtod(p.c_str(), nullptr));
}

}  // namespace

int cgroup_cpu_limit(const std::string& root, const std::string& proc_self_cgroup) {
  int limit = 0;
  std::istringstream lines(proc_self_cgroup);
  std::string line;
  // Lines "ID:CONTROLLERS:PATH"; v2 is "0::PATH", v1 names "cpu" among its controllers.
  while (std::getline(lines, line)) {
    const auto c1 = line.find(':');
    const auto c2 = c1 == std::string::npos ? c1 : line.find(':', c1 + 1);
    if (c2 == std::string::npos) continue;
    const std::string controllers = line.substr(c1 + 1, c2 - c1 - 1), path = line.substr(c2 + 1);
    if (controllers.empty()) {
      for (const auto& p : path_and_ancestors(path)) limit = min_limit(limit, v2_limit(root + p));
      continue;
    }
    bool cpu = false;
    std::istringstream names(controllers);
    for (std::string n; std::getline(names, n, ',');) cpu |= n == "cpu";
    if (!cpu) continue;
    // v1 mounts the cpu controller at root/cpu,cpuacct (or root/cpu); inside a
    // container the process's own cgroup is often the mount's root.
    for (const char* mount : {"/cpu,cpuacct", "/cpu", "/cpuacct,cpu"}) {
      for (const auto& p : path_and_ancestors(path)) limit = min_limit(limit, v1_limit(root + mount + p));
    }
  }
  return limit;
}

int affinity_cpu_count() noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  return CPU_COUNT(&set);
}

int usable_cpu_count() noexcept {
  try {
    int n = affinity_cpu_count();
    if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
    const char* root = std::getenv("PARMOD_CGROUP_ROOT");
    std::string self;
    if (read_file("/proc/self/cgroup", self)) n = min_limit(n, cgroup_cpu_limit(root && *root ? root : "/sys/fs/cgroup", self));
    return n > 0 ? n : 1;
  } catch (...) {  // out of memory reading a few small files
    const unsigned c = std::thread::hardware_concurrency();
    return c ? static_cast<int>(c) : 1;
  }
}

}  // namespace parmod::runtime

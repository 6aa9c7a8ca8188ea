#include "runtime/thread_count.hpp"

#include <atomic>
#include <cstdlib>

#include "runtime/cpu_quota.hpp"

namespace parmod::runtime {
namespace {

std::atomic<int> g_default{0};

int env_count(const char* name) noexcept {
  const char* s = std::getenv(name);
  if (!s || !*s) return 0;
  char* end = nullptr;
  long v = std::strtol(s, &end, 10);
  // OMP_NUM_THREADS may be a list ("4,2"): its first entry counts.
  if (end == s || (*end != '\0' && *end != ',') || v <= 0 || v > 4096) return 0;
  return static_cast<int>(v);
}

}  // namespace

int core_count() noexcept {
  // Reads /proc and /sys (tens of microseconds): once per process.
  static const int cores = usable_cpu_count();
  return cores;
}

int default_thread_count() noexcept {
  if (int d = g_default.load(std::memory_order_relaxed); d > 0) return d;
  if (int e = env_count("PARMOD_NUM_THREADS")) return e;
  if (int e = env_count("OMP_NUM_THREADS")) return e;
  return core_count();
}

int resolve_thread_count(int requested) noexcept {
  return requested > 0 ? requested : default_thread_count();
}

void set_default_thread_count(int n) noexcept { g_default.store(n > 0 ? n : 0, std::memory_order_relaxed); }

}  // namespace parmod::runtime

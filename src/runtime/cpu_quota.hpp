// runtime/cpu_quota.hpp - how many CPUs this process may use: the CPUs in its
// affinity mask (sched_getaffinity), capped by the cgroup CPU quota, as Go's
// runtime (GOMAXPROCS from the cgroup limit) and CPython 3.13's
// os.process_cpu_count do.
//
// The quota: cgroup v2 "cpu.max" ("QUOTA PERIOD" or "max PERIOD") of the
// process's cgroup and its ancestors, or cgroup v1 "cpu.cfs_quota_us" /
// "cpu.cfs_period_us" (quota -1: none).  The smallest limit on the path wins;
// quota / period is rounded up (1.5 CPUs allow 2 threads) and is at least 1.
#pragma once

#include <string>

namespace parmod::runtime {

// The CPUs the quota under `cgroup_root` (normally "/sys/fs/cgroup") allows
// the cgroup named by `proc_self_cgroup` (the text of /proc/self/cgroup);
// 0 when no quota applies or nothing can be read.  Reads files only; for
// tests, any directory laid out like /sys/fs/cgroup works.
int cgroup_cpu_limit(const std::string& cgroup_root, const std::string& proc_self_cgroup);

// The CPUs in this thread's affinity mask (sched_getaffinity), 0 if unknown.
int affinity_cpu_count() noexcept;

// min(affinity, cgroup quota) as the running process sees them, at least 1;
// falls back to std::thread::hardware_concurrency().  Environment
// PARMOD_CGROUP_ROOT replaces /sys/fs/cgroup (for tests).
int usable_cpu_count() noexcept;

}  // namespace parmod::runtime

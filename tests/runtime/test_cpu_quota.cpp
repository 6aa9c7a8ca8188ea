// Tests for runtime/cpu_quota.cpp: the cgroup v1 and v2 quota under a fake
// cgroup root, and the affinity mask.
#include "runtime/cpu_quota.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "runtime/thread_count.hpp"

namespace {
namespace fs = std::filesystem;
using parmod::runtime::cgroup_cpu_limit;

struct FakeRoot {
  fs::path root;
  FakeRoot() {
    root = fs::temp_directory_path() / ("parmod-cgroup-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~FakeRoot() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) const {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
  std::string str() const { return root.string(); }
};

TEST(CpuQuota, V2QuotaRoundsUp) {
  FakeRoot r;
  r.write("app/cpu.max", "150000 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/app\n"), 2);  // 1.5 CPUs: 2 threads, as Go and CPython
  r.write("app/cpu.max", "100000 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/app\n"), 1);
  r.write("app/cpu.max", "1000 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/app\n"), 1);  // at least one
  r.write("app/cpu.max", "max 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/app\n"), 0);  // no quota
}

TEST(CpuQuota, V2SmallestLimitOnThePathWins) {
  FakeRoot r;
  r.write("a/cpu.max", "300000 100000\n");
  r.write("a/b/cpu.max", "max 100000\n");
  r.write("a/b/c/cpu.max", "500000 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/a/b/c\n"), 3);
  // A container's own cgroup is the mount's root: the root's file counts.
  r.write("cpu.max", "250000 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/host/path/not/here\n"), 3);
}

TEST(CpuQuota, V1QuotaAndPeriod) {
  FakeRoot r;
  r.write("cpu,cpuacct/job/cpu.cfs_quota_us", "250000\n");
  r.write("cpu,cpuacct/job/cpu.cfs_period_us", "100000\n");
  const std::string self = "12:memory:/job\n4:cpu,cpuacct:/job\n0::/\n";
  EXPECT_EQ(cgroup_cpu_limit(r.str(), self), 3);
  r.write("cpu,cpuacct/job/cpu.cfs_quota_us", "-1\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), self), 0);
  // Separate "cpu" mount (as this CI host lays it out).
  r.write("cpu/job/cpu.cfs_quota_us", "100000\n");
  r.write("cpu/job/cpu.cfs_period_us", "100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "1:cpu:/job\n"), 1);
}

TEST(CpuQuota, NothingReadableMeansNoLimit) {
  FakeRoot r;
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/x\n"), 0);
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "garbage"), 0);
  EXPECT_EQ(cgroup_cpu_limit(r.str(), ""), 0);
  r.write("x/cpu.max", "abc 100000\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/x\n"), 0);
  r.write("x/cpu.max", "100000 0\n");
  EXPECT_EQ(cgroup_cpu_limit(r.str(), "0::/x\n"), 0);
}

TEST(CpuQuota, AffinityMaskIsCounted) {
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  EXPECT_EQ(parmod::runtime::affinity_cpu_count(), CPU_COUNT(&set));
  EXPECT_GE(parmod::runtime::usable_cpu_count(), 1);
  EXPECT_LE(parmod::runtime::usable_cpu_count(), CPU_COUNT(&set));
}

}  // namespace

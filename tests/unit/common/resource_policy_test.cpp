#include "common/resource/resource_policy.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "quiver/byte_size.h"
#include "common/resource/cgroup_limits.h"
#include "common/resource/machine_probe.h"
#include "common/resource/meminfo.h"

namespace quiver {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kGiB = uint64_t{1} << 30;

fs::path TestTempBase() {
  const char* dir = std::getenv("QUIVER_TEST_TMPDIR");
  fs::path base = dir != nullptr && *dir != '\0' ? fs::path(dir) : fs::temp_directory_path();
  fs::create_directories(base);
  return base;
}

// A fake machine: a root directory holding proc/ and sys/fs/cgroup/ files, an injected
// affinity count and an injected environment. Removed on destruction.
class FakeMachine {
 public:
  FakeMachine() {
    static std::atomic<int> counter{0};
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = TestTempBase() / ("fake_machine_" + std::to_string(::getpid()) + "_" + info->name() + "_" +
                              std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
    probe_.SetRoot(root_.string()).SetAffinityCores(8).SetEnvironment({});
    // 16 GiB machine with 12 GiB available, in the root cgroup v2.
    Write("/proc/meminfo",
          "MemTotal:       16777216 kB\nMemFree:         1000 kB\nMemAvailable:   12582912 kB\n");
    Write("/proc/self/cgroup", "0::/\n");
  }
  ~FakeMachine() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  void Write(const std::string& absolute_path, const std::string& contents) {
    const fs::path path = root_ / absolute_path.substr(1);
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << contents;
  }
  void Remove(const std::string& absolute_path) { fs::remove(root_ / absolute_path.substr(1)); }
  void SetEnv(const std::string& name, const std::string& value) {
    env_[name] = value;
    probe_.SetEnvironment(env_);
  }

  MachineProbe& probe() { return probe_; }

  ResourcePolicy Derive(const ResourceOverrides& overrides = {}) {
    Result<ResourcePolicy> policy = ResourcePolicy::Derive(probe_, overrides);
    EXPECT_TRUE(policy.ok()) << policy.status().ToString();
    return std::move(policy).value();
  }

 private:
  fs::path root_;
  MachineProbe probe_;
  std::map<std::string, std::string> env_;
};

// ---- sizes -------------------------------------------------------------------------

TEST(ByteSizeTest, ParsesPlainBytesAndBinaryUnits) {
  EXPECT_EQ(*ParseByteSize("1048576"), 1048576u);
  EXPECT_EQ(*ParseByteSize("0"), 0u);
  EXPECT_EQ(*ParseByteSize("512M"), 512 * kMiB);
  EXPECT_EQ(*ParseByteSize("4G"), 4 * kGiB);
  EXPECT_EQ(*ParseByteSize("1.5GiB"), 1610612736u);
  EXPECT_EQ(*ParseByteSize("1.5G"), 1610612736u);
  EXPECT_EQ(*ParseByteSize(" 64 mib "), 64 * kMiB);
  EXPECT_EQ(*ParseByteSize("2KB"), 2048u);
  EXPECT_EQ(*ParseByteSize("3k"), 3072u);
  EXPECT_EQ(*ParseByteSize("1T"), uint64_t{1} << 40);
  EXPECT_EQ(*ParseByteSize("1P"), uint64_t{1} << 50);
  EXPECT_EQ(*ParseByteSize("10B"), 10u);
  EXPECT_EQ(*ParseByteSize("0.1K"), 102u);  // rounded down to whole bytes
  EXPECT_EQ(*ParseByteSize("18446744073709551615"), UINT64_MAX);
}

TEST(ByteSizeTest, ALimitIsASizeOrZeroOrNone) {
  EXPECT_EQ(*ParseByteLimit("0"), 0u);
  EXPECT_EQ(*ParseByteLimit(" none "), 0u);
  EXPECT_EQ(*ParseByteLimit("16M"), uint64_t{16} << 20);
  EXPECT_FALSE(ParseByteLimit("lots").ok());
}

TEST(ByteSizeTest, RejectsMalformedSizesWithClearErrors) {
  for (const char* bad :
       {"", "  ", "abc", "-1G", "+1G", ".5G", "1.G", "1..5G", "4X", "4 GB extra", "1GiBB", "0x10"}) {
    Result<uint64_t> r = ParseByteSize(bad);
    ASSERT_FALSE(r.ok()) << "'" << bad << "'";
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_THAT(r.status().message(), HasSubstr(std::string("'") + bad + "'"));
  }
  EXPECT_THAT(ParseByteSize("4X").status().message(), HasSubstr("unknown unit 'X'"));
  EXPECT_THAT(ParseByteSize("18446744073709551616").status().message(), HasSubstr("too large"));
  EXPECT_THAT(ParseByteSize("16384P").status().message(), HasSubstr("too large"));
}

TEST(ByteSizeTest, FormatsWithTheLargestUnit) {
  EXPECT_EQ(FormatBytes(0), "0 B");
  EXPECT_EQ(FormatBytes(1023), "1023 B");
  EXPECT_EQ(FormatBytes(1024), "1 KiB");
  EXPECT_EQ(FormatBytes(1536), "1.5 KiB");
  EXPECT_EQ(FormatBytes(64 * kMiB), "64 MiB");
  EXPECT_EQ(FormatBytes(1610612736), "1.5 GiB");
  EXPECT_EQ(FormatBytes(kGiB + kGiB / 4), "1.25 GiB");
  EXPECT_EQ(FormatBytes(kGiB - 1), "1 GiB");  // 1023.999 MiB rounds up a unit
  EXPECT_EQ(FormatBytes(UINT64_MAX), "16 EiB");
  for (uint64_t v : {uint64_t{512} * kMiB, 4 * kGiB, uint64_t{1610612736}}) {
    EXPECT_EQ(*ParseByteSize(FormatBytes(v)), v);
  }
}

// ---- machine reads -----------------------------------------------------------------

TEST(MemInfoTest, ParsesTotalAndAvailable) {
  MemInfo m = ParseMemInfo("MemTotal:  100 kB\nMemFree: 5 kB\nMemAvailable:   40 kB\n");
  EXPECT_EQ(m.total_bytes, 100u * 1024);
  EXPECT_EQ(m.available_bytes, 40u * 1024);
  MemInfo old_kernel = ParseMemInfo("MemTotal:  100 kB\n");
  EXPECT_FALSE(old_kernel.available_bytes.has_value());
}

TEST(MachineProbeTest, ReadsUnderRootAndInjectedEnvironment) {
  FakeMachine m;
  m.Write("/some/file", "hello");
  EXPECT_EQ(m.probe().ReadFile("/some/file"), "hello");
  EXPECT_FALSE(m.probe().ReadFile("/some/missing").has_value());
  EXPECT_EQ(m.probe().AffinityCores(), 8u);
  m.SetEnv("QUIVER_THREADS", "3");
  EXPECT_EQ(m.probe().GetEnv("QUIVER_THREADS"), "3");
  EXPECT_FALSE(m.probe().GetEnv("PATH").has_value());  // the injected map is the whole environment
}

TEST(MachineProbeTest, RealMachineHasAtLeastOneCore) {
  MachineProbe probe;
  EXPECT_GE(probe.AffinityCores(), 1u);
  EXPECT_TRUE(probe.ReadFile("/proc/self/status").has_value());
}

// ---- cores ---------------------------------------------------------------------------

TEST(ResourcePolicyTest, CoresFromAffinityWithoutCgroupLimits) {
  FakeMachine m;
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 8u);
  EXPECT_EQ(p.cores().source, PolicySource::kDerivedAffinity);
  EXPECT_THAT(p.cores().description, HasSubstr("affinity"));
}

TEST(ResourcePolicyTest, CpuMaxBelowAffinityLimitsCoresRoundingUp) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/cpu.max", "150000 100000\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 2u);  // 1.5 CPUs round up to 2
  EXPECT_EQ(p.cores().source, PolicySource::kCgroupCpuMax);
  EXPECT_THAT(p.cores().description, HasSubstr("cgroup cpu.max (150000 100000)"));
  EXPECT_EQ(p.machine().cgroup_cpu_cores, 2u);
}

TEST(ResourcePolicyTest, TinyCpuQuotaStillGivesOneCore) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/cpu.max", "1000 100000\n");
  EXPECT_EQ(m.Derive().cores().value, 1u);
}

TEST(ResourcePolicyTest, CpuMaxAboveAffinityOrMaxLeavesAffinity) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/cpu.max", "1600000 100000\n");
  EXPECT_EQ(m.Derive().cores().source, PolicySource::kDerivedAffinity);
  m.Write("/sys/fs/cgroup/cpu.max", "max 100000\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 8u);
  EXPECT_EQ(p.cores().source, PolicySource::kDerivedAffinity);
  EXPECT_FALSE(p.machine().cgroup_cpu_cores.has_value());
}

TEST(ResourcePolicyTest, NestedCgroupTakesTheTightestAncestor) {
  FakeMachine m;
  m.Write("/proc/self/cgroup", "0::/a/b/c\n");
  m.Write("/sys/fs/cgroup/a/cpu.max", "300000 100000\n");
  m.Write("/sys/fs/cgroup/a/b/cpu.max", "500000 100000\n");
  m.Write("/sys/fs/cgroup/a/b/c/cpu.max", "max 100000\n");
  m.Write("/sys/fs/cgroup/a/memory.max", std::to_string(kGiB) + "\n");
  m.Write("/sys/fs/cgroup/a/b/c/memory.max", "max\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 3u);
  EXPECT_THAT(p.cores().description, HasSubstr("/sys/fs/cgroup/a"));
  EXPECT_EQ(p.memory_limit().value, kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kCgroupMemoryMax);

  // A child stricter than its parent wins.
  m.Write("/sys/fs/cgroup/a/b/c/cpu.max", "100000 100000\n");
  EXPECT_EQ(m.Derive().cores().value, 1u);
}

TEST(ResourcePolicyTest, MalformedCgroupFileIsIgnoredWithANote) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/cpu.max", "lots\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 8u);
  ASSERT_EQ(p.machine().notes.size(), 1u);
  EXPECT_THAT(p.machine().notes[0], HasSubstr("cpu.max"));
}

// ---- memory --------------------------------------------------------------------------

TEST(ResourcePolicyTest, MemoryFromMemAvailableWithoutCgroupLimit) {
  FakeMachine m;
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.memory_limit().value, 12 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kMemAvailable);
  EXPECT_EQ(p.machine().mem_total_bytes, 16 * kGiB);
  EXPECT_EQ(p.memory_budget().value, 6 * kGiB);
  EXPECT_EQ(p.memory_budget().source, PolicySource::kDerived);
}

TEST(ResourcePolicyTest, MemoryMaxBelowAvailableWins) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/memory.max", std::to_string(2 * kGiB) + "\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.memory_limit().value, 2 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kCgroupMemoryMax);
  EXPECT_THAT(p.memory_limit().description, HasSubstr("memory.max"));
  EXPECT_EQ(p.memory_budget().value, kGiB);
}

TEST(ResourcePolicyTest, MemoryMaxAboveAvailableLeavesAvailable) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/memory.max", std::to_string(14 * kGiB) + "\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.memory_limit().value, 12 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kMemAvailable);
  EXPECT_EQ(p.machine().cgroup_memory_bytes, 14 * kGiB);
}

TEST(ResourcePolicyTest, MemTotalWhenNoMemAvailableAndDefaultWhenNothing) {
  FakeMachine m;
  m.Write("/proc/meminfo", "MemTotal: 4194304 kB\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.memory_limit().value, 4 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kMemTotal);

  m.Remove("/proc/meminfo");
  ResourcePolicy q = m.Derive();
  EXPECT_EQ(q.memory_limit().value, kFallbackMemoryBytes);
  EXPECT_EQ(q.memory_limit().source, PolicySource::kDefault);
}

// ---- cgroup v1 and mount tables --------------------------------------------------------

TEST(ResourcePolicyTest, CgroupV1LimitsOnAHybridHost) {
  FakeMachine m;
  m.Write("/proc/self/mountinfo",
          "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
          "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n"
          "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
          "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n");
  m.Write("/proc/self/cgroup", "4:memory:/job/x\n1:cpu,cpuacct:/job/x\n0::/job/x\n");
  m.Write("/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us", "250000\n");
  m.Write("/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us", "100000\n");
  m.Write("/sys/fs/cgroup/cpu,cpuacct/job/x/cpu.cfs_quota_us", "-1\n");
  m.Write("/sys/fs/cgroup/memory/job/x/memory.limit_in_bytes", std::to_string(3 * kGiB) + "\n");
  m.Write("/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");  // v1 "unlimited"
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 3u);
  EXPECT_EQ(p.cores().source, PolicySource::kCgroupCpuQuota);
  EXPECT_EQ(p.memory_limit().value, 3 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kCgroupMemoryLimit);
}

TEST(ResourcePolicyTest, CgroupPathIsTakenRelativeToTheMountRoot) {
  // A container sees only its own subtree: the mount's root is /ctr, its cgroup /ctr/sub.
  FakeMachine m;
  m.Write("/proc/self/mountinfo", "40 31 0:38 /ctr /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw\n");
  m.Write("/proc/self/cgroup", "0::/ctr/sub\n");
  m.Write("/sys/fs/cgroup/cpu.max", "200000 100000\n");     // the container's own limit
  m.Write("/sys/fs/cgroup/sub/memory.max", "536870912\n");  // and its child's
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.cores().value, 2u);
  EXPECT_EQ(p.memory_limit().value, 512 * kMiB);
}

// ---- budget and workers ---------------------------------------------------------------

TEST(ResourcePolicyTest, WorkersBoundedByCoresAndByBudget) {
  FakeMachine m;  // 8 cores, 6 GiB budget: memory allows 96 workers, cores 8
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.worker_buffer().value, kDefaultWorkerBufferBytes);
  EXPECT_EQ(p.worker_buffer().source, PolicySource::kDefault);
  EXPECT_EQ(p.workers().value, 8u);
  EXPECT_EQ(p.workers().source, PolicySource::kDerived);
  EXPECT_TRUE(p.warnings().empty());

  // 256 MiB limit -> 128 MiB budget -> two 64 MiB workers although there are 8 cores.
  m.Write("/sys/fs/cgroup/memory.max", std::to_string(256 * kMiB) + "\n");
  ResourcePolicy q = m.Derive();
  EXPECT_EQ(q.memory_budget().value, 128 * kMiB);
  EXPECT_EQ(q.workers().value, 2u);
  EXPECT_THAT(q.workers().description, HasSubstr("= 2"));
}

TEST(ResourcePolicyTest, AtLeastOneWorkerEvenWhenOneBufferExceedsTheBudget) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/memory.max", std::to_string(64 * kMiB) + "\n");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.memory_budget().value, 32 * kMiB);
  EXPECT_EQ(p.workers().value, 1u);
  ASSERT_EQ(p.warnings().size(), 1u);
  EXPECT_THAT(p.warnings()[0], HasSubstr("exceed the memory budget"));
}

// ---- overrides --------------------------------------------------------------------------

TEST(ResourcePolicyTest, EnvironmentOverridesTheMachine) {
  FakeMachine m;
  m.SetEnv("QUIVER_THREADS", "3");
  m.SetEnv("QUIVER_MEMORY_LIMIT", "4G");
  m.SetEnv("QUIVER_WORKER_BUFFER", "1.5GiB");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.workers().value, 3u);
  EXPECT_EQ(p.workers().source, PolicySource::kEnvironment);
  EXPECT_EQ(p.workers().description, "environment QUIVER_THREADS=3");
  EXPECT_EQ(p.memory_limit().value, 4 * kGiB);
  EXPECT_EQ(p.memory_limit().source, PolicySource::kEnvironment);
  EXPECT_EQ(p.memory_budget().value, 2 * kGiB);  // still derived, from the overridden limit
  EXPECT_EQ(p.memory_budget().source, PolicySource::kDerived);
  EXPECT_EQ(p.worker_buffer().value, 1610612736u);
  EXPECT_EQ(p.worker_buffer().source, PolicySource::kEnvironment);

  m.SetEnv("QUIVER_MEMORY_BUDGET", "512M");
  ResourcePolicy q = m.Derive();
  EXPECT_EQ(q.memory_budget().value, 512 * kMiB);
  EXPECT_EQ(q.memory_budget().source, PolicySource::kEnvironment);
}

TEST(ResourcePolicyTest, DerivedWorkersFollowAnOverriddenBufferAndBudget) {
  FakeMachine m;
  m.SetEnv("QUIVER_MEMORY_BUDGET", "1G");
  m.SetEnv("QUIVER_WORKER_BUFFER", "256M");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.workers().value, 4u);
  EXPECT_EQ(p.workers().source, PolicySource::kDerived);
}

TEST(ResourcePolicyTest, OptionsBeatEnvironment) {
  FakeMachine m;
  m.SetEnv("QUIVER_THREADS", "3");
  m.SetEnv("QUIVER_MEMORY_LIMIT", "4G");
  m.SetEnv("QUIVER_MEMORY_BUDGET", "512M");
  m.SetEnv("QUIVER_WORKER_BUFFER", "16M");
  ResourceOverrides o;
  o.cores = 4;
  o.workers = 2;
  o.memory_limit_bytes = 8 * kGiB;
  o.memory_budget_bytes = kGiB;
  o.worker_buffer_bytes = 32 * kMiB;
  ResourcePolicy p = m.Derive(o);
  EXPECT_EQ(p.cores().value, 4u);
  EXPECT_EQ(p.workers().value, 2u);
  EXPECT_EQ(p.memory_limit().value, 8 * kGiB);
  EXPECT_EQ(p.memory_budget().value, kGiB);
  EXPECT_EQ(p.worker_buffer().value, 32 * kMiB);
  for (PolicySource s : {p.cores().source, p.workers().source, p.memory_limit().source,
                         p.memory_budget().source, p.worker_buffer().source}) {
    EXPECT_EQ(s, PolicySource::kOption);
  }
}

TEST(ResourcePolicyTest, EmptyOrAutoEnvironmentMeansDerive) {
  FakeMachine m;
  m.SetEnv("QUIVER_THREADS", "auto");
  m.SetEnv("QUIVER_MEMORY_BUDGET", "");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.workers().source, PolicySource::kDerived);
  EXPECT_EQ(p.memory_budget().source, PolicySource::kDerived);
}

TEST(ResourcePolicyTest, BadEnvironmentValueIsAnErrorNamingTheVariable) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"QUIVER_THREADS", "abc"},       {"QUIVER_THREADS", "0"},         {"QUIVER_THREADS", "2.5"},
      {"QUIVER_THREADS", "100000"},    {"QUIVER_MEMORY_BUDGET", "4X"},  {"QUIVER_MEMORY_BUDGET", "0"},
      {"QUIVER_MEMORY_LIMIT", "lots"}, {"QUIVER_WORKER_BUFFER", "-1M"},
  };
  for (const auto& [name, value] : cases) {
    FakeMachine m;
    m.SetEnv(name, value);
    Result<ResourcePolicy> p = ResourcePolicy::Derive(m.probe());
    ASSERT_FALSE(p.ok()) << name << "=" << value;
    EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
    EXPECT_THAT(p.status().message(), HasSubstr(name));
    EXPECT_THAT(p.status().message(), HasSubstr(value));
  }
}

TEST(ResourcePolicyTest, ZeroOptionIsAnError) {
  FakeMachine m;
  ResourceOverrides o;
  o.workers = 0;
  EXPECT_EQ(ResourcePolicy::Derive(m.probe(), o).status().code(), StatusCode::kInvalidArgument);
  ResourceOverrides b;
  b.worker_buffer_bytes = 0;
  EXPECT_EQ(ResourcePolicy::Derive(m.probe(), b).status().code(), StatusCode::kInvalidArgument);
}

TEST(ResourcePolicyTest, WarnsAboutOversubscriptionAndBudgetAboveLimit) {
  FakeMachine m;
  m.SetEnv("QUIVER_THREADS", "16");
  m.SetEnv("QUIVER_MEMORY_BUDGET", "20G");
  ResourcePolicy p = m.Derive();
  EXPECT_EQ(p.workers().value, 16u);   // an explicit value is honoured...
  ASSERT_EQ(p.warnings().size(), 2u);  // ...but flagged
  EXPECT_THAT(p.warnings()[0], HasSubstr("exceeds the memory limit"));
  EXPECT_THAT(p.warnings()[1], HasSubstr("16 workers on 8 cores"));
}

// ---- reporting -----------------------------------------------------------------------------

TEST(ResourcePolicyTest, DescribeNamesEveryValueAndItsSource) {
  FakeMachine m;
  m.Write("/sys/fs/cgroup/cpu.max", "200000 100000\n");
  m.SetEnv("QUIVER_WORKER_BUFFER", "32M");
  std::vector<std::string> lines = m.Derive().Describe();
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_THAT(lines[0], HasSubstr("cores:"));
  EXPECT_THAT(lines[0], HasSubstr("cgroup cpu.max (200000 100000)"));
  EXPECT_THAT(lines[1], HasSubstr("memory limit:"));
  EXPECT_THAT(lines[1], HasSubstr("12 GiB"));
  EXPECT_THAT(lines[1], HasSubstr("MemAvailable"));
  EXPECT_THAT(lines[2], HasSubstr("memory budget:"));
  EXPECT_THAT(lines[2], HasSubstr("50%"));
  EXPECT_THAT(lines[3], HasSubstr("workers:"));
  EXPECT_THAT(lines[4], HasSubstr("QUIVER_WORKER_BUFFER=32M"));
}

TEST(ResourcePolicyTest, JsonHasEveryValueWithSource) {
  FakeMachine m;
  nlohmann::json j = m.Derive().ToJson();
  for (const char* key :
       {"cores", "memory_limit_bytes", "memory_budget_bytes", "workers", "worker_buffer_bytes"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_TRUE(j[key]["value"].is_number_unsigned()) << key;
    EXPECT_TRUE(j[key]["source"].is_string()) << key;
    EXPECT_TRUE(j[key]["description"].is_string()) << key;
  }
  EXPECT_EQ(j["cores"]["source"], "affinity");
  EXPECT_EQ(j["memory_limit_bytes"]["value"], 12 * kGiB);
  EXPECT_EQ(j["machine"]["mem_total_bytes"], 16 * kGiB);
  EXPECT_TRUE(j["machine"]["cgroup_memory_bytes"].is_null());
  EXPECT_TRUE(j["warnings"].is_array());
}

TEST(ResourcePolicyTest, RealMachineDerivesSanePolicy) {
  MachineProbe probe;
  probe.SetEnvironment({});  // hermetic against a developer's QUIVER_* variables
  Result<ResourcePolicy> p = ResourcePolicy::Derive(probe);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_GE(p->cores().value, 1u);
  EXPECT_LE(p->cores().value, probe.AffinityCores());
  EXPECT_GT(p->memory_limit().value, 0u);
  EXPECT_GE(p->workers().value, 1u);
  EXPECT_LE(p->workers().value, p->cores().value);
}

}  // namespace
}  // namespace quiver

#include "bench/machine_info.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace quiver::bench {
namespace {

TEST(MachineInfoTest, ParsesTheFirstCpuModel) {
  EXPECT_EQ(ParseCpuModel("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Processor\n"
                          "processor\t: 1\nmodel name\t: Other\n"),
            "Intel(R) Xeon(R) Processor");
  EXPECT_EQ(ParseCpuModel("processor : 0\n"), "");
}

TEST(MachineInfoTest, ParsesTheLoadAverage) {
  auto l = ParseLoadAverage("0.52 1.58 2.59 1/467 12345\n");
  ASSERT_TRUE(l.has_value());
  EXPECT_DOUBLE_EQ(l->one, 0.52);
  EXPECT_DOUBLE_EQ(l->fifteen, 2.59);
  EXPECT_FALSE(ParseLoadAverage("garbage").has_value());
}

TEST(MachineInfoTest, ProbeReportsThisMachineAndTheBuild) {
  const MachineInfo m = MachineInfo::Probe();
  EXPECT_GT(m.logical_cpus, 0u);
  EXPECT_GT(m.mem_total_bytes, 0u);
  EXPECT_FALSE(m.cpu_model.empty());
  EXPECT_TRUE(m.ToJson().contains("load_average"));
  const nlohmann::json b = BuildJson();
  EXPECT_FALSE(b["git_commit"].get<std::string>().empty());
}

}  // namespace
}  // namespace quiver::bench

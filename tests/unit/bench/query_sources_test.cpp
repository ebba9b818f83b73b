#include "bench/query_sources.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace quiver::bench {
namespace {

TEST(QuerySourcesTest, OnlyVerticesWithOutEdgesDeterministically) {
  std::vector<uint8_t> has(1000, 0);
  for (size_t v = 0; v < has.size(); v += 7) has[v] = 1;
  const auto a = PickSources(has, 42, 500);
  const auto b = PickSources(has, 42, 500);
  const auto c = PickSources(has, 43, 500);
  ASSERT_EQ(a.size(), 500u);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (uint64_t v : a) EXPECT_EQ(v % 7, 0u) << v;
  // A prefix of a longer list is the shorter list: every query shape shares the sources.
  const auto shorter = PickSources(has, 42, 100);
  EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), a.begin()));
}

TEST(QuerySourcesTest, NoneWhenNoVertexQualifies) {
  EXPECT_TRUE(PickSources(std::vector<uint8_t>(10, 0), 1, 5).empty());
  EXPECT_TRUE(PickSources({}, 1, 5).empty());
}

TEST(QuerySourcesTest, RoundTripsThroughAFile) {
  const char* base = std::getenv("QUIVER_TEST_TMPDIR");
  const std::string dir = std::string(base ? base : "/tmp") + "/query_sources_test";
  std::filesystem::create_directories(dir);
  const std::vector<uint64_t> sources{5, 1, 5, 99};
  ASSERT_TRUE(WriteSources(dir + "/sources.json", 7, sources).ok());
  auto back = ReadSources(dir + "/sources.json");
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, sources);
  EXPECT_FALSE(ReadSources(dir + "/missing.json").ok());
}

}  // namespace
}  // namespace quiver::bench

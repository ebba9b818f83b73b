// LabelSets: per-node labels that repeat are kept as runs (no memory per node), and
// however a node's labels arrived, the labels file is the same.
#include <gtest/gtest.h>

#include "ingest/label_sets.h"
#include "test_util/temp_dir.h"

namespace quiver::ingest {
namespace {

using quiver::testing::TempDir;

std::string WriteLabels(const LabelSets& l, const std::string& dir, uint32_t label_count) {
  EXPECT_TRUE(Env::Default()->CreateDirs(dir).ok());
  storage::DatabaseId id{};
  storage::GenerationWriter w(Env::Default(), dir, id, 1, l.node_count());
  EXPECT_TRUE(l.Write(&w, label_count).ok());
  return *ReadFileToString(Env::Default(), dir + "/" + std::string(storage::kLabelsFileName));
}

TEST(LabelSetsTest, RepeatedPerNodeSetsTakeNoMemoryPerNode) {
  LabelSets runs;
  const uint32_t person = runs.Intern({0});
  const uint32_t both = runs.Intern({1, 0});
  std::vector<uint32_t> sets(100000, person);
  std::fill(sets.begin() + 60000, sets.end(), both);  // two runs
  runs.AppendPerNode(sets);
  EXPECT_EQ(runs.node_count(), 100000u);
  EXPECT_LT(runs.MemoryBytes(), 1000u);

  LabelSets mixed;  // every node differs from the last: one id per node is the cheaper form
  const uint32_t a = mixed.Intern({0}), b = mixed.Intern({1});
  std::vector<uint32_t> alternating(100000);
  for (size_t i = 0; i < alternating.size(); ++i) alternating[i] = i % 2 ? a : b;
  mixed.AppendPerNode(alternating);
  EXPECT_GE(mixed.MemoryBytes(), 4 * alternating.size());
}

TEST(LabelSetsTest, RunsPerNodeIdsAndErasureWriteTheSameFile) {
  TempDir dir;
  // 3000 nodes: 1000 {0}, 1000 alternating {1}/{0,1}, 1000 {}; node 1500 and 2999 dropped.
  std::vector<uint32_t> labels_of[3] = {{0}, {1}, {0, 1}};
  auto set_of = [&](uint64_t i) -> std::vector<uint32_t> {
    if (i < 1000) return labels_of[0];
    if (i < 2000) return i % 2 ? labels_of[1] : labels_of[2];
    return {};
  };
  LabelSets per_node;
  {
    std::vector<uint32_t> ids;
    for (uint64_t i = 0; i < 3000; ++i) ids.push_back(per_node.Intern(set_of(i)));
    per_node.AppendPerNode(ids);
    const std::vector<uint64_t> drop = {1500, 2999};
    per_node.Erase(drop);
  }
  LabelSets expected;  // the same nodes, appended without the dropped ones
  for (uint64_t i = 0; i < 3000; ++i) {
    if (i == 1500 || i == 2999) continue;
    expected.AppendUniform(1, expected.Intern(set_of(i)));
  }
  ASSERT_EQ(per_node.node_count(), 2998u);
  const std::string got = WriteLabels(per_node, dir.Join("a"), 2);
  EXPECT_FALSE(got.empty());
  EXPECT_TRUE(got == WriteLabels(expected, dir.Join("b"), 2));
}

}  // namespace
}  // namespace quiver::ingest

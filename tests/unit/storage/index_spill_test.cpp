// A property index built within a memory budget (storage/index_entry_sorter.h): past the
// budget the entries are sorted into runs in the scratch directory and merged into the
// file's sections, and the file is byte for byte the unbounded build's; the runs are
// gone afterwards, after a failure too.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "common/file/fault_injection_env.h"
#include "storage/index_generation.h"
#include "test_graphs.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

namespace fs = std::filesystem;
using PV = PropertyValue;
using testing::Model;

// Nodes labelled V (most) or W with an integer `id`, a string `name` of a few thousand
// values (many equal keys: ties broken by node id) and a composite-friendly `group`.
Model Generated(uint64_t n) {
  std::mt19937_64 rng(7);
  Model m;
  for (uint64_t i = 0; i < n; ++i) {
    testing::ModelNode node;
    node.labels = {rng() % 5 != 0 ? "V" : "W"};
    node.props.emplace_back("id", PV(static_cast<int64_t>(rng() % (n * 4))));
    if (rng() % 3 != 0) node.props.emplace_back("name", PV("n" + std::to_string(rng() % 3000)));
    if (rng() % 2 == 0) node.props.emplace_back("group", PV(static_cast<double>(rng() % 50) / 4));
    m.nodes.push_back(std::move(node));
  }
  return m;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

class IndexSpillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DatabaseOptions o;
    o.create_if_missing = true;
    auto db = DatabaseDir::Open(Env::Default(), dir_.Join("db"), o);
    ASSERT_TRUE(db.ok()) << db.status().ToString();
    db_ = std::move(db).value();
    ASSERT_TRUE(testing::PublishModel(db_.get(), Generated(40000)).ok());
    base_ = *db_->Pin();
  }
  IndexDefinition Definition(std::string name, std::vector<std::string> keys) {
    IndexDefinition d;
    d.name = std::move(name);
    d.token = *base_->FindLabel("V");
    for (const auto& k : keys) d.keys.push_back(*base_->FindPropertyKey(k));
    return d;
  }
  // The index file that `data` writes, as bytes.
  std::string FileOf(const PropertyIndexData& data, const std::string& name) {
    const std::string path = dir_.Join(name);
    FileIdentity identity;
    identity.kind = FileKind::kPropertyIndex;
    auto w = SectionFileWriter::Create(Env::Default(), path, identity);
    EXPECT_TRUE(w.ok()) << w.status().ToString();
    if (!w.ok()) return "";
    EXPECT_TRUE(WritePropertyIndex(w->get(), data, base_->manifest().node_id_width).ok());
    EXPECT_TRUE((*w)->Finish().ok());
    return ReadAll(path);
  }
  std::string Scratch() const { return JoinPath(db_->path(), kScratchDirName); }

  quiver::testing::TempDir dir_;
  std::unique_ptr<DatabaseDir> db_;
  std::shared_ptr<const Generation> base_;
};

TEST_F(IndexSpillTest, ABoundedBuildWritesTheUnboundedFile) {
  for (const auto& keys : std::vector<std::vector<std::string>>{{"id"}, {"name"}, {"name", "group"}}) {
    const IndexDefinition d = Definition("i", keys);
    auto unbounded = BuildPropertyIndex(*base_, d, 4);
    ASSERT_TRUE(unbounded.ok()) << unbounded.status().ToString();
    ASSERT_FALSE(unbounded->sorted) << "no budget: every entry in memory";
    for (unsigned workers : {1u, 3u}) {
      const IndexSpill spill{32 << 10, Env::Default(), Scratch()};  // tens of runs
      auto bounded = BuildPropertyIndex(*base_, d, workers, {}, spill);
      ASSERT_TRUE(bounded.ok()) << bounded.status().ToString();
      ASSERT_TRUE(bounded->sorted) << "the budget did not make it spill";
      EXPECT_GT(bounded->sorted->runs_written(), 20u) << keys[0];
      EXPECT_EQ(bounded->size(), unbounded->size());
      EXPECT_EQ(FileOf(*bounded, "bounded.qv"), FileOf(*unbounded, "unbounded.qv")) << keys[0] << " " << workers;
      EXPECT_TRUE(fs::exists(Scratch())) << "the runs live until the file is written";
    }
    EXPECT_FALSE(fs::exists(Scratch())) << "runs left behind";
  }
}

TEST_F(IndexSpillTest, ABudgetTheEntriesFitInSpillsNothing) {
  const IndexSpill spill{uint64_t{64} << 20, Env::Default(), Scratch()};
  auto data = BuildPropertyIndex(*base_, Definition("i", {"id"}), 2, {}, spill);
  ASSERT_TRUE(data.ok());
  EXPECT_FALSE(data->sorted);
  EXPECT_FALSE(fs::exists(Scratch()));
}

TEST_F(IndexSpillTest, TheDerivedGenerationIsBuiltWithinTheBudgetAndLeavesNoRuns) {
  const IndexDefinition d = Definition("by_id", {"id"});
  auto built = WriteIndexedGeneration(db_.get(), *base_, std::span(&d, 1), 2, {}, 32 << 10);
  ASSERT_TRUE(built.ok()) << built.status().ToString();
  auto g = db_->Pin();
  ASSERT_TRUE(g.ok());
  const PropertyIndexView* index = (*g)->PropertyIndex("by_id");
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->size(), BuildPropertyIndex(*base_, d, 1)->size());
  EXPECT_FALSE(fs::exists(Scratch()));
}

TEST_F(IndexSpillTest, AFailedSpillLeavesNoRuns) {
  for (int64_t after : {3, 40}) {  // the first runs, and later ones
    FaultInjectionEnv env(Env::Default());
    const IndexSpill spill{32 << 10, &env, Scratch()};
    env.FailOpAfter(after, EIO);
    auto data = BuildPropertyIndex(*base_, Definition("i", {"name"}), 2, {}, spill);
    EXPECT_FALSE(data.ok()) << "the write did not fail after " << after;
    EXPECT_FALSE(fs::exists(Scratch())) << "runs left behind after a failure at op " << after;
  }
}

}  // namespace
}  // namespace quiver::storage

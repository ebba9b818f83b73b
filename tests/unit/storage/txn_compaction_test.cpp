// Compaction: the new generation passes every check of `quiver check`, keeps external
// ids through renumbering, is byte-identical whatever the number of workers, and readers
// pinned to the old generation keep reading it until they let go.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "storage/checker.h"
#include "test_util/file_bytes.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using quiver::testing::ReadFileBytes;

using namespace txntest;
namespace fs = std::filesystem;
using D = quiver::Direction;

int GenerationDirs(const std::string& path) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(path))
    n += ParseGenerationDirName(e.path().filename().string()).has_value();
  return n;
}


// A base over more than one 64 Ki node range, with three relationship types, then a
// delta that deletes, relabels, re-properties and adds: the same every time.
void BuildAndChange(const std::string& path, unsigned workers) {
  {
    DatabaseOptions o;
    o.create_if_missing = true;
    o.database_id = TestDbId();
    auto db = DatabaseDir::Open(Env::Default(), path, o);
    ASSERT_TRUE(db.ok());
    GraphBuilder b;
    constexpr int kNodes = 140000;
    for (int i = 0; i < kNodes; ++i) {
      b.AddNode({i % 3 == 0 ? "A" : "B"}, {{"i", int64_t{i}}}, int64_t{5000000 + i});
    }
    for (int i = 0; i < kNodes; ++i)
      ASSERT_TRUE(
          b.AddEdge(i, (i * 7 + 1) % kNodes, i % 3 == 0 ? "X" : (i % 3 == 1 ? "Y" : "Z"), {{"w", int64_t{i}}})
              .ok());
    auto w = (*db)->BeginGeneration(b.node_count());
    ASSERT_TRUE(w.ok() && b.Write(w->get()).ok() && (*db)->Publish(w->get(), 0).ok());
  }
  StoreOptions o = Options(Durability::kAsync);
  o.auto_compact = false;
  o.compaction_workers = workers;
  auto store = OpenStore(path, o);
  auto w = store->BeginWrite();
  ASSERT_TRUE(w.ok());
  GraphWriter& g = **w;
  std::vector<Adjacent> adj;
  for (NodeId n = 10; n < 140000; n += 9973) {  // DETACH DELETE some nodes: renumbering
    adj.clear();
    g.Expand(n, D::kBoth, {}, adj);
    for (const auto& a : adj) g.DeleteRelationship(a.rel.id);
    g.DeleteNode(n);
  }
  g.AddLabel(1, g.InternLabel("C"));
  g.SetNodeProperty(2, g.InternPropertyKey("i"), Value::String("two"));
  g.SetRelationshipProperty(5, g.InternPropertyKey("w"), Value());
  const NodeId fresh = g.CreateNode(std::vector<LabelId>{g.InternLabel("New")}, {});
  g.CreateRelationship(g.InternRelType("X"), fresh, 3,
                       std::vector<PropertyEntry>{{g.InternPropertyKey("w"), Value::Float(1.5)}});
  g.CreateRelationship(g.InternRelType("W"), 3, fresh, {});
  ASSERT_TRUE((*w)->Commit().ok());
  ASSERT_TRUE(store->Compact().ok());
}

TEST(TxnCompactionTest, TheCompactedGenerationIsValidAndTheSameWhateverTheWorkers) {
  testing::TempDir dir;
  BuildAndChange(dir.Join("one"), 1);
  BuildAndChange(dir.Join("four"), 4);
  for (const char* name : {"one", "four"}) {
    const CheckReport report = CheckDatabase(Env::Default(), dir.Join(name));
    EXPECT_TRUE(report.ok()) << name << ": " << report.status.ToString();
  }
  auto current = ReadCurrent(Env::Default(), dir.Join("one"));
  ASSERT_TRUE(current.ok());
  EXPECT_EQ(*current, 3u);  // creation, the base, the compaction
  EXPECT_EQ(*ReadCurrent(Env::Default(), dir.Join("four")), 3u);
  const std::string gen = GenerationDirName(*current);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir.Join("one") + "/" + gen)) {
    const std::string file = e.path().filename().string();
    if (file == "PIN") continue;
    EXPECT_EQ(ReadFileBytes(e.path().string()), ReadFileBytes(dir.Join("four") + "/" + gen + "/" + file)) << file << " differs";
    ++files;
  }
  EXPECT_GT(files, 8);

  // And it holds what the delta said, external ids included.
  auto store = OpenStore(dir.Join("one"), Options());
  auto r = store->BeginRead();
  EXPECT_EQ(r->NodeCount(), 140000u - 15 + 1);  // nodes 10, 9983, ..., 139632 deleted
  const PropertyKeyId i = *r->FindPropertyKey("i");
  EXPECT_EQ(r->GetNodeProperty(19, i).AsInt(), 20);  // old 20 moved down past deleted 10
  EXPECT_EQ(r->GetNodeProperty(9, i).AsInt(), 9);    // below the first deletion: unchanged
  EXPECT_EQ(r->GetNodeProperty(2, i).AsString(), "two");
  EXPECT_TRUE(r->HasLabel(1, *r->FindLabel("C")));
  EXPECT_EQ(r->FindRelType("W"), std::optional<RelTypeId>(3));
}

TEST(TxnCompactionTest, ExternalIdsFollowTheirNodesThroughRenumbering) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 30, &ref);  // node i has key 1000 + i
  auto store = OpenStore(dir.Join("db"), Options());
  {
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    std::vector<Adjacent> adj;
    (*w)->Expand(4, D::kBoth, {}, adj);
    for (const auto& a : adj) (*w)->DeleteRelationship(a.rel.id);
    (*w)->DeleteNode(4);
    ASSERT_TRUE((*w)->Commit().ok());
  }
  ASSERT_TRUE(store->Compact().ok());
  store.reset();
  auto dbdir = DatabaseDir::Open(Env::Default(), dir.Join("db"), DatabaseOptions{});
  ASSERT_TRUE(dbdir.ok());
  auto gen = (*dbdir)->Pin();
  ASSERT_TRUE(gen.ok());
  EXPECT_EQ((*gen)->NodeCount(), 29u);
  EXPECT_EQ((*gen)->FindNode(int64_t{1003}), std::optional<uint64_t>(3));
  EXPECT_EQ((*gen)->FindNode(int64_t{1004}), std::nullopt);
  EXPECT_EQ((*gen)->FindNode(int64_t{1005}), std::optional<uint64_t>(4));
  EXPECT_EQ(std::get<int64_t>((*gen)->NodeKey(28)), 1029);
}

TEST(TxnCompactionTest, ReadersPinnedToTheOldGenerationKeepReadingIt) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 20, &ref);
  auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync));
  auto old = store->BeginRead();
  auto w = store->BeginWrite();
  ASSERT_TRUE(w.ok());
  (*w)->DeleteRelationship(0);
  (*w)->CreateNode({}, {});
  ASSERT_TRUE((*w)->Commit().ok());
  ASSERT_TRUE(store->Compact().ok());
  EXPECT_EQ(GenerationDirs(dir.Join("db")), 2) << "the pinned generation is not deleted";
  ExpectMatches(*old, ref, "the old snapshot after the compaction");
  ASSERT_TRUE(store->Compact().ok());  // nothing new: no new generation either
  EXPECT_EQ(store->Stats().generation, 3u);
  old.reset();
  auto w2 = store->BeginWrite();
  ASSERT_TRUE(w2.ok());
  (*w2)->CreateNode({}, {});
  ASSERT_TRUE((*w2)->Commit().ok());
  ASSERT_TRUE(store->Compact().ok());
  EXPECT_EQ(GenerationDirs(dir.Join("db")), 1) << "released generations are collected";
  EXPECT_EQ(store->BeginRead()->NodeCount(), 22u);
}

}  // namespace
}  // namespace quiver::storage

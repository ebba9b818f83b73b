// TransactionalStore: the GraphReader/GraphWriter contract, snapshot isolation, rollback,
// ids, errors, and how a directory is classified at open.

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/file/fault_injection_env.h"
#include "storage/txn/log_format.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;
namespace fs = std::filesystem;
using D = quiver::Direction;

std::unique_ptr<GraphWriter> Begin(TransactionalStore& s, WriteOptions o = {}) {
  auto w = s.BeginWrite(o);
  EXPECT_TRUE(w.ok()) << w.status().ToString();
  return w.ok() ? std::move(w).value() : nullptr;
}

TEST(TxnStoreTest, ANewDatabaseStartsEmptyAndKeepsWhatIsCommitted) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options());
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->BeginRead()->NodeCount(), 0u);
  auto w = Begin(*store);
  const LabelId person = w->InternLabel("Person");
  const PropertyKeyId name = w->InternPropertyKey("name");
  const RelTypeId knows = w->InternRelType("KNOWS");
  const NodeId a =
      w->CreateNode(std::vector<LabelId>{person}, std::vector<PropertyEntry>{{name, Value::String("Ada")}});
  const NodeId b = w->CreateNode({}, {});
  const RelId r = w->CreateRelationship(knows, a, b, std::vector<PropertyEntry>{{name, Value::Int(7)}});
  EXPECT_EQ(w->GetNodeProperty(a, name).AsString(), "Ada");  // a transaction reads its own writes
  ASSERT_TRUE(w->Commit().ok());
  store.reset();

  store = OpenStore(dir.Join("db"), Options());
  auto rd = store->BeginRead();
  EXPECT_EQ(store->recovery().records_replayed, 1u);
  ASSERT_EQ(rd->NodeCount(), 2u);
  EXPECT_EQ(rd->GetNodeProperty(a, *rd->FindPropertyKey("name")).AsString(), "Ada");
  EXPECT_TRUE(rd->HasLabel(a, *rd->FindLabel("Person")));
  EXPECT_FALSE(rd->HasLabel(b, *rd->FindLabel("Person")));
  const RelationshipRef ref = rd->GetRelationship(r);
  EXPECT_EQ(ref.start, a);
  EXPECT_EQ(ref.end, b);
  EXPECT_EQ(rd->RelTypeName(ref.type), "KNOWS");
  EXPECT_EQ(rd->GetRelationshipProperty(r, *rd->FindPropertyKey("name")).AsInt(), 7);
  EXPECT_EQ(rd->Degree(a, D::kOutgoing, {}), 1u);
  EXPECT_EQ(rd->Degree(b, D::kIncoming, {}), 1u);
}

TEST(TxnStoreTest, IdsContinueTheBaseAndSurviveACompactionWithoutDeletes) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 10, &ref);  // 10 nodes, 10 :R + 2 :LOOP relationships
  auto store = OpenStore(dir.Join("db"), Options());
  auto rd = store->BeginRead();
  EXPECT_EQ(rd->NodeIdBound(), 10u);
  // Base relationship ids are 0..E-1, grouped by type.
  std::set<RelId> base_rels;
  std::vector<Adjacent> adj;
  for (NodeId n = 0; n < 10; ++n) {
    adj.clear();
    rd->Expand(n, D::kOutgoing, {}, adj);
    for (const auto& a : adj) base_rels.insert(a.rel.id);
  }
  EXPECT_EQ(base_rels, (std::set<RelId>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  auto w = Begin(*store);
  const NodeId n = w->CreateNode({}, {});
  const RelId r = w->CreateRelationship(w->InternRelType("NEW"), n, 3, {});
  EXPECT_EQ(n, 10u);
  EXPECT_EQ(r, 12u);
  ASSERT_TRUE(w->Commit().ok());
  ASSERT_TRUE(store->Compact().ok());
  rd = store->BeginRead();
  EXPECT_EQ(rd->NodeIdBound(), 11u);
  EXPECT_TRUE(rd->NodeExists(10));
  EXPECT_EQ(rd->Degree(10, D::kOutgoing, {}), 1u);
  EXPECT_EQ(rd->FindRelType("NEW"), std::optional<RelTypeId>(2));  // token ids survive compaction
}

TEST(TxnStoreTest, SnapshotsDoNotSeeLaterCommits) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 6, &ref);
  auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync));
  auto before = store->BeginRead();
  auto w = Begin(*store);
  const PropertyKeyId name = w->InternPropertyKey("name");
  w->SetNodeProperty(0, name, Value::String("changed"));
  w->DeleteRelationship(0);
  w->CreateNode({}, {});
  auto during = store->BeginRead();  // the writer's changes are private until commit
  ASSERT_TRUE(w->Commit().ok());
  auto after = store->BeginRead();
  for (GraphReader* r : {before.get(), during.get()}) {
    EXPECT_EQ(r->GetNodeProperty(0, name).AsString(), "n0");
    EXPECT_TRUE(r->RelationshipExists(0));
    EXPECT_EQ(r->NodeCount(), 6u);
    EXPECT_EQ(r->Degree(0, D::kOutgoing, {}), 2u);  // :R and :LOOP
  }
  EXPECT_EQ(after->GetNodeProperty(0, name).AsString(), "changed");
  EXPECT_FALSE(after->RelationshipExists(0));
  EXPECT_EQ(after->NodeCount(), 7u);
  EXPECT_EQ(after->Degree(0, D::kOutgoing, {}), 1u);
  ASSERT_TRUE(store->Compact().ok());  // and compaction does not disturb the old snapshots
  EXPECT_EQ(before->GetNodeProperty(0, name).AsString(), "n0");
  EXPECT_EQ(before->Degree(0, D::kOutgoing, {}), 2u);
}

TEST(TxnStoreTest, AFailedTransactionLeavesNoTrace) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 4, &ref);
  auto store = OpenStore(dir.Join("db"), Options());
  for (int how = 0; how < 3; ++how) {
    SCOPED_TRACE(how);
    try {
      auto w = Begin(*store);
      const LabelId l = w->InternLabel("Ghost");
      const NodeId n = w->CreateNode(std::vector<LabelId>{l}, {});
      w->CreateRelationship(w->InternRelType("GHOST"), n, 0, {});
      w->SetNodeProperty(1, w->InternPropertyKey("name"), Value());
      w->DeleteRelationship(1);
      w->RemoveLabel(0, *w->FindLabel("Even"));
      if (how == 0) w->Rollback();
      if (how == 1) throw std::runtime_error("the query failed");
      // how == 2: destroyed without Commit or Rollback
    } catch (const std::runtime_error&) {
    }
    auto rd = store->BeginRead();
    EXPECT_FALSE(rd->FindLabel("Ghost").has_value());
    EXPECT_FALSE(rd->FindRelType("GHOST").has_value());
    EXPECT_EQ(rd->NodeCount(), 4u);
    EXPECT_EQ(rd->NodeIdBound(), 4u);
    EXPECT_TRUE(rd->RelationshipExists(1));
    EXPECT_EQ(rd->GetNodeProperty(1, *rd->FindPropertyKey("name")).IsNull(), true);  // node 1 never had one
    EXPECT_EQ(rd->GetNodeProperty(2, *rd->FindPropertyKey("name")).AsString(), "n2");
    EXPECT_TRUE(rd->HasLabel(0, *rd->FindLabel("Even")));
  }
  auto w = Begin(*store);
  EXPECT_EQ(w->CreateNode({}, {}), 4u);  // the rolled-back ids were never used
  ASSERT_TRUE(w->Commit().ok());
  store.reset();
  store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->recovery().records_replayed, 1u);
  EXPECT_FALSE(store->BeginRead()->FindLabel("Ghost").has_value());
}

TEST(TxnStoreTest, ValuesTheLogCannotHoldAreRefusedWithAClearError) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options());
  auto w = Begin(*store);
  const NodeId n = w->CreateNode({}, {});
  const PropertyKeyId k = w->InternPropertyKey("when");
  try {
    w->SetNodeProperty(n, k, Value::Node(NodeValue{}));
    FAIL() << "a node was accepted as a property value";
  } catch (const StorageError& e) {
    EXPECT_EQ(e.detail(), "InvalidArgument");
  }
  EXPECT_TRUE(w->GetNodeProperty(n, k).IsNull());
  // Lists and maps of storable values are fine, temporals (format version 2) too.
  w->SetNodeProperty(
      n, k,
      Value::List({Value::Int(1), Value::String("a"), Value::Map(ValueMap{{"z", Value::Bool(true)}}),
                   Value::Date(DateValue{100})}));
  ASSERT_TRUE(w->Commit().ok());
  store.reset();
  store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(ToTckString(store->BeginRead()->GetNodeProperty(n, k)), "[1, 'a', {z: true}, '1970-04-11']");
}

TEST(TxnStoreTest, ATransactionLargerThanTheBudgetThrowsResourceExhausted) {
  testing::TempDir dir;
  StoreOptions o = Options();
  o.memory_budget = 1 << 20;
  auto store = OpenStore(dir.Join("db"), o);
  auto w = Begin(*store);
  const PropertyKeyId k = w->InternPropertyKey("blob");
  EXPECT_THROW(for (int i = 0; i < 100000; ++i)
                   w->CreateNode({}, std::vector<PropertyEntry>{{k, Value::String(std::string(100, 'x'))}}),
               ResourceExhaustedError);
  w->Rollback();
  EXPECT_EQ(store->BeginRead()->NodeCount(), 0u);
  EXPECT_LT(store->Stats().delta_bytes, 4096u);  // the abandoned changes were freed
}

TEST(TxnStoreTest, OneWriterAtATimeAndReadersNeverWait) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync));
  auto first = Begin(*store);
  first->CreateNode({}, {});
  std::atomic<bool> second_started{false};
  std::thread t([&] {
    auto second = Begin(*store);
    second_started = true;
    EXPECT_EQ(second->NodeCount(), 1u);  // it starts from the first one's commit
    second->CreateNode({}, {});
    EXPECT_TRUE(second->Commit().ok());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(second_started.load());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 0u);  // a reader does not wait for the writer
  ASSERT_TRUE(first->Commit().ok());
  t.join();
  EXPECT_EQ(store->BeginRead()->NodeCount(), 2u);
}

TEST(TxnStoreTest, ASecondWriterOnTheSameDirectoryIsBusy) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options());
  auto other = TransactionalStore::Open(Env::Default(), dir.Join("db"), Options());
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.status().code(), StatusCode::kBusy);
  StoreOptions ro = Options();
  ro.read_only = true;
  auto reader = TransactionalStore::Open(Env::Default(), dir.Join("db"), ro);
  ASSERT_TRUE(reader.ok()) << reader.status().ToString();
  auto w = (*reader)->BeginWrite();
  EXPECT_EQ(w.status().code(), StatusCode::kReadOnly);
}

TEST(TxnStoreTest, PerTransactionDurabilityOverridesTheDefault) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync));
  auto w = Begin(*store, WriteOptions{Durability::kDurable});
  w->CreateNode({}, {});
  ASSERT_TRUE(w->Commit().ok());
  const StoreStats s = store->Stats();
  EXPECT_EQ(s.synced_position, s.log_position);  // a durable commit returned after its fsync
}

TEST(TxnStoreTest, AFailedFsyncStopsAcknowledgingCommits) {
  testing::TempDir dir;
  FaultInjectionEnv env(Env::Default());
  auto store = OpenStore(dir.Join("db"), Options(), &env);
  auto w = Begin(*store);
  w->CreateNode({}, {});
  ASSERT_TRUE(w->Commit().ok());
  w = Begin(*store);
  w->CreateNode({}, {});
  env.FailNextSync();
  const Status failed = w->Commit();
  EXPECT_EQ(failed.code(), StatusCode::kReadOnly) << failed.ToString();
  EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);  // the unacknowledged commit is not visible
  auto again = store->BeginWrite();
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), StatusCode::kReadOnly);
  EXPECT_NE(again.status().message().find("IOError"), std::string::npos) << again.status().ToString();
  EXPECT_EQ(store->health().code(), StatusCode::kReadOnly);
  EXPECT_EQ(store->Compact().code(), StatusCode::kReadOnly);
  store.reset();
  ASSERT_TRUE(env.DropUnsyncedData().ok());
  env.Reset();
  store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);
}

TEST(TxnStoreTest, AReaderPinningAnOldVersionDoesNotMakeEveryCommitCompact) {
  testing::TempDir dir;
  StoreOptions o = Options(Durability::kAsync);
  o.memory_budget = 1 << 20;
  o.compaction_threshold = 128 << 10;
  o.auto_compact = false;
  auto store = OpenStore(dir.Join("db"), o);
  auto commit = [&](size_t bytes) {
    auto w = Begin(*store);
    w->CreateNode(
        {}, std::vector<PropertyEntry>{{w->InternPropertyKey("v"), Value::String(std::string(bytes, 'v'))}});
    ASSERT_TRUE(w->Commit().ok());
  };
  for (int i = 0; i < 100; ++i) commit(2000);  // ~200 KiB of delta, left in the log
  store.reset();
  o.auto_compact = true;
  store = OpenStore(dir.Join("db"), o);  // replays it
  auto pinned = store->BeginRead();      // and holds that version
  commit(100);                           // compacts the replayed delta first
  EXPECT_EQ(store->Stats().compactions, 1u);
  EXPECT_GT(store->Stats().delta_bytes, o.compaction_threshold) << "the reader keeps its version alive";
  for (int i = 0; i < 50; ++i) commit(100);
  EXPECT_EQ(store->Stats().compactions, 1u) << "commits compacted what only a reader holds";
  EXPECT_EQ(pinned->NodeCount(), 100u);
  pinned.reset();
  EXPECT_LT(store->Stats().delta_bytes, 64u << 10) << "released with the reader";
}

// ---- how a directory is classified at open ----

TEST(TxnStoreTest, AnEmptyDirectoryIsANewDatabaseAndAMissingOneNeedsCreate) {
  testing::TempDir dir;
  fs::create_directories(dir.Join("empty"));
  EXPECT_NE(OpenStore(dir.Join("empty"), Options()), nullptr);
  StoreOptions no_create = Options();
  no_create.create_if_missing = false;
  auto missing = TransactionalStore::Open(Env::Default(), dir.Join("missing"), no_create);
  EXPECT_TRUE(missing.status().IsNotFound()) << missing.status().ToString();
  EXPECT_FALSE(fs::exists(dir.Join("missing")));
}

TEST(TxnStoreTest, ADamagedDatabaseIsNeverMistakenForANewOne) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto store = OpenStore(path, Options());
    auto w = Begin(*store);
    w->CreateNode({}, {});
    ASSERT_TRUE(w->Commit().ok());
  }
  fs::remove(path + "/CURRENT");
  auto s = TransactionalStore::Open(Env::Default(), path, Options());
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_FALSE(fs::exists(path + "/CURRENT")) << "nothing may be created over a damaged database";

  fs::create_directories(dir.Join("other"));
  std::ofstream(dir.Join("other") + "/notes.txt") << "hello";
  s = TransactionalStore::Open(Env::Default(), dir.Join("other"), Options());
  EXPECT_EQ(s.status().code(), StatusCode::kInvalidArgument) << s.status().ToString();
}

TEST(TxnStoreTest, ALostLogSegmentIsCorruption) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto store = OpenStore(path, Options());
    auto w = Begin(*store);
    w->CreateNode({}, {});
    ASSERT_TRUE(w->Commit().ok());
    ASSERT_TRUE(store->Compact().ok());
    w = Begin(*store);
    w->CreateNode({}, {});
    ASSERT_TRUE(w->Commit().ok());
  }
  std::vector<std::string> segments;
  for (const auto& e : fs::directory_iterator(path)) {
    if (ParseSegmentFileName(e.path().filename().string())) segments.push_back(e.path().string());
  }
  ASSERT_EQ(segments.size(), 1u) << "compaction deletes the segments it covers";
  fs::remove(segments[0]);
  auto s = TransactionalStore::Open(Env::Default(), path, Options());
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

}  // namespace
}  // namespace quiver::storage

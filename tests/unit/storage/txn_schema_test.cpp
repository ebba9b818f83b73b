// The schema catalog through the storage layer (docs/design.md, "Indexes and
// constraints", step 2): a definition is a write like any other — committed, rolled
// back, logged and replayed (ops 12/13), folded by compaction into the generation's
// Schema file (format version 4), and whole after a crash at any point. MemoryGraph
// keeps the same catalog for Database::OpenInMemory.

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "common/file/fault_injection_env.h"
#include "storage/checker.h"
#include "storage/memory_graph.h"
#include "storage/txn/write_ops.h"
#include "test_util/power_loss.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

// A RANGE index on (:label {key}), interning both in `w`.
IndexDefinition RangeIndex(GraphWriter& w, const std::string& name, std::string_view label = "Person",
                           std::string_view key = "name") {
  IndexDefinition d;
  d.name = name;
  d.token = w.InternLabel(label);
  d.keys = {w.InternPropertyKey(key)};
  return d;
}

// A RANGE index on [:ACTED_IN {role}].
IndexDefinition RelIndex(GraphWriter& w, const std::string& name) {
  IndexDefinition d;
  d.name = name;
  d.entity = IndexEntity::kRelationship;
  d.token = w.InternRelType("ACTED_IN");
  d.keys = {w.InternPropertyKey("role")};
  return d;
}

Status CreateIndexCommitted(TransactionalStore& store, const std::string& name) {
  QUIVER_ASSIGN_OR_RETURN(auto w, store.BeginWrite());
  w->CreateIndex(RangeIndex(*w, name));
  return w->Commit();
}

Status DropIndexCommitted(TransactionalStore& store, const std::string& name) {
  QUIVER_ASSIGN_OR_RETURN(auto w, store.BeginWrite());
  w->DropIndex(name);
  return w->Commit();
}

// A database at `path` whose generation holds index `name` (created, then compacted).
void CompactedWithIndex(const std::string& path, const std::string& name) {
  auto store = OpenStore(path, Options());
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(CreateIndexCommitted(*store, name).ok());
  ASSERT_TRUE(store->Compact().ok());
}

// The names of the catalog's user indexes (the LOOKUP ones left out), in order.
std::vector<std::string> UserIndexes(const SchemaCatalog& catalog) {
  std::vector<std::string> names;
  for (const IndexDefinition& d : catalog.indexes()) {
    if (d.kind != IndexKind::kLookup) names.push_back(d.name);
  }
  return names;
}
std::vector<std::string> UserIndexes(TransactionalStore& store) { return UserIndexes(store.BeginRead()->Schema()); }

// The current generation of a closed database.
std::shared_ptr<const Generation> PinCurrent(const std::string& path) {
  DatabaseOptions options;
  options.read_only = true;
  auto dir = DatabaseDir::Open(Env::Default(), path, options);
  EXPECT_TRUE(dir.ok()) << dir.status().ToString();
  if (!dir.ok()) return nullptr;
  auto gen = (*dir)->Pin();
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  return gen.ok() ? std::move(gen).value() : nullptr;
}

using Names = std::vector<std::string>;

TEST(TxnSchemaTest, ADefinitionIsVisibleAfterCommitToLaterSnapshotsOnly) {
  testing::TempDir dir;
  auto store = OpenStore(dir.Join("db"), Options());
  ASSERT_NE(store, nullptr);
  auto before = store->BeginRead();
  EXPECT_EQ(before->Schema(), SchemaCatalog::Initial());

  auto w = store->BeginWrite();
  ASSERT_TRUE(w.ok());
  const IndexDefinition d = RangeIndex(**w, "by_name");
  (*w)->CreateIndex(d);
  ASSERT_NE((*w)->Schema().Find("by_name"), nullptr);  // the writer reads its own change
  EXPECT_EQ(store->BeginRead()->Schema(), SchemaCatalog::Initial()) << "visible before its commit";
  ASSERT_TRUE((*w)->Commit().ok());

  const IndexDefinition* found = store->BeginRead()->Schema().Find("by_name");
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(*found, d);
  EXPECT_EQ(before->Schema(), SchemaCatalog::Initial()) << "an older snapshot saw a later commit";
}

TEST(TxnSchemaTest, RollbackLeavesNoTrace) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto store = OpenStore(path, Options());
    ASSERT_TRUE(CreateIndexCommitted(*store, "kept").ok());
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    (*w)->CreateIndex(RangeIndex(**w, "gone", "Movie", "title"));
    (*w)->DropIndex("kept");
    EXPECT_EQ(UserIndexes((*w)->Schema()), Names{"gone"});
    (*w)->Rollback();
    EXPECT_EQ(UserIndexes(*store), Names{"kept"});
  }
  auto store = OpenStore(path, Options());  // nothing of the rolled-back one was logged
  EXPECT_EQ(UserIndexes(*store), Names{"kept"});
}

TEST(TxnSchemaTest, ReopenReplaysCreateAndDrop) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto store = OpenStore(path, Options());
    ASSERT_TRUE(CreateIndexCommitted(*store, "a").ok());
  }
  {
    auto store = OpenStore(path, Options());
    EXPECT_EQ(UserIndexes(*store), Names{"a"});
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    (*w)->CreateIndex(RangeIndex(**w, "b", "Movie", "title"));  // another schema than a's
    ASSERT_TRUE((*w)->Commit().ok());
    ASSERT_TRUE(DropIndexCommitted(*store, "a").ok());
  }
  auto store = OpenStore(path, Options());
  EXPECT_EQ(UserIndexes(*store), Names{"b"});
  EXPECT_GT(store->Stats().log_since_generation, 0u) << "replayed from the log";
}

TEST(TxnSchemaTest, CompactionWritesTheSchemaFileAndReopenReadsIt) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  IndexDefinition d;
  {
    auto store = OpenStore(path, Options());
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    d = RangeIndex(**w, "by_name");
    (*w)->CreateIndex(d);
    ASSERT_TRUE((*w)->Commit().ok());
    ASSERT_TRUE(store->Compact().ok());
    EXPECT_EQ(store->Stats().compactions, 1u) << "a schema change alone is a change to compact";
    EXPECT_EQ(store->Stats().log_since_generation, 0u);
    EXPECT_EQ(UserIndexes(*store), Names{"by_name"});
  }
  auto gen = PinCurrent(path);
  ASSERT_NE(gen, nullptr);
  EXPECT_EQ(gen->manifest().format_version, kSchemaFormatVersion);
  ASSERT_NE(gen->manifest().FindFile(FileKind::kSchema), nullptr);
  for (const GenerationFile& f : gen->files()) EXPECT_EQ(f.parsed.header().format_version, kSchemaFormatVersion);
  ASSERT_NE(gen->Schema().Find("by_name"), nullptr);
  EXPECT_EQ(*gen->Schema().Find("by_name"), d);
  EXPECT_TRUE(gen->VerifyStructure().ok());
  EXPECT_TRUE(gen->VerifyChecksums().ok());
  gen.reset();

  auto store = OpenStore(path, Options());
  EXPECT_EQ(store->Stats().log_since_generation, 0u) << "no log op left to replay";
  EXPECT_EQ(UserIndexes(*store), Names{"by_name"});
}

TEST(TxnSchemaTest, DropThenCompactGoesBackToAVersion3Generation) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  CompactedWithIndex(path, "by_name");
  {
    auto store = OpenStore(path, Options());
    ASSERT_TRUE(DropIndexCommitted(*store, "by_name").ok());
  }
  {
    // The drop, replayed from the log over the generation's catalog.
    auto store = OpenStore(path, Options());
    EXPECT_EQ(store->BeginRead()->Schema(), SchemaCatalog::Initial());
    ASSERT_TRUE(store->Compact().ok());
    EXPECT_EQ(store->Stats().compactions, 1u);
  }
  auto store = OpenStore(path, Options());
  EXPECT_EQ(store->BeginRead()->Schema(), SchemaCatalog::Initial());
  store.reset();
  auto gen = PinCurrent(path);
  ASSERT_NE(gen, nullptr);
  EXPECT_EQ(gen->manifest().FindFile(FileKind::kSchema), nullptr);
  for (const GenerationFile& f : gen->files()) EXPECT_EQ(f.parsed.header().format_version, kBaseFormatVersion);
}

// The whole-file checksums of a small compacted generation, as the build before the
// Schema file (format version 3 only) wrote them: a database without user indexes
// must be written byte for byte as before, so that a version-3 build reads it.
TEST(TxnSchemaTest, GenerationsWithoutUserIndexesAreVersion3ByteForByteAndOpenWithTheInitialCatalog) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto store = OpenStore(path, Options());
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    GraphWriter& g = **w;
    const LabelId person = g.InternLabel("Person");
    const PropertyKeyId name = g.InternPropertyKey("name"), age = g.InternPropertyKey("age");
    const RelTypeId knows = g.InternRelType("KNOWS");
    std::vector<NodeId> ids;
    for (int i = 0; i < 50; ++i) {
      ids.push_back(g.CreateNode(std::vector<LabelId>{person},
                                 std::vector<PropertyEntry>{{name, Value::String("n" + std::to_string(i))},
                                                            {age, Value::Int(i)}}));
    }
    for (int i = 0; i < 50; ++i) {
      g.CreateRelationship(knows, ids[i], ids[(i + 3) % 50], std::vector<PropertyEntry>{{age, Value::Float(i * 0.5)}});
    }
    ASSERT_TRUE(g.Commit().ok());
    ASSERT_TRUE(store->Compact().ok());
  }
  auto gen = PinCurrent(path);
  ASSERT_NE(gen, nullptr);
  const std::map<std::string, uint64_t> version3 = {
      {"dictionary.qv", 0x63c0ea4e8d50742cull},          {"labels.qv", 0x38d6df98b9065afdull},
      {"rel-000000.qv", 0x70735780dc29e976ull},          {"edge-prop-000000-000001.qv", 0x728f2bf39bf80efaull},
      {"node-prop-000000.qv", 0x979d5a2552a3978eull},    {"node-prop-000001.qv", 0x2b05aff1eecfa122ull},
  };
  std::map<std::string, uint64_t> written;
  for (const FileInfo& f : gen->manifest().files) written[f.name] = f.checksum;
  EXPECT_EQ(written, version3);
  auto manifest = ReadFileToString(Env::Default(), JoinPath(gen->dir(), kManifestFileName));
  ASSERT_TRUE(manifest.ok());
  EXPECT_EQ(Checksum64(manifest->data(), manifest->size()), 0xe798ee920f0402f8ull);
  EXPECT_EQ(gen->manifest().format_version, kBaseFormatVersion);
  for (const GenerationFile& f : gen->files()) EXPECT_EQ(f.parsed.header().format_version, kBaseFormatVersion);
  EXPECT_EQ(gen->Schema(), SchemaCatalog::Initial());
  gen.reset();
  auto store = OpenStore(path, Options());
  EXPECT_EQ(store->BeginRead()->Schema(), SchemaCatalog::Initial());
}

TEST(TxnSchemaTest, ADamagedSchemaFileFailsOpenAndCheckWithCorruption) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  CompactedWithIndex(path, "by_name");
  std::string file;
  {
    auto gen = PinCurrent(path);
    ASSERT_NE(gen, nullptr);
    file = JoinPath(gen->dir(), kSchemaFileName);
  }
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(sizeof(FileHeader)) + 6);  // inside the catalog's bytes
    f.put('\x7f');
  }
  auto store = TransactionalStore::Open(Env::Default(), path, Options());
  ASSERT_FALSE(store.ok());
  EXPECT_TRUE(store.status().IsCorruption()) << store.status().ToString();
  EXPECT_NE(store.status().message().find("schema.qv"), std::string::npos) << store.status().ToString();
  const CheckReport check = CheckDatabase(Env::Default(), path);  // `quiver check`
  EXPECT_TRUE(check.status.IsCorruption()) << check.status.ToString();
  EXPECT_NE(check.file.find("schema.qv"), std::string::npos) << check.file;
}

// Ops 12 and 13 replayed onto MemoryGraph (any GraphWriter does), with their checks.
class ReplaySchemaOpsTest : public ::testing::Test {
 protected:
  // Defines label 0 and key 0, then appends `more`.
  std::string Payload(const std::function<void(OpWriter&)>& more) {
    OpWriter ops;
    ops.DefineToken(OpCode::kDefineLabel, 0, "Person");
    ops.DefineToken(OpCode::kDefinePropertyKey, 0, "name");
    more(ops);
    return ops.bytes();
  }
  Status Replay(const std::string& payload) {
    auto w = graph_.BeginTransaction();
    TokenCounts counts{w->LabelTokenCount(), w->RelTypeTokenCount(), w->PropertyKeyTokenCount()};
    Status s = ReplayOps(payload, w.get(), &counts, "record 7");
    if (s.ok()) {
      EXPECT_TRUE(w->Commit().ok());
    } else {
      w->Rollback();
    }
    return s;
  }
  static IndexDefinition ByName() { return {"by_name", IndexKind::kRange, IndexEntity::kNode, 0, {0}, ""}; }

  MemoryGraph graph_;
};

TEST_F(ReplaySchemaOpsTest, CreateAndDropApply) {
  ASSERT_TRUE(Replay(Payload([](OpWriter& ops) { ops.CreateIndex(ByName()); })).ok());
  auto r = graph_.BeginTransaction();
  ASSERT_NE(r->Schema().Find("by_name"), nullptr);
  EXPECT_EQ(*r->Schema().Find("by_name"), ByName());
  r->Rollback();
  OpWriter drop;
  drop.DropIndex("by_name");
  ASSERT_TRUE(Replay(drop.bytes()).ok());
  r = graph_.BeginTransaction();
  EXPECT_EQ(r->Schema(), SchemaCatalog::Initial());
}

TEST_F(ReplaySchemaOpsTest, AnUnknownOpAfterACreateIndexIsNotSupported) {
  const std::string payload = Payload([](OpWriter& ops) { ops.CreateIndex(ByName()); }) + std::string(1, '\x10');
  const Status s = Replay(payload);
  EXPECT_EQ(s.code(), StatusCode::kNotSupported) << s.ToString();
  EXPECT_NE(s.message().find("operation code 16"), std::string::npos) << s.ToString();
}

// Ops 14 and 15: a constraint and its backing index in one op, dropped together.
TEST_F(ReplaySchemaOpsTest, ConstraintOpsApplyAndAreChecked) {
  const ConstraintDefinition unique{"unique_name", ConstraintKind::kUnique, IndexEntity::kNode, 0, {0}, ""};
  ASSERT_TRUE(Replay(Payload([&](OpWriter& ops) { ops.CreateConstraint(unique); })).ok());
  auto r = graph_.BeginTransaction();
  ASSERT_NE(r->Schema().FindConstraint("unique_name"), nullptr);
  EXPECT_EQ(*r->Schema().FindConstraint("unique_name"), unique);
  EXPECT_NE(r->Schema().Find("unique_name"), nullptr);  // the backing index
  r->Rollback();
  OpWriter bad_drop;
  bad_drop.DropIndex("unique_name");  // owned by the constraint
  EXPECT_TRUE(Replay(bad_drop.bytes()).IsCorruption());
  OpWriter twice;
  twice.CreateConstraint(unique);
  EXPECT_TRUE(Replay(twice.bytes()).IsCorruption());
  OpWriter drop;
  drop.DropConstraint("unique_name");
  ASSERT_TRUE(Replay(drop.bytes()).ok());
  r = graph_.BeginTransaction();
  EXPECT_EQ(r->Schema(), SchemaCatalog::Initial());
  r->Rollback();
  EXPECT_TRUE(Replay(drop.bytes()).IsCorruption());  // no such constraint now
  const ConstraintDefinition unknown_token{"t", ConstraintKind::kNotNull, IndexEntity::kRelationship, 3, {0}, ""};
  EXPECT_TRUE(Replay(Payload([&](OpWriter& ops) { ops.CreateConstraint(unknown_token); })).IsCorruption());
}

TEST_F(ReplaySchemaOpsTest, OpsThatDoNotFitTheCatalogAreCorruptionNamingTheRecord) {
  const auto corrupt = [&](const std::string& payload, std::string_view what) {
    const Status s = Replay(payload);
    EXPECT_TRUE(s.IsCorruption()) << what << ": " << s.ToString();
    EXPECT_NE(s.message().find("record 7"), std::string::npos) << s.ToString();
  };
  corrupt(Payload([](OpWriter& ops) {
            ops.CreateIndex(ByName());
            ops.CreateIndex(ByName());
          }),
          "the same index twice");
  corrupt(Payload([](OpWriter& ops) { ops.DropIndex("nothing"); }), "drop of an unknown name");
  corrupt(Payload([](OpWriter& ops) { ops.DropIndex(SchemaCatalog::Initial().indexes()[0].name); }),
          "drop of a LOOKUP index");
  IndexDefinition unknown_key = ByName();
  unknown_key.keys = {5};
  corrupt(Payload([&](OpWriter& ops) { ops.CreateIndex(unknown_key); }), "a key never defined");
  std::string truncated = Payload([](OpWriter& ops) { ops.CreateIndex(ByName()); });
  truncated.pop_back();
  corrupt(truncated, "a truncated entry");
  auto r = graph_.BeginTransaction();
  EXPECT_EQ(r->Schema(), SchemaCatalog::Initial()) << "a refused payload left a trace";
}

TEST(MemoryGraphSchemaTest, CommitKeepsAndRollbackRestoresTheCatalog) {
  MemoryGraph graph;
  {
    auto w = graph.BeginTransaction();
    w->CreateIndex(RangeIndex(*w, "kept"));
    ASSERT_TRUE(w->Commit().ok());
  }
  {
    auto w = graph.BeginTransaction();
    EXPECT_EQ(UserIndexes(w->Schema()), Names{"kept"});
    w->DropIndex("kept");
    w->CreateIndex(RangeIndex(*w, "gone", "Movie", "title"));
    EXPECT_EQ(UserIndexes(w->Schema()), Names{"gone"});
    w->Rollback();
  }
  {
    auto w = graph.BeginTransaction();
    EXPECT_EQ(UserIndexes(w->Schema()), Names{"kept"});
    w->DropIndex("kept");
  }  // destroyed unfinished: rolled back
  auto w = graph.BeginTransaction();
  EXPECT_EQ(UserIndexes(w->Schema()), Names{"kept"});
}

// Power loss after every mutating file operation of: create A, compact, drop A and
// create B (a relationship index, over a relationship written in the same
// transaction) in one transaction, compact. The reopened catalog is one of the committed
// ones, never older than the last acknowledged (durable) commit.
class TxnSchemaPowerLossTest : public ::testing::TestWithParam<quiver::testing::PowerLoss> {
 protected:
  static int Stage(const SchemaCatalog& catalog) {
    const Names names = UserIndexes(catalog);
    if (names.empty()) return 0;
    if (names == Names{"a"}) return 1;
    if (names == Names{"b"}) return 2;
    ADD_FAILURE() << "a catalog no commit made: " << ::testing::PrintToString(names);
    return -1;
  }

  // Returns the mutating ops of the run.
  int64_t Run(int64_t crash_after) {
    testing::TempDir dir(testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = dir.Join("db");
    int acked = 0;
    int64_t ops = 0;
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(crash_after);
      {
        auto store = TransactionalStore::Open(&env, path, Options());
        if (store.ok()) {
          [&] {
            if (!CreateIndexCommitted(**store, "a").ok()) return;
            acked = 1;
            if (!(*store)->Compact().ok()) return;
            auto w = (*store)->BeginWrite();
            if (!w.ok()) return;
            (*w)->DropIndex("a");
            const NodeId n = (*w)->CreateNode({}, {});
            const PropertyEntry role{(*w)->InternPropertyKey("role"), Value::String("Ripley")};
            (*w)->CreateRelationship((*w)->InternRelType("ACTED_IN"), n, n, std::span(&role, 1));
            (*w)->CreateIndex(RelIndex(**w, "b"));
            if (!(*w)->Commit().ok()) return;
            acked = 2;
            (void)(*store)->Compact();
          }();
        }
      }
      ops = env.mutating_ops();
      if (crash_after < 0) {
        EXPECT_EQ(acked, 2) << "the clean run did not commit everything";
      }
      EXPECT_TRUE(quiver::testing::LosePower(env, GetParam(), static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    auto store = TransactionalStore::Open(Env::Default(), path, Options());
    EXPECT_TRUE(store.ok()) << "crash after " << crash_after << " ops: " << store.status().ToString();
    if (!store.ok()) return ops;
    auto read = (*store)->BeginRead();
    const int stage = Stage(read->Schema());
    EXPECT_GE(stage, acked) << "crash after " << crash_after << " ops";
    if (stage == 2) {  // built at open if the crash came before its build
      PropertySeek seek;
      seek.values = {Value::String("Ripley")};
      std::vector<RelId> rels;
      EXPECT_TRUE(read->IndexOnline(*read->Schema().Find("b"))) << "crash after " << crash_after << " ops";
      EXPECT_TRUE(read->SeekRelationships(*read->Schema().Find("b"), seek, rels));
      EXPECT_EQ(rels.size(), 1u) << "crash after " << crash_after << " ops";
    }
    return ops;
  }
};

TEST_P(TxnSchemaPowerLossTest, EveryCrashPointLeavesACommittedCatalog) {
  const int64_t clean_ops = Run(-1);
  ASSERT_GT(clean_ops, 4);
  for (int64_t k = 0; k <= clean_ops && !HasFailure(); ++k) {
    Run(k);
    if (HasFailure()) ADD_FAILURE() << "first failing crash point: " << k << " of " << clean_ops;
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, TxnSchemaPowerLossTest,
                         ::testing::Values(quiver::testing::PowerLoss::kDropUnsynced,
                                           quiver::testing::PowerLoss::kTearLastWrite,
                                           quiver::testing::PowerLoss::kReorder));

}  // namespace
}  // namespace quiver::storage

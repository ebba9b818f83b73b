// The MANIFEST's id mirror key (Manifest::id_mirror_key, docs/format/generation.md):
// which writers record it — the import and the generator from their ID column, the
// in-memory builder and both compaction builders from the values they write — and
// exactly when the key does mirror the ids; a generation without it (written before it
// existed) still answers through the scan; a value that cannot be true fails the open,
// one that is not true fails `quiver check`.

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "ingest/compaction_build.h"
#include "ingest/csv_import.h"
#include "ingest/g500_output.h"
#include "ingest_test_util.h"
#include "storage/checker.h"
#include "storage/txn/transactional_store.h"

namespace quiver::ingest {
namespace {

using storage::Generation;
using testing::OpenDb;
using testing::TempDir;

// Node files of one import: (labels, CSV text with its header).
using NodeFiles = std::vector<std::pair<std::vector<std::string>, std::string>>;

void ImportNodes(const TempDir& dir, const std::string& db, const NodeFiles& files) {
  std::vector<InputGroup> groups;
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string path = dir.Join(db + "-" + std::to_string(i) + ".csv");
    std::ofstream(path, std::ios::binary) << files[i].second;
    groups.push_back({FileKind::kNodes, files[i].first, {path}});
  }
  auto database = OpenDb(dir.Join(db));
  SessionOptions so;
  so.workers = 2;
  so.memory_budget = 1ull << 28;
  auto s = ConstructionSession::Begin(database.get(), so);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  auto imported = ImportCsv(groups, ImportOptions{}, s->get());
  ASSERT_TRUE(imported.ok()) << imported.status().ToString();
  auto committed = (*s)->Commit();
  ASSERT_TRUE(committed.ok()) << committed.status().ToString();
}

std::shared_ptr<const Generation> Pin(const std::string& path) {
  auto db = OpenDb(path);
  if (db == nullptr) return nullptr;
  auto g = db->Pin();
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  return g.ok() ? *g : nullptr;
}

uint32_t Key(const Generation& g, const std::string& name) {
  auto k = g.FindPropertyKey(name);
  EXPECT_TRUE(k.has_value()) << name;
  return k.value_or(UINT32_MAX);
}

// The recorded key by name ("" for none).
std::string Recorded(const std::string& path) {
  auto g = Pin(path);
  if (g == nullptr || !g->manifest().id_mirror_key) return "";
  return std::string(g->PropertyKeyName(*g->manifest().id_mirror_key));
}

void ExpectChecks(const std::string& path) {
  const storage::CheckReport report = storage::CheckDatabase(Env::Default(), path);
  EXPECT_TRUE(report.ok()) << report.status.ToString();
}

// Rewrites the MANIFEST of the current generation with `edit` applied (checksums and
// all, as a writer would have written it).
void RewriteManifest(const std::string& path, const std::function<void(storage::Manifest*)>& edit) {
  std::string gen_dir;
  storage::Manifest m;
  {
    auto g = Pin(path);
    ASSERT_NE(g, nullptr);
    gen_dir = g->dir();
    m = g->manifest();
  }
  edit(&m);
  auto written = storage::WriteManifest(Env::Default(), gen_dir, m);
  ASSERT_TRUE(written.ok()) << written.status().ToString();
}

std::string IntIds(int from, int to) {
  std::ostringstream csv;
  csv << "id:ID{id-type:int},name\n";
  for (int i = from; i < to; ++i) csv << i << ",n" << i << "\n";
  return csv.str();
}

TEST(IdMirrorTest, ImportRecordsTheIdColumnsKey) {
  TempDir dir;
  ImportNodes(dir, "int", {{{"V"}, IntIds(100, 110)}, {{"W"}, IntIds(200, 205)}});
  EXPECT_EQ(Recorded(dir.Join("int")), "id");
  ImportNodes(dir, "str", {{{"P"}, "id:ID,name\nalice,A\nbob,B\n7,seven\n"}});
  EXPECT_EQ(Recorded(dir.Join("str")), "id");
  // Ids 0..N-1 in order: the Dense kind, no external-id file, the key still recorded.
  ImportNodes(dir, "dense", {{{"V"}, IntIds(0, 50)}});
  EXPECT_EQ(Recorded(dir.Join("dense")), "id");
  for (const char* db : {"int", "str", "dense"}) {
    auto g = Pin(dir.Join(db));
    EXPECT_TRUE(g->ExternalIdsMirror(Key(*g, "id"))) << db;
    EXPECT_FALSE(g->ExternalIdsMirror(Key(*g, "name"))) << db;
    ExpectChecks(dir.Join(db));
  }
}

TEST(IdMirrorTest, GeneratorRecordsTheVertexKey) {
  TempDir dir;
  auto db = OpenDb(dir.path());
  SessionOptions so;
  so.workers = 2;
  so.memory_budget = 1ull << 28;
  auto s = ConstructionSession::Begin(db.get(), so);
  ASSERT_TRUE(s.ok());
  ASSERT_TRUE(GenerateIntoSession(G500Generator({8, 8, 1}), s->get()).ok());
  ASSERT_TRUE((*s)->Commit().ok());
  db.reset();
  EXPECT_EQ(Recorded(dir.path()), "id");
  ExpectChecks(dir.path());
}

// Where the ID column is not the only source of its property, or not every keyed
// node's, nothing is recorded, and the scan gives the answer.
TEST(IdMirrorTest, ImportRecordsNothingWhenTheColumnIsNotTheIdsAlone) {
  TempDir dir;
  struct Case {
    const char* name;
    NodeFiles files;
    bool mirrors;  // what the scan finds
  };
  const std::vector<Case> cases = {
      // An unnamed ID column stores no property; `id` is an ordinary one.
      {"unnamed", {{{"P"}, ":ID{id-type:int},id:int,name\n1,2,one\n2,1,two\n"}}, false},
      // ... which may still mirror the ids: not recorded, found by the scan.
      {"unnamed-equal", {{{"P"}, ":ID{id-type:int},id:int\n1,1\n2,2\n"}}, true},
      // Nodes without ids carry `id` as an ordinary property.
      {"plain-too", {{{"V"}, IntIds(1, 4)}, {{"X"}, "id:int,name\n9,x\n"}}, false},
      // Keyed nodes of the same space whose ID column has no name lack `id`.
      {"some-unnamed", {{{"V"}, IntIds(1, 4)}, {{"U"}, ":ID{id-type:int}\n7\n"}}, false},
      // One space, two names for its ID column.
      {"two-names", {{{"V"}, IntIds(1, 4)}, {{"U"}, "uid:ID{id-type:int}\n7\n"}}, false},
      // Two ID spaces: no external ids at all.
      {"two-spaces", {{{"V"}, "id:ID(a){id-type:int}\n1\n"}, {{"U"}, "id:ID(b){id-type:int}\n1\n"}}, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ImportNodes(dir, c.name, c.files);
    EXPECT_EQ(Recorded(dir.Join(c.name)), "");
    auto g = Pin(dir.Join(c.name));
    EXPECT_EQ(g->ExternalIdsMirror(Key(*g, "id")), c.mirrors);
    ExpectChecks(dir.Join(c.name));
  }
}

// The in-memory builder records the lowest key that mirrors exactly: same values, same
// type, on the keyed nodes only.
TEST(IdMirrorTest, GraphBuilderRecordsAKeyOnlyWhenItMirrorsExactly) {
  using PV = storage::PropertyValue;
  TempDir dir;
  struct Case {
    const char* name;
    std::vector<std::pair<storage::GraphBuilder::Properties, storage::ExternalKey>> nodes;
    std::string recorded;
  };
  const std::vector<Case> cases = {
      {"exact", {{{{"a", 1}, {"k", 10}}, int64_t{10}}, {{{"k", 11}}, int64_t{11}}, {{{"a", 2}}, {}}}, "k"},
      {"two-mirror", {{{{"k", 10}, {"j", 10}}, int64_t{10}}, {{{"k", 11}, {"j", 11}}, int64_t{11}}}, "k"},
      {"strings", {{{{"s", "x"}}, std::string("x")}, {{{"s", "y"}}, std::string("y")}}, "s"},
      {"a-float", {{{{"k", 10}}, int64_t{10}}, {{{"k", 11.0}}, int64_t{11}}}, ""},
      {"a-string", {{{{"k", 10}}, int64_t{10}}, {{{"k", "11"}}, int64_t{11}}}, ""},
      {"one-missing", {{{{"k", 10}}, int64_t{10}}, {{{"a", 1}}, int64_t{11}}}, ""},
      {"a-null", {{{{"k", 10}}, int64_t{10}}, {{{"k", PV()}}, int64_t{11}}}, ""},
      {"on-unkeyed", {{{{"k", 10}}, int64_t{10}}, {{{"k", 11}}, {}}}, ""},
      {"differs", {{{{"k", 10}}, int64_t{10}}, {{{"k", 12}}, int64_t{11}}}, ""},
      {"no-keys", {{{{"k", 10}}, {}}}, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    storage::testing::Model m;
    for (const auto& [props, key] : c.nodes) m.nodes.push_back({{"N"}, props, key});
    testing::PublishWithGraphBuilder(m, dir.Join(c.name));
    EXPECT_EQ(Recorded(dir.Join(c.name)), c.recorded);
    ExpectChecks(dir.Join(c.name));
  }
}

// Compaction, by either builder, records the key again when the values it writes still
// mirror the ids, and nothing when any node breaks it; lookups answer either way.
class CompactionIdMirrorTest : public ::testing::TestWithParam<bool> {
 protected:
  static constexpr int kNodes = 70000;  // two node ranges of 64 Ki

  // A fresh import: :V ids 0..kNodes-1 (Dense), :W four more (so Int64 ids).
  std::string Import(const std::string& db) {
    ImportNodes(dir_, db, {{{"V"}, IntIds(0, kNodes)}, {{"W"}, IntIds(kNodes + 5, kNodes + 9)}});
    return dir_.Join(db);
  }

  // Applies `write` in one transaction, then compacts with the builder under test.
  void WriteAndCompact(const std::string& path, const std::function<void(GraphWriter&)>& write) {
    storage::StoreOptions o;
    o.create_if_missing = false;
    o.auto_compact = false;
    o.compaction_workers = 2;
    if (GetParam()) {
      SessionOptions so;
      so.workers = 2;
      so.memory_budget = 1ull << 28;
      o.compaction_builder = MakeSessionCompactionBuilder(so);
    }
    auto store = storage::TransactionalStore::Open(Env::Default(), path, o);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    auto w = (*store)->BeginWrite();
    ASSERT_TRUE(w.ok());
    write(**w);
    ASSERT_TRUE((*w)->Commit().ok());
    ASSERT_TRUE((*store)->Compact().ok());
  }

  TempDir dir_;
};

TEST_P(CompactionIdMirrorTest, KeepsTheKeyWhileTheValuesStillMirror) {
  const std::string path = Import("db");
  ASSERT_EQ(Recorded(path), "id");
  WriteAndCompact(path, [](GraphWriter& g) {
    g.SetNodeProperty(5, g.InternPropertyKey("name"), Value::String("five"));
    g.SetNodeProperty(66000, g.InternPropertyKey("other"), Value::Int(66000));
    g.DeleteNode(7);  // renumbers the nodes after it; keys go with them
    g.CreateNode({}, {});
  });
  EXPECT_EQ(Recorded(path), "id");
  ExpectChecks(path);
  // The index answers as a scan of the column does.
  auto g = Pin(path);
  const uint32_t id = Key(*g, "id");
  ASSERT_TRUE(g->ExternalIdsMirror(id));
  for (int64_t v : {int64_t{0}, int64_t{6}, int64_t{7}, int64_t{8}, int64_t{66000}, int64_t{kNodes - 1},
                    int64_t{kNodes + 5}, int64_t{-1}}) {
    std::optional<uint64_t> scan;
    for (uint64_t n = 0; n < g->NodeCount(); ++n) {
      auto p = g->NodeProperty(n, id);
      if (p.ok() && p->is_int() && p->as_int() == v) scan = n;
    }
    EXPECT_EQ(g->FindNode(v), scan) << v;
  }
}

TEST_P(CompactionIdMirrorTest, RecordsNothingOnceANodeBreaksIt) {
  const std::vector<std::pair<std::string, std::function<void(GraphWriter&)>>> breaks = {
      {"changed", [](GraphWriter& g) { g.SetNodeProperty(3, g.InternPropertyKey("id"), Value::Int(5)); }},
      {"changed-last",
       [](GraphWriter& g) { g.SetNodeProperty(kNodes + 3, g.InternPropertyKey("id"), Value::Int(-1)); }},
      {"float",
       [](GraphWriter& g) { g.SetNodeProperty(66000, g.InternPropertyKey("id"), Value::Float(66000.0)); }},
      {"removed", [](GraphWriter& g) { g.SetNodeProperty(3, g.InternPropertyKey("id"), Value::Null()); }},
      {"created",
       [](GraphWriter& g) {
         const PropertyEntry id{g.InternPropertyKey("id"), Value::Int(kNodes + 100)};
         g.CreateNode({}, std::span(&id, 1));
       }},
  };
  for (const auto& [name, write] : breaks) {
    SCOPED_TRACE(name);
    const std::string path = Import(name);
    WriteAndCompact(path, write);
    EXPECT_EQ(Recorded(path), "");
    auto g = Pin(path);
    EXPECT_FALSE(g->ExternalIdsMirror(Key(*g, "id")));  // the scan agrees
    ExpectChecks(path);
  }
}

TEST_P(CompactionIdMirrorTest, RecordsTheKeyForABaseWrittenWithoutIt) {
  const std::string path = Import("db");
  RewriteManifest(path, [](storage::Manifest* m) { m->id_mirror_key.reset(); });
  ASSERT_EQ(Recorded(path), "");
  WriteAndCompact(
      path, [](GraphWriter& g) { g.SetNodeProperty(5, g.InternPropertyKey("name"), Value::String("x")); });
  EXPECT_EQ(Recorded(path), "id");
  ExpectChecks(path);
}

INSTANTIATE_TEST_SUITE_P(InMemoryAndSession, CompactionIdMirrorTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Session" : "InMemory"; });

// A generation written before the field (0 in the summary) answers through the scan.
TEST(IdMirrorTest, AGenerationWithoutTheFieldAnswersThroughTheScan) {
  TempDir dir;
  ImportNodes(dir, "db", {{{"V"}, IntIds(100, 110)}, {{"X"}, "id:int\n3\n"}});
  ImportNodes(dir, "plain", {{{"V"}, IntIds(100, 110)}});
  RewriteManifest(dir.Join("plain"), [](storage::Manifest* m) { m->id_mirror_key.reset(); });
  auto g = Pin(dir.Join("plain"));
  EXPECT_FALSE(g->manifest().id_mirror_key.has_value());
  EXPECT_TRUE(g->ExternalIdsMirror(Key(*g, "id")));
  EXPECT_FALSE(g->ExternalIdsMirror(Key(*g, "name")));
  EXPECT_EQ(g->FindNode(int64_t{105}), std::optional<uint64_t>(5));
  auto other = Pin(dir.Join("db"));
  EXPECT_FALSE(other->ExternalIdsMirror(Key(*other, "id")));
  ExpectChecks(dir.Join("plain"));
}

// A key past the dictionary, or one recorded without external ids, cannot be true: the
// open fails. A key that does not mirror is found by `quiver check`.
TEST(IdMirrorTest, ARecordedKeyThatIsNotTrueIsCorruption) {
  TempDir dir;
  ImportNodes(dir, "past", {{{"V"}, IntIds(100, 110)}});
  RewriteManifest(dir.Join("past"), [](storage::Manifest* m) { m->id_mirror_key = m->property_key_count; });
  {
    auto db = OpenDb(dir.Join("past"));
    auto g = db->Pin();
    ASSERT_FALSE(g.ok());
    EXPECT_TRUE(g.status().IsCorruption()) << g.status().ToString();
    EXPECT_NE(g.status().ToString().find("id mirror key"), std::string::npos) << g.status().ToString();
  }
  ImportNodes(dir, "no-ids", {{{"V"}, "id:int,name\n1,a\n"}});
  RewriteManifest(dir.Join("no-ids"), [](storage::Manifest* m) { m->id_mirror_key = 0; });
  {
    auto db = OpenDb(dir.Join("no-ids"));
    auto g = db->Pin();
    ASSERT_FALSE(g.ok());
    EXPECT_TRUE(g.status().IsCorruption()) << g.status().ToString();
  }
  ImportNodes(dir, "wrong", {{{"V"}, IntIds(100, 110)}});
  uint32_t name = 0;
  {
    auto g = Pin(dir.Join("wrong"));
    name = Key(*g, "name");
  }
  RewriteManifest(dir.Join("wrong"), [&](storage::Manifest* m) { m->id_mirror_key = name; });
  const storage::CheckReport report = storage::CheckDatabase(Env::Default(), dir.Join("wrong"));
  ASSERT_FALSE(report.ok());
  EXPECT_TRUE(report.status.IsCorruption());
  EXPECT_NE(report.status.ToString().find("mirroring the external ids"), std::string::npos)
      << report.status.ToString();
}

// The writer refuses a key it cannot record.
TEST(IdMirrorTest, TheWriterRefusesAKeyWithoutIds) {
  TempDir dir;
  auto db = OpenDb(dir.path());
  storage::GraphBuilder b;
  b.AddNode({"N"}, {{"k", 1}});
  auto w = db->BeginGeneration(b.node_count());
  ASSERT_TRUE(w.ok());
  ASSERT_TRUE(b.Write(w->get()).ok());
  (*w)->SetIdMirrorKey(0);
  auto finished = (*w)->Finish(0);
  ASSERT_FALSE(finished.ok());
  EXPECT_EQ(finished.status().code(), StatusCode::kInvalidArgument) << finished.status().ToString();
}

}  // namespace
}  // namespace quiver::ingest

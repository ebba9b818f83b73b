// The bounded compaction builder (ingest/compaction_build.h) against the in-memory one
// (storage/txn/compaction.h): the same base and delta compacted both ways must read back
// as the same graph — node ids, labels, properties of every type, external keys,
// relationship ids, order and properties — whether the session builds in memory or
// spills; the generation passes `quiver check`; no scratch file is left behind.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "ingest/compaction_build.h"
#include "quiver/value_temporal.h"
#include "storage/checker.h"
#include "unit/storage/txn_test_util.h"

namespace quiver::ingest {
namespace {

using namespace storage;
using namespace storage::txntest;
namespace fs = std::filesystem;
using D = quiver::Direction;

constexpr int kNodes = 70000;  // two node ranges of 64 Ki

// A base with integer keys, two labels, three relationship types with properties,
// then a delta that deletes (renumbering), relabels, changes property types, removes
// properties, and creates nodes (unkeyed) and relationships (in a new type too).
void BuildAndChange(const std::string& path, const CompactionBuilder& builder) {
  {
    storage::DatabaseOptions o;
    o.create_if_missing = true;
    o.database_id = TestDbId();
    auto db = DatabaseDir::Open(Env::Default(), path, o);
    ASSERT_TRUE(db.ok());
    GraphBuilder b;
    for (int i = 0; i < kNodes; ++i) {
      GraphBuilder::Properties props = {{"i", int64_t{i}}};
      if (i % 5 == 0) props.emplace_back("name", std::to_string(i * 10 + 7));
      if (i % 7 == 0) props.emplace_back("score", 0.5 * i);
      b.AddNode({i % 3 == 0 ? "A" : "B"}, props, int64_t{5000000 + i});
    }
    for (int i = 0; i < kNodes; ++i) {
      const char* type = i % 3 == 0 ? "X" : (i % 3 == 1 ? "Y" : "Z");
      ASSERT_TRUE(b.AddEdge(i, (i * 7 + 1) % kNodes, type, {{"w", int64_t{i}}}).ok());
      if (i % 4 == 0) {
        ASSERT_TRUE(b.AddEdge(i, (i * 13 + 5) % kNodes, "X", {}).ok());
      }
    }
    auto w = (*db)->BeginGeneration(b.node_count());
    ASSERT_TRUE(w.ok() && b.Write(w->get()).ok() && (*db)->Publish(w->get(), 0).ok());
  }
  StoreOptions o = Options(Durability::kAsync);
  o.auto_compact = false;
  o.compaction_workers = 2;
  o.compaction_builder = builder;
  auto store = OpenStore(path, o);
  ASSERT_NE(store, nullptr);
  auto w = store->BeginWrite();
  ASSERT_TRUE(w.ok());
  GraphWriter& g = **w;
  std::vector<Adjacent> adj;
  for (NodeId n = 10; n < kNodes; n += 4999) {  // DETACH DELETE: ids shift down
    adj.clear();
    g.Expand(n, D::kBoth, {}, adj);
    for (const auto& a : adj) g.DeleteRelationship(a.rel.id);
    g.DeleteNode(n);
  }
  g.AddLabel(1, g.InternLabel("C"));
  g.RemoveLabel(3, *g.FindLabel("A"));
  g.SetNodeProperty(2, g.InternPropertyKey("i"), Value::String("two"));  // the column turns mixed
  g.SetNodeProperty(4, g.InternPropertyKey("tags"),
                    Value::List({Value::String("a"), Value::String("b")}));
  g.SetNodeProperty(5, g.InternPropertyKey("name"), Value());  // removed
  g.SetNodeProperty(6, g.InternPropertyKey("when"), Value::Date(DateValue{16637}));  // temporals too
  g.SetNodeProperty(7, g.InternPropertyKey("when"), Value::Duration(DurationValue{1, -2, 3, 4}));
  g.SetRelationshipProperty(5, g.InternPropertyKey("w"), Value());
  g.SetRelationshipProperty(6, g.InternPropertyKey("w"), Value::Bool(true));
  const NodeId fresh = g.CreateNode(std::vector<LabelId>{g.InternLabel("New")}, {});
  const NodeId bare = g.CreateNode({}, std::vector<PropertyEntry>{{g.InternPropertyKey("i"), Value::Int(-1)}});
  g.CreateRelationship(g.InternRelType("X"), fresh, 3,
                       std::vector<PropertyEntry>{{g.InternPropertyKey("w"), Value::Float(1.5)}});
  g.CreateRelationship(g.InternRelType("W"), 3, fresh, {});
  g.CreateRelationship(g.InternRelType("W"), bare, bare, {});
  ASSERT_TRUE((*w)->Commit().ok());
  const Status compacted = store->Compact();
  ASSERT_TRUE(compacted.ok()) << compacted.ToString();
  EXPECT_EQ(store->Stats().compactions, 1u);
}

// Every fact a reader can see, in id order, as text.
std::string Dump(const std::string& path) {
  StoreOptions o = Options();
  o.create_if_missing = false;
  auto store = OpenStore(path, o);
  if (store == nullptr) return "unopenable";
  auto r = store->BeginRead();
  std::ostringstream out;
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> props;
  std::vector<Adjacent> adj;
  const auto print_props = [&] {
    for (const auto& [k, v] : props) out << " " << r->PropertyKeyName(k) << "=" << ToTckString(v);
  };
  out << "nodes " << r->NodeCount() << " rels " << r->RelationshipCount() << "\n";
  for (NodeId n = 0; n < r->NodeIdBound(); ++n) {
    if (!r->NodeExists(n)) continue;
    out << n << ":";
    labels.clear();
    r->GetLabels(n, labels);
    for (LabelId l : labels) out << " :" << r->LabelName(l);
    props.clear();
    r->GetNodeProperties(n, props);
    print_props();
    out << "\n";
    for (D d : {D::kOutgoing, D::kIncoming}) {
      adj.clear();
      r->Expand(n, d, {}, adj);
      for (const auto& a : adj) {
        out << (d == D::kOutgoing ? "  -> " : "  <- ") << a.neighbour << " #" << a.rel.id << " "
            << r->RelTypeName(a.rel.type);
        props.clear();
        r->GetRelationshipProperties(a.rel.id, props);
        print_props();
        out << "\n";
      }
    }
  }
  return out.str();
}

// "" when equal; else the first line that differs, both ways (a diff of two megabytes
// of text would take gtest minutes).
std::string FirstDifference(const std::string& actual, const std::string& expected) {
  std::istringstream a(actual), e(expected);
  std::string la, le;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_e = static_cast<bool>(std::getline(e, le));
    if (!more_a && !more_e) return "";
    if (!more_a || !more_e || la != le) {
      std::ostringstream out;
      out << "line " << line << ": got '" << (more_a ? la : "<end>") << "', expected '" << (more_e ? le : "<end>")
          << "'";
      return out.str();
    }
  }
}

std::string Keys(const std::string& path) {
  auto dbdir = DatabaseDir::Open(Env::Default(), path, storage::DatabaseOptions{});
  if (!dbdir.ok()) return dbdir.status().ToString();
  auto gen = (*dbdir)->Pin();
  if (!gen.ok()) return gen.status().ToString();
  std::ostringstream out;
  for (uint64_t n = 0; n < (*gen)->NodeCount(); ++n) {
    const ExternalKeyView k = (*gen)->NodeKey(n);
    if (const auto* i = std::get_if<int64_t>(&k)) out << n << "=" << *i << " ";
  }
  return out.str();
}

class CompactionBuildTest : public ::testing::TestWithParam<bool> {};  // spill or not

TEST_P(CompactionBuildTest, BuildsTheSameGraphAsTheInMemoryBuilder) {
  testing::TempDir dir;
  BuildAndChange(dir.Join("memory"), {});
  SessionOptions session;
  session.workers = 2;
  session.memory_budget = uint64_t{256} << 20;
  if (GetParam()) {  // force the spilling path: tiny runs and ranges
    session.spill_edges = 5000;
    session.range_edges = 4096;
  }
  BuildAndChange(dir.Join("session"), MakeSessionCompactionBuilder(session));

  for (const char* name : {"memory", "session"}) {
    const CheckReport report = CheckDatabase(Env::Default(), dir.Join(name));
    EXPECT_TRUE(report.ok()) << name << ": " << report.status.ToString();
    EXPECT_FALSE(fs::exists(dir.Join(name) + "/scratch")) << name << ": scratch left behind";
  }
  const std::string expected = Dump(dir.Join("memory"));
  EXPECT_GT(expected.size(), 1000000u);
  EXPECT_EQ(FirstDifference(Dump(dir.Join("session")), expected), "");
  EXPECT_EQ(Keys(dir.Join("session")), Keys(dir.Join("memory")));
  // Base nodes keep their keys through renumbering: old node 11 is new node 10.
  auto dbdir = DatabaseDir::Open(Env::Default(), dir.Join("session"), storage::DatabaseOptions{});
  ASSERT_TRUE(dbdir.ok());
  auto gen = (*dbdir)->Pin();
  ASSERT_TRUE(gen.ok());
  EXPECT_EQ((*gen)->FindNode(int64_t{5000011}), std::optional<uint64_t>(10));
  EXPECT_EQ((*gen)->FindNode(int64_t{5000010}), std::nullopt);
}

INSTANTIATE_TEST_SUITE_P(InMemoryAndSpilling, CompactionBuildTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Spilling" : "InMemory"; });

// A failed build leaves the live generation and the database as they were.
TEST(CompactionBuildFailureTest, AFailedBuildLeavesTheLiveGenerationAlone) {
  testing::TempDir dir;
  const CompactionBuilder failing = [](const DeltaState&, DatabaseDir*, GenerationWriter*, CompactionCounts*) {
    return Status::IOError("injected");
  };
  {
    StoreOptions o = Options();
    o.auto_compact = false;
    o.compaction_builder = failing;
    auto store = OpenStore(dir.Join("db"), o);
    ASSERT_NE(store, nullptr);
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    (*w)->CreateNode({}, {});
    ASSERT_TRUE((*w)->Commit().ok());
    EXPECT_FALSE(store->Compact().ok());
    EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);
  }
  StoreOptions o = Options();
  o.compaction_builder = MakeSessionCompactionBuilder({});
  auto store = OpenStore(dir.Join("db"), o);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);
  ASSERT_TRUE(store->Compact().ok());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);
}

}  // namespace
}  // namespace quiver::ingest

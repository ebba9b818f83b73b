// ConstructionSession: the published generation equals the in-memory GraphBuilder's
// byte for byte, whatever the workers, batch sizes or spilling; abort and failure leave
// the live generation and no scratch behind.
#include <gtest/gtest.h>

#include <set>

#include "ingest/g500_output.h"
#include "ingest_test_util.h"
#include "storage/checker.h"

namespace quiver::ingest {
namespace {

using testing::FeedModel;
using testing::GenerationFiles;
using testing::OpenDb;
using testing::TempDir;

struct BuildConfig {
  uint32_t workers = 1;
  uint64_t spill_edges = 0;
  uint64_t range_edges = 0;
  size_t batches_per_call = 7;
};

std::map<std::string, std::string> BuildModel(const storage::testing::Model& m, const BuildConfig& c,
                                              const std::string& path) {
  auto db = OpenDb(path);
  SessionOptions o;
  o.workers = c.workers;
  o.memory_budget = 1ull << 30;
  o.spill_edges = c.spill_edges;
  o.range_edges = c.range_edges;
  o.edge_properties = true;
  auto s = ConstructionSession::Begin(db.get(), o);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  Status fed = FeedModel(m, s->get(), c.batches_per_call);
  EXPECT_TRUE(fed.ok()) << fed.ToString();
  auto r = (*s)->Commit();
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  if (r.ok()) {
    EXPECT_EQ(r->spilled, c.spill_edges != 0);
    // The floor is node data, plus per-node degree arrays (4 bytes a node for the build,
    // 4 per relationship type) only when spilling.
    std::set<std::string> types;
    for (const auto& e : m.edges) types.insert(e.type);
    const uint64_t per_node = r->spilled ? 4 * (1 + types.size()) : 0;
    EXPECT_GE(r->memory_floor_bytes, r->nodes * per_node);
    if (!r->spilled) {
      EXPECT_LT(r->memory_floor_bytes, o.memory_budget);
    }
  }
  const storage::CheckReport report = storage::CheckDatabase(Env::Default(), path);
  EXPECT_TRUE(report.ok()) << report.status.ToString();
  return GenerationFiles(path);
}

TEST(SessionTest, RichModelMatchesGraphBuilderByteForByte) {
  TempDir dir;
  const auto m = storage::testing::RichModel();
  testing::PublishWithGraphBuilder(m, dir.Join("builder"));
  const auto want = GenerationFiles(dir.Join("builder"));
  ASSERT_GT(want.size(), 5u);
  for (const BuildConfig& c : {BuildConfig{1, 0, 0, 1}, BuildConfig{2, 0, 0, 7}, BuildConfig{8, 0, 0, 1000},
                               BuildConfig{3, 3, 2, 5}, BuildConfig{1, 1, 1, 2}, BuildConfig{8, 4, 3, 3}}) {
    SCOPED_TRACE("workers " + std::to_string(c.workers) + " spill " + std::to_string(c.spill_edges));
    const std::string path = dir.Join("s" + std::to_string(c.workers) + "-" + std::to_string(c.spill_edges) +
                                      "-" + std::to_string(c.batches_per_call));
    EXPECT_EQ(BuildModel(m, c, path), want);
  }
}

TEST(SessionTest, SessionGenerationReadsBackAsTheModel) {
  TempDir dir;
  const auto m = storage::testing::RichModel();
  BuildModel(m, BuildConfig{2, 0, 0, 3}, dir.path());
  auto db = OpenDb(dir.path());
  auto g = db->Pin();
  ASSERT_TRUE(g.ok());
  storage::testing::ExpectMatches(**g, m);
}

storage::testing::Model RandomModel(uint64_t nodes, uint64_t edges, uint32_t seed, bool string_keys) {
  std::mt19937_64 rng(seed);
  storage::testing::Model m;
  for (uint64_t i = 0; i < nodes; ++i) {
    storage::testing::ModelNode n;
    n.labels = {i % 3 == 0 ? "A" : "B"};
    if (i % 4 == 0) n.props.push_back({"x", static_cast<int64_t>(rng() % 100)});
    if (string_keys) {
      n.key = "k" + std::to_string(rng() % 1000000) + "-" + std::to_string(i);
    } else {
      n.key = static_cast<int64_t>(i * 7919 % 1000003);
    }
    m.nodes.push_back(std::move(n));
  }
  for (uint64_t i = 0; i < edges; ++i) {
    storage::testing::ModelEdge e;
    // Skewed sources (hubs), parallel edges and self-loops.
    e.source = (rng() % 4 == 0) ? rng() % 5 : rng() % nodes;
    e.target = (rng() % 8 == 0) ? e.source : rng() % nodes;
    e.type = rng() % 5 == 0 ? "R2" : "R1";
    if (i % 3 == 0) e.props.push_back({"w", static_cast<int64_t>(i)});
    m.edges.push_back(std::move(e));
  }
  return m;
}

TEST(SessionTest, RandomGraphIdenticalAcrossWorkersAndSpill) {
  TempDir dir;
  for (bool string_keys : {false, true}) {
    const auto m = RandomModel(3000, 20000, 7, string_keys);
    testing::PublishWithGraphBuilder(m, dir.Join(string_keys ? "b-s" : "b-i"));
    const auto want = GenerationFiles(dir.Join(string_keys ? "b-s" : "b-i"));
    int i = 0;
    for (const BuildConfig& c :
         {BuildConfig{1, 0, 0, 64}, BuildConfig{2, 0, 0, 500}, BuildConfig{8, 0, 0, 33},
          BuildConfig{2, 1500, 700, 100}, BuildConfig{8, 4096, 5000, 1000}}) {
      SCOPED_TRACE("config " + std::to_string(i) + (string_keys ? " string keys" : " int keys"));
      EXPECT_EQ(BuildModel(m, c, dir.Join("r" + std::to_string(i++) + (string_keys ? "s" : "i"))), want);
    }
  }
}

// A session that takes edge properties spills every type as runs that carry input
// order, also a type that never got a property; building such a type once read the
// other kind of run and failed ("spill runs hold a different number of edges").
TEST(SessionTest, SpilledTypeWithoutPropertiesInASessionWithEdgeProperties) {
  TempDir dir;
  auto db = OpenDb(dir.path());
  SessionOptions o;
  o.workers = 2;
  o.memory_budget = 64 << 20;
  o.spill_edges = 100;
  o.edge_properties = true;
  auto s = ConstructionSession::Begin(db.get(), o);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  ConstructionSession& session = **s;
  const uint32_t with = session.RelType("WITH");
  const uint32_t without = session.RelType("WITHOUT");
  const uint32_t w = session.PropertyKey("w");
  constexpr uint32_t kNodes = 5000;
  std::vector<NodeBatch> nodes(1);
  nodes[0].count = kNodes;
  ASSERT_TRUE(session.AddNodes(std::move(nodes)).ok());
  std::vector<DuplicateKey> duplicates;
  ASSERT_TRUE(session.FinishNodes(false, &duplicates).ok());
  std::vector<EdgeBatch> edges(2);
  edges[0].type = with;
  edges[1].type = without;
  ColumnChunk weights;
  weights.key = w;
  for (uint32_t i = 0; i < kNodes; ++i) {
    edges[0].src.push_back(i);
    edges[0].dst.push_back((i * 7 + 1) % kNodes);
    weights.AppendInt(i);
    edges[1].src.push_back(i % 1000);
    edges[1].dst.push_back(i);
  }
  edges[0].properties.push_back(std::move(weights));
  ASSERT_TRUE(session.AddEdges(std::move(edges)).ok());
  auto committed = session.Commit();
  ASSERT_TRUE(committed.ok()) << committed.status().ToString();
  EXPECT_TRUE(committed->spilled);
  const storage::CheckReport report = storage::CheckDatabase(Env::Default(), dir.path());
  EXPECT_TRUE(report.ok()) << report.status.ToString();
  auto g = db->Pin();
  ASSERT_TRUE(g.ok());
  EXPECT_EQ((*g)->RelTypeEdgeCount(without), kNodes);
  // Node 3 is the source of the WITHOUT edges to 3, 1003, 2003, 3003 and 4003.
  const auto out = (*g)->Neighbors(without, 0, 3, storage::Direction::kOut);
  ASSERT_EQ(out.size(), 5u);
  for (uint64_t i = 0; i < 5; ++i) EXPECT_EQ(out.neighbors[i], 3 + 1000 * i);
}

TEST(SessionTest, AbortLeavesLiveGenerationAndNoScratch) {
  TempDir dir;
  const auto m = storage::testing::RichModel();
  BuildModel(m, BuildConfig{2, 0, 0, 3}, dir.path());
  const auto before = GenerationFiles(dir.path());
  const auto entries = testing::TreeEntries(dir.path());
  {
    auto db = OpenDb(dir.path());
    SessionOptions o;
    o.workers = 2;
    o.memory_budget = 1ull << 30;
    o.spill_edges = 3;  // spill files exist when we abort
    o.edge_properties = true;
    auto s = ConstructionSession::Begin(db.get(), o);
    ASSERT_TRUE(s.ok());
    ASSERT_TRUE(FeedModel(m, s->get()).ok());
    EXPECT_TRUE((*s)->spilled());
    EXPECT_FALSE(testing::TreeEntries(dir.Join(std::string(kScratchDirName))).empty());
    (*s)->Abort();
    EXPECT_FALSE(std::filesystem::exists(dir.Join(std::string(kScratchDirName))));
  }
  {
    // Destroyed without Commit: the same.
    auto db = OpenDb(dir.path());
    SessionOptions o;
    o.workers = 2;
    o.memory_budget = 1ull << 30;
    o.edge_properties = true;
    auto s = ConstructionSession::Begin(db.get(), o);
    ASSERT_TRUE(s.ok());
    ASSERT_TRUE(FeedModel(m, s->get()).ok());
  }
  EXPECT_EQ(GenerationFiles(dir.path()), before);
  EXPECT_EQ(testing::TreeEntries(dir.path()), entries);
}

TEST(SessionTest, DuplicateKeysFailOrAreDropped) {
  TempDir dir;
  auto db = OpenDb(dir.path());
  auto make = [&](bool drop, std::vector<DuplicateKey>* dups) -> Status {
    SessionOptions o;
    o.workers = 2;
    o.memory_budget = 1ull << 30;
    auto s = ConstructionSession::Begin(db.get(), o);
    if (!s.ok()) return s.status();
    NodeBatch b;
    b.count = 5;
    b.id_space = *(*s)->IdSpace("", KeyType::kInteger);
    for (int64_t k : {10, 11, 10, 12, 11}) b.keys.AppendInt(k);
    std::vector<NodeBatch> batches;
    batches.push_back(std::move(b));
    QUIVER_RETURN_IF_ERROR((*s)->AddNodes(std::move(batches)));
    QUIVER_RETURN_IF_ERROR((*s)->FinishNodes(drop, dups));
    EXPECT_EQ((*s)->node_count(), 3u);
    EXPECT_EQ((*s)->id_map(0)->Find(int64_t{12}), 2u);
    return (*s)->Commit().status();
  };
  std::vector<DuplicateKey> dups;
  Status s = make(false, &dups);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("duplicate id 10"), std::string::npos) << s.message();
  ASSERT_EQ(dups.size(), 2u);
  EXPECT_EQ(dups[0].node, 2u);
  EXPECT_EQ(dups[0].first_node, 0u);
  EXPECT_EQ(dups[1].node, 4u);
  EXPECT_EQ(dups[1].first_node, 1u);
  ASSERT_TRUE(make(true, &dups).ok());
  auto g = db->Pin();
  ASSERT_TRUE(g.ok());
  EXPECT_EQ((*g)->NodeCount(), 3u);
  EXPECT_EQ((*g)->FindNode(int64_t{12}), std::optional<uint64_t>(2));
}

// The generator streamed into the session equals GraphBuilder fed the same edges, and
// is the same for 1, 2 and 8 workers, with and without spilling.
TEST(SessionTest, GeneratorIntoSessionIsDeterministic) {
  TempDir dir;
  const G500Generator g({10, 8, 42});
  {
    storage::GraphBuilder b;
    for (uint64_t v = 0; v < g.vertex_count(); ++v) {
      b.AddNode({"V"}, {{"id", static_cast<int64_t>(v)}}, static_cast<int64_t>(v));
    }
    std::vector<uint32_t> src(g.edge_count()), dst(g.edge_count());
    g.Generate(0, g.edge_count(), src.data(), dst.data());
    for (uint64_t i = 0; i < src.size(); ++i) ASSERT_TRUE(b.AddEdge(src[i], dst[i], "E").ok());
    auto db = OpenDb(dir.Join("builder"));
    auto w = db->BeginGeneration(b.node_count());
    ASSERT_TRUE(w.ok());
    ASSERT_TRUE(b.Write(w->get()).ok());
    ASSERT_TRUE(db->Publish(w->get(), 0).ok());
  }
  const auto want = GenerationFiles(dir.Join("builder"));
  int i = 0;
  for (const BuildConfig& c : {BuildConfig{1}, BuildConfig{2}, BuildConfig{8}, BuildConfig{2, 1000, 300},
                               BuildConfig{8, 5000, 2000}}) {
    const std::string path = dir.Join("g" + std::to_string(i++));
    auto db = OpenDb(path);
    SessionOptions o;
    o.workers = c.workers;
    o.memory_budget = 1ull << 30;
    o.spill_edges = c.spill_edges;
    o.range_edges = c.range_edges;
    auto s = ConstructionSession::Begin(db.get(), o);
    ASSERT_TRUE(s.ok());
    ASSERT_TRUE(GenerateIntoSession(g, s->get()).ok());
    auto r = (*s)->Commit();
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->edges, g.edge_count());
    EXPECT_EQ(GenerationFiles(path), want) << "workers " << c.workers << " spill " << c.spill_edges;
  }
}

}  // namespace
}  // namespace quiver::ingest

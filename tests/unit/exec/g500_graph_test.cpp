// Tests beyond the TCK, "large graphs from the generator": a Graph500 graph (scale 12:
// 4,096 nodes, 65,536 edges with the skew, self-loops and repeated edges of R-MAT) is
// generated into a database (`quiver generate g500 --db`) and as CSV (`--out`). The
// test reads the CSV edge list itself and computes node and edge counts, degrees, and
// 1-hop and 2-hop counts for several sources; the engine must give the same numbers.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"
#include "unit/exec/value_matchers.h"

namespace quiver {
namespace {

constexpr uint32_t kScale = 12;

struct EdgeList {
  uint64_t nodes = 0;
  std::vector<std::pair<int64_t, int64_t>> edges;  // keys, in file order
  std::vector<std::vector<size_t>> out, in;        // edge indexes by key
};

EdgeList ReadCsv(const std::string& dir) {
  EdgeList g;
  std::ifstream nodes(dir + "/nodes.csv");
  std::string line;
  std::getline(nodes, line);  // header
  while (std::getline(nodes, line)) ++g.nodes;
  std::ifstream edges(dir + "/edges.csv");
  std::getline(edges, line);
  EXPECT_EQ(line, ":START_ID,:END_ID,:TYPE");
  while (std::getline(edges, line)) {
    const size_t a = line.find(','), b = line.find(',', a + 1);
    g.edges.emplace_back(std::stoll(line.substr(0, a)), std::stoll(line.substr(a + 1, b - a - 1)));
    EXPECT_EQ(line.substr(b + 1), "E");
  }
  g.out.resize(g.nodes);
  g.in.resize(g.nodes);
  for (size_t i = 0; i < g.edges.size(); ++i) {
    g.out[g.edges[i].first].push_back(i);
    g.in[g.edges[i].second].push_back(i);
  }
  return g;
}

int64_t One(Connection& conn, const std::string& query, int64_t id) {
  auto r = conn.Query(query, ValueMap{{"id", Value::Int(id)}});
  EXPECT_EQ(r.size(), 1u) << query;
  return r.rows().at(0).at(0).AsInt();
}

class G500GraphTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new quiver::testing::TempDir();
    testing::GenerateG500(kScale, dir_->Join("db"), dir_->Join("csv"));
    graph_ = new EdgeList(ReadCsv(dir_->Join("csv")));
  }
  static void TearDownTestSuite() {
    delete graph_;
    delete dir_;
  }
  void SetUp() override {
    db_ = Database::Open(dir_->Join("db"));
    conn_ = db_->Connect();
  }
  // Sources: the busiest node, a few spread keys, and an isolated one if any.
  std::vector<int64_t> Sources() const {
    const EdgeList& g = *graph_;
    std::vector<int64_t> s = {0, 1, 17, 1000, static_cast<int64_t>(g.nodes - 1)};
    int64_t busiest = 0;
    for (uint64_t v = 0; v < g.nodes; ++v) {
      if (g.out[v].size() > g.out[busiest].size()) busiest = static_cast<int64_t>(v);
    }
    s.push_back(busiest);
    for (uint64_t v = 0; v < g.nodes; ++v) {
      if (g.out[v].empty() && g.in[v].empty()) {
        s.push_back(static_cast<int64_t>(v));
        break;
      }
    }
    return s;
  }

  static quiver::testing::TempDir* dir_;
  static EdgeList* graph_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};
quiver::testing::TempDir* G500GraphTest::dir_ = nullptr;
EdgeList* G500GraphTest::graph_ = nullptr;

TEST_F(G500GraphTest, CountsMatchTheCsv) {
  const EdgeList& g = *graph_;
  EXPECT_EQ(g.nodes, uint64_t{1} << kScale);
  EXPECT_EQ(g.edges.size(), uint64_t{16} << kScale);
  auto r = conn_->Query("MATCH (n) RETURN count(n)");
  EXPECT_EQ(r.rows()[0][0], Value::Int(static_cast<int64_t>(g.nodes)));
  r = conn_->Query("MATCH (n:V) RETURN count(n), min(n.id), max(n.id)");
  EXPECT_EQ(r.rows()[0], (std::vector<Value>{Value::Int(static_cast<int64_t>(g.nodes)), Value::Int(0),
                                             Value::Int(static_cast<int64_t>(g.nodes - 1))}));
  r = conn_->Query("MATCH ()-[r:E]->() RETURN count(r)");
  EXPECT_EQ(r.rows()[0][0], Value::Int(static_cast<int64_t>(g.edges.size())));
  int64_t loops = 0;
  for (const auto& [a, b] : g.edges) loops += a == b ? 1 : 0;
  r = conn_->Query("MATCH (a)-[r:E]->(a) RETURN count(r)");
  EXPECT_EQ(r.rows()[0][0], Value::Int(loops));
  int64_t isolated = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) isolated += g.out[v].empty() && g.in[v].empty() ? 1 : 0;
  r = conn_->Query("MATCH (a:V) OPTIONAL MATCH (a)-[r]-() WITH a, count(r) AS d WHERE d = 0 RETURN count(a)");
  EXPECT_EQ(r.rows()[0][0], Value::Int(isolated));
}

TEST_F(G500GraphTest, TopOutDegreesMatchTheCsv) {
  const EdgeList& g = *graph_;
  std::vector<std::pair<int64_t, int64_t>> degrees;  // (-degree, key)
  for (uint64_t v = 0; v < g.nodes; ++v) {
    if (!g.out[v].empty()) degrees.emplace_back(-static_cast<int64_t>(g.out[v].size()), v);
  }
  std::sort(degrees.begin(), degrees.end());
  auto r =
      conn_->Query("MATCH (a:V)-[:E]->(b) RETURN a.id AS id, count(b) AS d ORDER BY d DESC, id LIMIT 10");
  ASSERT_EQ(r.size(), 10u);
  for (size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(r.rows()[i][0], Value::Int(degrees[i].second)) << i;
    EXPECT_EQ(r.rows()[i][1], Value::Int(-degrees[i].first)) << i;
  }
  r = conn_->Query("MATCH (a:V)-[:E]->(b) WITH a, count(b) AS d RETURN count(a), sum(d)");
  EXPECT_EQ(r.rows()[0], (std::vector<Value>{Value::Int(static_cast<int64_t>(degrees.size())),
                                             Value::Int(static_cast<int64_t>(g.edges.size()))}));
}

TEST_F(G500GraphTest, OneAndTwoHopCountsMatchTheCsv) {
  const EdgeList& g = *graph_;
  auto plan = conn_->Query("EXPLAIN MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)",
                           ValueMap{{"id", Value::Int(0)}});
  EXPECT_NE(FormatPlan(*plan.summary().plan).find("NodeSeek"), std::string::npos);
  for (int64_t s : Sources()) {
    SCOPED_TRACE("source " + std::to_string(s));
    const auto& out = g.out[s];
    const auto& in = g.in[s];
    int64_t loops = 0;
    for (size_t e : out) loops += g.edges[e].second == s ? 1 : 0;
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)", s),
              static_cast<int64_t>(out.size()));
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})<-[:E]-(b) RETURN count(b)", s),
              static_cast<int64_t>(in.size()));
    // Undirected: a self-loop is one relationship, matched once.
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})-[:E]-(b) RETURN count(b)", s),
              static_cast<int64_t>(out.size() + in.size()) - loops);
    std::set<int64_t> neighbours;
    for (size_t e : out) neighbours.insert(g.edges[e].second);
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(DISTINCT b)", s),
              static_cast<int64_t>(neighbours.size()));
    // Two hops: relationship uniqueness forbids reusing the first edge (a self-loop at s).
    int64_t paths = 0;
    std::set<int64_t> reached;
    for (size_t e1 : out) {
      for (size_t e2 : g.out[g.edges[e1].second]) {
        if (e2 == e1) continue;
        ++paths;
        reached.insert(g.edges[e2].second);
      }
    }
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})-[:E]->()-[:E]->(c) RETURN count(c)", s), paths);
    EXPECT_EQ(One(*conn_, "MATCH (a:V {id: $id})-[:E]->()-[:E]->(c) RETURN count(DISTINCT c)", s),
              static_cast<int64_t>(reached.size()));
    // The seek agrees with a plain scan for the same key.
    EXPECT_EQ(One(*conn_, "MATCH (a:V) WHERE (a.id = $id) = true MATCH (a)-[:E]->(b) RETURN count(b)", s),
              static_cast<int64_t>(out.size()));
  }
}

}  // namespace
}  // namespace quiver

#pragma once
// Shared fixtures of the storage tests: a small logical graph model, building it into a
// generation, and reading back every fact of a generation to compare with the model.

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "storage/database_dir.h"
#include "storage/graph_builder.h"
#include "storage/txn/log_segment.h"

namespace quiver::storage::testing {

struct ModelNode {
  std::vector<std::string> labels;
  GraphBuilder::Properties props;
  ExternalKey key;
};
struct ModelEdge {
  uint64_t source = 0, target = 0;
  std::string type;
  GraphBuilder::Properties props;
};
struct Model {
  std::vector<ModelNode> nodes;
  std::vector<ModelEdge> edges;
};

inline DatabaseId TestDatabaseId() {
  DatabaseId id{};
  for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<uint8_t>(0xA0 + i);
  return id;
}

// Every feature the format has: several labels per node, isolated nodes, self-loops,
// parallel edges, every property type, nulls, mixed columns, bitmaps past one word.
inline Model RichModel() {
  using PV = PropertyValue;
  Model m;
  PV::Map meta{{"k", PV(int64_t{1})}, {"z", PV(PV::List{PV(1), PV(2.5), PV()})}};
  m.nodes.push_back({{"Person", "Employee"},
                     {{"name", "Ada"}, {"age", 36}, {"score", 1.5}, {"active", true},
                      {"tags", PV(PV::List{PV("a"), PV("b")})}, {"meta", PV(meta)}},
                     int64_t{100}});
  m.nodes.push_back({{"Person"}, {{"name", "Bob"}, {"age", PV()}, {"mixed", "x"}}, int64_t{7}});
  m.nodes.push_back({{}, {}, {}});  // isolated, no labels, no key
  m.nodes.push_back({{"Employee", "Person", "Person"},
                     {{"age", 41}, {"mixed", 3}, {"score", -0.0}, {"active", false}},
                     int64_t{-5}});
  m.nodes.push_back({{"City"},
                     {{"name", std::string("Par\0is", 6)}, {"empty", ""}, {"big", std::numeric_limits<int64_t>::min()},
                      {"nan", std::numeric_limits<double>::quiet_NaN()}, {"mixed", PV(PV::Map{})}},
                     int64_t{1} << 40});
  for (int i = 5; i < 70; ++i) {  // crosses a 64-bit bitmap word
    ModelNode n;
    if (i % 3 == 0) n.labels = {"Thing"};
    if (i % 2 == 0) n.props.push_back({"age", i});
    if (i % 5 == 0) {
      std::string name = "n";  // (not operator+: g++ 12 -Wrestrict false positive)
      name += std::to_string(i);
      name += " ünïcode";
      n.props.push_back({"name", name});
    }
    if (i % 7 == 0) n.props.push_back({"mixed", i % 2 == 0 ? PV(true) : PV(1.25)});
    n.key = int64_t{1000 + i};
    m.nodes.push_back(std::move(n));
  }
  m.edges = {
      {0, 1, "KNOWS", {{"since", 2001}}},
      {0, 1, "KNOWS", {{"since", 2002}, {"note", "again"}}},  // parallel
      {1, 0, "KNOWS", {}},
      {3, 3, "KNOWS", {{"w", 0.5}}},  // self-loop
      {0, 3, "KNOWS", {{"since", PV()}}},
      {0, 4, "LIVES_IN", {}},
      {1, 4, "LIVES_IN", {{"since", "2010"}}},
      {3, 4, "LIVES_IN", {{"since", 1999}}},  // mixed edge column
      {4, 4, "LIVES_IN", {}},
      {0, 1, "KNOWS", {{"since", 2003}}},  // a third parallel edge, added later
  };
  for (uint64_t i = 5; i + 1 < 70; i += 2) m.edges.push_back({i, i + 1, "NEXT", {{"i", static_cast<int64_t>(i)}}});
  return m;
}

inline Status BuildGraph(const Model& m, GraphBuilder* b) {
  for (const auto& n : m.nodes) b->AddNode(n.labels, n.props, n.key);
  for (const auto& e : m.edges) QUIVER_RETURN_IF_ERROR(b->AddEdge(e.source, e.target, e.type, e.props));
  return Status::OK();
}

// Builds m into a new generation of db and publishes it.
inline Result<uint64_t> PublishModel(DatabaseDir* db, const Model& m, uint64_t log_position = 0) {
  GraphBuilder b;
  QUIVER_RETURN_IF_ERROR(BuildGraph(m, &b));
  QUIVER_ASSIGN_OR_RETURN(auto w, db->BeginGeneration(b.node_count()));
  QUIVER_RETURN_IF_ERROR(b.Write(w.get()));
  // A publisher creates the generation's log segment first (generation format 3); the
  // directory's creation made segment 0.
  if (log_position != 0) QUIVER_RETURN_IF_ERROR(CreateSegment(db->env(), db->path(), db->database_id(), log_position, 0));
  return db->Publish(w.get(), log_position);
}

// Effective properties: nulls dropped, last value of a repeated key wins, by name.
inline std::map<std::string, PropertyValue> Effective(const GraphBuilder::Properties& props) {
  std::map<std::string, PropertyValue> out;
  for (const auto& [k, v] : props) {
    if (v.is_null()) {
      out.erase(k);
    } else {
      out[k] = v;
    }
  }
  return out;
}

inline std::string Render(const std::map<std::string, PropertyValue>& props) {
  std::string s;
  for (const auto& [k, v] : props) s += k + "=" + v.ToString() + ";";
  return s;
}

inline std::map<std::string, PropertyValue> Named(const Generation& g,
                                                  const std::vector<std::pair<uint32_t, PropertyValue>>& props) {
  std::map<std::string, PropertyValue> out;
  for (const auto& [k, v] : props) out[std::string(g.PropertyKeyName(k))] = v;
  return out;
}

// Reads back every fact of g and compares it with the model.
inline void ExpectMatches(const Generation& g, const Model& m) {
  ASSERT_EQ(g.NodeCount(), m.nodes.size());
  ASSERT_EQ(g.EdgeCount(), m.edges.size());
  std::map<std::string, uint64_t> label_counts;
  for (uint64_t v = 0; v < m.nodes.size(); ++v) {
    const ModelNode& n = m.nodes[v];
    std::set<std::string> want(n.labels.begin(), n.labels.end());
    std::set<std::string> got;
    const UIntArray labels = g.NodeLabels(v);
    for (uint64_t i = 0; i < labels.size(); ++i) {
      got.insert(std::string(g.LabelName(static_cast<uint32_t>(labels[i]))));
      if (i > 0) {
        EXPECT_LT(labels[i - 1], labels[i]);
      }
    }
    EXPECT_EQ(got, want) << "labels of node " << v;
    for (const auto& l : want) {
      ++label_counts[l];
      EXPECT_TRUE(g.HasLabel(v, *g.FindLabel(l)));
    }
    auto props = g.NodeProperties(v);
    ASSERT_TRUE(props.ok()) << props.status().ToString();
    EXPECT_EQ(Render(Named(g, *props)), Render(Effective(n.props))) << "properties of node " << v;
    for (const auto& [k, want_v] : Effective(n.props)) {
      auto got_v = g.NodeProperty(v, *g.FindPropertyKey(k));
      ASSERT_TRUE(got_v.ok());
      EXPECT_TRUE(*got_v == want_v) << k << " of node " << v << ": " << got_v->ToString();
    }
    if (const auto* i = std::get_if<int64_t>(&n.key)) {
      EXPECT_EQ(g.FindNode(*i), std::optional<uint64_t>(v));
      EXPECT_EQ(std::get<int64_t>(g.NodeKey(v)), *i);
    } else if (const auto* s = std::get_if<std::string>(&n.key)) {
      EXPECT_EQ(g.FindNode(std::string_view(*s)), std::optional<uint64_t>(v));
      EXPECT_EQ(std::get<std::string_view>(g.NodeKey(v)), *s);
    } else if (g.ExternalIds() != ExternalIdKind::kNone) {
      EXPECT_TRUE(std::holds_alternative<std::monostate>(g.NodeKey(v))) << "node " << v;
    }
  }
  for (const auto& [l, c] : label_counts) EXPECT_EQ(g.LabelNodeCount(*g.FindLabel(l)), c) << l;
  EXPECT_EQ(g.LabelCount(), label_counts.size());

  // Edges: the model's multiset of (type, source, target, props) in insertion order per
  // (type, source, target), seen through out-slices and through in-slices.
  using Key = std::tuple<std::string, uint64_t, uint64_t>;
  std::map<Key, std::vector<std::string>> want;
  std::map<std::string, std::map<uint64_t, uint64_t>> out_deg, in_deg;
  for (const auto& e : m.edges) {
    want[{e.type, e.source, e.target}].push_back(Render(Effective(e.props)));
    ++out_deg[e.type][e.source];
    ++in_deg[e.type][e.target];
  }
  std::map<Key, std::vector<std::string>> via_out, via_in;
  for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
    const std::string type(g.RelTypeName(t));
    for (uint64_t v = 0; v < g.NodeCount(); ++v) {
      // One slice per relationship segment, each sorted by neighbour.
      uint64_t out_size = 0, in_size = 0;
      g.ForEachSlice(t, v, Direction::kOut, [&](const AdjacencySlice& out) {
        out_size += out.size();
        for (uint64_t i = 0; i < out.size(); ++i) {
          if (i > 0) {
            EXPECT_LE(out.neighbors[i - 1], out.neighbors[i]);
          }
          const EdgeRef e{t, out.EdgeAt(i)};
          auto props = g.EdgeProperties(e);
          ASSERT_TRUE(props.ok());
          via_out[{type, v, out.neighbors[i]}].push_back(Render(Named(g, *props)));
          uint64_t s = 0, d = 0;
          ASSERT_TRUE(g.EdgeEndpoints(e, &s, &d));
          EXPECT_EQ(s, v);
          EXPECT_EQ(d, out.neighbors[i]);
        }
      });
      EXPECT_EQ(out_size, out_deg[type][v]);
      EXPECT_EQ(g.Degree(v, Direction::kOut, t), out_deg[type][v]);
      EXPECT_EQ(g.Degree(v, Direction::kBoth, t), out_deg[type][v] + in_deg[type][v]);
      g.ForEachSlice(t, v, Direction::kIn, [&](const AdjacencySlice& in) {
        in_size += in.size();
        for (uint64_t i = 0; i < in.size(); ++i) {
          auto props = g.EdgeProperties({t, in.EdgeAt(i)});
          ASSERT_TRUE(props.ok());
          via_in[{type, in.neighbors[i], v}].push_back(Render(Named(g, *props)));
        }
      });
      EXPECT_EQ(in_size, in_deg[type][v]);
    }
  }
  EXPECT_EQ(via_out, want);
  EXPECT_EQ(via_in, want);
}

// A random graph: n nodes, e edges over `types` types, no properties.
inline Model RandomModel(uint64_t seed, uint64_t n, uint64_t e, int types) {
  std::mt19937_64 rng(seed);
  Model m;
  m.nodes.resize(n);
  for (uint64_t i = 0; i < e && n > 0; ++i) {
    std::string type = "T";  // (not operator+: g++ 12 -Wrestrict false positive)
    type += std::to_string(rng() % types);
    const uint64_t source = rng() % n;
    m.edges.push_back({source, rng() % n, std::move(type), {}});
  }
  return m;
}

}  // namespace quiver::storage::testing

namespace quiver::storage::testing {

// Calls every read accessor on every node and edge, ignoring the answers: on a corrupt
// generation the answers may be wrong, but nothing may crash or read out of bounds.
inline uint64_t TouchEverything(const Generation& g) {
  uint64_t sum = 0;
  const uint64_t n = g.NodeCount();
  for (uint32_t l = 0; l < g.LabelCount() + 1; ++l) sum += g.LabelName(l).size() + g.LabelNodeCount(l);
  for (uint32_t k = 0; k < g.PropertyKeyCount() + 1; ++k) sum += g.PropertyKeyName(k).size();
  for (uint64_t v = 0; v < n + 2; ++v) {
    const UIntArray labels = g.NodeLabels(v);
    for (uint64_t i = 0; i < labels.size(); ++i) sum += labels[i] + g.HasLabel(v, static_cast<uint32_t>(labels[i]));
    auto props = g.NodeProperties(v);
    if (props.ok()) sum += props->size();
    for (uint32_t k = 0; k < g.PropertyKeyCount(); ++k) {
      if (const PropertyColumn* c = g.NodeColumn(k)) {
        sum += c->IsPresent(v) + static_cast<uint64_t>(c->Int64At(v)) + c->StringAt(v).size() + c->BoolAt(v);
        (void)c->DoubleAt(v);
      }
    }
    const ExternalKeyView key = g.NodeKey(v);
    if (const auto* i = std::get_if<int64_t>(&key)) sum += g.FindNode(*i).value_or(0);
    if (const auto* s = std::get_if<std::string_view>(&key)) sum += g.FindNode(*s).value_or(0);
    sum += g.Degree(v, Direction::kBoth);
    g.ForEachNeighbor(v, Direction::kBoth, std::nullopt, [&](uint64_t nbr, EdgeRef e, Direction) {
      sum += nbr + g.Degree(nbr, Direction::kOut);
      uint64_t s = 0, d = 0;
      if (g.EdgeEndpoints(e, &s, &d)) sum += s + d;
      auto eprops = g.EdgeProperties(e);
      if (eprops.ok()) sum += eprops->size();
    });
  }
  sum += g.FindNode(int64_t{7}).value_or(0) + g.FindNode(std::string_view("x")).value_or(0);
  return sum;
}

}  // namespace quiver::storage::testing

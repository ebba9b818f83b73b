#pragma once
// GraphProjection: the part of the graph an algorithm runs on, copied out of one
// snapshot into compact CSR arrays over dense ids 0..n-1 — Neo4j GDS's "graph
// projection" (gds.graph.project). It is what lets an algorithm run at the speed of a
// bare CSR: no virtual call, no delta merge, no label test per step. A projection is
// immutable, a picture of the graph as the projecting statement saw it (its
// transaction's uncommitted writes included); later writes do not reach it.
//
// Dense ids follow the node ids' order (dense i < dense j ⇔ node id i < node id j), so
// "the smallest id of a component" and any order an algorithm defines by dense id are
// the same in node ids.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "quiver/value.h"
#include "storage/graph.h"

namespace quiver::algo {

class AlgoContext;

using DenseId = uint32_t;
inline constexpr DenseId kNoDense = UINT32_MAX;

// How a projected relationship type's relationships become edges: as stored, turned
// around, or both ways (GDS's orientation).
enum class Orientation : uint8_t { kNatural, kReverse, kUndirected };
std::string_view OrientationName(Orientation o);

// One direction of the adjacency: the edges of dense node v are
// targets[offsets[v] .. offsets[v + 1]), weights alongside when the projection has them.
struct Csr {
  std::vector<uint64_t> offsets;
  std::vector<DenseId> targets;
  std::vector<double> weights;

  std::span<const DenseId> Neighbours(DenseId v) const {
    return {targets.data() + offsets[v], targets.data() + offsets[v + 1]};
  }
  std::span<const double> Weights(DenseId v) const {
    return {weights.data() + offsets[v], weights.data() + offsets[v + 1]};
  }
  uint64_t Degree(DenseId v) const { return offsets[v + 1] - offsets[v]; }
  uint64_t edge_count() const { return targets.size(); }
  uint64_t Bytes() const {
    return offsets.capacity() * sizeof(uint64_t) + targets.capacity() * sizeof(DenseId) +
           weights.capacity() * sizeof(double);
  }
};

// What to project, resolved from gds.graph.project's arguments.
struct ProjectionSpec {
  std::string name;
  std::vector<std::string> labels;  // empty: every node
  std::vector<std::string> types;   // empty: every relationship type
  Orientation orientation = Orientation::kNatural;
  // The relationship property that weighs each edge; a relationship without a numeric
  // value takes default_weight, or fails the projection when there is none.
  std::optional<std::string> weight_property;
  std::optional<double> default_weight;
  // The projections as the call gave them, for gds.graph.list.
  Value node_projection;
  Value relationship_projection;
};

class GraphProjection {
 public:
  // Reads `graph` on the context's workers; the arrays are charged to the statement's
  // memory while they are built. ProcedureError (ProcedureCallFailed) for a label, type or
  // property the graph does not have, or a relationship without a weight.
  static std::shared_ptr<const GraphProjection> Build(const GraphReader& graph, ProjectionSpec spec,
                                                      AlgoContext& context);

  const ProjectionSpec& spec() const { return spec_; }
  const std::string& name() const { return spec_.name; }
  DenseId node_count() const { return static_cast<DenseId>(nodes_.size()); }
  // Edges as an algorithm sees them: an undirected relationship counts twice, once from
  // each end (as GDS's relationshipCount does).
  uint64_t relationship_count() const { return out_.edge_count(); }
  bool undirected() const { return spec_.orientation == Orientation::kUndirected; }
  bool weighted() const { return spec_.weight_property.has_value(); }

  NodeId OriginalId(DenseId v) const { return nodes_[v]; }
  std::span<const NodeId> original_ids() const { return nodes_; }
  // The dense id of a node, nullopt when the projection does not hold it.
  std::optional<DenseId> Find(NodeId node) const;

  // Edges leaving each node, and edges arriving (the same array when undirected).
  const Csr& out() const { return out_; }
  const Csr& in() const { return undirected() ? out_ : in_; }

  uint64_t Bytes() const;
  // Milliseconds the projection took to build.
  int64_t project_millis() const { return project_millis_; }

 private:
  GraphProjection() = default;

  ProjectionSpec spec_;
  std::vector<NodeId> nodes_;  // dense id → node id, ascending
  Csr out_;
  Csr in_;  // empty when undirected
  int64_t project_millis_ = 0;
};

}  // namespace quiver::algo

#include "algo/projection.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "algo/algo_context.h"
#include "quiver/error.h"

namespace quiver::algo {

namespace {

[[noreturn]] void Fail(const std::string& message) {
  throw ProcedureError("ProcedureCallFailed", "gds.graph.project: " + message);
}

struct EdgeSource {
  const GraphReader& graph;
  std::span<const NodeId> nodes;
  std::span<const DenseId> dense;  // node id → dense id (kNoDense: not projected)
  std::span<const RelTypeId> types;
  std::optional<PropertyKeyId> weight_key = std::nullopt;
  std::optional<double> default_weight = std::nullopt;
  bool weighted = false;
  const std::string* weight_name = nullptr;
};

struct Scratch {
  std::vector<NodeId> neighbours;
  std::vector<RelId> rels;
};

double WeightOf(const EdgeSource& source, RelId rel) {
  if (source.weight_key) {
    Value v = source.graph.GetRelationshipProperty(rel, *source.weight_key);
    if (v.IsInt()) return static_cast<double>(v.AsInt());
    if (v.IsFloat()) {
      // NaN and infinities would turn every score they reach into NaN, quietly.
      if (!std::isfinite(v.AsFloat())) {
        Fail("relationship " + std::to_string(rel) + " has a weight `" + *source.weight_name + "` that is not finite");
      }
      return v.AsFloat();
    }
    if (!v.IsNull() || !source.default_weight) {
      Fail("relationship " + std::to_string(rel) + " has " + (v.IsNull() ? "no" : std::string("a non-numeric")) +
           " property `" + *source.weight_name + "` (give a defaultValue for relationships without it)");
    }
  }
  return *source.default_weight;
}

// How many edges a relationship to `neighbour` gives node v: none when the neighbour is
// not projected; two for an undirected self-loop, which is an edge seen from both of its
// ends (as GDS loads undirected relationships both ways, and as NetworkX counts a
// self-loop twice in a degree); else one.
uint32_t Copies(const EdgeSource& source, Direction direction, uint64_t v, NodeId neighbour) {
  const DenseId target = source.dense[neighbour];
  if (target == kNoDense) return 0;
  return direction == Direction::kBoth && target == v ? 2 : 1;
}

// One direction of the adjacency: per node, the relationships `direction` reaches
// whose other end is projected, in the store's order. Two passes (count, then fill) so
// that each node's slice is written by the task that owns the node.
Csr BuildCsr(const EdgeSource& source, Direction direction, AlgoContext& context) {
  constexpr uint64_t kGrain = 4096;
  const uint64_t n = source.nodes.size();
  Csr csr;
  csr.offsets.assign(n + 1, 0);
  std::vector<Scratch> scratch(context.workers());
  auto expand = [&](uint64_t v, uint32_t worker) -> Scratch& {
    Scratch& s = scratch[worker];
    s.neighbours.clear();
    s.rels.clear();
    source.graph.ExpandIds(source.nodes[v], direction, source.types, s.neighbours, s.rels);
    return s;
  };
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t worker) {
    for (uint64_t v = begin; v < end; ++v) {
      const Scratch& s = expand(v, worker);
      uint64_t kept = 0;
      for (NodeId neighbour : s.neighbours) kept += Copies(source, direction, v, neighbour);
      csr.offsets[v + 1] = kept;
    }
  });
  for (uint64_t v = 0; v < n; ++v) csr.offsets[v + 1] += csr.offsets[v];
  const uint64_t edges = csr.offsets[n];
  context.Reserve(edges * (sizeof(DenseId) + (source.weighted ? sizeof(double) : 0)));
  csr.targets.resize(edges);
  if (source.weighted) csr.weights.resize(edges);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t worker) {
    for (uint64_t v = begin; v < end; ++v) {
      const Scratch& s = expand(v, worker);
      uint64_t at = csr.offsets[v];
      for (size_t i = 0; i < s.neighbours.size(); ++i) {
        const uint32_t copies = Copies(source, direction, v, s.neighbours[i]);
        for (uint32_t c = 0; c < copies; ++c) {
          csr.targets[at] = source.dense[s.neighbours[i]];
          if (source.weighted) csr.weights[at] = WeightOf(source, s.rels[i]);
          ++at;
        }
      }
    }
  });
  return csr;
}

}  // namespace

std::string_view OrientationName(Orientation o) {
  switch (o) {
    case Orientation::kNatural: return "NATURAL";
    case Orientation::kReverse: return "REVERSE";
    case Orientation::kUndirected: return "UNDIRECTED";
  }
  return "?";
}

std::shared_ptr<const GraphProjection> GraphProjection::Build(const GraphReader& graph, ProjectionSpec spec,
                                                              AlgoContext& context) {
  const auto started = std::chrono::steady_clock::now();
  std::shared_ptr<GraphProjection> projection(new GraphProjection());
  std::vector<RelTypeId> types;
  for (const auto& name : spec.types) {
    auto type = graph.FindRelType(name);
    if (!type) Fail("no relationship has the type `" + name + "`");
    types.push_back(*type);
  }
  std::vector<NodeId>& nodes = projection->nodes_;
  const NodeId bound = graph.NodeIdBound();
  if (spec.labels.empty()) {
    graph.ScanNodes(0, bound, std::nullopt, nodes);
  } else {
    for (const auto& name : spec.labels) {
      auto label = graph.FindLabel(name);
      if (!label) Fail("no node carries the label `" + name + "`");
      graph.ScanNodes(0, bound, *label, nodes);
    }
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  }
  if (nodes.size() >= kNoDense) Fail("a projection holds at most 4,294,967,294 nodes");
  context.Reserve(nodes.size() * sizeof(NodeId) + bound * sizeof(DenseId));
  std::vector<DenseId> dense(bound, kNoDense);
  for (size_t i = 0; i < nodes.size(); ++i) dense[nodes[i]] = static_cast<DenseId>(i);

  EdgeSource source{graph, nodes, dense, types};
  if (spec.weight_property) {
    source.weighted = true;
    source.weight_name = &*spec.weight_property;
    source.weight_key = graph.FindPropertyKey(*spec.weight_property);
    source.default_weight = spec.default_weight;
    if (!source.weight_key && !spec.default_weight) {
      Fail("no relationship has the property `" + *spec.weight_property + "`");
    }
  }
  switch (spec.orientation) {
    case Orientation::kNatural:
      projection->out_ = BuildCsr(source, Direction::kOutgoing, context);
      projection->in_ = BuildCsr(source, Direction::kIncoming, context);
      break;
    case Orientation::kReverse:
      projection->out_ = BuildCsr(source, Direction::kIncoming, context);
      projection->in_ = BuildCsr(source, Direction::kOutgoing, context);
      break;
    case Orientation::kUndirected:
      projection->out_ = BuildCsr(source, Direction::kBoth, context);
      break;
  }
  projection->spec_ = std::move(spec);
  projection->project_millis_ = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::steady_clock::now() - started)
                                    .count();
  return projection;
}

std::optional<DenseId> GraphProjection::Find(NodeId node) const {
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), node);
  if (it == nodes_.end() || *it != node) return std::nullopt;
  return static_cast<DenseId>(it - nodes_.begin());
}

uint64_t GraphProjection::Bytes() const {
  return sizeof(*this) + nodes_.capacity() * sizeof(NodeId) + out_.Bytes() + in_.Bytes();
}

}  // namespace quiver::algo

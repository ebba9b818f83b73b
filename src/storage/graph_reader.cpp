// GraphReader's batch reads in terms of its row reads: correct for every store, and what
// a store without typed columns (the in-memory graph) runs.

#include <algorithm>

#include "quiver/error.h"
#include "storage/graph.h"
#include "storage/schema_catalog.h"

namespace quiver {

const storage::SchemaCatalog& GraphReader::Schema() const {
  static const storage::SchemaCatalog kInitial = storage::SchemaCatalog::Initial();  // immutable
  return kInitial;
}

const storage::IndexDefinition* GraphReader::OnlineNodeIndex(LabelId label, PropertyKeyId first_key) const {
  for (const storage::IndexDefinition& index : Schema().indexes()) {
    if (index.IsNodePropertyIndex() && index.token == label && index.keys[0] == first_key && IndexOnline(index)) {
      return &index;
    }
  }
  return nullptr;
}

void GraphWriter::CreateIndex(const storage::IndexDefinition& definition) {
  throw ClientError("NotSupported", "this writer cannot create index '" + definition.name + "'");
}

void GraphWriter::DropIndex(std::string_view name) {
  throw ClientError("NotSupported", "this writer cannot drop index '" + std::string(name) + "'");
}

void GraphWriter::CreateConstraint(const storage::ConstraintDefinition& definition) {
  throw ClientError("NotSupported", "this writer cannot create constraint '" + definition.name + "'");
}

void GraphWriter::DropConstraint(std::string_view name) {
  throw ClientError("NotSupported", "this writer cannot drop constraint '" + std::string(name) + "'");
}

void GraphReader::GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const {
  out.Reset(VectorKind::kBoxed, nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) out.Set(i, GetNodeProperty(nodes[i], key));
}

void GraphReader::GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const {
  out.Reset(VectorKind::kBoxed, rels.size());
  for (size_t i = 0; i < rels.size(); ++i) out.Set(i, GetRelationshipProperty(rels[i], key));
}

void GraphReader::FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const {
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (keep[i] && !HasLabel(nodes[i], label)) keep[i] = 0;
  }
}

void GraphReader::ExpandIds(NodeId node, Direction direction, std::span<const RelTypeId> types,
                            std::vector<NodeId>& neighbours, std::vector<RelId>& rels) const {
  std::vector<Adjacent> adjacent;
  Expand(node, direction, types, adjacent);
  for (const Adjacent& a : adjacent) {
    neighbours.push_back(a.neighbour);
    rels.push_back(a.rel.id);
  }
}

void GraphReader::ExpandNeighbours(NodeId node, Direction direction, std::span<const RelTypeId> types,
                                   std::vector<NodeId>& neighbours) const {
  std::vector<RelId> rels;
  ExpandIds(node, direction, types, neighbours, rels);
}

namespace {

// f(id) for every live node of `graph`, a morsel of ids at a time.
template <typename F>
void ForEachLiveNode(const GraphReader& graph, F&& f) {
  constexpr NodeId kMorsel = 4096;
  std::vector<NodeId> ids;
  for (NodeId begin = 0; begin < graph.NodeIdBound(); begin += kMorsel) {
    ids.clear();
    graph.ScanNodes(begin, std::min(graph.NodeIdBound(), begin + kMorsel), std::nullopt, ids);
    for (NodeId id : ids) f(id);
  }
}

}  // namespace

std::vector<uint64_t> GraphReader::NodeCountsByLabel() const {
  std::vector<uint64_t> counts(LabelTokenCount(), 0);
  std::vector<LabelId> labels;
  ForEachLiveNode(*this, [&](NodeId id) {
    labels.clear();
    GetLabels(id, labels);
    for (LabelId l : labels) ++counts[l];
  });
  return counts;
}

std::vector<uint64_t> GraphReader::RelationshipCountsByType() const {
  std::vector<uint64_t> counts(RelTypeTokenCount(), 0);
  std::vector<Adjacent> out;
  ForEachLiveNode(*this, [&](NodeId id) {
    out.clear();
    Expand(id, Direction::kOutgoing, {}, out);
    for (const Adjacent& a : out) ++counts[a.rel.type];
  });
  return counts;
}

bool GraphReader::HasRelationship(NodeId from, NodeId to, Direction direction,
                                  std::span<const RelTypeId> types) const {
  if (!NodeExists(from) || !NodeExists(to)) return false;
  const Direction reverse = Reverse(direction);
  if (Degree(to, reverse, types) < Degree(from, direction, types)) {
    std::swap(from, to);
    direction = reverse;
  }
  std::vector<Adjacent> adjacent;
  Expand(from, direction, types, adjacent);
  return std::any_of(adjacent.begin(), adjacent.end(), [to](const Adjacent& a) { return a.neighbour == to; });
}

bool GraphReader::HasNeighbour(NodeId from, Direction direction, std::span<const RelTypeId> types,
                               std::span<const LabelId> labels) const {
  if (!NodeExists(from)) return false;
  if (labels.empty()) return Degree(from, direction, types) > 0;
  std::vector<Adjacent> adjacent;
  Expand(from, direction, types, adjacent);
  return std::any_of(adjacent.begin(), adjacent.end(), [&](const Adjacent& a) {
    return std::all_of(labels.begin(), labels.end(), [&](LabelId l) { return HasLabel(a.neighbour, l); });
  });
}

void GraphReader::DropLabelsOnEveryNode(std::vector<LabelId>& labels) const {
  std::erase_if(labels, [this](LabelId l) { return LabelOnEveryNode(l); });
}

bool GraphReader::LabelOnEveryNode(LabelId label) const {
  const std::optional<uint64_t> with = CountNodes(label);
  const std::optional<uint64_t> all = CountNodes(std::nullopt);
  return with && all && *with == *all;
}

}  // namespace quiver

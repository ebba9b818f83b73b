#include "storage/txn/delta_view.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "common/assert.h"
#include "storage/txn/value_convert.h"

namespace quiver::storage {

namespace {

bool TypeWanted(std::span<const RelTypeId> types, RelTypeId type) {
  return types.empty() || std::find(types.begin(), types.end(), type) != types.end();
}

template <typename T>
T ValueOrThrow(Result<T> r) {
  ThrowIfError(r.status());
  return std::move(r).value();
}

// Appends base (ascending by key) merged with overrides (ascending; null = removed).
void MergeProps(std::vector<std::pair<uint32_t, PropertyValue>> base,
                const std::vector<PropertyEntry>* overrides, std::vector<PropertyEntry>& out) {
  size_t j = 0;
  const size_t m = overrides == nullptr ? 0 : overrides->size();
  auto emit_override = [&](const PropertyEntry& e) {
    if (!e.second.IsNull()) out.push_back(e);
  };
  for (auto& [key, value] : base) {
    while (j < m && (*overrides)[j].first < key) emit_override((*overrides)[j++]);
    if (j < m && (*overrides)[j].first == key) {
      emit_override((*overrides)[j++]);
    } else {
      out.emplace_back(key, ToValue(value));
    }
  }
  while (j < m) emit_override((*overrides)[j++]);
}

std::string_view TokenName(const TokenList& list, uint32_t id, std::string_view base_name) {
  if (id < list.base_count) return base_name;
  QUIVER_ASSERT_MSG(id < list.size(), "unknown token id " + std::to_string(id));
  return list.names[id - list.base_count];
}

}  // namespace

// ---- tokens ----

std::optional<LabelId> DeltaView::FindLabel(std::string_view name) const {
  if (auto id = s_->base->gen().FindLabel(name)) return id;
  return s_->tokens->labels.Find(name);
}
std::optional<RelTypeId> DeltaView::FindRelType(std::string_view name) const {
  if (auto id = s_->base->gen().FindRelType(name)) return id;
  return s_->tokens->rel_types.Find(name);
}
std::optional<PropertyKeyId> DeltaView::FindPropertyKey(std::string_view name) const {
  if (auto id = s_->base->gen().FindPropertyKey(name)) return id;
  return s_->tokens->property_keys.Find(name);
}
std::string_view DeltaView::LabelName(LabelId label) const {
  const auto& list = s_->tokens->labels;
  return TokenName(list, label,
                   label < list.base_count ? s_->base->gen().LabelName(label) : std::string_view());
}
std::string_view DeltaView::RelTypeName(RelTypeId type) const {
  const auto& list = s_->tokens->rel_types;
  return TokenName(list, type,
                   type < list.base_count ? s_->base->gen().RelTypeName(type) : std::string_view());
}
std::string_view DeltaView::PropertyKeyName(PropertyKeyId key) const {
  const auto& list = s_->tokens->property_keys;
  return TokenName(list, key,
                   key < list.base_count ? s_->base->gen().PropertyKeyName(key) : std::string_view());
}

// ---- nodes ----

void DeltaView::CheckNode(NodeId node) const {
  QUIVER_ASSERT_MSG(IsBaseNode(node) || NodeRecord(node) != nullptr,
                    "unknown node id " + std::to_string(node));
}

void DeltaView::CheckRel(RelId rel) const {
  QUIVER_ASSERT_MSG(IsBaseRel(rel) || RelRecord(rel) != nullptr,
                    "unknown relationship id " + std::to_string(rel));
}

bool DeltaView::NodeExists(NodeId node) const {
  if (const NodeDelta* d = NodeRecord(node)) return !d->deleted;
  return IsBaseNode(node);
}

void DeltaView::ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label,
                          std::vector<NodeId>& out) const {
  end = std::min(end, s_->node_bound);
  if (begin >= end) return;
  const uint64_t n = s_->base->node_count();
  const Generation& g = s_->base->gen();
  auto delta_matches = [&](const NodeDelta& d, NodeId id) {
    if (d.deleted) return false;
    if (!label) return true;
    if (d.created || d.labels_override) return std::binary_search(d.labels.begin(), d.labels.end(), *label);
    return g.HasLabel(id, *label);
  };
  // Base range, merged with the delta's records for it (ascending on both sides).
  NodeId id = begin;
  const NodeId base_end = std::min(end, n);
  // A label created since the base is on no untouched base node: skip their scan. One
  // that every base node carries needs no lookup per node.
  const bool base_may_match = !label || *label < g.LabelCount();
  const bool on_every_base_node = !label || (base_may_match && g.LabelNodeCount(*label) == n);
  auto base_upto = [&](NodeId stop) {
    if (!base_may_match) {
      id = std::max(id, stop);
      return;
    }
    if (on_every_base_node) {
      if (id >= stop) return;
      const size_t at = out.size();
      out.resize(at + (stop - id));
      std::iota(out.begin() + static_cast<ptrdiff_t>(at), out.end(), id);
      id = stop;
      return;
    }
    for (; id < stop; ++id) {
      if (g.HasLabel(id, *label)) out.push_back(id);
    }
  };
  if (id < base_end) {
    s_->nodes.ForEachInRange(id, base_end, [&](uint64_t key, const std::shared_ptr<NodeDelta>& d) {
      base_upto(key);
      if (delta_matches(*d, key)) out.push_back(key);
      id = key + 1;
    });
    base_upto(base_end);
  }
  // Created nodes.
  s_->nodes.ForEachInRange(std::max(begin, n), end, [&](uint64_t key, const std::shared_ptr<NodeDelta>& d) {
    if (delta_matches(*d, key)) out.push_back(key);
  });
}

void DeltaView::GetLabels(NodeId node, std::vector<LabelId>& out) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  if (d != nullptr && (d->created || d->labels_override)) {
    out.insert(out.end(), d->labels.begin(), d->labels.end());
    return;
  }
  s_->base->gen().NodeLabels(node).ForEach([&](uint64_t l) { out.push_back(static_cast<LabelId>(l)); });
}

bool DeltaView::HasLabel(NodeId node, LabelId label) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  if (d != nullptr && (d->created || d->labels_override)) {
    return std::binary_search(d->labels.begin(), d->labels.end(), label);
  }
  return s_->base->gen().HasLabel(node, label);
}

Value DeltaView::GetNodeProperty(NodeId node, PropertyKeyId key) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  if (d != nullptr) {
    if (const Value* v = FindEntry(d->props, key)) return *v;
    if (d->created) return Value();
  }
  return ToValue(ValueOrThrow(s_->base->gen().NodeProperty(node, key)));
}

void DeltaView::GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  if (d != nullptr && d->created) {
    out.insert(out.end(), d->props.begin(), d->props.end());
    return;
  }
  MergeProps(ValueOrThrow(s_->base->gen().NodeProperties(node)), d == nullptr ? nullptr : &d->props, out);
}

// ---- relationships ----

bool DeltaView::RelationshipExists(RelId rel) const {
  if (const RelDelta* r = RelRecord(rel)) return !r->deleted;
  return IsBaseRel(rel);
}

RelationshipRef DeltaView::GetRelationship(RelId rel) const {
  CheckRel(rel);
  if (const RelDelta* r = RelRecord(rel)) return RelationshipRef{rel, r->type, r->start, r->end};
  const EdgeRef e = s_->base->EdgeOf(rel);
  uint64_t source = 0, target = 0;
  QUIVER_ASSERT(s_->base->gen().EdgeEndpoints(e, &source, &target));
  return RelationshipRef{rel, e.type, source, target};
}

Value DeltaView::GetRelationshipProperty(RelId rel, PropertyKeyId key) const {
  CheckRel(rel);
  const RelDelta* r = RelRecord(rel);
  if (r != nullptr) {
    if (const Value* v = FindEntry(r->props, key)) return *v;
    if (!r->base) return Value();
  }
  return ToValue(ValueOrThrow(s_->base->gen().EdgeProperty(s_->base->EdgeOf(rel), key)));
}

bool DeltaView::RelationshipTypeMayHaveProperties(RelTypeId type) const {
  return !s_->rels.empty() || s_->base->gen().HasEdgeColumns(type);
}

void DeltaView::GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const {
  CheckRel(rel);
  const RelDelta* r = RelRecord(rel);
  if (r != nullptr && !r->base) {
    out.insert(out.end(), r->props.begin(), r->props.end());
    return;
  }
  MergeProps(ValueOrThrow(s_->base->gen().EdgeProperties(s_->base->EdgeOf(rel))),
             r == nullptr ? nullptr : &r->props, out);
}

// ---- adjacency ----

// f(rel, type, start, end, neighbour) for each live base relationship of node; kBoth
// reports a self-loop once (from the outgoing side).
template <typename F>
void DeltaView::ForEachBaseEdge(NodeId node, const NodeDelta* d, quiver::Direction direction,
                                std::span<const RelTypeId> types, F&& f) const {
  if (!IsBaseNode(node)) return;
  const BaseGraph& base = *s_->base;
  const Generation& g = base.gen();
  const bool check_out = d != nullptr && d->deleted_base_out > 0;
  const bool check_in = d != nullptr && d->deleted_base_in > 0;
  auto visit = [&](uint32_t t) {
    if (t >= base.type_count()) return;
    if (direction != quiver::Direction::kIncoming) {
      g.ForEachSlice(t, node, Direction::kOut, [&](const AdjacencySlice& s) {
        for (uint64_t i = 0; i < s.size(); ++i) {
          const RelId rel = base.RelIdOf(t, s.EdgeAt(i));
          if (check_out && !RelationshipExists(rel)) continue;
          f(rel, t, node, s.neighbors[i], s.neighbors[i]);
        }
      });
    }
    if (direction != quiver::Direction::kOutgoing) {
      g.ForEachSlice(t, node, Direction::kIn, [&](const AdjacencySlice& s) {
        for (uint64_t i = 0; i < s.size(); ++i) {
          const uint64_t source = s.neighbors[i];
          if (direction == quiver::Direction::kBoth && source == node) continue;
          const RelId rel = base.RelIdOf(t, s.EdgeAt(i));
          if (check_in && !RelationshipExists(rel)) continue;
          f(rel, t, source, node, source);
        }
      });
    }
  };
  if (types.empty()) {
    for (uint32_t t = 0; t < base.type_count(); ++t) visit(t);
  } else {
    for (RelTypeId t : types) visit(t);
  }
}

template <typename F>
void DeltaView::ForEachAdjacent(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                                F&& f) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  ForEachBaseEdge(node, d, direction, types, f);
  if (d == nullptr) return;
  if (direction != quiver::Direction::kIncoming) {
    d->out.ForEach([&](uint64_t rel, SetMember) {
      const RelDelta* r = RelRecord(rel);
      if (TypeWanted(types, r->type)) f(rel, r->type, r->start, r->end, r->end);
    });
  }
  if (direction != quiver::Direction::kOutgoing) {
    d->in.ForEach([&](uint64_t rel, SetMember) {
      const RelDelta* r = RelRecord(rel);
      if (direction == quiver::Direction::kBoth && r->start == r->end) return;
      if (TypeWanted(types, r->type)) f(rel, r->type, r->start, r->end, r->start);
    });
  }
}

void DeltaView::Expand(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                       std::vector<Adjacent>& out) const {
  ForEachAdjacent(node, direction, types, [&](RelId rel, RelTypeId t, NodeId start, NodeId end, NodeId nb) {
    out.push_back(Adjacent{RelationshipRef{rel, t, start, end}, nb});
  });
}

void DeltaView::ExpandIds(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                          std::vector<NodeId>& neighbours, std::vector<RelId>& rels) const {
  ForEachAdjacent(node, direction, types, [&](RelId rel, RelTypeId, NodeId, NodeId, NodeId nb) {
    neighbours.push_back(nb);
    rels.push_back(rel);
  });
}

void DeltaView::ExpandNeighbours(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                                 std::vector<NodeId>& neighbours) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  // No base relationship of the node deleted and one direction (kBoth drops a self-loop's
  // second sighting): its base slices are its base neighbours, read a slice at a time.
  const bool whole_slices = IsBaseNode(node) && direction != quiver::Direction::kBoth &&
                            (d == nullptr || (d->deleted_base_out == 0 && d->deleted_base_in == 0));
  if (!whole_slices) {
    ForEachAdjacent(node, direction, types,
                    [&](RelId, RelTypeId, NodeId, NodeId, NodeId nb) { neighbours.push_back(nb); });
    return;
  }
  const BaseGraph& base = *s_->base;
  const Generation& g = base.gen();
  const Direction side = direction == quiver::Direction::kOutgoing ? Direction::kOut : Direction::kIn;
  auto visit = [&](uint32_t t) {
    if (t >= base.type_count()) return;
    g.ForEachSlice(t, node, side, [&](const AdjacencySlice& s) {
      const size_t at = neighbours.size();
      neighbours.resize(at + s.size());
      NodeId* out = neighbours.data() + at;
      s.neighbors.ForEach([&](uint64_t nb) { *out++ = nb; });
    });
  };
  if (types.empty()) {
    for (uint32_t t = 0; t < base.type_count(); ++t) visit(t);
  } else {
    for (RelTypeId t : types) visit(t);
  }
  if (d == nullptr) return;
  const auto& added = direction == quiver::Direction::kOutgoing ? d->out : d->in;
  added.ForEach([&](uint64_t rel, SetMember) {
    const RelDelta* r = RelRecord(rel);
    if (TypeWanted(types, r->type)) neighbours.push_back(direction == quiver::Direction::kOutgoing ? r->end : r->start);
  });
}

std::optional<uint64_t> DeltaView::CountNodes(std::optional<LabelId> label) const {
  if (!label) return s_->live_nodes;
  if (!s_->nodes.empty()) return std::nullopt;
  const Generation& g = s_->base->gen();
  return *label < g.LabelCount() ? g.LabelNodeCount(*label) : 0;
}

std::optional<uint64_t> DeltaView::CountRelationships(std::optional<RelTypeId> type) const {
  if (!type) return s_->live_rels;
  if (!s_->rels.empty()) return std::nullopt;
  const Generation& g = s_->base->gen();
  return *type < g.RelTypeCount() ? g.RelTypeEdgeCount(*type) : 0;
}

namespace {

// The vector kind a typed column reads into (kBoxed for mixed columns).
VectorKind KindOf(const PropertyColumn* column) {
  if (column == nullptr) return VectorKind::kBoxed;
  switch (column->type()) {
    case ColumnType::kInt64:
      return VectorKind::kInt64;
    case ColumnType::kDouble:
      return VectorKind::kDouble;
    case ColumnType::kBool:
      return VectorKind::kBool;
    case ColumnType::kString:
      return VectorKind::kString;
    default:
      return VectorKind::kBoxed;
  }
}

// rows of an Int64, Double or String column in one batch call, into `out` (Reset to the
// column's kind and size).
void GatherColumn(const PropertyColumn& column, std::span<const uint64_t> rows, ValueVector& out) {
  switch (out.kind) {
    case VectorKind::kString:
      column.GatherStrings(rows, out.strings.data(), out.valid.data());
      break;
    case VectorKind::kInt64:
      column.GatherSlots(rows, reinterpret_cast<uint64_t*>(out.ints.data()), out.valid.data());
      break;
    default: {
      QUIVER_ASSERT(out.kind == VectorKind::kDouble);
      column.GatherDoubles(rows, out.doubles.data(), out.valid.data());
      break;
    }
  }
}

}  // namespace

void DeltaView::GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const {
  const Generation& g = s_->base->gen();
  const PropertyColumn* column = g.NodeColumn(key);
  const VectorKind kind = KindOf(column);
  const uint64_t base_nodes = s_->base->node_count();
  const bool untouched = s_->nodes.empty();
  if (untouched && (kind == VectorKind::kInt64 || kind == VectorKind::kDouble || kind == VectorKind::kString) &&
      std::all_of(nodes.begin(), nodes.end(), [&](NodeId id) { return id < base_nodes; })) {
    // Every node is the base's: one gather from the typed column, which writes every row.
    out.ResetForOverwrite(kind, nodes.size());
    GatherColumn(*column, nodes, out);
    return;
  }
  out.Reset(kind, nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    const NodeId id = nodes[i];
    if (id >= base_nodes || (!untouched && NodeRecord(id) != nullptr)) {
      out.Set(i, GetNodeProperty(id, key));
      continue;
    }
    if (column == nullptr || !column->IsPresent(id)) continue;  // null
    switch (out.kind) {
      case VectorKind::kInt64:
        out.ints[i] = column->Int64At(id);
        break;
      case VectorKind::kDouble:
        out.doubles[i] = column->DoubleAt(id);
        break;
      case VectorKind::kBool:
        out.ints[i] = column->BoolAt(id) ? 1 : 0;
        break;
      case VectorKind::kString:
        out.strings[i] = column->StringAt(id);
        break;
      default:  // boxed: the column's type, or a delta value of another type, made it so
        out.boxed[i] = ToValue(ValueOrThrow(column->Get(id)));
        break;
    }
    out.valid[i] = 1;
  }
}


void DeltaView::GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const {
  const BaseGraph& base = *s_->base;
  const Generation& g = base.gen();
  const bool untouched = s_->rels.empty();
  // Relationships of a chunk are mostly of one type and segment: the column of the last
  // one read.
  uint32_t column_type = UINT32_MAX, column_segment = 0;
  const PropertyColumn* column = nullptr;
  auto column_of = [&](uint32_t type, uint32_t segment) {
    if (type != column_type || segment != column_segment) {
      column_type = type;
      column_segment = segment;
      column = g.EdgeColumn(type, segment, key);
    }
    return column;
  };
  VectorKind kind = VectorKind::kBoxed;
  if (!rels.empty() && IsBaseRel(rels[0])) {
    const EdgeRef e = base.EdgeOf(rels[0]);
    kind = KindOf(column_of(e.type, g.LocateEdge(e.type, e.position).segment));
  }
  out.Reset(kind, rels.size());
  if (untouched && column != nullptr && kind != VectorKind::kBoxed && kind != VectorKind::kBool &&
      g.SegmentCount(column_type) == 1) {
    // Every relationship the base's and of the first one's type (an expand's chunk): its
    // position in the type's column is its id less the type's first id, and a chunk's
    // positions ascend along a node's adjacency — one batch gather, as for nodes.
    const RelId first = base.RelIdOf(column_type, 0);
    const RelId end = column_type + 1 < base.type_count() ? base.RelIdOf(column_type + 1, 0) : base.edge_count();
    if (std::all_of(rels.begin(), rels.end(), [&](RelId r) { return r >= first && r < end; })) {
      std::vector<uint64_t> positions(rels.begin(), rels.end());
      for (uint64_t& p : positions) p -= first;
      GatherColumn(*column, positions, out);
      return;
    }
  }
  for (size_t i = 0; i < rels.size(); ++i) {
    const RelId rel = rels[i];
    if (!IsBaseRel(rel) || (!untouched && RelRecord(rel) != nullptr)) {
      out.Set(i, GetRelationshipProperty(rel, key));
      continue;
    }
    const EdgeRef e = base.EdgeOf(rel);
    const Generation::SegmentPosition at = g.LocateEdge(e.type, e.position);
    const PropertyColumn* c = column_of(e.type, at.segment);
    if (c == nullptr || !c->IsPresent(at.position)) {
      out.Set(i, Value());
    } else if (out.kind == VectorKind::kInt64 && c->type() == ColumnType::kInt64) {
      out.ints[i] = c->Int64At(at.position);
      out.valid[i] = 1;
    } else if (out.kind == VectorKind::kDouble && c->type() == ColumnType::kDouble) {
      out.doubles[i] = c->DoubleAt(at.position);
      out.valid[i] = 1;
    } else if (out.kind == VectorKind::kString && c->type() == ColumnType::kString) {
      out.strings[i] = c->StringAt(at.position);
      out.valid[i] = 1;
    } else {
      out.Set(i, ToValue(ValueOrThrow(c->Get(at.position))));
    }
  }
}

void DeltaView::FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const {
  const Generation& g = s_->base->gen();
  const uint64_t base_nodes = s_->base->node_count();
  const bool untouched = s_->nodes.empty();
  // A label every base node carries needs no lookup for them (one label per graph is
  // the common case).
  const bool on_every_base_node = label < g.LabelCount() && g.LabelNodeCount(label) == base_nodes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!keep[i]) continue;
    const NodeId id = nodes[i];
    if (id < base_nodes && (untouched || NodeRecord(id) == nullptr)) {
      if (!on_every_base_node && !(label < g.LabelCount() && g.HasLabel(id, label))) keep[i] = 0;
    } else if (!HasLabel(id, label)) {
      keep[i] = 0;
    }
  }
}

namespace {

// Entries equal to v in an ascending array: O(log n).
uint64_t CountEqual(const UIntArray& a, uint64_t v) {
  const uint64_t first = a.LowerBound(v);
  return (v == UINT64_MAX ? a.size() : a.LowerBound(v + 1)) - first;
}

}  // namespace

uint64_t DeltaView::Degree(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types) const {
  CheckNode(node);
  const NodeDelta* d = NodeRecord(node);
  uint64_t count = 0;
  const bool deleted_base = d != nullptr && (d->deleted_base_out > 0 || d->deleted_base_in > 0);
  if (IsBaseNode(node) && deleted_base) {
    // Some base relationships are gone: count them one by one.
    ForEachBaseEdge(node, d, direction, types, [&](RelId, RelTypeId, NodeId, NodeId, NodeId) { ++count; });
  } else if (IsBaseNode(node)) {
    const BaseGraph& base = *s_->base;
    auto add = [&](uint32_t t) {
      if (t >= base.type_count()) return;
      if (direction != quiver::Direction::kIncoming) count += base.gen().Degree(node, Direction::kOut, t);
      if (direction != quiver::Direction::kOutgoing) {
        base.gen().ForEachSlice(t, node, Direction::kIn, [&](const AdjacencySlice& in) {
          count += in.size();
          // Reverse slices ascend by source: the self-loops are one binary search away.
          if (direction == quiver::Direction::kBoth) count -= CountEqual(in.neighbors, node);
        });
      }
    };
    if (types.empty()) {
      for (uint32_t t = 0; t < base.type_count(); ++t) add(t);
    } else {
      for (RelTypeId t : types) add(t);
    }
  }
  if (d == nullptr) return count;
  if (direction != quiver::Direction::kIncoming) {
    if (types.empty()) {
      count += d->out.size();
    } else {
      d->out.ForEach(
          [&](uint64_t rel, SetMember) { count += TypeWanted(types, RelRecord(rel)->type) ? 1 : 0; });
    }
  }
  if (direction != quiver::Direction::kOutgoing) {
    d->in.ForEach([&](uint64_t rel, SetMember) {
      const RelDelta* r = RelRecord(rel);
      if (direction == quiver::Direction::kBoth && r->start == r->end) return;
      count += TypeWanted(types, r->type) ? 1 : 0;
    });
  }
  return count;
}

bool DeltaView::HasRelationship(NodeId from, NodeId to, quiver::Direction direction,
                                std::span<const RelTypeId> types) const {
  if (!NodeExists(from) || !NodeExists(to)) return false;
  const NodeDelta* d = NodeRecord(from);
  if (IsBaseNode(from) && IsBaseNode(to)) {
    // Both slices of a base node ascend by the node at the other end: the relationships
    // to `to` are one binary search away, and only those need the deleted check.
    const BaseGraph& base = *s_->base;
    const bool check_out = d != nullptr && d->deleted_base_out > 0;
    const bool check_in = d != nullptr && d->deleted_base_in > 0;
    auto in_slice = [&](uint32_t t, Direction side, bool check) {
      for (uint32_t segment = 0; segment < base.gen().SegmentCount(t); ++segment) {
        const AdjacencySlice s = base.gen().Neighbors(t, segment, from, side);
        for (uint64_t i = s.neighbors.LowerBound(to); i < s.size() && s.neighbors[i] == to; ++i) {
          if (!check || RelationshipExists(base.RelIdOf(t, s.EdgeAt(i)))) return true;
        }
      }
      return false;
    };
    auto found = [&](uint32_t t) {
      if (t >= base.type_count()) return false;
      return (direction != quiver::Direction::kIncoming && in_slice(t, Direction::kOut, check_out)) ||
             (direction != quiver::Direction::kOutgoing && in_slice(t, Direction::kIn, check_in));
    };
    if (types.empty()) {
      for (uint32_t t = 0; t < base.type_count(); ++t) {
        if (found(t)) return true;
      }
    } else if (std::any_of(types.begin(), types.end(), found)) {
      return true;
    }
  }
  if (d == nullptr) return false;
  bool any = false;
  if (direction != quiver::Direction::kIncoming) {
    d->out.ForEach([&](uint64_t rel, SetMember) {
      const RelDelta* r = RelRecord(rel);
      any = any || (r->end == to && TypeWanted(types, r->type));
    });
  }
  if (direction != quiver::Direction::kOutgoing) {
    d->in.ForEach([&](uint64_t rel, SetMember) {
      const RelDelta* r = RelRecord(rel);
      any = any || (r->start == to && TypeWanted(types, r->type));
    });
  }
  return any;
}

}  // namespace quiver::storage

#include "storage/txn/compaction.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "storage/txn/delta_view.h"
#include "storage/txn/value_convert.h"

namespace quiver::storage {

namespace {

using Rows = std::vector<std::pair<uint64_t, PropertyValue>>;

// Adds an entity's properties (ascending keys) to the per-key row lists.
Status AddRow(uint64_t row, const std::vector<PropertyEntry>& props, std::vector<Rows>* columns) {
  for (const auto& [key, value] : props) {
    QUIVER_ASSIGN_OR_RETURN(PropertyValue pv, ToPropertyValue(value));
    if (columns->size() <= key) columns->resize(key + 1);
    (*columns)[key].emplace_back(row, std::move(pv));
  }
  return Status::OK();
}

ColumnData Column(uint64_t rows, const Rows& values) {
  std::vector<std::pair<uint64_t, const PropertyValue*>> refs;
  refs.reserve(values.size());
  for (const auto& [row, v] : values) refs.emplace_back(row, &v);
  // Edge rows arrive in input order, not position order; sort references, not values.
  std::sort(refs.begin(), refs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return BuildColumn(rows, refs);
}

ExternalKey OwnedKey(const ExternalKeyView& view) {
  if (const auto* i = std::get_if<int64_t>(&view)) return *i;
  if (const auto* s = std::get_if<std::string_view>(&view)) return std::string(*s);
  return std::monostate{};
}

}  // namespace

Status WriteCompactedGeneration(const DeltaState& state, GenerationWriter* w, CompactionCounts* counts) {
  const DeltaView v(&state);
  const BaseGraph& base = *state.base;
  const Generation& g = base.gen();
  const uint64_t bound = state.node_bound;
  const uint64_t n = state.live_nodes;
  if (w->node_count() != n)
    return Status::InvalidArgument("compaction writer expects a different node count");

  // New node ids: live nodes in ascending old id.
  std::vector<uint64_t> new_id;
  const bool dense = bound == n;
  if (!dense) {
    new_id.assign(bound, UINT64_MAX);
    uint64_t next = 0;
    for (uint64_t old = 0; old < bound; ++old) {
      if (v.NodeExists(old)) new_id[old] = next++;
    }
    QUIVER_ASSERT(next == n);
  }
  auto map = [&](uint64_t old) { return dense ? old : new_id[old]; };

  // Dictionary: every token, in id order.
  const DeltaTokens& tokens = *state.tokens;
  DictionaryData dict;
  for (uint32_t i = 0; i < tokens.labels.size(); ++i) dict.labels.emplace_back(v.LabelName(i));
  for (uint32_t i = 0; i < tokens.rel_types.size(); ++i) dict.rel_types.emplace_back(v.RelTypeName(i));
  for (uint32_t i = 0; i < tokens.property_keys.size(); ++i)
    dict.property_keys.emplace_back(v.PropertyKeyName(i));
  QUIVER_RETURN_IF_ERROR(w->WriteDictionary(dict));

  // Nodes: labels, properties, external keys.
  const bool keyed = g.ExternalIds() != ExternalIdKind::kNone;
  std::vector<std::vector<uint32_t>> node_labels(n);
  std::vector<ExternalKey> keys(keyed ? n : 0);
  std::vector<Rows> node_columns;
  std::vector<PropertyEntry> props;
  for (uint64_t old = 0; old < bound; ++old) {
    if (!v.NodeExists(old)) continue;
    const uint64_t id = map(old);
    v.GetLabels(old, node_labels[id]);
    props.clear();
    v.GetNodeProperties(old, props);
    QUIVER_RETURN_IF_ERROR(AddRow(id, props, &node_columns));
    if (keyed && v.IsBaseNode(old)) keys[id] = OwnedKey(g.NodeKey(old));
  }
  QUIVER_RETURN_IF_ERROR(w->WriteNodeLabels(BuildLabelData(tokens.labels.size(), node_labels)));
  node_labels = {};

  // Relationships, type by type: the base's live ones in forward order, then the
  // delta's in creation order.
  std::vector<std::vector<RelId>> delta_rels(tokens.rel_types.size());
  state.rels.ForEach([&](uint64_t id, const std::shared_ptr<RelDelta>& r) {
    if (!r->base && !r->deleted) delta_rels[r->type].push_back(id);
  });
  for (uint32_t t = 0; t < tokens.rel_types.size(); ++t) {
    std::vector<uint64_t> sources, targets;
    std::vector<RelId> old_ids;
    if (t < base.type_count()) {
      for (uint64_t src = 0; src < base.node_count(); ++src) {
        const AdjacencySlice s = g.Neighbors(t, src, Direction::kOut);
        for (uint64_t i = 0; i < s.size(); ++i) {
          const RelId rel = base.RelIdOf(t, s.EdgeAt(i));
          if (!v.RelationshipExists(rel)) continue;
          sources.push_back(map(src));
          targets.push_back(map(s.neighbors[i]));
          old_ids.push_back(rel);
        }
      }
    }
    for (RelId rel : delta_rels[t]) {
      const RelDelta* r = v.RelRecord(rel);
      sources.push_back(map(r->start));
      targets.push_back(map(r->end));
      old_ids.push_back(rel);
    }
    std::vector<uint64_t> input_of_position;
    QUIVER_RETURN_IF_ERROR(w->WriteRelationshipType(t, BuildCsr(n, sources, targets, &input_of_position)));
    std::vector<uint64_t> position_of_input(input_of_position.size());
    for (uint64_t p = 0; p < input_of_position.size(); ++p) position_of_input[input_of_position[p]] = p;
    std::vector<Rows> edge_columns;
    for (uint64_t i = 0; i < old_ids.size(); ++i) {
      props.clear();
      v.GetRelationshipProperties(old_ids[i], props);
      QUIVER_RETURN_IF_ERROR(AddRow(position_of_input[i], props, &edge_columns));
    }
    for (uint32_t k = 0; k < edge_columns.size(); ++k) {
      if (!edge_columns[k].empty())
        QUIVER_RETURN_IF_ERROR(w->WriteEdgeColumn(t, k, Column(old_ids.size(), edge_columns[k])));
    }
    counts->edges += old_ids.size();
  }

  for (uint32_t k = 0; k < node_columns.size(); ++k) {
    if (!node_columns[k].empty()) QUIVER_RETURN_IF_ERROR(w->WriteNodeColumn(k, Column(n, node_columns[k])));
  }
  QUIVER_ASSIGN_OR_RETURN(ExternalIdData ids, BuildExternalIds(keys));
  QUIVER_RETURN_IF_ERROR(w->WriteExternalIds(ids));
  counts->nodes = n;
  return Status::OK();
}

}  // namespace quiver::storage

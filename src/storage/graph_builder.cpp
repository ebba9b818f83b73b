#include "storage/graph_builder.h"

#include <algorithm>

#include "storage/key_mirror.h"

namespace quiver::storage {

uint32_t GraphBuilder::Dict::Intern(std::string_view name) {
  auto [it, inserted] = ids_.emplace(std::string(name), static_cast<uint32_t>(names_.size()));
  if (inserted) names_.emplace_back(name);
  return it->second;
}

void GraphBuilder::Put(std::vector<Column>* columns, uint32_t key, uint64_t row, const PropertyValue& value) {
  if (columns->size() <= key) columns->resize(key + 1);
  Column& c = (*columns)[key];
  if (!c.empty() && c.back().first == row) {
    c.back().second = value;  // the same key twice on one entity: last wins
  } else {
    c.emplace_back(row, value);
  }
}

uint64_t GraphBuilder::AddNode(const std::vector<std::string>& labels, const Properties& properties, ExternalKey key) {
  const uint64_t id = node_labels_.size();
  std::vector<uint32_t> ids;
  for (const auto& l : labels) ids.push_back(labels_.Intern(l));
  node_labels_.push_back(std::move(ids));
  node_keys_.push_back(std::move(key));
  for (const auto& [k, v] : properties) Put(&node_columns_, keys_.Intern(k), id, v);
  return id;
}

Status GraphBuilder::AddEdge(uint64_t source, uint64_t target, std::string_view type, const Properties& properties) {
  if (source >= node_count() || target >= node_count()) {
    return Status::InvalidArgument("edge " + std::to_string(source) + " -> " + std::to_string(target) +
                                   ": endpoint is not a node (" + std::to_string(node_count()) + " nodes)");
  }
  const uint32_t t = types_.Intern(type);
  if (edges_.size() <= t) edges_.resize(t + 1);
  TypeEdges& e = edges_[t];
  const uint64_t index = e.sources.size();
  e.sources.push_back(source);
  e.targets.push_back(target);
  for (const auto& [k, v] : properties) {
    Column& c = e.columns[keys_.Intern(k)];
    if (!c.empty() && c.back().first == index) {
      c.back().second = v;
    } else {
      c.emplace_back(index, v);
    }
  }
  ++edge_count_;
  return Status::OK();
}

Status GraphBuilder::Write(GenerationWriter* w) const {
  const uint64_t n = node_count();
  if (w->node_count() != n) return Status::InvalidArgument("writer expects a different node count");
  QUIVER_ASSIGN_OR_RETURN(ExternalIdData ids, BuildExternalIds(node_keys_));
  QUIVER_RETURN_IF_ERROR(w->WriteDictionary({labels_.names(), types_.names(), keys_.names()}));
  QUIVER_RETURN_IF_ERROR(w->WriteNodeLabels(BuildLabelData(static_cast<uint32_t>(labels_.names().size()), node_labels_)));

  for (uint32_t t = 0; t < edges_.size(); ++t) {
    const TypeEdges& e = edges_[t];
    std::vector<uint64_t> input_of_position;
    QUIVER_RETURN_IF_ERROR(w->WriteRelationshipType(t, BuildCsr(n, e.sources, e.targets, &input_of_position)));
    std::vector<uint64_t> position_of_input(input_of_position.size());
    for (uint64_t p = 0; p < input_of_position.size(); ++p) position_of_input[input_of_position[p]] = p;
    // Columns in key order so files are written in a deterministic order.
    std::vector<uint32_t> keys;
    for (const auto& [k, c] : e.columns) keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    for (uint32_t k : keys) {
      std::vector<std::pair<uint64_t, const PropertyValue*>> rows;
      for (const auto& [index, v] : e.columns.at(k)) rows.emplace_back(position_of_input[index], &v);
      std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      if (std::all_of(rows.begin(), rows.end(), [](const auto& r) { return r.second->is_null(); })) continue;
      QUIVER_RETURN_IF_ERROR(w->WriteEdgeColumn(t, k, BuildColumn(e.sources.size(), rows)));
    }
  }
  for (uint32_t k = 0; k < node_columns_.size(); ++k) {
    std::vector<std::pair<uint64_t, const PropertyValue*>> rows;
    for (const auto& [row, v] : node_columns_[k]) {
      if (!v.is_null()) rows.emplace_back(row, &v);
    }
    if (rows.empty()) continue;
    QUIVER_RETURN_IF_ERROR(w->WriteNodeColumn(k, BuildColumn(n, rows)));
  }
  QUIVER_RETURN_IF_ERROR(w->WriteExternalIds(ids));
  w->SetIdMirrorKey(FindMirrorKey(node_columns_, node_keys_));
  return Status::OK();
}

}  // namespace quiver::storage

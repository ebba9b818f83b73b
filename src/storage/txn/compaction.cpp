#include "storage/txn/compaction.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "storage/key_mirror.h"
#include "storage/txn/compaction_source.h"
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

// One relationship type, built and ready to write.
struct TypeOutput {
  CsrArrays csr;
  std::vector<std::pair<uint32_t, ColumnData>> columns;  // ascending keys
  uint64_t edges = 0;
};

class Compactor {
 public:
  Compactor(const CompactionSource& source, unsigned workers) : src_(source), workers_(std::max(1u, workers)) {}

  Status Run(GenerationWriter* w, CompactionCounts* counts) {
    const uint64_t n = src_.node_count();
    if (w->node_count() != n) return Status::InvalidArgument("compaction writer expects a different node count");
    QUIVER_RETURN_IF_ERROR(w->WriteDictionary(src_.Dictionary()));
    QUIVER_RETURN_IF_ERROR(NodePass());
    QUIVER_RETURN_IF_ERROR(w->WriteNodeLabels(BuildLabelData(src_.label_count(), node_labels_)));
    node_labels_ = {};
    // Relationship types in parallel, written in type order as they are needed; at most
    // `workers` types are held built at once beyond the one being written.
    const uint32_t types = src_.rel_type_count();
    std::vector<TypeOutput> built(types);
    for (uint32_t first = 0; first < types; first += workers_) {
      const uint32_t last = std::min<uint32_t>(types, first + workers_);
      QUIVER_RETURN_IF_ERROR(ParallelTasks(last - first, workers_,
                                           [&](size_t i) { return BuildType(first + i, &built[first + i]); }));
      for (uint32_t t = first; t < last; ++t) {
        QUIVER_RETURN_IF_ERROR(w->WriteRelationshipType(t, built[t].csr));
        for (const auto& [key, column] : built[t].columns)
          QUIVER_RETURN_IF_ERROR(w->WriteEdgeColumn(t, key, column));
        counts->edges += built[t].edges;
        built[t] = TypeOutput();
      }
    }
    for (uint32_t k = 0; k < node_columns_.size(); ++k) {
      if (!node_columns_[k].empty())
        QUIVER_RETURN_IF_ERROR(w->WriteNodeColumn(k, Column(n, node_columns_[k])));
    }
    QUIVER_ASSIGN_OR_RETURN(ExternalIdData ids, BuildExternalIds(keys_));
    QUIVER_RETURN_IF_ERROR(w->WriteExternalIds(ids));
    w->SetIdMirrorKey(FindMirrorKey(node_columns_, keys_, src_.base_id_mirror_key()));
    counts->nodes = n;
    return Status::OK();
  }

 private:
  // Labels, external keys (by new id) and property rows of every live node; rows are
  // gathered per range and appended in range order, so they ascend.
  Status NodePass() {
    node_labels_.resize(src_.node_count());
    if (src_.key_kind() != ExternalIdKind::kNone) keys_.resize(src_.node_count());
    std::vector<std::vector<Rows>> range_columns(src_.node_ranges());
    QUIVER_RETURN_IF_ERROR(ParallelTasks(src_.node_ranges(), workers_, [&](size_t r) {
      CompactionSource::Node node;
      const uint64_t end = std::min(src_.old_node_bound(), (r + 1) * CompactionSource::kNodeRange);
      for (uint64_t old = r * CompactionSource::kNodeRange; old < end; ++old) {
        if (!src_.ReadNode(old, &node)) continue;
        node_labels_[node.id] = std::move(node.labels);
        QUIVER_RETURN_IF_ERROR(AddRow(node.id, node.properties, &range_columns[r]));
        if (!keys_.empty()) keys_[node.id] = std::move(node.key);
      }
      return Status::OK();
    }));
    for (auto& columns : range_columns) {
      if (node_columns_.size() < columns.size()) node_columns_.resize(columns.size());
      for (size_t k = 0; k < columns.size(); ++k) {
        for (auto& row : columns[k]) node_columns_[k].push_back(std::move(row));
      }
      columns = {};
    }
    return Status::OK();
  }

  // CSR and property columns of type t.
  Status BuildType(uint32_t t, TypeOutput* out) const {
    std::vector<uint64_t> sources, targets;
    std::vector<RelId> old_ids;
    src_.ForEachRelationship(t, [&](uint64_t start, uint64_t end, RelId rel) {
      sources.push_back(start);
      targets.push_back(end);
      old_ids.push_back(rel);
    });
    std::vector<uint64_t> input_of_position;
    out->csr = BuildCsr(src_.node_count(), sources, targets, &input_of_position);
    std::vector<uint64_t> position_of_input(input_of_position.size());
    for (uint64_t p = 0; p < input_of_position.size(); ++p) position_of_input[input_of_position[p]] = p;
    std::vector<Rows> columns;
    std::vector<PropertyEntry> props;
    for (uint64_t i = 0; i < old_ids.size(); ++i) {
      src_.RelationshipProperties(old_ids[i], &props);
      QUIVER_RETURN_IF_ERROR(AddRow(position_of_input[i], props, &columns));
    }
    for (uint32_t k = 0; k < columns.size(); ++k) {
      if (!columns[k].empty()) out->columns.emplace_back(k, Column(old_ids.size(), columns[k]));
    }
    out->edges = old_ids.size();
    return Status::OK();
  }

  const CompactionSource& src_;
  const unsigned workers_;
  std::vector<std::vector<uint32_t>> node_labels_;
  std::vector<ExternalKey> keys_;
  std::vector<Rows> node_columns_;
};

}  // namespace

Status WriteCompactedGeneration(const DeltaState& state, GenerationWriter* writer, CompactionCounts* counts,
                                unsigned workers) {
  // First: the Schema file sets the version every later file of the generation carries.
  QUIVER_RETURN_IF_ERROR(writer->WriteSchema(*state.schema));
  QUIVER_ASSIGN_OR_RETURN(auto source, CompactionSource::Open(state, workers));
  return Compactor(*source, workers).Run(writer, counts);
}

}  // namespace quiver::storage

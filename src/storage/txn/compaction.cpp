#include "storage/txn/compaction.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "storage/txn/delta_view.h"
#include "storage/txn/value_convert.h"

namespace quiver::storage {

namespace {

constexpr uint64_t kNodeRange = 1 << 16;  // nodes per task of the node pass

using Rows = std::vector<std::pair<uint64_t, PropertyValue>>;

// Runs f(0..tasks-1) on up to `workers` threads (the caller's included). The first
// failure — a Status, or an exception from a read of a corrupt base value — wins and
// stops further tasks from starting.
template <typename F>
Status ParallelFor(size_t tasks, unsigned workers, F&& f) {
  std::atomic<size_t> next{0};
  std::mutex mu;
  Status first;
  std::atomic<bool> failed{false};
  auto run = [&] {
    for (size_t i; !failed.load() && (i = next.fetch_add(1)) < tasks;) {
      Status s;
      try {
        s = f(i);
      } catch (const std::exception& e) {
        s = Status::Corruption(e.what());
      }
      if (!s.ok()) {
        std::lock_guard<std::mutex> l(mu);
        if (first.ok()) first = s;
        failed = true;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::min<size_t>(workers, tasks); ++t) threads.emplace_back(run);
  run();
  for (auto& t : threads) t.join();
  return first;
}

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

// One relationship type, built and ready to write.
struct TypeOutput {
  CsrArrays csr;
  std::vector<std::pair<uint32_t, ColumnData>> columns;  // ascending keys
  uint64_t edges = 0;
};

class Compactor {
 public:
  Compactor(const DeltaState& state, unsigned workers)
      : state_(state), v_(&state), base_(*state.base), g_(base_.gen()), workers_(std::max(1u, workers)) {}

  Status Run(GenerationWriter* w, CompactionCounts* counts) {
    const uint64_t n = state_.live_nodes;
    if (w->node_count() != n)
      return Status::InvalidArgument("compaction writer expects a different node count");
    QUIVER_RETURN_IF_ERROR(MapNodes());
    QUIVER_RETURN_IF_ERROR(w->WriteDictionary(Dictionary()));
    QUIVER_RETURN_IF_ERROR(NodePass());
    QUIVER_RETURN_IF_ERROR(w->WriteNodeLabels(BuildLabelData(state_.tokens->labels.size(), node_labels_)));
    node_labels_ = {};
    // Relationship types in parallel, written in type order as they are needed; at most
    // `workers` types are held built at once beyond the one being written.
    const uint32_t types = state_.tokens->rel_types.size();
    CollectDeltaRels();
    std::vector<TypeOutput> built(types);
    for (uint32_t first = 0; first < types; first += workers_) {
      const uint32_t last = std::min<uint32_t>(types, first + workers_);
      QUIVER_RETURN_IF_ERROR(ParallelFor(last - first, workers_,
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
    counts->nodes = n;
    return Status::OK();
  }

 private:
  uint64_t Map(uint64_t old) const { return new_id_.empty() ? old : new_id_[old]; }
  size_t Ranges() const { return static_cast<size_t>((state_.node_bound + kNodeRange - 1) / kNodeRange); }

  // New node ids: live nodes in ascending old id (identity when none was deleted).
  Status MapNodes() {
    const uint64_t bound = state_.node_bound;
    if (bound == state_.live_nodes) return Status::OK();
    new_id_.assign(bound, UINT64_MAX);
    std::vector<uint64_t> live(Ranges());
    QUIVER_RETURN_IF_ERROR(ParallelFor(Ranges(), workers_, [&](size_t r) {
      for (uint64_t old = r * kNodeRange; old < std::min(bound, (r + 1) * kNodeRange); ++old)
        live[r] += v_.NodeExists(old);
      return Status::OK();
    }));
    std::vector<uint64_t> first(Ranges());
    for (size_t r = 1; r < first.size(); ++r) first[r] = first[r - 1] + live[r - 1];
    return ParallelFor(Ranges(), workers_, [&](size_t r) {
      uint64_t next = first[r];
      for (uint64_t old = r * kNodeRange; old < std::min(bound, (r + 1) * kNodeRange); ++old) {
        if (v_.NodeExists(old)) new_id_[old] = next++;
      }
      return Status::OK();
    });
  }

  // Every token in id order, so token ids survive.
  DictionaryData Dictionary() const {
    const DeltaTokens& t = *state_.tokens;
    DictionaryData d;
    for (uint32_t i = 0; i < t.labels.size(); ++i) d.labels.emplace_back(v_.LabelName(i));
    for (uint32_t i = 0; i < t.rel_types.size(); ++i) d.rel_types.emplace_back(v_.RelTypeName(i));
    for (uint32_t i = 0; i < t.property_keys.size(); ++i) d.property_keys.emplace_back(v_.PropertyKeyName(i));
    return d;
  }

  // Labels, external keys (by new id) and property rows of every live node; rows are
  // gathered per range and appended in range order, so they ascend.
  Status NodePass() {
    const uint64_t bound = state_.node_bound;
    node_labels_.resize(state_.live_nodes);
    if (g_.ExternalIds() != ExternalIdKind::kNone) keys_.resize(state_.live_nodes);
    std::vector<std::vector<Rows>> range_columns(Ranges());
    QUIVER_RETURN_IF_ERROR(ParallelFor(Ranges(), workers_, [&](size_t r) {
      std::vector<PropertyEntry> props;
      for (uint64_t old = r * kNodeRange; old < std::min(bound, (r + 1) * kNodeRange); ++old) {
        if (!v_.NodeExists(old)) continue;
        const uint64_t id = Map(old);
        v_.GetLabels(old, node_labels_[id]);
        props.clear();
        v_.GetNodeProperties(old, props);
        QUIVER_RETURN_IF_ERROR(AddRow(id, props, &range_columns[r]));
        if (!keys_.empty() && v_.IsBaseNode(old)) keys_[id] = OwnedKey(g_.NodeKey(old));
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

  void CollectDeltaRels() {
    delta_rels_.resize(state_.tokens->rel_types.size());
    state_.rels.ForEach([&](uint64_t id, const std::shared_ptr<RelDelta>& r) {
      if (!r->base && !r->deleted) delta_rels_[r->type].push_back(id);
    });
  }

  // The base's live relationships of type t in forward order, then the delta's in
  // creation order: CSR and property columns.
  Status BuildType(uint32_t t, TypeOutput* out) const {
    std::vector<uint64_t> sources, targets;
    std::vector<RelId> old_ids;
    if (t < base_.type_count()) {
      for (uint64_t src = 0; src < base_.node_count(); ++src) {
        const AdjacencySlice s = g_.Neighbors(t, src, Direction::kOut);
        for (uint64_t i = 0; i < s.size(); ++i) {
          const RelId rel = base_.RelIdOf(t, s.EdgeAt(i));
          if (!v_.RelationshipExists(rel)) continue;
          sources.push_back(Map(src));
          targets.push_back(Map(s.neighbors[i]));
          old_ids.push_back(rel);
        }
      }
    }
    for (RelId rel : delta_rels_[t]) {
      const RelDelta* r = v_.RelRecord(rel);
      sources.push_back(Map(r->start));
      targets.push_back(Map(r->end));
      old_ids.push_back(rel);
    }
    std::vector<uint64_t> input_of_position;
    out->csr = BuildCsr(state_.live_nodes, sources, targets, &input_of_position);
    std::vector<uint64_t> position_of_input(input_of_position.size());
    for (uint64_t p = 0; p < input_of_position.size(); ++p) position_of_input[input_of_position[p]] = p;
    std::vector<Rows> columns;
    std::vector<PropertyEntry> props;
    for (uint64_t i = 0; i < old_ids.size(); ++i) {
      props.clear();
      v_.GetRelationshipProperties(old_ids[i], props);
      QUIVER_RETURN_IF_ERROR(AddRow(position_of_input[i], props, &columns));
    }
    for (uint32_t k = 0; k < columns.size(); ++k) {
      if (!columns[k].empty()) out->columns.emplace_back(k, Column(old_ids.size(), columns[k]));
    }
    out->edges = old_ids.size();
    return Status::OK();
  }

  const DeltaState& state_;
  const DeltaView v_;
  const BaseGraph& base_;
  const Generation& g_;
  const unsigned workers_;
  std::vector<uint64_t> new_id_;  // empty: ids unchanged
  std::vector<std::vector<uint32_t>> node_labels_;
  std::vector<ExternalKey> keys_;
  std::vector<Rows> node_columns_;
  std::vector<std::vector<RelId>> delta_rels_;
};

}  // namespace

Status WriteCompactedGeneration(const DeltaState& state, GenerationWriter* writer, CompactionCounts* counts,
                                unsigned workers) {
  return Compactor(state, workers).Run(writer, counts);
}

}  // namespace quiver::storage

#include "ingest/graph_feed.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "storage/key_mirror.h"
#include "storage/property_column.h"
#include "storage/txn/value_convert.h"

namespace quiver::ingest {

using storage::CompactionSource;

namespace {

using storage::PropertyValue;

constexpr uint64_t kEdgeBatch = 1 << 20;  // relationships per batch handed to the session

// The values of one batch's rows as property columns, one per key, each in the type
// storage::ChooseColumnType picks for them; the session reconciles the types of a key
// across batches the way storage::BuildColumn does.
class ColumnsOfRows {
 public:
  explicit ColumnsOfRows(uint64_t rows) : rows_(rows) {}

  // Row `row`'s properties (ascending keys; rows in ascending order).
  Status Add(uint64_t row, const std::vector<PropertyEntry>& props) {
    for (const auto& [key, value] : props) {
      if (value.IsNull()) continue;
      QUIVER_ASSIGN_OR_RETURN(PropertyValue pv, storage::ToPropertyValue(value));
      values_[key].emplace_back(row, std::move(pv));
    }
    return Status::OK();
  }

  // One value of key `key` for row `row` (rows of a key in ascending order).
  void AddValue(uint64_t row, uint32_t key, PropertyValue value) {
    if (!value.is_null()) values_[key].emplace_back(row, std::move(value));
  }

  // The keys whose rows mirror the batch's node keys (every node keyed): ascending.
  template <typename KeyOf>
  std::vector<uint32_t> MirroringKeys(KeyOf&& key_of) const {
    std::vector<uint32_t> out;
    for (const auto& [key, values] : values_) {
      if (storage::RowsMirrorKeys(values, rows_, key_of)) out.push_back(key);
    }
    return out;
  }
  // Leaves key out of the columns (it is handed over another way).
  void Erase(uint32_t key) { values_.erase(key); }
  // The keys some row carries (values_ holds no nulls).
  template <typename F>
  void ForEachKey(F&& f) const {
    for (const auto& [key, values] : values_) f(key);
  }

  std::vector<ColumnChunk> Finish() {
    std::vector<ColumnChunk> out;
    for (auto& [key, values] : values_) {
      ColumnChunk c;
      c.key = key;
      std::vector<std::pair<uint64_t, const PropertyValue*>> refs;
      refs.reserve(values.size());
      for (const auto& [row, v] : values) refs.emplace_back(row, &v);
      c.type = storage::ChooseColumnType(refs);
      c.Reserve(rows_);
      uint64_t next = 0;
      for (const auto& [row, v] : values) {
        for (; next < row; ++next) c.AppendAbsent();
        Append(&c, v);
        ++next;
      }
      for (; next < rows_; ++next) c.AppendAbsent();
      out.push_back(std::move(c));
    }
    return out;
  }

 private:
  static void Append(ColumnChunk* c, const PropertyValue& v) {
    switch (c->type) {
      case storage::ColumnType::kInt64: return c->AppendInt(v.as_int());
      case storage::ColumnType::kDouble: return c->AppendDouble(v.as_double());
      case storage::ColumnType::kBool: return c->AppendBool(v.as_bool());
      case storage::ColumnType::kString: return c->AppendString(v.as_string());
      case storage::ColumnType::kMixed: return c->AppendValue(v);
    }
  }

  uint64_t rows_;
  std::map<uint32_t, std::vector<std::pair<uint64_t, PropertyValue>>> values_;
};

// Which node property keys mirror the external keys (storage/key_mirror.h), judged a
// batch at a time as the node ranges are read — each batch all keyed or all unkeyed —
// and merged in any order: a key mirrors when it does in every keyed batch and no
// unkeyed node carries it.
class MirrorVerdict {
 public:
  // A keyed batch whose rows of these keys (ascending) mirror its nodes' keys.
  void Keyed(const std::vector<uint32_t>& mirroring) {
    if (!mirroring_) {
      mirroring_ = mirroring;
      return;
    }
    std::vector<uint32_t> both;
    std::set_intersection(mirroring_->begin(), mirroring_->end(), mirroring.begin(), mirroring.end(),
                          std::back_inserter(both));
    mirroring_ = std::move(both);
  }
  // An unkeyed node carries `key`.
  void Unkeyed(uint32_t key) { unkeyed_.insert(key); }
  void Merge(const MirrorVerdict& other) {
    if (other.mirroring_) Keyed(*other.mirroring_);
    unkeyed_.insert(other.unkeyed_.begin(), other.unkeyed_.end());
  }
  std::optional<uint32_t> Pick(uint32_t key_count, std::optional<uint32_t> preferred) const {
    if (!mirroring_) return std::nullopt;  // no keyed node
    return storage::PickMirrorKey(key_count, preferred, [&](uint32_t k) {
      return std::binary_search(mirroring_->begin(), mirroring_->end(), k) && unkeyed_.count(k) == 0;
    });
  }

 private:
  std::optional<std::vector<uint32_t>> mirroring_;  // nullopt: no keyed batch yet
  std::set<uint32_t> unkeyed_;
};

}  // namespace

class GraphFeed::Impl {
 public:
  Impl(const CompactionSource& source, ConstructionSession* session) : src_(source), session_(session) {}

  std::optional<KeyType> key_type() const {
    switch (src_.key_kind()) {
      case storage::ExternalIdKind::kNone: return std::nullopt;
      case storage::ExternalIdKind::kString: return KeyType::kString;
      default: return KeyType::kInteger;
    }
  }

  // Token ids must survive: the session numbers tokens in order of first request.
  Status AddTokens(const std::string& key_space) {
    const storage::DictionaryData d = src_.Dictionary();
    bool same = true;
    for (uint32_t i = 0; i < d.labels.size(); ++i) same &= session_->Label(d.labels[i]) == i;
    for (uint32_t i = 0; i < d.rel_types.size(); ++i) same &= session_->RelType(d.rel_types[i]) == i;
    for (uint32_t i = 0; i < d.property_keys.size(); ++i) same &= session_->PropertyKey(d.property_keys[i]) == i;
    key_count_ = static_cast<uint32_t>(d.property_keys.size());
    if (!same) return Status::Corruption("compaction: duplicate token names in the dictionary");
    if (src_.relationships_have_properties()) session_->EnableEdgeProperties();
    if (const std::optional<KeyType> type = key_type()) {
      QUIVER_ASSIGN_OR_RETURN(key_space_, session_->IdSpace(key_space, *type));
    }
    return Status::OK();
  }

  std::optional<uint32_t> CheckedMirrorKey() const { return mirror_.Pick(key_count_, src_.base_id_mirror_key()); }

  // Node ranges are read on the session's workers, a pool's worth at a time, and handed
  // over in range order (so node i is still the i-th live node).
  Status AddNodes() {
    const size_t ranges = src_.node_ranges();
    const size_t step = std::max<uint32_t>(1, session_->workers());
    for (size_t first = 0; first < ranges; first += step) {
      const size_t last = std::min(ranges, first + step);
      std::vector<std::vector<NodeBatch>> batches(last - first);
      std::vector<MirrorVerdict> verdicts(last - first);
      QUIVER_RETURN_IF_ERROR(storage::ParallelTasks(last - first, session_->workers(), [&](size_t i) {
        return ReadNodeRange(first + i, &batches[i], &verdicts[i]);
      }));
      std::vector<NodeBatch> in_order;
      for (auto& list : batches) {
        for (auto& b : list) in_order.push_back(std::move(b));
      }
      for (const MirrorVerdict& v : verdicts) mirror_.Merge(v);
      node_batches_ += in_order.size();
      QUIVER_RETURN_IF_ERROR(session_->AddNodes(std::move(in_order)));
    }
    return Status::OK();
  }

  Status AddRelationships() {
    if (leave_relationships_) return Status::OK();
    for (uint32_t t = 0; t < src_.rel_type_count(); ++t) QUIVER_RETURN_IF_ERROR(AddRelationships(t));
    return Status::OK();
  }

  // The live nodes of one range as batches: a new batch wherever the nodes go from
  // keyed (base nodes) to unkeyed (created since) or back; each batch's say on the
  // mirror key goes to *verdict.
  Status ReadNodeRange(size_t r, std::vector<NodeBatch>* out, MirrorVerdict* verdict) const {
    const uint64_t end = std::min(src_.old_node_bound(), (r + 1) * CompactionSource::kNodeRange);
    if (src_.untouched()) return ReadBaseNodeRange(r * CompactionSource::kNodeRange, end, out, verdict);
    std::vector<CompactionSource::Node> nodes;
    CompactionSource::Node node;
    for (uint64_t old = r * CompactionSource::kNodeRange; old < end; ++old) {
      if (src_.ReadNode(old, &node)) nodes.push_back(std::move(node));
    }
    for (size_t begin = 0; begin < nodes.size();) {
      const bool keyed = !std::holds_alternative<std::monostate>(nodes[begin].key);
      size_t stop = begin + 1;
      while (stop < nodes.size() && keyed == !std::holds_alternative<std::monostate>(nodes[stop].key)) ++stop;
      NodeBatch b;
      QUIVER_RETURN_IF_ERROR(
          MakeNodeBatch(std::span(nodes).subspan(begin, stop - begin), keyed, &b, verdict));
      out->push_back(std::move(b));
      begin = stop;
    }
    return Status::OK();
  }

  // ReadNodeRange's batches for an untouched source (CompactionSource::untouched): the
  // generation's nodes [first, last), keyed runs and unkeyed runs apart as there, read
  // column by column — a typed column's values straight into its chunk — instead of a
  // node's labels and properties at a time. Mixed columns go through ColumnsOfRows, so
  // every chunk has the type and the mirror verdict the row-by-row path gives.
  Status ReadBaseNodeRange(uint64_t first, uint64_t last, std::vector<NodeBatch>* out, MirrorVerdict* verdict) const {
    const storage::Generation& g = src_.base_generation();
    auto keyed = [&](uint64_t v) { return !std::holds_alternative<std::monostate>(g.NodeKey(v)); };
    for (uint64_t begin = first; begin < last;) {
      const bool k = keyed(begin);
      uint64_t end = begin + 1;
      while (end < last && keyed(end) == k) ++end;
      NodeBatch b;
      QUIVER_RETURN_IF_ERROR(MakeBaseNodeBatch(g, begin, end, k, &b, verdict));
      out->push_back(std::move(b));
      begin = end;
    }
    return Status::OK();
  }

  Status MakeBaseNodeBatch(const storage::Generation& g, uint64_t begin, uint64_t end, bool keyed, NodeBatch* b,
                           MirrorVerdict* verdict) const {
    const uint64_t rows = end - begin;
    b->count = rows;
    // A node's label set is a slice of the label file, the same slice for the same set.
    std::map<std::pair<const std::byte*, uint64_t>, uint32_t> sets;
    b->node_set.reserve(rows);
    for (uint64_t v = begin; v < end; ++v) {
      const storage::UIntArray labels = g.NodeLabels(v);
      const auto slice = std::make_pair(labels.empty() ? nullptr : labels.data(), labels.size());
      auto [it, inserted] = sets.emplace(slice, static_cast<uint32_t>(b->label_sets.size()));
      if (inserted) {
        std::vector<uint32_t> members;
        labels.ForEach([&](uint64_t l) { members.push_back(static_cast<uint32_t>(l)); });
        b->label_sets.push_back(std::move(members));
      }
      b->node_set.push_back(it->second);
    }
    if (keyed) {
      b->id_space = key_space_;
      b->keys.type = src_.key_kind() == storage::ExternalIdKind::kString ? KeyType::kString : KeyType::kInteger;
      for (uint64_t v = begin; v < end; ++v) {
        const storage::ExternalKeyView key = g.NodeKey(v);
        if (const auto* s = std::get_if<std::string_view>(&key)) {
          b->keys.AppendString(*s);
        } else {
          b->keys.AppendInt(std::get<int64_t>(key));
        }
      }
    }
    std::vector<ColumnChunk> typed;
    std::vector<uint32_t> mirroring;  // keys whose values are the nodes' keys (keyed runs)
    ColumnsOfRows mixed(rows);
    for (uint32_t key = 0; key < g.PropertyKeyCount(); ++key) {
      const storage::PropertyColumn* c = g.NodeColumn(key);
      if (c == nullptr) continue;
      if (c->type() == storage::ColumnType::kMixed) {
        for (uint64_t v = begin; v < end; ++v) {
          if (!c->IsPresent(v)) continue;
          QUIVER_ASSIGN_OR_RETURN(PropertyValue value, c->Get(v));
          mixed.AddValue(v - begin, key, std::move(value));
        }
        continue;
      }
      ColumnChunk chunk;
      chunk.key = key;
      chunk.type = c->type();
      chunk.Reserve(rows);
      uint64_t present = 0;
      bool mirrors = keyed;
      for (uint64_t v = begin; v < end; ++v) {
        if (!c->IsPresent(v)) {
          chunk.AppendAbsent();
          mirrors = false;
          continue;
        }
        ++present;
        switch (c->type()) {
          // The node's key, read into b->keys above, against the value.
          case storage::ColumnType::kInt64: {
            const int64_t x = c->Int64At(v);
            chunk.AppendInt(x);
            mirrors = mirrors && b->keys.type == KeyType::kInteger && b->keys.IntAt(v - begin) == x;
            break;
          }
          case storage::ColumnType::kString: {
            const std::string_view x = c->StringAt(v);
            chunk.AppendString(x);
            mirrors = mirrors && b->keys.type == KeyType::kString && b->keys.StringAt(v - begin) == x;
            break;
          }
          case storage::ColumnType::kDouble:
            chunk.AppendDouble(c->DoubleAt(v));
            mirrors = false;
            break;
          default:  // kBool
            chunk.AppendBool(c->BoolAt(v));
            mirrors = false;
            break;
        }
      }
      if (present == 0) continue;
      if (mirrors) mirroring.push_back(key);
      typed.push_back(std::move(chunk));
    }
    if (keyed) {
      const std::vector<uint32_t> mixed_mirroring = mixed.MirroringKeys([&](uint64_t row) -> storage::ExternalKey {
        return storage::OwnedKey(g.NodeKey(begin + row));
      });
      mirroring.insert(mirroring.end(), mixed_mirroring.begin(), mixed_mirroring.end());
      std::sort(mirroring.begin(), mirroring.end());
      const std::optional<uint32_t> mirror = src_.base_id_mirror_key();
      if (mirror_as_key_property_ && mirror && std::binary_search(mirroring.begin(), mirroring.end(), *mirror)) {
        // The column holds exactly the keys: the session refills it from them.
        std::erase_if(typed, [&](const ColumnChunk& c) { return c.key == *mirror; });
        mixed.Erase(*mirror);
        b->key_property = mirror;
      }
      verdict->Keyed(mirroring);
    } else {
      for (const ColumnChunk& c : typed) verdict->Unkeyed(c.key);
      mixed.ForEachKey([&](uint32_t key) { verdict->Unkeyed(key); });
    }
    b->properties = std::move(typed);
    for (ColumnChunk& c : mixed.Finish()) b->properties.push_back(std::move(c));
    std::sort(b->properties.begin(), b->properties.end(),
              [](const ColumnChunk& x, const ColumnChunk& y) { return x.key < y.key; });
    return Status::OK();
  }

  Status MakeNodeBatch(std::span<const CompactionSource::Node> nodes, bool keyed, NodeBatch* b,
                       MirrorVerdict* verdict) const {
    b->count = nodes.size();
    std::map<std::vector<uint32_t>, uint32_t> sets;
    b->node_set.reserve(nodes.size());
    ColumnsOfRows columns(nodes.size());
    if (keyed) {
      b->id_space = key_space_;
      b->keys.type = src_.key_kind() == storage::ExternalIdKind::kString ? KeyType::kString : KeyType::kInteger;
    }
    for (uint64_t i = 0; i < nodes.size(); ++i) {
      const CompactionSource::Node& n = nodes[i];
      std::vector<uint32_t> labels(n.labels.begin(), n.labels.end());
      auto [it, inserted] = sets.emplace(std::move(labels), static_cast<uint32_t>(b->label_sets.size()));
      if (inserted) b->label_sets.push_back(it->first);
      b->node_set.push_back(it->second);
      QUIVER_RETURN_IF_ERROR(columns.Add(i, n.properties));
      if (keyed) {
        if (const auto* s = std::get_if<std::string>(&n.key)) {
          b->keys.AppendString(*s);
        } else {
          b->keys.AppendInt(std::get<int64_t>(n.key));
        }
      }
    }
    if (keyed) {
      const std::vector<uint32_t> mirroring =
          columns.MirroringKeys([&](uint64_t row) -> const storage::ExternalKey& { return nodes[row].key; });
      const std::optional<uint32_t> mirror = src_.base_id_mirror_key();
      if (mirror_as_key_property_ && mirror && std::binary_search(mirroring.begin(), mirroring.end(), *mirror)) {
        // The column holds exactly the keys: the session refills it from them.
        columns.Erase(*mirror);
        b->key_property = mirror;
      }
      verdict->Keyed(mirroring);
    } else {
      columns.ForEachKey([&](uint32_t key) { verdict->Unkeyed(key); });
    }
    b->properties = columns.Finish();
    return Status::OK();
  }

  // UniqueKeys of the live nodes (GraphFeed::ClaimUniqueKeys): one pass, on this thread.
  Status ClaimUniqueKeys(const ImportSchema& schema, UniqueKeys* keys) const {
    const storage::DictionaryData d = src_.Dictionary();
    const auto find = [](const std::vector<std::string>& names, const std::string& name) -> std::optional<uint32_t> {
      const auto it = std::find(names.begin(), names.end(), name);
      if (it == names.end()) return std::nullopt;
      return static_cast<uint32_t>(it - names.begin());
    };
    struct Applied {
      uint32_t constraint;
      uint32_t label;
      std::vector<std::optional<uint32_t>> keys;  // nullopt: a key no node has
    };
    std::vector<Applied> applied;
    for (uint32_t i = 0; i < schema.constraints.size(); ++i) {
      const ImportConstraint& c = schema.constraints[i];
      if (c.definition.entity != storage::IndexEntity::kNode || !c.definition.OwnsIndex()) continue;
      const std::optional<uint32_t> label = find(d.labels, c.names.token);
      if (!label) continue;  // no node has the label: nothing to claim
      Applied a{i, *label, {}};
      for (const std::string& key : c.names.keys) a.keys.push_back(find(d.property_keys, key));
      applied.push_back(std::move(a));
    }
    if (applied.empty()) return Status::OK();
    CompactionSource::Node node;
    std::vector<Value> values;
    for (uint64_t old = 0; old < src_.old_node_bound(); ++old) {
      if (!src_.ReadNode(old, &node)) continue;
      for (const Applied& a : applied) {
        if (std::find(node.labels.begin(), node.labels.end(), a.label) == node.labels.end()) continue;
        values.clear();
        for (const std::optional<uint32_t>& key : a.keys) {
          const auto it = std::find_if(node.properties.begin(), node.properties.end(),
                                       [&](const PropertyEntry& p) { return key && p.first == *key; });
          values.push_back(it == node.properties.end() ? Value::Null() : it->second);
        }
        keys->ClaimExisting(a.constraint, values, node.id);
      }
    }
    return Status::OK();
  }

  bool mirror_as_key_property_ = false;
  bool leave_relationships_ = false;  // kept by the session (LeaveRelationshipsInPlace)
  uint64_t node_batches_ = 0;

 private:
  // Relationships of type t in compaction order: the base's read in ranges of sources
  // (about kEdgeBatch relationships each) on the workers, a window of them at a time,
  // handed over in range order; then the delta's. Salvage reads on one thread.
  Status AddRelationships(uint32_t t) {
    if (src_.salvaging()) {
      std::vector<EdgeBatch> all;
      QUIVER_RETURN_IF_ERROR(Collect(t, [&](const auto& f) { src_.ForEachRelationship(t, f); }, &all));
      return session_->AddEdges(std::move(all));
    }
    const std::vector<uint64_t> bounds = SourceRanges(t);
    // The window's batches are held at once: about 16 bytes a relationship with its ids
    // and properties, within an eighth of the budget (one range at least).
    const uint64_t per_range = kEdgeBatch * 16;
    const size_t step = std::clamp<uint64_t>(session_->memory_budget() / 8 / per_range, 1,
                                             std::max<uint32_t>(1, session_->workers()));
    const size_t ranges = bounds.size() - 1;
    for (size_t first = 0; first < ranges; first += step) {
      const size_t last = std::min(ranges, first + step);
      std::vector<std::vector<EdgeBatch>> out(last - first);
      QUIVER_RETURN_IF_ERROR(storage::ParallelTasks(last - first, session_->workers(), [&](size_t i) {
        const uint64_t begin = bounds[first + i], end = bounds[first + i + 1];
        return Collect(t, [&](const auto& f) { src_.ForEachBaseRelationship(t, begin, end, f); }, &out[i]);
      }));
      std::vector<EdgeBatch> in_order;
      for (auto& list : out) {
        for (EdgeBatch& b : list) in_order.push_back(std::move(b));
      }
      QUIVER_RETURN_IF_ERROR(session_->AddEdges(std::move(in_order)));
    }
    std::vector<EdgeBatch> delta;
    QUIVER_RETURN_IF_ERROR(Collect(t, [&](const auto& f) { src_.ForEachDeltaRelationship(t, f); }, &delta));
    return session_->AddEdges(std::move(delta));
  }

  // Bounds of ranges of the base's sources holding about the same number of
  // relationships of type t each (from the CSR's degrees; relationships deleted since
  // still counted): four a worker, at most kEdgeBatch and at least 1,024 each — so small
  // graphs, the tests', are read in several ranges too.
  std::vector<uint64_t> SourceRanges(uint32_t t) const {
    std::vector<uint64_t> bounds{0};
    const uint64_t sources = src_.base_node_count();
    uint64_t total = 0;
    for (uint64_t s = 0; s < sources; ++s) total += src_.BaseDegree(t, s);
    const uint64_t target =
        std::clamp<uint64_t>(total / (uint64_t{std::max<uint32_t>(1, session_->workers())} * 4), 1024, kEdgeBatch);
    uint64_t edges = 0;
    for (uint64_t s = 0; s < sources; ++s) {
      edges += src_.BaseDegree(t, s);
      if (edges >= target) {
        bounds.push_back(s + 1);
        edges = 0;
      }
    }
    if (bounds.back() != sources) bounds.push_back(sources);
    return bounds;
  }

  // The relationships `each` yields (each(f) calls f(new_start, new_end, rel)), as
  // batches of at most kEdgeBatch with their property columns, appended to *out.
  template <typename Each>
  Status Collect(uint32_t t, Each&& each, std::vector<EdgeBatch>* out) const {
    const bool with_properties = src_.relationships_have_properties();
    EdgeBatch batch;
    std::vector<RelId> rels;
    std::vector<PropertyEntry> props;
    const auto seal = [&]() -> Status {
      if (batch.size() == 0) return Status::OK();
      if (with_properties) {
        ColumnsOfRows columns(rels.size());
        for (uint64_t i = 0; i < rels.size(); ++i) {
          src_.RelationshipProperties(rels[i], &props);
          QUIVER_RETURN_IF_ERROR(columns.Add(i, props));
        }
        batch.properties = columns.Finish();
      }
      batch.type = t;
      out->push_back(std::move(batch));
      batch = EdgeBatch();
      rels.clear();
      return Status::OK();
    };
    Status status;
    each([&](uint64_t start, uint64_t end, RelId rel) {
      if (!status.ok()) return;
      batch.src.push_back(static_cast<uint32_t>(start));
      batch.dst.push_back(static_cast<uint32_t>(end));
      if (with_properties) rels.push_back(rel);
      if (batch.size() >= kEdgeBatch) status = seal();
    });
    QUIVER_RETURN_IF_ERROR(status);
    return seal();
  }

  const CompactionSource& src_;
  ConstructionSession* session_;
  uint32_t key_space_ = 0;
  uint32_t key_count_ = 0;  // property keys in the dictionary
  MirrorVerdict mirror_;
};


GraphFeed::GraphFeed(const storage::CompactionSource& source, ConstructionSession* session)
    : impl_(std::make_unique<Impl>(source, session)) {}
GraphFeed::~GraphFeed() = default;

std::optional<KeyType> GraphFeed::key_type() const { return impl_->key_type(); }

Result<std::string> GraphFeed::KeySpaceFor(const std::set<std::string>& named) const {
  if (named.size() == 1) return *named.begin();
  if (named.empty() || !key_type()) return std::string();  // no keys to place: any space will do
  std::string list;
  for (const std::string& name : named) {
    if (!list.empty()) list += ", ";
    list += name.empty() ? std::string("(global)") : "'" + name + "'";
  }
  return Status::InvalidArgument(
      "an incremental import into a database whose nodes have keys reads files of one ID space (the "
      "database keeps its keys without the name of their space), and these name " +
      list);
}

Status GraphFeed::AddTokens(const std::string& key_space) { return impl_->AddTokens(key_space); }
void GraphFeed::MirrorAsKeyProperty() { impl_->mirror_as_key_property_ = true; }
Status GraphFeed::AddNodes() { return impl_->AddNodes(); }
uint64_t GraphFeed::node_batches() const { return impl_->node_batches_; }
std::optional<uint32_t> GraphFeed::CheckedMirrorKey() const { return impl_->CheckedMirrorKey(); }
Status GraphFeed::ClaimUniqueKeys(const ImportSchema& schema, UniqueKeys* keys) const {
  return impl_->ClaimUniqueKeys(schema, keys);
}
Status GraphFeed::AddRelationships() { return impl_->AddRelationships(); }
void GraphFeed::LeaveRelationshipsInPlace() { impl_->leave_relationships_ = true; }
bool GraphFeed::relationships_in_place() const { return impl_->leave_relationships_; }

}  // namespace quiver::ingest

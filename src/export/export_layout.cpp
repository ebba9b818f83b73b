#include "export/export_layout.h"

#include <algorithm>
#include <bit>
#include <string_view>

#include "common/assert.h"

namespace quiver::exporter {
namespace {

constexpr char kDelimiters[] = {';', '|', '\x1f'};
constexpr uint32_t kRelOwner = 0xFFFFFFFFu;  // an owner key {kRelOwner, type}; a node's is its labels

// An entity's (key, shape) pairs, each as key << 8 | shape code, ascending.
using Signature = std::vector<uint64_t>;

struct OwnerScan {
  std::map<Signature, uint64_t> signatures;  // -> entities
};

// What one morsel's scan found.
struct MorselScan {
  std::map<std::vector<uint32_t>, OwnerScan> owners;
  uint32_t delimiter_hits = 0;  // bit i: kDelimiters[i] occurs in a string of a list
  uint64_t nodes = 0, relationships = 0;
  Status error;

  // Adds one entity; consecutive entities mostly share owner and signature, so the last
  // ones are remembered rather than looked up again.
  void Add(const std::vector<uint32_t>& owner, const Signature& signature) {
    if (last_owner_ == nullptr || owner != last_owner_key_) {
      last_owner_key_ = owner;
      last_owner_ = &owners[owner];
      last_count_ = nullptr;
    }
    if (last_count_ == nullptr || signature != last_signature_) {
      last_signature_ = signature;
      last_count_ = &last_owner_->signatures[signature];
    }
    ++*last_count_;
  }

 private:
  std::vector<uint32_t> last_owner_key_;
  OwnerScan* last_owner_ = nullptr;
  Signature last_signature_;
  uint64_t* last_count_ = nullptr;
};

// The signature of `props`; false (with `error` set) for a value no typed column holds.
bool SignatureOf(const GraphReader& graph, std::span<const PropertyEntry> props, std::string_view entity,
                 Signature* out, MorselScan* scan) {
  out->clear();
  for (const auto& [key, value] : props) {
    if (value.IsNull()) continue;
    const Shape shape = ShapeOf(value);
    if (!shape.typed()) {
      scan->error = Status::InvalidArgument(std::string(entity) + " property `" +
                                            std::string(graph.PropertyKeyName(key)) + "` holds " +
                                            std::string(UntypedDescription(value)) +
                                            ", which a typed column cannot hold (export as jsonl or cypher)");
      return false;
    }
    if (shape.is_list() && shape.kind() == ScalarKind::kString) {
      for (const Value& item : value.AsList()) {
        for (size_t i = 0; i < std::size(kDelimiters); ++i) {
          if (item.AsString().find(kDelimiters[i]) != std::string_view::npos) scan->delimiter_hits |= 1u << i;
        }
      }
    }
    out->push_back(uint64_t{key} << 8 | shape.code);
  }
  std::sort(out->begin(), out->end());
  return true;
}

// Relationships are read only of the types that may carry properties: the others are
// counted from the store's counts (ExportLayout::Scan), which is most of a scan's time
// saved on a graph whose relationships have none.
void ScanMorsel(const GraphReader& graph, std::span<const RelTypeId> types_with_props, NodeId begin, NodeId end,
                MorselScan* scan) {
  std::vector<NodeId> nodes;
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> props;
  std::vector<Adjacent> out;
  std::vector<uint32_t> owner;
  Signature signature;
  graph.ScanNodes(begin, end, std::nullopt, nodes);
  for (NodeId node : nodes) {
    labels.clear();
    graph.GetLabels(node, labels);
    std::sort(labels.begin(), labels.end());
    props.clear();
    graph.GetNodeProperties(node, props);
    if (!SignatureOf(graph, props, "node " + std::to_string(node), &signature, scan)) return;
    scan->Add(std::vector<uint32_t>(labels.begin(), labels.end()), signature);
    ++scan->nodes;
    if (types_with_props.empty()) continue;
    out.clear();
    graph.Expand(node, Direction::kOutgoing, types_with_props, out);
    for (const Adjacent& a : out) {
      props.clear();
      graph.GetRelationshipProperties(a.rel.id, props);
      if (!props.empty()) {
        if (!SignatureOf(graph, props, "relationship " + std::to_string(a.rel.id), &signature, scan)) return;
      } else {
        signature.clear();
      }
      owner.assign({kRelOwner, a.rel.type});
      scan->Add(owner, signature);
      ++scan->relationships;
    }
  }
}

// Letters, digits, '_' and '-' of a token name; the rest as '_'.
std::string FileNamePart(std::string_view name) {
  std::string out;
  for (char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    out += plain ? c : '_';
  }
  return out.substr(0, 64);
}

// A key name a neo4j-admin header carries as `name:type`: the type is what follows the
// last ':' outside brackets, so a name may hold ':' but no bracket.
Status CheckKeyName(std::string_view name) {
  if (name.empty() || name.find_first_of("(){}") != std::string_view::npos) {
    return Status::InvalidArgument("property key `" + std::string(name) +
                                   "` cannot be a CSV header column (it is empty or holds a bracket); export as "
                                   "jsonl or cypher");
  }
  return Status::OK();
}

}  // namespace

Shape ExportLayout::Owner::ColumnShape(PropertyKeyId key, Shape shape) const {
  if (!shape.is_empty_list()) return shape;
  const uint32_t lists = shapes.at(key) & (((1u << kScalarKinds) - 1) << kScalarKinds);
  return std::popcount(lists) == 1 ? Shape{static_cast<uint8_t>(std::countr_zero(lists))}
                                   : Shape::ListOf(ScalarKind::kString);
}

Result<ExportLayout> ExportLayout::Scan(const GraphReader& graph, const Morsels& morsels, ingest::WorkerPool* pool) {
  std::vector<RelTypeId> types_with_props;
  const std::vector<uint64_t> type_counts = graph.RelationshipCountsByType();
  for (RelTypeId t = 0; t < type_counts.size(); ++t) {
    if (type_counts[t] > 0 && graph.RelationshipTypeMayHaveProperties(t)) types_with_props.push_back(t);
  }
  std::vector<MorselScan> scans(morsels.count());
  pool->ParallelFor(scans.size(), [&](size_t i, uint32_t) {
    ScanMorsel(graph, types_with_props, morsels.Begin(i), morsels.Begin(i + 1), &scans[i]);
  });
  ExportLayout layout;
  std::map<std::vector<uint32_t>, OwnerScan> owners;
  uint32_t delimiter_hits = 0;
  // The types whose relationships carry no property: a file each, of the store's count.
  for (RelTypeId t = 0; t < type_counts.size(); ++t) {
    if (type_counts[t] == 0 || std::binary_search(types_with_props.begin(), types_with_props.end(), t)) continue;
    owners[{kRelOwner, t}].signatures[{}] = type_counts[t];
    layout.relationships_ += type_counts[t];
  }
  for (MorselScan& scan : scans) {
    QUIVER_RETURN_IF_ERROR(scan.error);
    layout.nodes_ += scan.nodes;
    layout.relationships_ += scan.relationships;
    delimiter_hits |= scan.delimiter_hits;
    for (auto& [key, owner] : scan.owners) {
      OwnerScan& into = owners[key];
      for (const auto& [signature, count] : owner.signatures) into.signatures[signature] += count;
    }
  }
  layout.type_owner_.assign(graph.RelTypeTokenCount(), -1);
  std::map<std::string, int> stems;
  for (const auto& [key, scan] : owners) {
    const bool rel = !key.empty() && key[0] == kRelOwner;
    Owner owner;
    for (const auto& [signature, count] : scan.signatures) {
      for (uint64_t entry : signature) owner.shapes[static_cast<PropertyKeyId>(entry >> 8)] |= 1u << (entry & 0xFF);
    }
    for (const auto& [k, mask] : owner.shapes) {
      QUIVER_RETURN_IF_ERROR(CheckKeyName(graph.PropertyKeyName(k)));
      uint32_t columns = 0;  // the column shapes of its values
      for (uint8_t code = 0; code < Shape::kUntyped; ++code) {
        if (mask & (1u << code)) columns |= owner.ColumnShape(k, Shape{code}).bit();
      }
      if (std::popcount(columns) > 1) owner.split_keys.push_back(k);
    }
    // A file per combination of the split keys' column shapes, in signature order.
    std::string stem = rel ? "relationships_" + FileNamePart(graph.RelTypeName(key[1])) : "nodes";
    if (!rel) {
      for (uint32_t label : key) {
        stem += '_';  // appended in two steps: GCC 12 warns falsely of "_" + string
        stem += FileNamePart(graph.LabelName(label));
      }
    }
    auto file_for = [&](const std::string& split) -> uint32_t {
      auto [it, added] = owner.file_of_split.try_emplace(split, static_cast<uint32_t>(layout.files_.size()));
      if (!added) return it->second;
      ExportFile file;
      file.relationships = rel;
      if (rel) {
        file.type = key[1];
      } else {
        file.labels.assign(key.begin(), key.end());
      }
      const int n = stems[stem]++;
      file.stem = n == 0 ? stem : stem + "_" + std::to_string(n + 1);
      layout.files_.push_back(std::move(file));
      return it->second;
    };
    for (const auto& [signature, count] : scan.signatures) {
      std::string split(owner.split_keys.size(), static_cast<char>(kAbsent));
      std::map<PropertyKeyId, Shape> columns;
      for (uint64_t entry : signature) {
        const auto k = static_cast<PropertyKeyId>(entry >> 8);
        const Shape shape = owner.ColumnShape(k, Shape{static_cast<uint8_t>(entry & 0xFF)});
        auto pos = std::lower_bound(owner.split_keys.begin(), owner.split_keys.end(), k);
        if (pos != owner.split_keys.end() && *pos == k) split[pos - owner.split_keys.begin()] = static_cast<char>(shape.code);
      }
      const uint32_t f = file_for(split);
      layout.files_[f].rows += count;
    }
    if (scan.signatures.empty()) continue;
    owner.file = owner.file_of_split.begin()->second;
    // Each file's columns: every key of the owner that is not split, and the split keys
    // present in its combination, in the shape it fixes.
    for (const auto& [split, f] : owner.file_of_split) {
      for (const auto& [k, mask] : owner.shapes) {
        auto pos = std::lower_bound(owner.split_keys.begin(), owner.split_keys.end(), k);
        Shape shape;
        if (pos != owner.split_keys.end() && *pos == k) {
          const auto code = static_cast<uint8_t>(split[pos - owner.split_keys.begin()]);
          if (code == kAbsent) continue;
          shape = Shape{code};
        } else {
          shape = owner.ColumnShape(k, Shape{static_cast<uint8_t>(std::countr_zero(mask))});
        }
        layout.files_[f].columns.push_back({k, std::string(graph.PropertyKeyName(k)), shape});
      }
    }
    const auto index = static_cast<uint32_t>(layout.owners_.size());
    if (rel) {
      layout.type_owner_[key[1]] = index;
    } else {
      layout.node_owner_.emplace(std::vector<LabelId>(key.begin(), key.end()), index);
      for (uint32_t label : key) {
        for (size_t i = 0; i < std::size(kDelimiters); ++i) {
          if (graph.LabelName(label).find(kDelimiters[i]) != std::string_view::npos) delimiter_hits |= 1u << i;
        }
      }
    }
    layout.owners_.push_back(std::move(owner));
  }
  size_t d = 0;
  while (d < std::size(kDelimiters) && (delimiter_hits & (1u << d))) ++d;
  if (d == std::size(kDelimiters)) {
    return Status::InvalidArgument(
        "every array delimiter the export can use (';', '|', '\\x1f') occurs in a label or in a string of a list; "
        "export as jsonl or cypher");
  }
  layout.array_delimiter_ = kDelimiters[d];
  return layout;
}

uint32_t ExportLayout::FileOf(const Owner& owner, std::span<const PropertyEntry> props) const {
  if (owner.split_keys.empty()) return owner.file;
  std::string split(owner.split_keys.size(), static_cast<char>(kAbsent));
  for (const auto& [key, value] : props) {
    if (value.IsNull()) continue;
    auto pos = std::lower_bound(owner.split_keys.begin(), owner.split_keys.end(), key);
    if (pos != owner.split_keys.end() && *pos == key) {
      split[pos - owner.split_keys.begin()] = static_cast<char>(owner.ColumnShape(key, ShapeOf(value)).code);
    }
  }
  return owner.file_of_split.at(split);
}

uint32_t ExportLayout::NodeFile(std::span<const LabelId> labels, std::span<const PropertyEntry> props) const {
  auto it = node_owner_.find(labels);
  QUIVER_ASSERT(it != node_owner_.end());  // the scan saw every label set of the snapshot
  return FileOf(owners_[it->second], props);
}

uint32_t ExportLayout::RelationshipFile(RelTypeId type, std::span<const PropertyEntry> props) const {
  return FileOf(owners_[type_owner_.at(type)], props);
}

}  // namespace quiver::exporter

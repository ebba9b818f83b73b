#include "storage/external_id_index.h"

#include <algorithm>

namespace quiver::storage {
namespace {

std::string KeyText(const ExternalKey& k) {
  if (const auto* i = std::get_if<int64_t>(&k)) return std::to_string(*i);
  if (const auto* s = std::get_if<std::string>(&k)) return "'" + *s + "'";
  return "(none)";
}

Status WriteU64s(SectionFileWriter* w, SectionType type, std::span<const uint64_t> v) {
  QUIVER_RETURN_IF_ERROR(w->BeginSection(type, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(v));
  return w->EndSection();
}

}  // namespace

Result<ExternalIdData> BuildExternalIds(std::span<const ExternalKey> keys) {
  ExternalIdData d;
  const uint64_t n = keys.size();
  bool any_int = false, any_string = false, dense = true;
  for (uint64_t i = 0; i < n; ++i) {
    const auto* iv = std::get_if<int64_t>(&keys[i]);
    any_int |= iv != nullptr;
    any_string |= std::holds_alternative<std::string>(keys[i]);
    dense &= iv != nullptr && *iv == static_cast<int64_t>(i);
  }
  if (any_int && any_string) return Status::InvalidArgument("external ids mix integer and string keys");
  if (!any_int && !any_string) return d;
  std::vector<uint64_t> keyed;
  for (uint64_t i = 0; i < n; ++i) {
    if (!std::holds_alternative<std::monostate>(keys[i])) keyed.push_back(i);
  }
  std::sort(keyed.begin(), keyed.end(), [&](uint64_t a, uint64_t b) { return keys[a] < keys[b]; });
  for (size_t i = 1; i < keyed.size(); ++i) {
    if (keys[keyed[i]] == keys[keyed[i - 1]]) {
      return Status::InvalidArgument("duplicate external id " + KeyText(keys[keyed[i]]) + " (nodes " +
                                     std::to_string(keyed[i - 1]) + " and " + std::to_string(keyed[i]) + ")");
    }
  }
  if (dense) {
    d.kind = ExternalIdKind::kDense;
    return d;
  }
  d.kind = any_int ? ExternalIdKind::kInt64 : ExternalIdKind::kString;
  d.presence.assign(BitmapWords(n), 0);
  if (any_int) d.int_keys.assign(n, 0);
  if (any_string) d.string_offsets.assign(n + 1, 0);
  for (uint64_t i = 0; i < n; ++i) {
    if (!std::holds_alternative<std::monostate>(keys[i])) d.presence[i / 64] |= uint64_t{1} << (i % 64);
    if (any_int) {
      if (const auto* iv = std::get_if<int64_t>(&keys[i])) d.int_keys[i] = *iv;
    } else {
      if (const auto* sv = std::get_if<std::string>(&keys[i])) d.string_bytes += *sv;
      d.string_offsets[i + 1] = d.string_bytes.size();
    }
  }
  d.sorted_nodes = std::move(keyed);
  return d;
}

Status WriteExternalIds(SectionFileWriter* w, const ExternalIdData& d, uint32_t node_id_width) {
  QUIVER_RETURN_IF_ERROR(WriteU64s(w, SectionType::kKeyPresence, d.presence));
  if (d.kind == ExternalIdKind::kInt64) {
    QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIntKeys, 8));
    QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const int64_t>(d.int_keys)));
    QUIVER_RETURN_IF_ERROR(w->EndSection());
  } else {
    QUIVER_RETURN_IF_ERROR(WriteU64s(w, SectionType::kStringKeyOffsets, d.string_offsets));
    QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kStringKeyBytes, 1, d.string_bytes));
  }
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kSortedNodes, node_id_width));
  for (uint64_t v : d.sorted_nodes) QUIVER_RETURN_IF_ERROR(w->AppendUInt(v, node_id_width));
  return w->EndSection();
}

Result<ExternalIdIndex> ExternalIdIndex::Open(const SectionFile* f, ExternalIdKind kind, uint64_t node_count,
                                              uint32_t node_id_width) {
  ExternalIdIndex x;
  x.kind_ = kind;
  x.node_count_ = node_count;
  if (kind == ExternalIdKind::kNone || kind == ExternalIdKind::kDense) return x;
  if (f == nullptr) return Status::Corruption("MANIFEST names external id kind " + std::string(ExternalIdKindName(kind)) +
                                              " but lists no " + std::string(kExternalIdsFileName));
  if (f->header().subtype != static_cast<uint32_t>(kind)) {
    return CorruptionAt(f->name(), 48, "external id kind differs from the MANIFEST's");
  }
  QUIVER_ASSIGN_OR_RETURN(x.presence_s_, f->Get(SectionType::kKeyPresence, 8, BitmapWords(node_count)));
  x.presence_ = x.presence_s_.uints();
  QUIVER_ASSIGN_OR_RETURN(x.sorted_s_, f->Get(SectionType::kSortedNodes, node_id_width));
  if (x.sorted_s_.count > node_count) return CorruptionAt(f->name(), x.sorted_s_.offset, "more keys than nodes");
  x.sorted_nodes_ = x.sorted_s_.uints();
  if (kind == ExternalIdKind::kInt64) {
    QUIVER_ASSIGN_OR_RETURN(SectionView k, f->Get(SectionType::kIntKeys, 8, node_count));
    x.int_keys_ = k.uints();
  } else {
    QUIVER_ASSIGN_OR_RETURN(SectionView o, f->Get(SectionType::kStringKeyOffsets, 8, node_count + 1));
    QUIVER_ASSIGN_OR_RETURN(SectionView b, f->Get(SectionType::kStringKeyBytes, 1));
    x.string_offsets_ = o.uints();
    x.string_bytes_ = b.heap();
  }
  return x;
}

std::string_view ExternalIdIndex::StringKey(uint64_t node) const {
  return string_bytes_.Range(string_offsets_[node], string_offsets_[node + 1]);
}

template <typename Less>
uint64_t ExternalIdIndex::LowerBound(Less less) const {
  uint64_t lo = 0, hi = sorted_nodes_.size();
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    const uint64_t node = sorted_nodes_[mid];
    if (node < node_count_ && less(node)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

std::optional<uint64_t> ExternalIdIndex::Find(int64_t key) const {
  if (kind_ == ExternalIdKind::kDense) {
    if (key >= 0 && static_cast<uint64_t>(key) < node_count_) return static_cast<uint64_t>(key);
    return std::nullopt;
  }
  if (kind_ != ExternalIdKind::kInt64) return std::nullopt;
  const uint64_t i = LowerBound([&](uint64_t node) { return static_cast<int64_t>(int_keys_[node]) < key; });
  if (i == sorted_nodes_.size()) return std::nullopt;
  const uint64_t node = sorted_nodes_[i];
  if (node < node_count_ && Has(node) && static_cast<int64_t>(int_keys_[node]) == key) return node;
  return std::nullopt;
}

std::optional<uint64_t> ExternalIdIndex::Find(std::string_view key) const {
  if (kind_ != ExternalIdKind::kString) return std::nullopt;
  const uint64_t i = LowerBound([&](uint64_t node) { return StringKey(node) < key; });
  if (i == sorted_nodes_.size()) return std::nullopt;
  const uint64_t node = sorted_nodes_[i];
  if (node < node_count_ && Has(node) && StringKey(node) == key) return node;
  return std::nullopt;
}

ExternalKeyView ExternalIdIndex::KeyOf(uint64_t node) const {
  if (node >= node_count_) return {};
  switch (kind_) {
    case ExternalIdKind::kDense: return static_cast<int64_t>(node);
    case ExternalIdKind::kInt64: return Has(node) ? ExternalKeyView(static_cast<int64_t>(int_keys_[node])) : ExternalKeyView();
    case ExternalIdKind::kString: return Has(node) ? ExternalKeyView(StringKey(node)) : ExternalKeyView();
    case ExternalIdKind::kNone: break;
  }
  return {};
}

Status ExternalIdIndex::Verify(const SectionFile& f) const {
  const std::string& n = f.name();
  uint64_t keyed = 0;
  for (uint64_t v = 0; v < node_count_; ++v) keyed += Has(v) ? 1 : 0;
  if (node_count_ % 64 != 0 && (presence_[presence_.size() - 1] >> (node_count_ % 64)) != 0) {
    return CorruptionAt(n, presence_s_.OffsetOf(presence_.size() - 1), "key presence bits set past the last node");
  }
  if (keyed != sorted_nodes_.size()) {
    return CorruptionAt(n, sorted_s_.offset, std::to_string(keyed) + " keyed nodes but " +
                                                 std::to_string(sorted_nodes_.size()) + " sorted entries");
  }
  if (kind_ == ExternalIdKind::kString) {
    if (string_offsets_[0] != 0) return CorruptionAt(n, f.Find(SectionType::kStringKeyOffsets)->offset, "string key offsets[0] is not 0");
    for (uint64_t v = 0; v < node_count_; ++v) {
      const uint64_t b = string_offsets_[v], e = string_offsets_[v + 1];
      if (e < b || e > string_bytes_.size() || (!Has(v) && e != b)) {
        return CorruptionAt(n, f.Find(SectionType::kStringKeyOffsets)->OffsetOf(v + 1), "string key offsets invalid");
      }
    }
  }
  // Each entry keyed and in range, keys strictly ascending (so each node appears once).
  for (uint64_t i = 0; i < sorted_nodes_.size(); ++i) {
    const uint64_t v = sorted_nodes_[i];
    if (v >= node_count_ || !Has(v)) return CorruptionAt(n, sorted_s_.OffsetOf(i), "sorted entry is not a keyed node");
    if (i == 0) continue;
    const uint64_t u = sorted_nodes_[i - 1];
    const bool ascending = kind_ == ExternalIdKind::kInt64
                               ? static_cast<int64_t>(int_keys_[u]) < static_cast<int64_t>(int_keys_[v])
                               : StringKey(u) < StringKey(v);
    if (!ascending) return CorruptionAt(n, sorted_s_.OffsetOf(i), "external keys not strictly ascending (duplicate or unsorted)");
  }
  return Status::OK();
}

}  // namespace quiver::storage

#include "storage/property_index.h"

#include <algorithm>
#include <cstdio>

#include "common/assert.h"
#include "storage/index_entry_sorter.h"

namespace quiver::storage {
namespace {

// The definition section is the catalog's encoding of a catalog holding just this index,
// so the two never drift apart.
std::string EncodeDefinition(const IndexDefinition& d) {
  SchemaCatalog one;
  one.Add(d);
  return one.Encode();
}

}  // namespace

std::string PropertyIndexFileName(uint64_t subject) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "index-%06llu.qv", static_cast<unsigned long long>(subject));
  return buf;
}

uint64_t PropertyIndexData::size() const { return sorted ? sorted->size() : nodes.size(); }

namespace {

// The sections from sorted runs: one merge per section (offsets, key bytes, nodes), so
// no section is ever held whole. Appends are batched: a call per entry would dominate.
Status WriteSortedSections(SectionFileWriter* w, const IndexEntrySorter& sorted, uint32_t id_width) {
  constexpr size_t kBatch = size_t{1} << 16;
  std::string batch;
  auto flush = [&] {
    Status s = w->Append(batch);
    batch.clear();
    return s;
  };
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIndexKeyOffsets, 8));
  uint64_t offset = 0;
  batch.append(reinterpret_cast<const char*>(&offset), sizeof(offset));
  QUIVER_RETURN_IF_ERROR(sorted.ForEach([&](std::string_view key, uint64_t) {
    offset += key.size();
    batch.append(reinterpret_cast<const char*>(&offset), sizeof(offset));
    return batch.size() >= kBatch ? flush() : Status::OK();
  }));
  QUIVER_RETURN_IF_ERROR(flush());
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIndexKeyBytes, 1));
  QUIVER_RETURN_IF_ERROR(sorted.ForEach([&](std::string_view key, uint64_t) {
    batch += key;
    return batch.size() >= kBatch ? flush() : Status::OK();
  }));
  QUIVER_RETURN_IF_ERROR(flush());
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIndexNodes, id_width));
  QUIVER_RETURN_IF_ERROR(
      sorted.ForEach([&](std::string_view, uint64_t node) { return w->AppendUInt(node, id_width); }));
  return w->EndSection();
}

}  // namespace

Status WritePropertyIndex(SectionFileWriter* w, const PropertyIndexData& d, uint32_t id_width) {
  QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kIndexDefinition, 1, EncodeDefinition(d.definition)));
  if (d.sorted) return WriteSortedSections(w, *d.sorted, id_width);
  QUIVER_ASSERT(d.key_offsets.size() == d.nodes.size() + 1 && d.key_offsets.back() == d.key_bytes.size());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIndexKeyOffsets, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint64_t>(d.key_offsets)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kIndexKeyBytes, 1, d.key_bytes));
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kIndexNodes, id_width));
  for (uint64_t v : d.nodes) QUIVER_RETURN_IF_ERROR(w->AppendUInt(v, id_width));
  return w->EndSection();
}

Result<PropertyIndexView> PropertyIndexView::Open(
    const SectionFile& f, const std::function<IndexIdDomain(const IndexDefinition&)>& domain_of) {
  PropertyIndexView x;
  QUIVER_ASSIGN_OR_RETURN(SectionView def, f.Get(SectionType::kIndexDefinition, 1));
  def.heap().Check(def.bytes());
  QUIVER_ASSIGN_OR_RETURN(SchemaCatalog one, SchemaCatalog::Decode(def.bytes(), f.name()));
  if (one.indexes().size() != 1) return CorruptionAt(f.name(), def.offset, "not exactly one index definition");
  x.definition_ = one.indexes()[0];
  if (!x.definition_.IsPropertyIndex()) {
    return CorruptionAt(f.name(), def.offset, "the definition is not a property index");
  }
  const IndexIdDomain domain = domain_of(x.definition_);
  x.id_bound_ = domain.bound;
  QUIVER_ASSIGN_OR_RETURN(x.nodes_s_, f.Get(SectionType::kIndexNodes, domain.width));
  QUIVER_ASSIGN_OR_RETURN(x.offsets_s_, f.Get(SectionType::kIndexKeyOffsets, 8, x.nodes_s_.count + 1));
  QUIVER_ASSIGN_OR_RETURN(x.bytes_s_, f.Get(SectionType::kIndexKeyBytes, 1));
  x.nodes_ = x.nodes_s_.uints();
  x.key_offsets_ = x.offsets_s_.uints();
  x.key_bytes_ = x.bytes_s_.heap();
  return x;
}

std::string_view PropertyIndexView::KeyAt(uint64_t i) const {
  return key_bytes_.Range(key_offsets_[i], key_offsets_[i + 1]);  // clamped: damage stays inside
}

uint64_t PropertyIndexView::LowerBound(std::string_view key) const {
  uint64_t lo = 0, hi = size();
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    if (KeyAt(mid) < key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

std::pair<uint64_t, uint64_t> PropertyIndexView::Find(const IndexKeyRange& range) const {
  const uint64_t first = LowerBound(range.lower);
  return {first, std::max(first, LowerBound(range.upper))};
}

void PropertyIndexView::Seek(std::span<const IndexKeyRange> ranges, std::vector<NodeId>& out) const {
  for (const IndexKeyRange& r : ranges) {
    const auto [first, last] = Find(r);
    for (uint64_t i = first; i < last; ++i) out.push_back(nodes_[i]);
  }
}

Status PropertyIndexView::Verify(const SectionFile& f) const {
  const std::string& n = f.name();
  const uint64_t count = size();
  if (key_offsets_[0] != 0) return CorruptionAt(n, offsets_s_.offset, "index key offsets[0] is not 0");
  if (key_offsets_[count] != key_bytes_.size()) {
    return CorruptionAt(n, offsets_s_.OffsetOf(count), "index key offsets do not end at the key bytes' end");
  }
  std::string_view previous;
  for (uint64_t i = 0; i < count; ++i) {
    if (key_offsets_[i + 1] < key_offsets_[i]) return CorruptionAt(n, offsets_s_.OffsetOf(i + 1), "index key offsets descend");
    const uint64_t node = nodes_[i];
    if (node >= id_bound_) return CorruptionAt(n, nodes_s_.OffsetOf(i), "index entry names an id past the last");
    const std::string_view key = KeyAt(i);
    size_t pos = 0;
    for (size_t k = 0; k < definition_.keys.size(); ++k) {
      auto v = DecodeIndexKey(key, &pos);
      if (!v || (k == 0 && v->IsNull())) {
        return CorruptionAt(n, bytes_s_.offset + key_offsets_[i] + pos, "index key does not decode");
      }
    }
    if (pos != key.size()) return CorruptionAt(n, bytes_s_.offset + key_offsets_[i] + pos, "index key has trailing bytes");
    if (i > 0 && (key < previous || (key == previous && node <= nodes_[i - 1]))) {
      return CorruptionAt(n, nodes_s_.OffsetOf(i), "index entries not strictly ascending by (key, id)");
    }
    previous = key;
  }
  return Status::OK();
}

}  // namespace quiver::storage

#include "storage/dictionary.h"

namespace quiver::storage {
namespace {

Status WriteNames(SectionFileWriter* w, SectionType offsets_type, SectionType bytes_type,
                  const std::vector<std::string>& names) {
  std::vector<uint64_t> offsets{0};
  std::string bytes;
  for (const auto& n : names) {
    bytes += n;
    offsets.push_back(bytes.size());
  }
  QUIVER_RETURN_IF_ERROR(w->BeginSection(offsets_type, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint64_t>(offsets)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  return w->AddSection(bytes_type, 1, bytes);
}

}  // namespace

Status WriteDictionary(SectionFileWriter* w, const DictionaryData& d) {
  QUIVER_RETURN_IF_ERROR(WriteNames(w, SectionType::kLabelNameOffsets, SectionType::kLabelNameBytes, d.labels));
  QUIVER_RETURN_IF_ERROR(WriteNames(w, SectionType::kTypeNameOffsets, SectionType::kTypeNameBytes, d.rel_types));
  return WriteNames(w, SectionType::kKeyNameOffsets, SectionType::kKeyNameBytes, d.property_keys);
}

std::string_view NameList::Name(uint32_t id) const {
  if (id >= size()) return {};
  return bytes_.Range(offsets_[id], offsets_[id + 1]);
}

std::optional<uint32_t> NameList::Find(std::string_view name) const {
  auto it = index_.find(name);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

Result<NameList> NameList::Open(const SectionFile& f, SectionType offsets, SectionType bytes) {
  NameList list;
  QUIVER_ASSIGN_OR_RETURN(SectionView o, f.Get(offsets, 8));
  QUIVER_ASSIGN_OR_RETURN(SectionView b, f.Get(bytes, 1));
  if (o.count == 0 || o.count - 1 > UINT32_MAX) return CorruptionAt(f.name(), o.offset, "name offsets count out of range");
  list.offsets_ = o.uints();
  list.bytes_ = b.heap();
  list.offsets_file_offset_ = o.offset;
  list.index_.reserve(list.size());
  for (uint32_t i = 0; i < list.size(); ++i) list.index_.emplace(list.Name(i), i);
  return list;
}

Status NameList::Verify(const SectionFile& f) const {
  if (offsets_[0] != 0) return CorruptionAt(f.name(), offsets_file_offset_, "first name offset is not 0");
  for (uint32_t i = 0; i < size(); ++i) {
    if (offsets_[i + 1] < offsets_[i] || offsets_[i + 1] > bytes_.size()) {
      return CorruptionAt(f.name(), offsets_file_offset_ + 8 * (i + 1), "name offset out of order or past the names");
    }
  }
  if (offsets_[size()] != bytes_.size()) {
    return CorruptionAt(f.name(), offsets_file_offset_ + 8 * uint64_t{size()}, "last name offset is not the names' length");
  }
  if (index_.size() != size()) return CorruptionAt(f.name(), offsets_file_offset_, "duplicate names");
  return Status::OK();
}

Result<DictionaryView> DictionaryView::Open(const SectionFile& f) {
  DictionaryView d;
  QUIVER_ASSIGN_OR_RETURN(d.labels, NameList::Open(f, SectionType::kLabelNameOffsets, SectionType::kLabelNameBytes));
  QUIVER_ASSIGN_OR_RETURN(d.rel_types, NameList::Open(f, SectionType::kTypeNameOffsets, SectionType::kTypeNameBytes));
  QUIVER_ASSIGN_OR_RETURN(d.property_keys, NameList::Open(f, SectionType::kKeyNameOffsets, SectionType::kKeyNameBytes));
  return d;
}

Status DictionaryView::Verify(const SectionFile& f) const {
  QUIVER_RETURN_IF_ERROR(labels.Verify(f));
  QUIVER_RETURN_IF_ERROR(rel_types.Verify(f));
  return property_keys.Verify(f);
}

}  // namespace quiver::storage

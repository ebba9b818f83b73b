#pragma once
// The dictionary file: label names, relationship type names and property key names;
// an id is a position in its list (docs/format/generation.md, "Dictionary").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/section_file.h"

namespace quiver::storage {

inline constexpr std::string_view kDictionaryFileName = "dictionary.qv";

struct DictionaryData {
  std::vector<std::string> labels;
  std::vector<std::string> rel_types;
  std::vector<std::string> property_keys;
};

Status WriteDictionary(SectionFileWriter* w, const DictionaryData& data);

// One name list of the dictionary, read in place.
class NameList {
 public:
  NameList() = default;
  uint32_t size() const { return static_cast<uint32_t>(offsets_.size() == 0 ? 0 : offsets_.size() - 1); }
  // The name of id (clamped to the byte section, so a corrupt offset yields a short name).
  std::string_view Name(uint32_t id) const;
  std::optional<uint32_t> Find(std::string_view name) const;

  static Result<NameList> Open(const SectionFile& f, SectionType offsets, SectionType bytes);
  // Offsets monotone and in range, names unique.
  Status Verify(const SectionFile& f) const;

 private:
  UIntArray offsets_;
  ByteView bytes_;
  uint64_t offsets_file_offset_ = 0;
  std::unordered_map<std::string_view, uint32_t> index_;  // built at open: O(dictionary)
};

struct DictionaryView {
  NameList labels;
  NameList rel_types;
  NameList property_keys;

  static Result<DictionaryView> Open(const SectionFile& f);
  Status Verify(const SectionFile& f) const;
};

}  // namespace quiver::storage

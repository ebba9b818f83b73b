#pragma once
// The external id index (docs/format/generation.md, "ExternalIds"): each node's user key
// (integer or string) and the keyed nodes sorted by key, for O(log N) lookups by key
// with nothing loaded at open.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "storage/section_file.h"

namespace quiver::storage {

inline constexpr std::string_view kExternalIdsFileName = "external-ids.qv";

// A node's user key as the builder takes it; monostate = no key.
using ExternalKey = std::variant<std::monostate, int64_t, std::string>;
// As a reader returns it (the string points into the mapping).
using ExternalKeyView = std::variant<std::monostate, int64_t, std::string_view>;

struct ExternalIdData {
  ExternalIdKind kind = ExternalIdKind::kNone;
  std::vector<uint64_t> presence;  // bitmap words
  std::vector<int64_t> int_keys;   // Int64: per node
  std::vector<uint64_t> string_offsets;  // String: N + 1
  std::string string_bytes;
  std::vector<uint64_t> sorted_nodes;  // keyed nodes by ascending key
};

// InvalidArgument when keys repeat or mix integers and strings. Keys 0..N-1 held in
// order by every node make the Dense kind (nothing stored).
Result<ExternalIdData> BuildExternalIds(std::span<const ExternalKey> keys);
Status WriteExternalIds(SectionFileWriter* w, const ExternalIdData& data, uint32_t node_id_width);

class ExternalIdIndex {
 public:
  // f may be null for the None and Dense kinds, which have no file.
  static Result<ExternalIdIndex> Open(const SectionFile* f, ExternalIdKind kind, uint64_t node_count,
                                      uint32_t node_id_width);
  ExternalIdKind kind() const { return kind_; }
  std::optional<uint64_t> Find(int64_t key) const;
  std::optional<uint64_t> Find(std::string_view key) const;
  ExternalKeyView KeyOf(uint64_t node) const;
  // Keys strictly ascending through the permutation, each keyed node listed once.
  Status Verify(const SectionFile& f) const;

 private:
  bool Has(uint64_t node) const { return node < node_count_ && ((presence_[node / 64] >> (node % 64)) & 1); }
  std::string_view StringKey(uint64_t node) const;
  // Index in sorted_nodes_ of the first keyed node whose key is not less than the probe.
  template <typename Less>
  uint64_t LowerBound(Less less) const;

  ExternalIdKind kind_ = ExternalIdKind::kNone;
  uint64_t node_count_ = 0;
  UIntArray presence_, int_keys_, sorted_nodes_, string_offsets_;
  ByteView string_bytes_;
  SectionView presence_s_, sorted_s_;
};

}  // namespace quiver::storage

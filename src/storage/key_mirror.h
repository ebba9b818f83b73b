#pragma once
// Which node property key mirrors the external ids, as a generation writer learns it
// from the values it writes (Manifest::id_mirror_key; docs/format/generation.md,
// "MANIFEST"). A key mirrors when its column is present on exactly the keyed nodes,
// each holding its node's key with the key's type (an integer for integer keys, a
// string for string keys: 1.0 or '1' is not the key 1). Key lookups trust the recorded
// key without looking, so writers record one only from these exact checks, or where
// the ids and the column are built from the same values (ingest/node_table.h).

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "storage/external_id_index.h"
#include "storage/property_value.h"

namespace quiver::storage {

using PropertyRows = std::vector<std::pair<uint64_t, PropertyValue>>;  // (row, value)

// Whether value is the key (monostate: no key, which no value is).
inline bool ValueIsKey(const PropertyValue& value, const ExternalKey& key) {
  if (const auto* i = std::get_if<int64_t>(&key)) return value.is_int() && value.as_int() == *i;
  if (const auto* s = std::get_if<std::string>(&key)) return value.is_string() && value.as_string() == *s;
  return false;
}

// Whether a column's rows (ascending rows; null values are absent, as in a column file)
// mirror the keys of a run of nodes, key_of(row) giving row's key, `keyed` of them
// holding one. False when no node is keyed: there is nothing to mirror.
template <typename KeyOf>
bool RowsMirrorKeys(const PropertyRows& rows, uint64_t keyed, KeyOf&& key_of) {
  uint64_t matched = 0;
  std::optional<uint64_t> previous;
  for (const auto& [row, value] : rows) {
    if (value.is_null()) continue;
    if ((previous && row <= *previous) || !ValueIsKey(value, key_of(row))) return false;
    previous = row;
    ++matched;
  }
  return keyed > 0 && matched == keyed;
}

// The key to record among 0..key_count-1 for which mirrors(k) holds: `preferred` (the
// key the generation compacted from recorded, so it stays the same one) when it does,
// else the lowest. The writers that check values (both compaction builders,
// GraphBuilder) so agree; the ingest records its ID column's property, the same one
// unless a second property mirrors the ids too.
template <typename Mirrors>
std::optional<uint32_t> PickMirrorKey(uint32_t key_count, std::optional<uint32_t> preferred,
                                      Mirrors&& mirrors) {
  if (preferred && *preferred < key_count && mirrors(*preferred)) return preferred;
  for (uint32_t k = 0; k < key_count; ++k) {
    if (k != preferred && mirrors(k)) return k;
  }
  return std::nullopt;
}

// For a writer that holds every node's key (by node id) and every node column (by key
// id): the key to record, or nullopt.
inline std::optional<uint32_t> FindMirrorKey(std::span<const PropertyRows> columns,
                                             std::span<const ExternalKey> keys,
                                             std::optional<uint32_t> preferred = std::nullopt) {
  uint64_t keyed = 0;
  for (const ExternalKey& k : keys) keyed += std::holds_alternative<std::monostate>(k) ? 0 : 1;
  if (keyed == 0) return std::nullopt;
  return PickMirrorKey(static_cast<uint32_t>(columns.size()), preferred, [&](uint32_t k) {
    static const ExternalKey kNoKey;
    return RowsMirrorKeys(columns[k], keyed, [&](uint64_t row) -> const ExternalKey& {
      return row < keys.size() ? keys[row] : kNoKey;
    });
  });
}

}  // namespace quiver::storage

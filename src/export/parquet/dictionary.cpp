#include "export/parquet/dictionary.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "ingest/parquet/encodings.h"

namespace quiver::exporter::parquet {

std::optional<StringDictionary> BuildDictionary(const ColumnBuffer& b, uint64_t max_bytes) {
  const uint64_t n = b.values();
  if (n == 0) return std::nullopt;
  StringDictionary d;
  d.indices.reserve(n);
  std::unordered_map<std::string_view, uint32_t> seen;
  const std::string_view bytes = b.bytes();
  const auto& ends = b.ends();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t begin = i == 0 ? 0 : ends[i - 1];
    std::string_view v = bytes.substr(begin, ends[i] - begin);
    auto [it, added] = seen.try_emplace(v, d.entries);
    if (added) {
      uint32_t len = static_cast<uint32_t>(v.size());
      d.plain.append(reinterpret_cast<const char*>(&len), 4);
      d.plain.append(v);
      ++d.entries;
      // Mostly distinct so far (past a first thousand): names, not labels; give up
      // before hashing the rest.
      if (d.plain.size() > max_bytes || d.entries > n / 2 + 1 || d.entries > i / 2 + 1024) return std::nullopt;
    }
    d.indices.push_back(it->second);
  }
  d.bit_width = std::max(1, ingest::parquet::BitWidth(d.entries - 1));
  return d;
}

}  // namespace quiver::exporter::parquet

#pragma once
// Dictionary encoding of a text column chunk: its distinct strings once, in a dictionary
// page (PLAIN), and the data pages' values as RLE_DICTIONARY indices. Labels, types and
// other repetitive text shrink to a few bits a value; text that is mostly distinct, or
// whose distinct values exceed a byte budget, stays PLAIN (a dictionary would only add).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "export/parquet/column_buffer.h"

namespace quiver::exporter::parquet {

struct StringDictionary {
  std::string plain;              // the dictionary page's values, PLAIN
  uint32_t entries = 0;
  std::vector<uint32_t> indices;  // one per defined value of the chunk
  int bit_width = 1;              // of the indices (at least 1)
};

// The dictionary of a kString buffer's values, or nullopt where it does not pay: the
// distinct values take more than max_bytes PLAIN, or are more than half the values (or,
// past the first thousand, more than half of those seen so far).
std::optional<StringDictionary> BuildDictionary(const ColumnBuffer& b, uint64_t max_bytes);

}  // namespace quiver::exporter::parquet

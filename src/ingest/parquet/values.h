#pragma once
// ValueBuffer: a column's decoded physical values, before any logical type is applied.
// Only the defined (non-null) leaf values are stored; the levels say where they go.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/parquet/metadata.h"

namespace quiver::ingest::parquet {

enum class ValueStorage : uint8_t { kInts, kDoubles, kBytes };

// BOOLEAN, INT32, INT64 are kInts (0/1, sign-extended, as is); FLOAT and DOUBLE are
// kDoubles (a float widens exactly); BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 are kBytes.
ValueStorage StorageOf(PhysicalType type);

struct ValueBuffer {
  ValueStorage storage = ValueStorage::kInts;
  std::vector<int64_t> ints;
  std::vector<double> doubles;
  std::vector<uint64_t> ends;  // kBytes: end offset of value i in bytes
  std::string bytes;

  size_t size() const {
    return storage == ValueStorage::kInts ? ints.size() : storage == ValueStorage::kDoubles ? doubles.size() : ends.size();
  }
  std::string_view bytes_at(size_t i) const {
    uint64_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(bytes).substr(begin, ends[i] - begin);
  }
  void AppendBytes(std::string_view v) {
    bytes.append(v);
    ends.push_back(bytes.size());
  }
  // Appends dict's value i (the caller checked i < dict.size()).
  void AppendFrom(const ValueBuffer& dict, uint32_t i);
};

}  // namespace quiver::ingest::parquet

#pragma once
// Edges of one relationship type as they arrive: blocks of (source, target) internal
// ids in input order. Producers hand whole vectors over (no copy); the build reads them
// by global input index, so a part of the input can start in the middle of a block.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ingest/property_columns.h"
#include "ingest/raw_vector.h"

namespace quiver::ingest {

// What a producer hands the session: edges of one type, in input order, with internal
// node ids, and their property values (rows = edges).
struct EdgeBatch {
  uint32_t type = 0;
  RawVector<uint32_t> src;
  RawVector<uint32_t> dst;
  std::vector<ColumnChunk> properties;
  uint64_t size() const { return src.size(); }
};

class EdgeBlocks {
 public:
  uint64_t size() const { return starts_.back(); }
  bool empty() const { return size() == 0; }
  uint64_t MemoryBytes() const {
    uint64_t b = 0;
    for (const Block& k : blocks_) b += (k.src.capacity() + k.dst.capacity()) * 4;
    return b;
  }

  void Add(RawVector<uint32_t> src, RawVector<uint32_t> dst) {
    if (src.empty()) return;
    starts_.push_back(starts_.back() + src.size());
    blocks_.push_back({std::move(src), std::move(dst)});
  }
  void Clear() {
    blocks_.clear();
    starts_.assign(1, 0);
  }

  // f(index, source, target) for input indexes [begin, end), in order.
  template <typename F>
  void ForRange(uint64_t begin, uint64_t end, F&& f) const {
    if (begin >= end) return;
    size_t b =
        static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), begin) - starts_.begin()) - 1;
    for (uint64_t i = begin; i < end; ++b) {
      const Block& k = blocks_[b];
      const uint64_t first = starts_[b];
      const uint64_t stop = std::min(end, starts_[b + 1]);
      const uint32_t* s = k.src.data();
      const uint32_t* d = k.dst.data();
      for (; i < stop; ++i) f(i, s[i - first], d[i - first]);
    }
  }

 private:
  struct Block {
    RawVector<uint32_t> src, dst;
  };
  std::vector<Block> blocks_;
  std::vector<uint64_t> starts_{0};
};

}  // namespace quiver::ingest

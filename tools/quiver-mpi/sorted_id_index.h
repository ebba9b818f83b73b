#pragma once
// The position of a global vertex id in an ascending array of distinct ids: a rank's
// owned vertices or its ghosts, whose positions are their local ids. A binary search of
// a multi-million-id array costs ~20 cache misses an id, and the build looks up both
// ends of every edge (half the build's time at scale 20 went there); this index divides
// the id range into about one bucket per 4 ids and keeps where each bucket starts, so an
// id is found with a read of the table and one of the ids when they are spread evenly
// over their range —
// as a hash partition spreads them — and with a binary search inside its bucket when
// they are not (still correct, never worse than O(log n)). A range held whole (one
// rank's vertices of a generated graph) needs no table at all.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace quiver::mpi {

class SortedIdIndex {
 public:
  SortedIdIndex() = default;
  // ids: ascending and distinct, fewer than 2^32; read, not copied, so it must outlive
  // the index and stay where it is.
  explicit SortedIdIndex(std::span<const uint64_t> ids) : ids_(ids) {
    if (ids_.empty()) return;
    min_ = ids_.front();
    const uint64_t range = ids_.back() - min_;
    contiguous_ = range == ids_.size() - 1;  // every id of the range: a position is id − min
    if (contiguous_) return;
    // About one bucket per 4 ids: the table (a byte an id) stays in cache beside the ids,
    // and a bucket's ids (32 bytes on average) are a cache line or two.
    const int bucket_bits = std::max(1, static_cast<int>(std::bit_width(ids_.size())) - 2);
    shift_ = static_cast<unsigned>(std::max(0, static_cast<int>(std::bit_width(range)) - bucket_bits));
    const uint64_t buckets = (range >> shift_) + 1;
    starts_.resize(buckets + 1);
    uint64_t at = 0;
    for (uint64_t b = 0; b < buckets; ++b) {
      starts_[b] = static_cast<uint32_t>(at);
      while (at < ids_.size() && ((ids_[at] - min_) >> shift_) == b) ++at;
    }
    starts_[buckets] = static_cast<uint32_t>(ids_.size());
  }

  // The number of ids below `id`: its position when present.
  uint64_t LowerBound(uint64_t id) const {
    if (ids_.empty() || id <= min_) return 0;
    if (contiguous_) return std::min<uint64_t>(id - min_, ids_.size());
    const uint64_t b = (id - min_) >> shift_;
    if (b >= starts_.size() - 1) return ids_.size();  // past the last id
    const auto first = ids_.begin() + starts_[b], last = ids_.begin() + starts_[b + 1];
    return static_cast<uint64_t>(std::lower_bound(first, last, id) - ids_.begin());
  }

  // The position of id, nullopt when the array does not hold it.
  std::optional<uint64_t> Find(uint64_t id) const {
    const uint64_t at = LowerBound(id);
    if (at < ids_.size() && ids_[at] == id) return at;
    return std::nullopt;
  }

 private:
  std::span<const uint64_t> ids_;
  uint64_t min_ = 0;
  unsigned shift_ = 0;
  bool contiguous_ = false;
  std::vector<uint32_t> starts_;  // starts_[b]: the first position of bucket b
};

}  // namespace quiver::mpi

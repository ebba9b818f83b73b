#pragma once
// GroupTable: the groups of one worker's share of a vectorized aggregation — flat arrays
// (the key values, the native counts, the other aggregates' states, one row of each per
// group) under an open-addressing index of group numbers. A group costs its key values
// and one slot, not a node-based hash map entry, a tuple vector and a vector per
// aggregate: a million groups (grouping the edges of a scale-20 graph by their target)
// are three arrays, not four million allocations.
//
// Keys compare by grouping equivalence (GroupEquals/Hash, as the row engine's KeyTuple:
// null is one group, 1 and 1.0 are one group).

#include <cstdint>
#include <memory>
#include <vector>

#include "exec/function/function.h"
#include "exec/query_memory.h"
#include "exec/vector/data_chunk.h"
#include "quiver/value.h"

namespace quiver::exec::vector {

class GroupTable {
 public:
  GroupTable(size_t key_count, size_t count_aggregates, size_t other_aggregates, QueryMemory* memory)
      : key_count_(key_count), counts_per_group_(count_aggregates), others_per_group_(other_aggregates),
        charge_(memory) {}

  size_t size() const { return groups_; }
  // The group of `key` (key_count values), made empty when new; `make` gives its other
  // aggregates' states.
  template <typename Make>
  size_t FindOrInsert(const Value* key, Make&& make) {
    return Find(
        HashKey(key), [&](size_t g) { return KeyEquals(g, key); }, [&] { return std::vector<Value>(key, key + key_count_); },
        make);
  }
  // groups[i] = the group of row i of the key vectors (key_count of them, n rows each):
  // hashes computed a key column at a time, integer and string rows compared unboxed,
  // and a key boxed only for a new group.
  template <typename Make>
  void FindOrInsertRows(const ValueVector* keys, size_t n, const GraphReader& graph, Make&& make,
                        std::vector<uint32_t>& groups) {
    groups.resize(n);
    auto find = [&](size_t row, uint64_t hash) {
      return static_cast<uint32_t>(Find(
          hash, [&](size_t g) { return RowEquals(g, keys, row, graph); },
          [&] {
            std::vector<Value> key;
            key.reserve(key_count_);
            for (size_t k = 0; k < key_count_; ++k) key.push_back(BoxRow(keys[k], row, graph));
            return key;
          },
          make));
    };
    if (key_count_ == 1 && keys[0].kind == VectorKind::kInt64) {
      // One integer key: a direct-mapped cache of recent (value, group) pairs answers the
      // common low-cardinality case (a year, a bucket) without probing the table.
      // The key is hashed only on a miss.
      const ValueVector& v = keys[0];
      if (recent_.empty()) recent_.assign(kRecent, RecentInt{});
      for (size_t row = 0; row < n; ++row) {
        if (!v.valid[row]) {
          groups[row] = find(row, HashRow(keys, row, graph));
          continue;
        }
        RecentInt& r = recent_[static_cast<uint64_t>(v.ints[row]) & (kRecent - 1)];
        if (r.group == 0 || r.value != v.ints[row]) r = {v.ints[row], find(row, HashRow(keys, row, graph)) + 1};
        groups[row] = r.group - 1;
      }
      return;
    }
    HashRows(keys, n, graph, row_hashes_);
    for (size_t row = 0; row < n; ++row) groups[row] = find(row, row_hashes_[row]);
  }
  // Room for `groups` in all, at once (the dense path knows how many it will add).
  void Reserve(size_t groups);

  Value* key(size_t group) { return keys_.data() + group * key_count_; }
  int64_t* counts(size_t group) { return counts_.data() + group * counts_per_group_; }
  Aggregator& aggregator(size_t group, size_t i) { return *aggregators_[group * others_per_group_ + i]; }
  // Charges what an aggregator grew by.
  void ChargeGrowth(uint64_t bytes) { charge_.Add(bytes); }

  // Folds `other` (a table of the same shape) into this one; other is left empty.
  template <typename Make>
  void Merge(GroupTable& other, Make&& make) {
    for (size_t g = 0; g < other.groups_; ++g) {
      const size_t mine = FindOrInsert(other.key(g), make);
      for (size_t c = 0; c < counts_per_group_; ++c) counts(mine)[c] += other.counts(g)[c];
      for (size_t a = 0; a < others_per_group_; ++a) aggregator(mine, a).Merge(other.aggregator(g, a));
    }
    other.Clear();
  }
  void Clear();

 private:
  // The group whose hash is `hash` and for which equals(group) holds, else a new one
  // whose key is box().
  template <typename Equals, typename Box, typename Make>
  size_t Find(uint64_t hash, Equals&& equals, Box&& box, Make&& make) {
    if ((groups_ + 1) * 2 > slots_.size()) Grow();
    const size_t mask = slots_.size() - 1;
    for (size_t s = hash & mask;; s = (s + 1) & mask) {
      const uint32_t g = slots_[s];
      if (g == 0) {
        slots_[s] = static_cast<uint32_t>(groups_ + 1);
        Append(box(), hash, make());
        return groups_ - 1;
      }
      if (hashes_[g - 1] == hash && equals(g - 1)) return g - 1;
    }
  }
  uint64_t HashKey(const Value* key) const;
  bool KeyEquals(size_t group, const Value* key) const;
  // hashes[i] = HashKey of row i's key, one key column at a time.
  void HashRows(const ValueVector* keys, size_t n, const GraphReader& graph, std::vector<uint64_t>& hashes) const;
  // The same for one row.
  uint64_t HashRow(const ValueVector* keys, size_t row, const GraphReader& graph) const;
  bool RowEquals(size_t group, const ValueVector* keys, size_t row, const GraphReader& graph) const;
  void Append(std::vector<Value> key, uint64_t hash, std::vector<std::unique_ptr<Aggregator>> aggregators);
  void Grow();

  size_t key_count_, counts_per_group_, others_per_group_;
  size_t groups_ = 0;
  std::vector<Value> keys_;
  std::vector<int64_t> counts_;
  std::vector<std::unique_ptr<Aggregator>> aggregators_;
  std::vector<uint64_t> hashes_;
  std::vector<uint32_t> slots_;  // group + 1; 0: empty. A power of two, at most half full
  std::vector<uint64_t> row_hashes_;  // FindOrInsertRows' scratch
  // FindOrInsertRows with one integer key: group + 1 of a recent value (0: none). Groups
  // never move, so an entry stays true until Clear.
  struct RecentInt {
    int64_t value = 0;
    uint32_t group = 0;
  };
  static constexpr size_t kRecent = 1024;
  std::vector<RecentInt> recent_;
  MemoryCharge charge_;
};

}  // namespace quiver::exec::vector

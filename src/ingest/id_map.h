#pragma once
// IdMap: one ID space's external keys -> internal node ids, built once every node is
// registered and then read concurrently by every edge parser.
//
// Representations, cheapest first, chosen from the keys themselves:
//  * sequence: keys k0, k0+1, ... held by consecutive nodes (the generator's ids, any
//    file of ids 0..N-1 in order): no table at all, a lookup is a subtraction;
//  * direct:   integer keys spanning a range at most twice their number: a u32 array;
//  * hash:     anything else (sparse integers, strings): open addressing, partitioned
//    by hash so it is built in parallel yet laid out deterministically.
// Duplicates are found while building: the later node (in input order) of two with the
// same key is the duplicate.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/raw_vector.h"
#include "ingest/worker_pool.h"
#include "storage/external_id_index.h"

namespace quiver::ingest {

enum class KeyType : uint8_t { kInteger = 1, kString = 2 };

// The keys of one batch's nodes (all of them keyed) in one ID space.
struct KeyChunk {
  KeyType type = KeyType::kInteger;
  uint64_t count = 0;
  bool sequence = false;  // integer keys first, first + 1, ..., nothing stored
  int64_t first = 0;
  std::vector<int64_t> ints;
  std::vector<uint64_t> string_ends;  // end offset of each key in string_bytes
  std::string string_bytes;

  int64_t IntAt(uint64_t i) const {
    return sequence ? static_cast<int64_t>(static_cast<uint64_t>(first) + i) : ints[i];
  }
  std::string_view StringAt(uint64_t i) const {
    const uint64_t b = i == 0 ? 0 : string_ends[i - 1];
    return std::string_view(string_bytes).substr(b, string_ends[i] - b);
  }
  void AppendInt(int64_t v) { ints.push_back(v), ++count; }
  void AppendString(std::string_view v) {
    string_bytes.append(v);
    string_ends.push_back(string_bytes.size());
    ++count;
  }
  uint64_t MemoryBytes() const {
    return ints.capacity() * 8 + string_ends.capacity() * 8 + string_bytes.capacity();
  }
  // Integer keys that count up by one become the sequence form (nothing stored).
  void CompactSequence() {
    if (type != KeyType::kInteger || sequence || ints.empty()) return;
    for (uint64_t i = 1; i < ints.size(); ++i) {
      if (static_cast<uint64_t>(ints[i]) != static_cast<uint64_t>(ints[0]) + i) return;
    }
    sequence = true;
    first = ints[0];
    Release(ints);
  }
};

// Where a chunk's keys sit among the nodes: its i-th key belongs to node first_node + i.
struct KeySegment {
  uint64_t first_node = 0;
  const KeyChunk* keys = nullptr;
};

struct DuplicateKey {
  uint64_t node = 0;        // the later node
  uint64_t first_node = 0;  // the node that had the key first
  std::string key;          // as text
};

class IdMap {
 public:
  static constexpr uint32_t kAbsent = UINT32_MAX;

  // Builds from the segments (in node order) of one space. Duplicates are appended to
  // *duplicates in node order; the map keeps the first node of each key.
  static IdMap Build(KeyType type, const std::vector<KeySegment>& segments, WorkerPool* pool,
                     std::vector<DuplicateKey>* duplicates);

  KeyType type() const { return type_; }
  uint64_t size() const { return count_; }
  uint64_t MemoryBytes() const;

  uint32_t Find(int64_t key) const;
  uint32_t Find(std::string_view key) const;

  // The storage external-id data for a generation of node_count nodes whose keys are
  // all in this map: Dense when node i has key i for every node.
  storage::ExternalIdData ExternalIds(uint64_t node_count, WorkerPool* pool) const;

 private:
  enum class Mode : uint8_t { kSequence, kDirect, kHash };
  void BuildInts(const std::vector<KeySegment>& segments, WorkerPool* pool, std::vector<DuplicateKey>* dups);
  void BuildStrings(const std::vector<KeySegment>& segments, WorkerPool* pool,
                    std::vector<DuplicateKey>* dups);
  std::string_view KeyString(uint32_t index) const {
    const uint64_t b = index == 0 ? 0 : str_ends_[index - 1];
    return std::string_view(str_bytes_).substr(b, str_ends_[index] - b);
  }
  uint64_t Slot(uint64_t hash) const { return hash >> (64 - table_bits_); }

  KeyType type_ = KeyType::kInteger;
  Mode mode_ = Mode::kSequence;
  uint64_t count_ = 0;  // distinct keys
  // kSequence: key k0 + i -> node n0 + i.
  int64_t seq_key_ = 0;
  uint64_t seq_node_ = 0;
  // kDirect: table_[key - min_] = node or kAbsent.
  int64_t min_ = 0;
  std::vector<uint32_t> direct_;
  // Every kept key with its node, in ascending key order (integers), or in node order
  // (strings: str_nodes_[i] holds the key ending at str_ends_[i]).
  std::vector<int64_t> sorted_keys_;
  std::vector<uint32_t> sorted_nodes_;
  std::vector<uint64_t> str_ends_;
  std::string str_bytes_;
  // kHash: slots hold an index into sorted_keys_/str_ends_ plus one, 0 = empty.
  uint32_t table_bits_ = 0;
  std::vector<uint32_t> table_;
};

// "'abc'" or "42" for messages.
std::string KeyText(KeyType type, const KeyChunk& chunk, uint64_t i);

}  // namespace quiver::ingest

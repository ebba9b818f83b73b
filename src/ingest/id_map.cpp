#include "ingest/id_map.h"

#include <algorithm>

#include "common/assert.h"
#include "common/file/checksum.h"
#include "ingest/parallel_sort.h"

namespace quiver::ingest {
namespace {

constexpr uint32_t kPartitionBits = 6;  // 64 independent regions of the hash table

uint64_t HashInt(int64_t key) {
  uint64_t z = static_cast<uint64_t>(key) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t HashString(std::string_view s) {
  return Checksum64(s.data(), s.size(), 0x51u);
}

// "'text'" (built by appends: GCC 12 warns falsely on "'" + std::string + "'").
std::string Quoted(std::string_view s) {
  std::string r;
  r.reserve(s.size() + 2);
  r.push_back('\'');
  r.append(s);
  r.push_back('\'');
  return r;
}

struct IntEntry {
  int64_t key;
  uint32_t node;
};

// Routes entries 0..n-1 to the 2^kPartitionBits regions by the top bits of hash(i),
// keeping index order within a region; returns region bounds (size regions + 1).
template <typename HashOf>
std::vector<uint64_t> RouteByPartition(uint64_t n, HashOf hash_of, WorkerPool* pool,
                                       std::vector<uint32_t>* routed) {
  constexpr uint32_t kRegions = 1u << kPartitionBits;
  const uint64_t parts = std::max<uint64_t>(1, std::min<uint64_t>(pool->size(), n / 65536));
  std::vector<std::vector<uint64_t>> hist(parts, std::vector<uint64_t>(kRegions, 0));
  pool->ParallelFor(parts, [&](size_t p, uint32_t) {
    for (uint64_t i = WorkerPool::RangeBegin(n, parts, p), i_end = WorkerPool::RangeBegin(n, parts, p + 1);
         i < i_end; ++i) {
      ++hist[p][hash_of(i) >> (64 - kPartitionBits)];
    }
  });
  std::vector<uint64_t> bounds(kRegions + 1, 0);
  uint64_t at = 0;
  for (uint32_t r = 0; r < kRegions; ++r) {
    bounds[r] = at;
    for (uint64_t p = 0; p < parts; ++p) {
      const uint64_t c = hist[p][r];
      hist[p][r] = at;
      at += c;
    }
  }
  bounds[kRegions] = at;
  routed->resize(n);
  pool->ParallelFor(parts, [&](size_t p, uint32_t) {
    for (uint64_t i = WorkerPool::RangeBegin(n, parts, p), i_end = WorkerPool::RangeBegin(n, parts, p + 1);
         i < i_end; ++i) {
      (*routed)[hist[p][hash_of(i) >> (64 - kPartitionBits)]++] = static_cast<uint32_t>(i);
    }
  });
  return bounds;
}

uint32_t TableBits(uint64_t n, const std::vector<uint64_t>& bounds) {
  uint64_t largest = 0;
  for (size_t r = 0; r + 1 < bounds.size(); ++r) largest = std::max(largest, bounds[r + 1] - bounds[r]);
  // Each region at most half full, so probes stay short and always terminate.
  uint32_t bits = kPartitionBits + 4;
  while ((uint64_t{1} << (bits - kPartitionBits)) < 2 * largest || (uint64_t{1} << bits) < 2 * n) ++bits;
  return bits;
}

}  // namespace

std::string KeyText(KeyType type, const KeyChunk& chunk, uint64_t i) {
  if (type == KeyType::kInteger) return std::to_string(chunk.IntAt(i));
  return Quoted(chunk.StringAt(i));
}

uint64_t IdMap::MemoryBytes() const {
  return direct_.capacity() * 4 + sorted_keys_.capacity() * 8 + sorted_nodes_.capacity() * 4 +
         str_ends_.capacity() * 8 + str_bytes_.size() + table_.capacity() * 4;
}

IdMap IdMap::Build(KeyType type, const std::vector<KeySegment>& segments, WorkerPool* pool,
                   std::vector<DuplicateKey>* duplicates) {
  IdMap m;
  m.type_ = type;
  if (type == KeyType::kInteger) {
    m.BuildInts(segments, pool, duplicates);
  } else {
    m.BuildStrings(segments, pool, duplicates);
  }
  return m;
}

void IdMap::BuildInts(const std::vector<KeySegment>& segments, WorkerPool* pool,
                      std::vector<DuplicateKey>* dups) {
  // Sequence: every segment continues the keys and the nodes of the one before.
  bool sequence = true;
  uint64_t total = 0;
  for (size_t i = 0; i < segments.size() && sequence; ++i) {
    const KeySegment& s = segments[i];
    sequence = s.keys->sequence &&
               (i == 0 || (s.first_node == seq_node_ + total &&
                           static_cast<uint64_t>(s.keys->first) == static_cast<uint64_t>(seq_key_) + total));
    if (i == 0) {
      seq_key_ = s.keys->first;
      seq_node_ = s.first_node;
    }
    total += s.keys->count;
  }
  if (sequence) {
    mode_ = Mode::kSequence;
    count_ = total;
    return;
  }
  // Gather (key, node) in node order, then sort by key unless already ascending.
  std::vector<uint64_t> base(segments.size() + 1, 0);
  for (size_t i = 0; i < segments.size(); ++i) base[i + 1] = base[i] + segments[i].keys->count;
  const uint64_t n = base.back();
  QUIVER_ASSERT(n < kAbsent);
  std::vector<IntEntry> entries(n);
  pool->ParallelFor(segments.size(), [&](size_t i, uint32_t) {
    const KeySegment& s = segments[i];
    for (uint64_t j = 0; j < s.keys->count; ++j) {
      entries[base[i] + j] = {s.keys->IntAt(j), static_cast<uint32_t>(s.first_node + j)};
    }
  });
  auto less = [](const IntEntry& a, const IntEntry& b) {
    return a.key != b.key ? a.key < b.key : a.node < b.node;
  };
  bool ascending = true;
  for (uint64_t i = 1; i < n && ascending; ++i) ascending = entries[i - 1].key < entries[i].key;
  if (ascending && n > 0 &&
      static_cast<uint64_t>(entries[n - 1].key) - static_cast<uint64_t>(entries[0].key) == n - 1 &&
      entries[n - 1].node - entries[0].node == n - 1) {
    // Consecutive keys on consecutive nodes, stored explicitly: still a sequence.
    mode_ = Mode::kSequence;
    seq_key_ = entries[0].key;
    seq_node_ = entries[0].node;
    count_ = n;
    return;
  }
  if (!ascending) ParallelSort(&entries, less, pool);
  // Keep the first node of each key; the others are duplicates (reported in node order).
  sorted_keys_.reserve(n);
  sorted_nodes_.reserve(n);
  std::vector<DuplicateKey> found;
  for (uint64_t i = 0; i < n; ++i) {
    if (i > 0 && entries[i].key == entries[i - 1].key) {
      found.push_back({entries[i].node, sorted_nodes_.back(), std::to_string(entries[i].key)});
      continue;
    }
    sorted_keys_.push_back(entries[i].key);
    sorted_nodes_.push_back(entries[i].node);
  }
  std::sort(found.begin(), found.end(),
            [](const DuplicateKey& a, const DuplicateKey& b) { return a.node < b.node; });
  for (auto& d : found) dups->push_back(std::move(d));
  Release(entries);
  count_ = sorted_keys_.size();
  if (count_ == 0) {
    mode_ = Mode::kDirect;
    return;
  }
  min_ = sorted_keys_.front();
  const unsigned __int128 span =
      static_cast<unsigned __int128>(static_cast<__int128>(sorted_keys_.back()) - min_) + 1;
  if (span <= 2 * static_cast<unsigned __int128>(count_) + 1024) {
    mode_ = Mode::kDirect;
    direct_.assign(static_cast<uint64_t>(span), kAbsent);
    pool->ParallelFor(pool->size(), [&](size_t p, uint32_t) {
      for (uint64_t i = WorkerPool::RangeBegin(count_, pool->size(), p),
                    i_end = WorkerPool::RangeBegin(count_, pool->size(), p + 1);
           i < i_end; ++i) {
        direct_[static_cast<uint64_t>(sorted_keys_[i] - min_)] = sorted_nodes_[i];
      }
    });
    return;
  }
  mode_ = Mode::kHash;
  std::vector<uint32_t> routed;
  const auto bounds = RouteByPartition(
      count_, [&](uint64_t i) { return HashInt(sorted_keys_[i]); }, pool, &routed);
  table_bits_ = TableBits(count_, bounds);
  table_.assign(uint64_t{1} << table_bits_, 0);
  const uint64_t region = uint64_t{1} << (table_bits_ - kPartitionBits);
  pool->ParallelFor(bounds.size() - 1, [&](size_t r, uint32_t) {
    for (uint64_t j = bounds[r]; j < bounds[r + 1]; ++j) {
      const uint32_t i = routed[j];
      uint64_t slot = Slot(HashInt(sorted_keys_[i]));
      while (table_[slot] != 0) slot = (slot & ~(region - 1)) | ((slot + 1) & (region - 1));
      table_[slot] = i + 1;
    }
  });
}

void IdMap::BuildStrings(const std::vector<KeySegment>& segments, WorkerPool* pool,
                         std::vector<DuplicateKey>* dups) {
  // One arena of every key in node order; the table indexes it.
  uint64_t n = 0, bytes = 0;
  for (const KeySegment& s : segments) {
    n += s.keys->count;
    bytes += s.keys->string_bytes.size();
  }
  QUIVER_ASSERT(n < kAbsent);
  std::vector<uint32_t> nodes(n);
  std::vector<uint64_t> ends(n);
  std::string arena(bytes, '\0');
  {
    uint64_t at = 0, byte_at = 0;
    for (const KeySegment& s : segments) {
      std::copy(s.keys->string_bytes.begin(), s.keys->string_bytes.end(), arena.begin() + byte_at);
      for (uint64_t j = 0; j < s.keys->count; ++j) {
        nodes[at + j] = static_cast<uint32_t>(s.first_node + j);
        ends[at + j] = byte_at + s.keys->string_ends[j];
      }
      at += s.keys->count;
      byte_at += s.keys->string_bytes.size();
    }
  }
  str_ends_ = std::move(ends);
  str_bytes_ = std::move(arena);
  mode_ = Mode::kHash;
  std::vector<uint32_t> routed;
  const auto bounds = RouteByPartition(
      n, [&](uint64_t i) { return HashString(KeyString(static_cast<uint32_t>(i))); }, pool, &routed);
  table_bits_ = TableBits(n, bounds);
  table_.assign(uint64_t{1} << table_bits_, 0);
  const uint64_t region = uint64_t{1} << (table_bits_ - kPartitionBits);
  std::vector<std::vector<DuplicateKey>> found(bounds.size() - 1);
  pool->ParallelFor(bounds.size() - 1, [&](size_t r, uint32_t) {
    for (uint64_t j = bounds[r]; j < bounds[r + 1]; ++j) {
      const uint32_t i = routed[j];
      const std::string_view key = KeyString(i);
      uint64_t slot = Slot(HashString(key));
      bool duplicate = false;
      while (table_[slot] != 0) {
        if (KeyString(table_[slot] - 1) == key) {
          found[r].push_back({nodes[i], nodes[table_[slot] - 1], Quoted(key)});
          duplicate = true;
          break;
        }
        slot = (slot & ~(region - 1)) | ((slot + 1) & (region - 1));
      }
      if (!duplicate) table_[slot] = i + 1;
    }
  });
  std::vector<DuplicateKey> all;
  for (auto& f : found) all.insert(all.end(), f.begin(), f.end());
  std::sort(all.begin(), all.end(),
            [](const DuplicateKey& a, const DuplicateKey& b) { return a.node < b.node; });
  for (auto& d : all) dups->push_back(std::move(d));
  sorted_nodes_ = std::move(nodes);  // node of each arena key (arena order = node order)
  count_ = n - all.size();
}

uint32_t IdMap::Find(int64_t key) const {
  switch (mode_) {
    case Mode::kSequence: {
      const uint64_t d = static_cast<uint64_t>(key) - static_cast<uint64_t>(seq_key_);
      return key >= seq_key_ && d < count_ ? static_cast<uint32_t>(seq_node_ + d) : kAbsent;
    }
    case Mode::kDirect: {
      if (key < min_ || direct_.empty()) return kAbsent;
      const uint64_t d = static_cast<uint64_t>(key) - static_cast<uint64_t>(min_);
      return d < direct_.size() ? direct_[d] : kAbsent;
    }
    case Mode::kHash: {
      if (type_ != KeyType::kInteger || table_.empty()) return kAbsent;
      const uint64_t region = uint64_t{1} << (table_bits_ - kPartitionBits);
      for (uint64_t slot = Slot(HashInt(key));; slot = (slot & ~(region - 1)) | ((slot + 1) & (region - 1))) {
        const uint32_t e = table_[slot];
        if (e == 0) return kAbsent;
        if (sorted_keys_[e - 1] == key) return sorted_nodes_[e - 1];
      }
    }
  }
  return kAbsent;
}

uint32_t IdMap::Find(std::string_view key) const {
  if (type_ != KeyType::kString || table_.empty()) return kAbsent;
  const uint64_t region = uint64_t{1} << (table_bits_ - kPartitionBits);
  for (uint64_t slot = Slot(HashString(key));; slot = (slot & ~(region - 1)) | ((slot + 1) & (region - 1))) {
    const uint32_t e = table_[slot];
    if (e == 0) return kAbsent;
    if (KeyString(e - 1) == key) return sorted_nodes_[e - 1];
  }
}

storage::ExternalIdData IdMap::ExternalIds(uint64_t node_count, WorkerPool* pool) const {
  storage::ExternalIdData d;
  if (count_ == 0) return d;
  if (type_ == KeyType::kInteger && mode_ == Mode::kSequence && seq_key_ == 0 && seq_node_ == 0 &&
      count_ == node_count) {
    d.kind = storage::ExternalIdKind::kDense;
    return d;
  }
  d.presence.assign(storage::BitmapWords(node_count), 0);
  auto mark = [&](uint64_t node) { d.presence[node / 64] |= uint64_t{1} << (node % 64); };
  if (type_ == KeyType::kInteger) {
    d.kind = storage::ExternalIdKind::kInt64;
    d.int_keys.assign(node_count, 0);
    d.sorted_nodes.reserve(count_);
    if (mode_ == Mode::kSequence) {
      for (uint64_t i = 0; i < count_; ++i) {
        d.int_keys[seq_node_ + i] = seq_key_ + static_cast<int64_t>(i);
        d.sorted_nodes.push_back(seq_node_ + i);
        mark(seq_node_ + i);
      }
    } else {
      for (uint64_t i = 0; i < count_; ++i) {
        d.int_keys[sorted_nodes_[i]] = sorted_keys_[i];
        d.sorted_nodes.push_back(sorted_nodes_[i]);
        mark(sorted_nodes_[i]);
      }
    }
    return d;
  }
  d.kind = storage::ExternalIdKind::kString;
  // Arena order is node order; duplicates (if the caller kept them) were dropped from
  // the nodes before this is called, so every arena key is a distinct node's key.
  std::vector<uint32_t> order(sorted_nodes_.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  ParallelSort(
      &order, [&](uint32_t a, uint32_t b) { return KeyString(a) < KeyString(b); }, pool);
  std::vector<std::string_view> key_of(node_count);
  std::vector<uint8_t> has(node_count, 0);
  for (uint32_t i = 0; i < sorted_nodes_.size(); ++i) {
    key_of[sorted_nodes_[i]] = KeyString(i);
    has[sorted_nodes_[i]] = 1;
    mark(sorted_nodes_[i]);
  }
  d.string_offsets.assign(node_count + 1, 0);
  for (uint64_t v = 0; v < node_count; ++v) {
    if (has[v]) d.string_bytes.append(key_of[v]);
    d.string_offsets[v + 1] = d.string_bytes.size();
  }
  d.sorted_nodes.reserve(order.size());
  for (uint32_t i : order) d.sorted_nodes.push_back(sorted_nodes_[i]);
  return d;
}

}  // namespace quiver::ingest

#include "exec/vector/group_table.h"

#include "common/value/value_hash.h"
#include "exec/value_bytes.h"
#include "quiver/error.h"

namespace quiver::exec::vector {

namespace {

// The key's hash from its values' hashes, in key order: the same for a boxed key
// (HashKey) and for rows of key vectors (HashRows).
struct KeyHash {
  static constexpr uint64_t state() { return 0x9e3779b97f4a7c15ULL; }
  static uint64_t Add(uint64_t h, uint64_t value_hash) { return (h ^ value_hash) * 0x100000001b3ULL; }
  static uint64_t Finish(uint64_t h) { return h ^ (h >> 29); }
};

}  // namespace

uint64_t GroupTable::HashKey(const Value* key) const {
  uint64_t h = KeyHash::state();
  for (size_t k = 0; k < key_count_; ++k) h = KeyHash::Add(h, Hash(key[k]));
  return KeyHash::Finish(h);
}

namespace {

// Rows [begin, end) of the key vectors into hashes[0, end - begin): KeyHash over the
// columns, a column at a time (one kind dispatch per column).
void HashKeyRows(const ValueVector* keys, size_t key_count, size_t begin, size_t end, const GraphReader& graph,
                 uint64_t* hashes) {
  for (size_t i = begin; i < end; ++i) hashes[i - begin] = KeyHash::state();
  const uint64_t null_hash = Hash(Value());
  for (size_t k = 0; k < key_count; ++k) {
    const ValueVector& v = keys[k];
    auto add = [&](auto&& hash_of) {
      for (size_t i = begin; i < end; ++i) {
        hashes[i - begin] = KeyHash::Add(hashes[i - begin], v.valid[i] ? hash_of(i) : null_hash);
      }
    };
    if (v.kind == VectorKind::kInt64) {
      add([&](size_t i) { return HashInteger(v.ints[i]); });
    } else if (v.kind == VectorKind::kString) {
      add([&](size_t i) { return HashString(v.strings[i]); });
    } else {
      add([&](size_t i) { return Hash(BoxRow(v, i, graph)); });
    }
  }
  for (size_t i = begin; i < end; ++i) hashes[i - begin] = KeyHash::Finish(hashes[i - begin]);
}

}  // namespace

void GroupTable::HashRows(const ValueVector* keys, size_t n, const GraphReader& graph,
                          std::vector<uint64_t>& hashes) const {
  hashes.resize(n);
  HashKeyRows(keys, key_count_, 0, n, graph, hashes.data());
}

uint64_t GroupTable::HashRow(const ValueVector* keys, size_t row, const GraphReader& graph) const {
  uint64_t hash = 0;
  HashKeyRows(keys, key_count_, row, row + 1, graph, &hash);
  return hash;
}

bool GroupTable::RowEquals(size_t group, const ValueVector* keys, size_t row, const GraphReader& graph) const {
  const Value* mine = keys_.data() + group * key_count_;
  for (size_t k = 0; k < key_count_; ++k) {
    const ValueVector& v = keys[k];
    if (!v.valid[row]) {
      if (!mine[k].IsNull()) return false;
    } else if (v.kind == VectorKind::kInt64) {
      // A float key equal to the integer is the same group (1 ~ 1.0).
      const bool equal = mine[k].IsInt() ? mine[k].AsInt() == v.ints[row]
                                         : GroupEquals(mine[k], Value::Int(v.ints[row]));
      if (!equal) return false;
    } else if (v.kind == VectorKind::kString) {
      if (!mine[k].IsString() || mine[k].AsString() != v.strings[row]) return false;
    } else if (!GroupEquals(mine[k], BoxRow(v, row, graph))) {
      return false;
    }
  }
  return true;
}

bool GroupTable::KeyEquals(size_t group, const Value* key) const {
  const Value* mine = keys_.data() + group * key_count_;
  for (size_t k = 0; k < key_count_; ++k) {
    if (!GroupEquals(mine[k], key[k])) return false;
  }
  return true;
}

void GroupTable::Append(std::vector<Value> key, uint64_t hash, std::vector<std::unique_ptr<Aggregator>> aggregators) {
  if (groups_ >= UINT32_MAX - 1) {
    throw ResourceExhaustedError("TooManyGroups", "an aggregation has more than 4 billion groups");
  }
  uint64_t bytes = sizeof(uint64_t) + 2 * sizeof(uint32_t) + counts_per_group_ * sizeof(int64_t) +
                   others_per_group_ * (sizeof(void*) + 64);
  for (size_t k = 0; k < key_count_; ++k) {
    bytes += sizeof(Value) + HeldBytes(key[k]);
    keys_.push_back(std::move(key[k]));
  }
  charge_.Add(bytes);
  counts_.resize(counts_.size() + counts_per_group_, 0);
  for (auto& a : aggregators) aggregators_.push_back(std::move(a));
  hashes_.push_back(hash);
  ++groups_;
}

void GroupTable::Reserve(size_t groups) {
  keys_.reserve(groups * key_count_);
  counts_.reserve(groups * counts_per_group_);
  aggregators_.reserve(groups * others_per_group_);
  hashes_.reserve(groups);
  size_t want = 16;
  while (want < groups * 2 + 2) want *= 2;
  if (want > slots_.size()) {
    charge_.Add((want - slots_.size()) * sizeof(uint32_t));
    slots_.assign(want, 0);
    const size_t mask = want - 1;
    for (size_t g = 0; g < groups_; ++g) {
      size_t s = hashes_[g] & mask;
      while (slots_[s] != 0) s = (s + 1) & mask;
      slots_[s] = static_cast<uint32_t>(g + 1);
    }
  }
}

void GroupTable::Grow() { Reserve(slots_.empty() ? 8 : slots_.size()); }

void GroupTable::Clear() {
  groups_ = 0;
  std::vector<Value>().swap(keys_);
  std::vector<int64_t>().swap(counts_);
  std::vector<std::unique_ptr<Aggregator>>().swap(aggregators_);
  std::vector<uint64_t>().swap(hashes_);
  std::vector<uint32_t>().swap(slots_);
  std::vector<RecentInt>().swap(recent_);
  charge_.Reset();
}

}  // namespace quiver::exec::vector

// f(DISTINCT x): the first occurrence of each value reaches the inner aggregator.
//
// Integers — and floats holding an integer, which are the same value to DISTINCT
// (1 ~ 1.0) — are remembered in a flat open-addressing set of int64, and so are nodes
// and relationships (a set each, of their ids: their identity is all equality reads);
// the rest as Values. count(DISTINCT b.id) over millions of rows (the vectorized
// engine's UpdateInt) or count(DISTINCT c) over the ends of a search then costs a probe
// per row, not a node-based set entry per distinct value. The distinct rows are kept
// for Merge; a one-argument row (the usual case) as its Value alone, not as a vector.

#include <unordered_set>
#include <vector>

#include "common/value/value_number.h"
#include "exec/function/aggregate_internal.h"
#include "exec/value_bytes.h"

namespace quiver {
namespace {

// A set of int64 by linear probing, at most half full; `used_` marks the taken slots
// (every int64 is a possible value, so no key can mean "empty").
class FlatIntSet {
 public:
  // True when v was not in the set (it is now).
  bool Insert(int64_t v) {
    if ((size_ + 1) * 2 > keys_.size()) Grow();
    const size_t mask = keys_.size() - 1;
    for (size_t s = Mix(v) & mask;; s = (s + 1) & mask) {
      if (!used_[s]) {
        used_[s] = 1;
        keys_[s] = v;
        ++size_;
        return true;
      }
      if (keys_[s] == v) return false;
    }
  }
  uint64_t capacity_bytes() const { return keys_.size() * (sizeof(int64_t) + 1); }

 private:
  static uint64_t Mix(int64_t v) {
    uint64_t k = static_cast<uint64_t>(v) * 0x9e3779b97f4a7c15ULL;
    return k ^ (k >> 31);
  }
  void Grow() {
    std::vector<int64_t> keys = std::move(keys_);
    std::vector<uint8_t> used = std::move(used_);
    keys_.assign(keys.empty() ? 16 : keys.size() * 2, 0);
    used_.assign(keys_.size(), 0);
    size_ = 0;
    for (size_t s = 0; s < keys.size(); ++s) {
      if (used[s]) Insert(keys[s]);
    }
  }

  std::vector<int64_t> keys_;
  std::vector<uint8_t> used_;
  size_t size_ = 0;
};

class Distinct final : public Aggregator {
 public:
  explicit Distinct(std::unique_ptr<Aggregator> inner) : inner_(std::move(inner)) {}

  void Update(std::span<const Value> args) override {
    if (args[0].IsNull()) return;  // nulls are never aggregated (Aggregation8 #2-#4)
    if (!FirstSeen(args[0])) return;
    Keep(args);
    const uint64_t inner_before = inner_->held_bytes();
    inner_->Update(args);
    held_bytes_ += inner_->held_bytes() - inner_before;
  }

  // One argument (the vectorized engine's typed path): the row is the integer alone.
  void UpdateInt(int64_t v) override {
    if (!InsertInt(v)) return;
    int_rows_.push_back(v);
    const uint64_t inner_before = inner_->held_bytes();
    inner_->UpdateInt(v);
    held_bytes_ += sizeof(int64_t) + (inner_->held_bytes() - inner_before);
  }

  // The inner states cannot be merged: a value may have reached both. So replay the
  // other side's distinct rows that this side has not seen.
  void Merge(Aggregator& other) override {
    Distinct& o = function_internal::SameKind<Distinct>(other);
    const uint64_t inner_before = inner_->held_bytes();
    for (std::vector<Value>& row : o.rows_) {
      if (!FirstSeen(row[0])) continue;
      inner_->Update(row);
      Keep(row);
    }
    for (Value& v : o.single_rows_) {
      if (!FirstSeen(v)) continue;
      inner_->Update({&v, 1});
      Keep({&v, 1});
    }
    for (int64_t v : o.int_rows_) {
      if (!InsertInt(v)) continue;
      inner_->UpdateInt(v);
      held_bytes_ += sizeof(int64_t);
      int_rows_.push_back(v);
    }
    o.rows_.clear();
    o.single_rows_.clear();
    o.int_rows_.clear();
    held_bytes_ += inner_->held_bytes() - inner_before;
  }

  Value Finalize() override { return inner_->Finalize(); }

 private:
  // Whether `v` is new (and now seen): integral numbers in the int set, others as Values.
  bool FirstSeen(const Value& v) {
    int64_t as_int = 0;
    if (v.IsInt()) return InsertInt(v.AsInt());
    if (v.IsFloat() && value_internal::FloatAsExactInt(v.AsFloat(), as_int)) return InsertInt(as_int);
    if (v.IsNode()) return InsertId(node_ids_, v.AsNode().id);
    if (v.IsRelationship()) return InsertId(rel_ids_, v.AsRelationship().id);
    if (!seen_.insert(v).second) return false;
    held_bytes_ += exec::HeldBytes(v) + exec::kHashEntryBytes;
    return true;
  }
  bool InsertId(FlatIntSet& set, uint64_t id) {
    const uint64_t before = set.capacity_bytes();
    const bool inserted = set.Insert(static_cast<int64_t>(id));
    held_bytes_ += set.capacity_bytes() - before;
    return inserted;
  }
  // A distinct row, kept for Merge (sharing the payload).
  void Keep(std::span<const Value> row) {
    if (row.size() == 1) {
      single_rows_.push_back(row[0]);
      held_bytes_ += sizeof(Value);
      return;
    }
    rows_.emplace_back(row.begin(), row.end());
    held_bytes_ += sizeof(std::vector<Value>) + row.size() * sizeof(Value);
  }
  bool InsertInt(int64_t v) {
    const uint64_t before = ints_.capacity_bytes();
    const bool inserted = ints_.Insert(v);
    held_bytes_ += ints_.capacity_bytes() - before;
    return inserted;
  }

  std::unique_ptr<Aggregator> inner_;
  FlatIntSet ints_;
  FlatIntSet node_ids_, rel_ids_;
  std::unordered_set<Value, ValueGroupHash, ValueGroupEqual> seen_;
  std::vector<Value> single_rows_;        // each distinct one-argument row seen by Update, for Merge
  std::vector<std::vector<Value>> rows_;  // each distinct row of several arguments
  std::vector<int64_t> int_rows_;         // each distinct integer seen by UpdateInt, for Merge
};

}  // namespace

std::unique_ptr<Aggregator> MakeDistinct(std::unique_ptr<Aggregator> inner) {
  return std::make_unique<Distinct>(std::move(inner));
}

}  // namespace quiver

// f(DISTINCT x): the first occurrence of each value reaches the inner aggregator.
//
// Integers — and floats holding an integer, which are the same value to DISTINCT
// (1 ~ 1.0) — are remembered in a flat open-addressing set of int64, the rest as
// Values: count(DISTINCT b.id) over millions of rows (the vectorized engine's
// UpdateInt) then costs a probe per row, not a boxed Value, a node-based set entry and
// a row vector per distinct value.

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
    rows_.emplace_back(args.begin(), args.end());
    const uint64_t inner_before = inner_->held_bytes();
    inner_->Update(args);
    held_bytes_ += EntryBytes(args) + (inner_->held_bytes() - inner_before);
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
      held_bytes_ += EntryBytes(row);
      rows_.push_back(std::move(row));
    }
    for (int64_t v : o.int_rows_) {
      if (!InsertInt(v)) continue;
      inner_->UpdateInt(v);
      held_bytes_ += sizeof(int64_t);
      int_rows_.push_back(v);
    }
    o.rows_.clear();
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
    return seen_.insert(v).second;
  }
  bool InsertInt(int64_t v) {
    const uint64_t before = ints_.capacity_bytes();
    const bool inserted = ints_.Insert(v);
    held_bytes_ += ints_.capacity_bytes() - before;
    return inserted;
  }
  // A distinct row: the set's entry and the row kept for Merge (sharing the payload).
  static uint64_t EntryBytes(std::span<const Value> row) {
    return exec::HeldBytes(row[0]) + exec::kHashEntryBytes + sizeof(std::vector<Value>) + row.size() * sizeof(Value);
  }

  std::unique_ptr<Aggregator> inner_;
  FlatIntSet ints_;
  std::unordered_set<Value, ValueGroupHash, ValueGroupEqual> seen_;
  std::vector<std::vector<Value>> rows_;  // each distinct row seen by Update, for Merge
  std::vector<int64_t> int_rows_;         // each distinct integer seen by UpdateInt, for Merge
};

}  // namespace

std::unique_ptr<Aggregator> MakeDistinct(std::unique_ptr<Aggregator> inner) {
  return std::make_unique<Distinct>(std::move(inner));
}

}  // namespace quiver

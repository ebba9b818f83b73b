// f(DISTINCT x): the first occurrence of each value reaches the inner aggregator.

#include <unordered_set>
#include <vector>

#include "exec/function/aggregate_internal.h"
#include "exec/value_bytes.h"

namespace quiver {
namespace {

class Distinct final : public Aggregator {
 public:
  explicit Distinct(std::unique_ptr<Aggregator> inner) : inner_(std::move(inner)) {}

  void Update(std::span<const Value> args) override {
    if (args[0].IsNull()) return;  // nulls are never aggregated (Aggregation8 #2-#4)
    const uint64_t bytes = EntryBytes(args);
    if (!seen_.insert(args[0]).second) return;
    rows_.emplace_back(args.begin(), args.end());
    const uint64_t inner_before = inner_->held_bytes();
    inner_->Update(args);
    held_bytes_ += bytes + (inner_->held_bytes() - inner_before);
  }

  // The inner states cannot be merged: a value may have reached both. So replay the
  // other side's distinct rows that this side has not seen.
  void Merge(Aggregator& other) override {
    Distinct& o = function_internal::SameKind<Distinct>(other);
    const uint64_t inner_before = inner_->held_bytes();
    for (std::vector<Value>& row : o.rows_) {
      if (!seen_.insert(row[0]).second) continue;
      inner_->Update(row);
      held_bytes_ += EntryBytes(row);
      rows_.push_back(std::move(row));
    }
    o.rows_.clear();
    held_bytes_ += inner_->held_bytes() - inner_before;
  }

  Value Finalize() override { return inner_->Finalize(); }

 private:
  // A distinct row: the set's entry and the row kept for Merge (sharing the payload).
  static uint64_t EntryBytes(std::span<const Value> row) {
    return exec::HeldBytes(row[0]) + exec::kHashEntryBytes + sizeof(std::vector<Value>) + row.size() * sizeof(Value);
  }

  std::unique_ptr<Aggregator> inner_;
  std::unordered_set<Value, ValueGroupHash, ValueGroupEqual> seen_;
  std::vector<std::vector<Value>> rows_;  // each distinct row, for Merge
};

}  // namespace

std::unique_ptr<Aggregator> MakeDistinct(std::unique_ptr<Aggregator> inner) {
  return std::make_unique<Distinct>(std::move(inner));
}

}  // namespace quiver
